/* groupnorm.c - group normalization with a fused activation on the stream
   engine (docs/kernels.md, "Normalization"; norm_lines.h).

   Each group of each n is one line of C / G x spatial elements (x's
   dimensions from 1 on are one run), streamed through the scratchpad in
   double-buffered batches (lines.c). A batch's lines take one vs.moments
   (mean and variance of each group), one vs.act.rsqrt and one vs.act.sqrt
   on the per-group values; then each channel's plane is a row of the
   engine's per-row affine map, y = (x - b) s, with
     s = scale[c] rstd,  b = mean - (shift[c] / scale[c]) std,
   which is (x - mean) rstd scale[c] + shift[c] evaluated in double and
   rounded once: one pass writes the normalized, scaled and shifted result
   (vs.act.relu with ReLU). SiLU is t sigmoid(t): vs.act.sigmoid of the
   same map into a buffer, the map in place, and a vs.mul, four passes
   over the data in all against the transfers' two (the engine moves 64
   elements a cycle, the DMA engine 32 floats). A channel whose
   shift / scale is not a moderate number (a scale of 0) is normalized
   on the vector unit before the engine's pass, which then maps it by the
   identity. */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "norm/norm_lines.h"
#include <math.h>
#include <stddef.h>

enum {
  /* Channels a group: the per-row values of one engine operation. */
  RowsPerRun = 4096,
  /* The per-row values of two runs (bias, scale) with a vector of slack
     each, then the sigmoids of a run. */
  RunParamFloats = 2 * RowsPerRun + T,
  TempFloats = LinesParamFloats - 2 * RunParamFloats,
  /* Per-channel values in params[0]: scale, shift, shift / scale. */
  MaxChannels = LinesParamFloats / 3,
  /* Groups of one vs.moments: mean, variance, rstd and std each. */
  StatGroups = LinesStreamFloats / 4,
};

/* |shift / scale| up to 2^60 maps through b: q std stays finite for
   any std below 2^64 (a finite f32 variance's root). */
static const float MaxRatio = 0x1p60f;

/* The per-group map var -> var + eps of vs.act.rsqrt and vs.act.sqrt:
   bias -eps, scale 1. */
static ACCEL_SPM float eps_params[2];

typedef struct {
  long groups, channels, per_group, spatial;
  int act, bad; /* bad: some channel's shift / scale is out of range */
  const float *gamma, *beta, *ratio;
} groupnorm_context;

/* The channel of row (k, j) is bad: normalize its plane p on the vector
   unit (y = (x - mean) rstd gamma + beta) before the engine maps it by
   the identity. */
static void normalize_plane(float *p, long n, float mean, float rstd,
                            float gamma, float beta) {
  long i = 0;
  for (; i + T <= n; i += T)
    accel_vstore(p + i, (accel_vload(p + i) - mean) * rstd * gamma + beta);
  for (; i < n; ++i)
    p[i] = (p[i] - mean) * rstd * gamma + beta;
}

/* The engine's passes over `rows` planes of s floats at p, by per-row
   values prm (bias for the rows, then scale). */
static void map_rows(float *p, long rows, long s, const float *prm, int act,
                     float *tmp) {
  accel_vs_shape(rows, s);
  if (act == ACCEL_ACT_SILU) {
    accel_vs_act_sigmoid(tmp, p, prm, NULL);
    accel_vs_act_none(p, p, prm, NULL);
    accel_vs_mul(p, p, tmp);
  } else if (act == ACCEL_ACT_RELU) {
    accel_vs_act_relu(p, p, prm, NULL);
  } else {
    accel_vs_act_none(p, p, prm, NULL);
  }
}

/* The same for one plane longer than the sigmoids' buffer, in pieces. */
static void map_long_row(float *p, long s, const float *prm, float *tmp) {
  for (long o = 0; o < s; o += TempFloats) {
    long len = s - o < TempFloats ? s - o : TempFloats;
    map_rows(p + o, 1, len, prm, ACCEL_ACT_SILU, tmp);
  }
}

/* Groups [k0, k0 + gk) of the batch at `lines` (np floats apart), group
   first + k0 the first: their statistics, then their planes in runs of
   rows one engine operation takes. */
