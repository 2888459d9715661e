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

#include "norm/groupnorm.h"
#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include <math.h>
#include <stddef.h>

/* The per-group map var -> var + eps of vs.act.rsqrt and vs.act.sqrt:
   bias -eps, scale 1. */
static ACCEL_SPM float eps_params[2];

/* The same for one plane longer than the sigmoids' buffer, in pieces. */
static void map_long_row(float *p, long s, const float *prm, float *tmp) {
  for (long o = 0; o < s; o += TempFloats) {
    long len = s - o < TempFloats ? s - o : TempFloats;
    map_rows(p + o, 1, len, prm, ACCEL_ACT_SILU, tmp);
  }
}

/* Once the scale and shift are in: shift / scale on the engine (correctly
   rounded), and whether any is out of range (a channel of scale 0). */
void groupnorm_prepare(groupnorm_context *c) {
  long channels = c->channels;
  float *ratio = (float *)c->ratio;
  c->prepared = 1;
  accel_vs_shape(1, channels);
  accel_vs_div(ratio, c->beta, c->gamma);
  /* Lanes of |q| <= MaxRatio are -1 (NaN compares false). */
  accel_v16i ok = (accel_v16i)-1;
  long i = 0;
  for (; i + T <= channels; i += T)
    ok &= __builtin_elementwise_abs(accel_vload(ratio + i)) <= MaxRatio;
  c->bad = accel_vredsum_i(ok) != -T;
  for (; i < channels; ++i)
    c->bad |= !(__builtin_fabsf(ratio[i]) <= MaxRatio);
}

/* The bad channels among the run's rows: normalized in place on the
   vector unit, their per-row values the identity. */
static void fix_bad_rows(float *prm, long rows, row_pos at, float *lines,
                         long np, const float *stats, long gk,
                         const groupnorm_context *c) {
  const float *mean = stats, *rstd = stats + 2 * gk;
  for (long r = 0; r < rows; ++r) {
    long ch = at.g * c->per_group + at.j;
    if (!(__builtin_fabsf(c->ratio[ch]) <= MaxRatio)) {
      normalize_plane(lines + at.k * np + at.j * c->spatial, c->spatial,
                      mean[at.k], rstd[at.k], c->gamma[ch], c->beta[ch]);
      prm[r] = 0.0f, prm[rows + r] = 1.0f;
    }
    next_rows(&at, 1, c);
  }
}

/* A batch's `count` groups at `lines` (np floats apart), group `first`
   of x's lines the first: their statistics in one vs.moments, then their
   planes in runs of rows an engine operation takes, each run's values
   made on the vector unit while the engine maps the run before. */
static void groupnorm_batch(float *lines, long first, long count, long n,
                            void *context) {
  groupnorm_context *c = context;
  long np = padded_length(n), L = n, s = c->spatial;
  if (!count)
    return;
  if (!c->prepared)
    groupnorm_prepare(c);
  float *stats = LINES_SPM->stream; /* mean, var, rstd, std */
  lines_block(count, L, np);
  accel_vs_moments(stats, lines);
  accel_vs_shape(1, count);
  accel_vs_act_rsqrt(stats + 2 * count, stats + count, eps_params, NULL);
  accel_vs_act_sqrt(stats + 3 * count, stats + count, eps_params, NULL);
  /* Runs: rows evenly spaced (all the batch's planes when the groups
     follow each other unpadded, else a group's), at most RowsPerRun of
     them, with SiLU at most what the sigmoids' buffer holds, and about a
     quarter of the batch, so that the first run's values, made while the
     engine waits, are a small part. */
  int packed = np == L;
  float *tmp = LINES_SPM->params[1] + 2 * RunParamFloats;
  long total = count * c->per_group;
  long per_run = (total + 3) / 4;
  if (per_run < 4 * T)
    per_run = 4 * T;
  if (per_run > RowsPerRun)
    per_run = RowsPerRun;
  if (c->act == ACCEL_ACT_SILU && per_run > TempFloats / s)
    per_run = s > TempFloats ? 1 : TempFloats / s;
  row_pos at = {0, 0, first % c->groups};
  int which = 0;
  for (long r = 0; r < total;) {
    long rows = packed ? total - r : c->per_group - at.j;
    if (rows > per_run)
      rows = per_run;
    float *prm = LINES_SPM->params[1] + which * RunParamFloats;
    which ^= 1;
    float *p = lines + at.k * np + at.j * s;
    fill_run(prm, rows, at, stats, count, c);
    if (c->bad)
      fix_bad_rows(prm, rows, at, lines, np, stats, count, c);
    if (c->act == ACCEL_ACT_SILU && s > TempFloats)
      map_long_row(p, s, prm, tmp);
    else
      map_rows(p, rows, s, prm, c->act, tmp);
    at = rows_after(at, rows, c);
    r += rows;
  }
}

/* A group of x (lines_view lx, contiguous) into slot, or a slot to y's
   group: its two halves on channels ch and ch + 1, so that one group
   moves at two channels' rate. */
static void move_group(int ch, const lines_view *v, long i, float *slot,
                       int to_view) {
  long L = v->n, half = L / 2 / T * T;
  float *line = v->base + line_offset(v, i);
  float *dst = to_view ? line : slot;
  const float *src = to_view ? slot : line;
  if (half)
    accel_dma_rows_on(ch + 1, dst, src, 1, half * 4, half * 4, half * 4);
  accel_dma_rows_on(ch, dst + half, src + half, 1, (L - half) * 4,
                    (L - half) * 4, (L - half) * 4);
}

/* Groups longer than LargeGroupFloats, one at a time through two or three
   slots of the batch buffers: each comes in over channels 0 and 1 while
   the engine works on the one before and leaves over 2 and 3 (lines.c
   would move a batch of one line over one channel a direction). */
static void large_groups(const lines_view *lx, const lines_view *ly,
                         groupnorm_context *c) {
  long L = lx->n, np = padded_length(L), count = lx->count;
  int slots = 3 * np <= 2 * LinesBufferFloats ? 3 : 2;
  float *base = LINES_SPM->batch[0]; /* both buffers, as one */
#define SLOT(i) (base + (i) % slots * np)
  long issued = 0; /* groups whose transfer in has been issued */
  for (; issued < count && issued < slots - 1; ++issued)
    move_group(0, lx, issued, SLOT(issued), 0);
  for (long i = 0; i < count; ++i) {
    if (issued > i + 1) {
      accel_dma_wait_older_on(0);
      accel_dma_wait_older_on(1);
    } else {
      accel_dma_wait_on(0);
      accel_dma_wait_on(1);
    }
    groupnorm_batch(SLOT(i), i, 1, L, c);
    if (issued < count) { /* into group i - 1's slot, once it has left */
      accel_dma_wait_on(2);
      accel_dma_wait_on(3);
      move_group(0, lx, issued, SLOT(issued), 0);
      ++issued;
    }
    move_group(2, ly, i, SLOT(i), 1);
  }
#undef SLOT
  accel_dma_wait_all();
}

/* n floats of v at p (any length; fill() of norm_lines.h). */
static void fill_floats(float *p, long n, float v) { fill(p, n, v); }

/* A rank-1 tensor of x's channels into dst in the scratchpad (one
   transfer on channel 0, not waited for), checked unless groupnorm_args_pass
   has; fill for a null one. */
static accel_status load_channels(const char *K, const char *name,
                                  const accel_tensor *t, long channels,
                                  float *dst, float fill, int checked) {
  if (!t) {
    fill_floats(dst, channels, fill);
    return ACCEL_OK;
  }
  accel_status s;
  if (accel_checking() && !checked &&
      (s = accel_check_tensor(K, name, t, 1, 1, 0)))
    return s;
  if (t->rank != 1 || t->dims[0] != channels)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                              "%ld elements, x has %ld channels (dimension "
                              "1)",
                              t->rank == 1 ? t->dims[0] : -1L, channels);
  accel_copy_matrix(0, dst, 1, 1, t->data, t->strides[0], 1, channels, 1);
  return ACCEL_OK;
}

/* Whether the common call passes every check at once (accel_tensor_passes,
   as layernorm.c's norm_args_pass): x and y f32 tensors of one shape in
   DRAM, y x itself or not overlapping it, the scale and shift rank-1.
   0 for anything else: the checks then run and name the problem. */
static int groupnorm_args_pass(const accel_tensor *x, const accel_tensor *y,
                               const accel_groupnorm_options *o) {
  if (!x || !y)
    return 0;
  int r = x->rank;
  if (r < 2 || r > ACCEL_MAX_RANK)
    return 0;
  unsigned long xb, xe, yb, ye, b, e;
  int ok = accel_tensor_passes(x, r, 0, &xb, &xe) &
           accel_output_passes(y, r, &yb, &ye);
  for (int d = 0; d < r; ++d)
    ok &= (y->dims[d] == x->dims[d]) & (y->strides[d] == x->strides[d]);
  ok &= (x->data == y->data) | !accel_footprints_overlap(yb, ye, xb, xe);
  const accel_tensor *params[2] = {o->scale, o->shift};
  for (int i = 0; i < 2; ++i)
    if (params[i])
      ok &= accel_tensor_passes(params[i], 1, 0, &b, &e);
  return ok;
}