static void groups_block(float *lines, long first, long gk, long np,
                         const groupnorm_context *c) {
  long L = c->per_group * c->spatial, s = c->spatial;
  float *mean = LINES_SPM->stream, *var = mean + gk;
  float *rstd = mean + 2 * gk, *std = mean + 3 * gk;
  lines_block(gk, L, np);
  accel_vs_moments(mean, lines);
  accel_vs_shape(1, gk);
  accel_vs_act_rsqrt(rstd, var, eps_params, NULL);
  accel_vs_act_sqrt(std, var, eps_params, NULL);
  /* Runs: rows evenly spaced (all the block's planes when the groups
     follow each other unpadded, else a group's), at most RowsPerRun of
     them, and with SiLU at most what the sigmoids' buffer holds. */
  int packed = np == L;
  float *tmp = LINES_SPM->params[1] + 2 * RunParamFloats;
  long per_run = RowsPerRun;
  if (c->act == ACCEL_ACT_SILU)
    per_run = s > TempFloats ? 1 : TempFloats / s;
  if (per_run > RowsPerRun)
    per_run = RowsPerRun;
  long total = gk * c->per_group;
  long k = 0, j = 0, g = (first % c->groups);
  int which = 0;
  for (long r = 0; r < total;) {
    long rows = packed ? total - r : c->per_group - j;
    if (rows > per_run)
      rows = per_run;
    float *prm = LINES_SPM->params[1] + which * RunParamFloats;
    which ^= 1;
    float *b = prm, *sc = prm + rows;
    float *p = lines + k * np + j * s;
    /* The rows' values, a group's stretch at a time. */
    for (long done = 0; done < rows;) {
      long m = c->per_group - j < rows - done ? c->per_group - j : rows - done;
      float mu = mean[k], ri = rstd[k], sd = std[k];
      long ch = g * c->per_group + j;
      for (long i = 0; i < m; ++i) {
        sc[done + i] = c->gamma[ch + i] * ri;
        b[done + i] = __builtin_fmaf(-c->ratio[ch + i], sd, mu);
      }
      if (c->bad)
        for (long i = 0; i < m; ++i)
          if (!(__builtin_fabsf(c->ratio[ch + i]) <= MaxRatio)) {
            normalize_plane(lines + k * np + (j + i) * s, s, mu, ri,
                            c->gamma[ch + i], c->beta[ch + i]);
            sc[done + i] = 1.0f, b[done + i] = 0.0f;
          }
      done += m, j += m;
      if (j == c->per_group) {
        j = 0, ++k;
        if (++g == c->groups)
          g = 0;
      }
    }
    if (c->act == ACCEL_ACT_SILU && s > TempFloats)
      map_long_row(p, s, prm, tmp);
    else
      map_rows(p, rows, s, prm, c->act, tmp);
    r += rows;
  }
}

static void groupnorm_batch(float *lines, long first, long count, long n,
                            void *context) {
  const groupnorm_context *c = context;
  long np = padded_length(n);
  long per_block = StatGroups;
  if (per_block * c->per_group > 64 * RowsPerRun)
    per_block = 64 * RowsPerRun / c->per_group;
  for (long k0 = 0; k0 < count; k0 += per_block) {
    long gk = count - k0 < per_block ? count - k0 : per_block;
    groups_block(lines + k0 * np, first + k0, gk, np, c);
  }
}

/* A rank-1 tensor of x's channels into dst in the scratchpad (one
   transfer, waited for), checked; fill for a null one. */
static accel_status load_channels(const char *K, const char *name,
                                  const accel_tensor *t, long channels,
                                  float *dst, float fill) {
  if (!t) {
    for (long c = 0; c < channels; ++c)
      dst[c] = fill;
    return ACCEL_OK;
  }
  accel_status s;
  if (accel_checking() && (s = accel_check_tensor(K, name, t, 1, 1, 0)))
    return s;
  if (t->rank != 1 || t->dims[0] != channels)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                              "%ld elements, x has %ld channels (dimension "
                              "1)",
                              t->rank == 1 ? t->dims[0] : -1L, channels);
  accel_copy_matrix(0, dst, 1, 1, t->data, t->strides[0], 1, channels, 1);
  accel_dma_wait_on(0);
  return ACCEL_OK;
}

/* x's or y's groups as lines: dimensions 1 on one run, cut into groups. */
static int group_lines(const accel_tensor *t, long groups, lines_view *v) {
  lines_view all;
  if (!lines_of(t, 1, t->rank - 1, &all))
    return 0;
  accel_tensor g = *t;
  g.rank = 3;
  g.dims[0] = t->dims[0], g.strides[0] = t->strides[0];
  g.dims[1] = groups, g.strides[1] = all.n / groups * all.step;
  g.dims[2] = all.n / groups, g.strides[2] = all.step;
  return lines_of(&g, 2, 2, v);
}

static long groupnorm(const void *px, const void *py, const void *po,
                      const void *unused) {
  static const char K[] = "accel_groupnorm";
  (void)unused;
  accel_tensor xc, yc, scale, shift;
  accel_groupnorm_options o;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)px);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)py);
  if (!ACCEL_STAGE(2, &o, (const accel_groupnorm_options *)po))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "null options (the groups are in them)");
  accel_dma_wait_all();
  o.scale = ACCEL_STAGE_READ(0, &scale, o.scale);
  o.shift = ACCEL_STAGE_READ(1, &shift, o.shift);
  accel_dma_wait_all();
  accel_status s;
  if (accel_checking() && (s = norm_check_pair(K, x, y)))
    return s;
  if (x->rank < 2)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "x",
                              "rank %d, expected 2 to 6 ([N, C, ...])",
                              x->rank);
  long channels = x->dims[1];
  if (o.groups < 1 || channels % o.groups)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "%ld groups do not divide %ld channels",
                              o.groups, channels);
  if (!(o.epsilon >= 0.0f))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "epsilon %g is not a non-negative number",
                              (double)o.epsilon);
  if (o.act != ACCEL_ACT_NONE && o.act != ACCEL_ACT_RELU &&
      o.act != ACCEL_ACT_SILU)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "options",
                              "activation %d (none, relu and silu only)",
                              (int)o.act);
  long per_group = channels / o.groups;
  if (channels > MaxChannels || per_group > RowsPerRun)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "%ld channels in groups of %ld; at most %d, "
                              "%d a group",
                              channels, per_group, (int)MaxChannels,
                              (int)RowsPerRun);
  lines_view lx, ly;
  if (!group_lines(x, o.groups, &lx))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "dimensions 1 to %d do not merge into one run "
                              "of equally spaced elements",
                              x->rank - 1);
  if (!group_lines(y, o.groups, &ly))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y",
                              "dimensions 1 to %d do not merge into one run "
                              "of equally spaced elements",
                              x->rank - 1);
  if (!accel_groupnorm_fits(lx.n))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "%ld elements a group; at most %d",
                              lx.n, (int)ACCEL_GROUPNORM_MAX_FLOATS);
  float *gamma = LINES_SPM->params[0], *beta = gamma + channels,
        *ratio = beta + channels;
  if ((s = load_channels(K, "scale", o.scale, channels, gamma, 1.0f)) ||
      (s = load_channels(K, "shift", o.shift, channels, beta, 0.0f)) ||
      accel_only_checking())
    return s;
  groupnorm_context c = {o.groups,  channels, per_group,
                         channels ? lx.n / per_group : 0,
                         o.act,     0,        gamma,
                         beta,      ratio};
  /* shift / scale on the engine (correctly rounded), then whether any is
     out of range (a channel of scale 0). */
  if (channels) {
    accel_vs_shape(1, channels);
    accel_vs_div(ratio, beta, gamma);
  }
  for (long i = 0; i < channels; ++i)
    c.bad |= !(__builtin_fabsf(ratio[i]) <= MaxRatio);
  /* rsqrt(var + eps) and sqrt(var + eps): (v - (-eps)) * 1. */
  eps_params[0] = -o.epsilon, eps_params[1] = 1.0f;
  if (lx.n && lx.count)
    for_each_line_batch(&lx, &ly, groupnorm_batch, &c, LinesMemoryBound);
  return ACCEL_OK;
}

accel_status accel_groupnorm(const accel_tensor *x, accel_tensor *y,
                             const accel_groupnorm_options *options) {
  return (accel_status)accel_on_kernel_stack(groupnorm, x, y, options, NULL);
}