/* x's or y's groups as lines: dimensions 1 on one run (each stride the
   span of the dimensions after it, those of 1 aside), cut into groups. */
static int group_lines(const accel_tensor *t, long groups, lines_view *v) {
  long step = 0, span = 0, n = 1;
  for (int d = t->rank - 1; d >= 1; --d) {
    n *= t->dims[d];
    if (t->dims[d] == 1)
      continue;
    if (!step)
      step = t->strides[d], span = step;
    else if (t->strides[d] != span)
      return 0;
    span *= t->dims[d];
  }
  step = step ? step : 1;
  long L = n / groups;
  if (step == 1 && (t->dims[0] == 1 || t->strides[0] == n)) {
    /* The common case: every group one after the other (lines_of's). */
    v->base = (float *)t->data, v->n = L, v->step = 1;
    v->count = t->dims[0] * groups;
    v->outer_rank = v->count > 1;
    v->outer_dims[0] = v->count, v->outer_strides[0] = L;
    return 1;
  }
  accel_tensor g = *t;
  g.rank = 3;
  g.dims[1] = groups, g.strides[1] = n / groups * step;
  g.dims[2] = n / groups, g.strides[2] = step;
  return lines_of(&g, 2, 2, v);
}

static long groupnorm(const void *px, const void *py, const void *po,
                      const void *unused) {
  static const char K[] = "accel_groupnorm";
  (void)unused;
  accel_tensor xc, yc, scale, shift;
  accel_groupnorm_options o;
  const accel_groupnorm_options *opts = po;
  if (!opts)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "null options (the groups are in them)");
  /* The scale's and shift's descriptors come with the others, their
     addresses read from the caller's options (a load each, where staging
     the options before them cost a transfer's round trip). */
  const accel_tensor *ts[2] = {opts->scale, opts->shift};
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)px);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)py);
  ACCEL_STAGE(2, &o, opts);
  const accel_tensor *staged_scale = ACCEL_STAGE_READ(3, &scale, ts[0]);
  const accel_tensor *staged_shift = ACCEL_STAGE_READ(3, &shift, ts[1]);
  accel_dma_wait_all();
  o.scale = staged_scale, o.shift = staged_shift;
  accel_status s;
  int checked = accel_checking() && groupnorm_args_pass(x, y, &o);
  if (accel_checking() && !checked && (s = norm_check_pair(K, x, y)))
    return s;
  if (x->rank < 2)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "x",
                              "rank %d, expected 2 to 6 ([N, C, ...])",
                              x->rank);
  long channels = x->dims[1];
  if (o.groups < 1 || channels % o.groups)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "%ld groups do not divide %ld channels", o.groups,
                              channels);
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
  float *gamma = LINES_SPM->params[0], *beta = gamma + channels,
        *ratio = beta + channels;
  /* The scale and shift come on channel 0 ahead of x's first lines,
     whose wait covers them: groupnorm_prepare runs then. */
  s = load_channels(K, "scale", o.scale, channels, gamma, 1.0f, checked);
  if (!s)
    s = load_channels(K, "shift", o.shift, channels, beta, 0.0f, checked);
  if (s || accel_only_checking() || !lx.n || !lx.count) {
    accel_dma_wait_on(0);
    return s;
  }
  groupnorm_context c = {
      o.groups, channels, per_group, channels ? lx.n / per_group : 0,
      o.act,    0,        0,         gamma,
      beta,     ratio};
  /* rsqrt(var + eps) and sqrt(var + eps): (v - (-eps)) * 1. */
  eps_params[0] = -o.epsilon, eps_params[1] = 1.0f;
  if (!accel_groupnorm_fits(lx.n))
    return groupnorm_split(K, &lx, &ly, &c, o.epsilon);
  if (padded_length(lx.n) > LargeGroupFloats && lx.step == 1 && ly.step == 1)
    large_groups(&lx, &ly, &c);
  else
    for_each_line_batch(&lx, &ly, groupnorm_batch, &c, LinesMemoryBound);
  return ACCEL_OK;
}

accel_status accel_groupnorm(const accel_tensor *x, accel_tensor *y,
                             const accel_groupnorm_options *options) {
  return (accel_status)accel_on_kernel_stack(groupnorm, x, y, options, NULL);
}
