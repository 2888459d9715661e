/* normalization.c - softmax, log-softmax, layer and RMS normalization on
   the stream engine, batch normalization on the vector unit (docs/
   kernels.md, "Normalization").

   Each kernel is a reduction along some dimensions followed by an
   elementwise pass over the same elements, so it works on lines (lines.h):
   batches of lines come into the scratchpad, and the stream engine
   (docs/isa.md 7.13) takes a block of up to StreamLines of them in each
   instruction: a row reduction, an activation with per-line bias and
   scale, a column-wise affine map. The lines are padded to a multiple of
   16 floats in the batch, which the engine's row strides (vs.stride) step
   over. The engine moves 64 elements a cycle against the vector unit's
   16, and its instructions fuse what the vector unit does in separate
   ones (subtract, exp and sum are one pass), so softmax is three passes
   over the data and the norms three: less time than the transfers, which
   is why the batches are memory-bound ones (lines.c). */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "core/kernel_machine.h"
#include "core/lines.h"
#include "norm/norm_stream.h"
#include <math.h>
#include <stddef.h>

enum {
  T = KERNEL_LANES,
  /* Lines an engine instruction takes: the per-line arrays (two
     parameter blocks of bias and scale, and the sums) fit the batch's
     LinesStreamFloats. */
  StreamLines = LinesStreamFloats / 5 / T * T,
};

/* The engine's per-line arrays: two activation parameter blocks (bias for
   `lines` lines, then scale) and the sums. */
#define STREAM_PARAMS(k) (LINES_SPM->stream + (k) * 2 * StreamLines)
#define STREAM_SUMS (LINES_SPM->stream + 4 * StreamLines)

/* (x - 0) * 1: an activation's function alone, on a block of one line. */
static KERNEL_SPM_CONST const float identity_params[2] = {0.0f, 1.0f};

static void fill(float *p, long n, float v) {
  long i = 0;
  for (; i + T <= n; i += T)
    accel_vstore(p + i, (accel_v16f)v);
  for (; i < n; ++i)
    p[i] = v;
}

/* The block of `lines` lines of n, np floats apart: the shape and the
   strides of the engine's instructions on the lines themselves (vs.shape
   alone, as for the per-line arrays, packs them). */
static void lines_block(long lines, long n, long np) {
  accel_vs_shape(lines, n);
  accel_vs_stride(np, np, np);
}

/* Runs fn(block, rows) over `count` lines of a batch, at most StreamLines
   at a time. */
#define FOR_STREAM_BLOCKS(lines, count, np, call)                              \
  do {                                                                         \
    for (long k_ = 0; k_ < (count); k_ += StreamLines) {                       \
      float *block = (lines) + k_ * (np);                                      \
      long rows = (count) - k_ < StreamLines ? (count) - k_ : StreamLines;     \
      call;                                                                    \
    }                                                                          \
  } while (0)

/* ---------------------------------------------------------------- softmax */

/* e^(x - max) / sum along each line, or (x - max) - log(sum): the maxima
   (as the activation's bias), e^(x - max) with the lines' sums, 1 / sum
   (as the scale of the last pass). Log-softmax keeps x and subtracts the
   maximum and then log(sum) in two passes: x - max is exact near the
   maximum, where max + log(sum) first would round away log(sum)'s low
   bits (x of 1e4: an error of 40 times the bound). */
static void softmax_stream(float *p, long lines, long n, long np, int log) {
  float *a = STREAM_PARAMS(0), *b = STREAM_PARAMS(1), *sums = STREAM_SUMS;
  fill(a + lines, lines, 1.0f); /* a: bias the maximum, scale 1 */
  fill(log ? b + lines : b, lines, log ? 1.0f : 0.0f);
  lines_block(lines, n, np);
  accel_vs_redmax(a, p);
  accel_vs_act_exp(log ? NULL : p, p, a, sums);
  accel_vs_shape(1, lines);
  if (log) {
    accel_vs_act_log(b, sums, identity_params, NULL); /* b: bias log(sum) */
    lines_block(lines, n, np);
    accel_vs_act_none(p, p, a, NULL);
    accel_vs_act_none(p, p, b, NULL);
  } else {
    accel_vs_act_rcp(b + lines, sums, identity_params, NULL); /* 1 / sum */
    lines_block(lines, n, np);
    accel_vs_act_none(p, p, b, NULL);
  }
}

static void softmax_batch(float *lines, long first, long count, long n,
                          void *context) {
  (void)first;
  int log = *(const int *)context;
  long np = padded_length(n);
  FOR_STREAM_BLOCKS(lines, count, np, softmax_stream(block, rows, n, np, log));
}

/* ------------------------------------------------------ layer/RMS norm */

/* (x - mean) / sqrt(var + eps), or x / sqrt(mean(x^2) + eps), then the
   scale and shift: the mean and variance (or the sum of squares) in one
   pass, 1 / sqrt(var + eps) per line, then (x - mean) * r and the scale
   and shift, a pass each. */
void norm_stream(float *p, long lines, long n, long np,
                 const norm_context *c) {
  /* (v - bias) * scale on the block of per-line values: var + eps, or
     (sum of squares + n eps) / n. */
  static ACCEL_SPM float eps_params[2];
  float *a = STREAM_PARAMS(0), *r = a + lines;
  if (!c->rms) {
    eps_params[0] = -c->epsilon, eps_params[1] = 1.0f;
    lines_block(lines, n, np);
    accel_vs_moments(a, p); /* a: bias the mean, scale the variance */
  } else {
    float *ones = STREAM_PARAMS(1);
    fill(ones, lines, 0.0f);
    fill(ones + lines, lines, 1.0f);
    fill(a, lines, 0.0f);
    eps_params[0] = -(float)n * c->epsilon, eps_params[1] = 1.0f / (float)n;
    lines_block(lines, n, np);
    accel_vs_act_square(NULL, p, ones, r); /* r: the sums of squares */
  }
  accel_vs_shape(1, lines);
  accel_vs_act_rsqrt(r, r, eps_params, NULL);
  lines_block(lines, n, np);
  accel_vs_act_none(p, p, a, NULL);
  if (c->scale)
    accel_vs_fma(p, p, c->scale, c->shift);
}

void norm_stream_params(norm_context *c, int has_scale, int has_shift,
                        long n) {
  c->scale = c->shift = NULL;
  if (!has_scale && !has_shift)
    return;
  /* The engine's affine map takes both: 1s for no scale, 0s for no shift,
     in the parameter buffer the missing one leaves free. */
  if (!has_scale)
    fill(LINES_SPM->params[0], n, 1.0f);
  if (!has_shift)
    fill(LINES_SPM->params[1], n, 0.0f);
  c->scale = LINES_SPM->params[0], c->shift = LINES_SPM->params[1];
}

static void norm_batch(float *lines, long first, long count, long n,
                       void *context) {
  (void)first;
  long np = padded_length(n);
  FOR_STREAM_BLOCKS(lines, count, np, norm_stream(block, rows, n, np, context));
}

/* ------------------------------------------------------------ batchnorm */

/* y = x * a + b, a and b per channel: one value a line (a plane), or with
   per_element (rank 2: a line is the channels) one per element. */
typedef struct {
  long channels;
  int per_element;
  const float *a, *b;
} affine_context;

static void affine_batch(float *lines, long first, long count, long n,
                         void *context) {
  const affine_context *c = context;
  for (long k = 0; k < count; ++k) {
    float *p = lines + k * padded_length(n);
    long ch = (first + k) % c->channels;
    for (long i = 0; i < n; i += T) {
      accel_v16f a = c->per_element ? accel_vload(c->a + i) : c->a[ch];
      accel_v16f b = c->per_element ? accel_vload(c->b + i) : c->b[ch];
      accel_vstore(p + i, accel_vload(p + i) * a + b);
    }
  }
}

/* --------------------------------------------------------------- checks */

static int same_layout(const accel_tensor *x, const accel_tensor *y) {
  for (int d = 0; d < x->rank; ++d)
    if (x->dims[d] > 1 && x->strides[d] != y->strides[d])
      return 0;
  return 1;
}

/* t (named name: y, or a normalization's residual) checked, of x's dims. */
static accel_status check_like_x(const char *K, const char *name,
                                 const accel_tensor *x, const accel_tensor *t,
                                 int writable) {
  accel_status s;
  if ((s = accel_check_tensor(K, name, t, 1, ACCEL_MAX_RANK, writable)))
    return s;
  if (t->rank != x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                              "rank %d, x's is %d", t->rank, x->rank);
  for (int d = 0; d < x->rank; ++d)
    if (t->dims[d] != x->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                                "dimension %d is %ld, x's is %ld", d,
                                t->dims[d], x->dims[d]);
  return ACCEL_OK;
}

/* y may overlap an input t (named name) only as t itself: each batch of
   lines is read before its results are written. */
static accel_status check_in_place(const char *K, const accel_tensor *y,
                                   const char *name, const accel_tensor *t) {
  if (accel_tensors_overlap(y, t) && (y->data != t->data ||
                                       !same_layout(t, y)))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y",
                              "overlaps %s (only y = %s in place is allowed)",
                              name, name);
  return ACCEL_OK;
}

/* x and y: checked, the same dims, not overlapping. */
static accel_status check_pair(const char *K, const accel_tensor *x,
                               const accel_tensor *y) {
  accel_status s;
  if ((s = accel_check_tensor(K, "x", x, 1, ACCEL_MAX_RANK, 0)) ||
      (s = check_like_x(K, "y", x, y, 1)))
    return s;
  return check_in_place(K, y, "x", x);
}

/* axis in [-rank, rank) as [0, rank); -1 if out of range. */
static int normalized_axis(int axis, int rank) {
  if (axis < -rank || axis >= rank)
    return -1;
  return axis < 0 ? axis + rank : axis;
}

/* The lines of x and y over [first, last], each line at most max floats
   long. */
static accel_status line_views(const char *K, const accel_tensor *x,
                               const accel_tensor *y, int first, int last,
                               long max, lines_view *lx, lines_view *ly) {
  if (!lines_of(x, first, last, lx))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "dimensions %d to %d do not merge into one run "
                              "of equally spaced elements",
                              first, last);
  if (!lines_of(y, first, last, ly))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y",
                              "dimensions %d to %d do not merge into one run "
                              "of equally spaced elements",
                              first, last);
  if (padded_length(lx->n) > max)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "%ld elements to normalize together; at most "
                              "%ld",
                              lx->n, max);
  return ACCEL_OK;
}

/* ------------------------------------------------------------ entry points */

static long softmax(const void *px, const void *py, const void *paxis,
                    const void *plog) {
  static const char K[] = "accel_softmax";
  accel_tensor xc, yc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)px);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)py);
  accel_dma_wait_all();
  accel_status s;
  if (accel_checking() && (s = check_pair(K, x, y)))
    return s;
  int axis = normalized_axis((int)(long)paxis, x->rank);
  if (axis < 0)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "axis",
                              "%d is not a dimension of a rank-%d tensor",
                              (int)(long)paxis, x->rank);
  lines_view lx, ly;
  if ((s = line_views(K, x, y, axis, axis, LinesBufferFloats, &lx, &ly)) ||
      accel_only_checking())
    return s;
  int log = plog != NULL;
  if (lx.n)
    for_each_line_batch(&lx, &ly, softmax_batch, &log, LinesMemoryBound);
  return ACCEL_OK;
}

accel_status accel_softmax(const accel_tensor *x, accel_tensor *y, int axis,
                           int log) {
  /* The integers travel as pointers (accel_kernel_body's arguments). */
  return (accel_status)accel_on_kernel_stack(softmax, x, y, (void *)(long)axis,
                                             log ? (void *)1 : NULL);
}

accel_norm_options accel_norm_defaults(void) {
  /* Field by field: the initializer's copy of a constant in DRAM cost 40
     cycles a call. */
  accel_norm_options o;
  o.axis = -1;
  o.epsilon = 1e-5f;
  o.scale = o.shift = o.residual = NULL;
  return o;
}

/* A scale or shift t (named name): of x's dimensions from axis on. */
static accel_status check_param(const char *K, const char *name,
                                const accel_tensor *t, const accel_tensor *x,
                                int axis) {
  accel_status s = accel_check_tensor(K, name, t, 1, ACCEL_MAX_RANK, 0);
  if (s)
    return s;
  int rank = x->rank - axis;
  if (t->rank != rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                              "rank %d, expected %d (x's dimensions from %d)",
                              t->rank, rank, axis);
  for (int d = 0; d < rank; ++d)
    if (t->dims[d] != x->dims[axis + d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                                "dimension %d is %ld, x's dimension %d is "
                                "%ld",
                                d, t->dims[d], axis + d, x->dims[axis + d]);
  return ACCEL_OK;
}

/* A normalization's scale or shift, of the normalized dimensions' shape,
   checked unless norm_args_pass has (or the mode skips checks), into the
   scratchpad at dst (one transfer on channel 0, not waited for: the
   first batch's wait for its lines on channel 0 covers it); null for a
   null tensor. */
static const float *load_param(const char *K, const char *name,
                               const accel_tensor *t, const accel_tensor *x,
                               int axis, float *dst, int checked,
                               accel_status *s) {
  if (!t || *s)
    return NULL;
  /* Rank 1 (norm_args_pass's, or any checked before): x's last
     dimension. */
  if (checked || (!accel_checking() && t->rank == 1)) {
    accel_copy_matrix(0, dst, 1, 1, t->data, t->strides[0], 1, t->dims[0], 1);
    return dst;
  }
  if (accel_checking() && (*s = check_param(K, name, t, x, axis)))
    return NULL;
  lines_view v;
  if (!lines_of(t, 0, t->rank - 1, &v)) {
    *s = accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, name,
                            "its elements are not one run of equally spaced "
                            "elements");
    return NULL;
  }
  accel_copy_matrix(0, dst, 1, 1, v.base, v.step, 1, v.n, 1);
  return dst;
}

/* Whether the common call passes every check of norm at once, decided
   in one run of loads and compares (accel_tensor_passes): x, y (an
   output) and the residual, if any, f32 tensors of one shape in DRAM, y
   overlapping neither; the last dimension normalized; the scale and
   shift, if any, rank-1 tensors of its size. About 150 cycles, where the
   checks one at a time (each argument's, then each pair's) take about
   700, a fifth of a 2 x 16 x 64 layer norm's time. 0 for anything else:
   the checks then run and name the problem. */
static int norm_args_pass(const accel_tensor *x, const accel_tensor *y,
                          const accel_norm_options *o, int rms) {
  if (!x || !y)
    return 0;
  int r = x->rank;
  if (r < 1 || r > ACCEL_MAX_RANK)
    return 0;
  unsigned long xb, xe, yb, ye, b, e;
  int ok = accel_tensor_passes(x, r, 0, &xb, &xe) &
           accel_output_passes(y, r, &yb, &ye);
  const accel_tensor *res = o->residual;
  if (res) {
    ok &= accel_tensor_passes(res, r, 0, &b, &e);
    ok &= !accel_footprints_overlap(yb, ye, b, e);
  }
  for (int d = 0; d < r; ++d)
    ok &= (y->dims[d] == x->dims[d]) & (!res || res->dims[d] == x->dims[d]);
  ok &= !accel_footprints_overlap(yb, ye, xb, xe);
  long n = x->dims[r - 1];
  ok &= ((o->axis == -1) | (o->axis == r - 1)) & (o->epsilon >= 0.0f) &
        !(rms && o->shift);
  const accel_tensor *params[2] = {o->scale, o->shift};
  for (int i = 0; i < 2; ++i)
    if (params[i])
      ok &= accel_tensor_passes(params[i], 1, 0, &b, &e) &&
            params[i]->dims[0] == n;
  return ok;
}

static long norm(const void *px, const void *py, const void *po,
                 const void *prms) {
  const char *K = prms ? "accel_rmsnorm" : "accel_layernorm";
  accel_tensor xc, yc, scale, shift, residual;
  accel_norm_options o = accel_norm_defaults();
  /* The scale's, shift's and residual's descriptors come with the
     others, their addresses read from the caller's options (a load each,
     where staging the options before them cost a transfer's round
     trip). */
  const accel_norm_options *opts = po;
  const accel_tensor *ts[3] = {opts ? opts->scale : NULL,
                               opts ? opts->shift : NULL,
                               opts ? opts->residual : NULL};
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)px);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)py);
  ACCEL_STAGE(2, &o, opts);
  const accel_tensor *staged_scale = ACCEL_STAGE_READ(3, &scale, ts[0]);
  const accel_tensor *staged_shift = ACCEL_STAGE_READ(3, &shift, ts[1]);
  const accel_tensor *staged_residual = ACCEL_STAGE_READ(0, &residual, ts[2]);
  accel_dma_wait_all();
  o.scale = staged_scale, o.shift = staged_shift;
  o.residual = staged_residual;
  int checked = accel_checking() && norm_args_pass(x, y, &o, prms != NULL);
  accel_status s = ACCEL_OK;
  if (accel_checking() && !checked) {
    s = check_pair(K, x, y);
    if (!s && o.residual &&
        (s = check_like_x(K, "residual", x, o.residual, 0)) == ACCEL_OK)
      s = check_in_place(K, y, "residual", o.residual);
  }
  if (s)
    return s;
  int axis = normalized_axis(o.axis, x->rank);
  if (axis < 0)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "axis %d is not a dimension of a rank-%d "
                              "tensor",
                              o.axis, x->rank);
  if (!(o.epsilon >= 0.0f))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "epsilon %g is not a non-negative number",
                              (double)o.epsilon);
  if (prms && o.shift)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "RMS normalization has no shift");
  lines_view lx, ly, lr;
  if ((s = line_views(K, x, y, axis, x->rank - 1,
                      o.residual  ? LinesOfSumFloats
                      : o.scale || o.shift ? LinesParamFloats
                                           : LinesBufferFloats,
                      &lx, &ly)))
    return s;
  if (o.residual && !lines_of(o.residual, axis, x->rank - 1, &lr))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "residual",
                              "dimensions %d to %d do not merge into one run "
                              "of equally spaced elements",
                              axis, x->rank - 1);
  norm_context c = {o.epsilon, prms != NULL, NULL, NULL};
  c.scale = load_param(K, "scale", o.scale, x, axis, LINES_SPM->params[0],
                       checked, &s);
  c.shift = load_param(K, "shift", o.shift, x, axis, LINES_SPM->params[1],
                       checked, &s);
  if (s || accel_only_checking()) {
    accel_dma_wait_all();
    return s;
  }
  norm_stream_params(&c, c.scale != NULL, c.shift != NULL, lx.n);
  if (lx.n && o.residual)
    for_each_line_batch_of_sum(&lx, &lr, &ly, norm_batch, &c);
  else if (lx.n)
    for_each_line_batch(&lx, &ly, norm_batch, &c, LinesMemoryBound);
  accel_dma_wait_all(); /* the parameters', without lines */
  return ACCEL_OK;
}

accel_status accel_layernorm(const accel_tensor *x, accel_tensor *y,
                             const accel_norm_options *options) {
  return (accel_status)accel_on_kernel_stack(norm, x, y, options, NULL);
}

accel_status accel_rmsnorm(const accel_tensor *x, accel_tensor *y,
                           const accel_norm_options *options) {
  return (accel_status)accel_on_kernel_stack(norm, x, y, options,
                                             (void *)1);
}

/* A rank-1 tensor of x's channels (dimension 1), staged and checked, into
   dst in the scratchpad (one transfer); the defaults for a null tensor
   when fill is not NaN. */
static accel_status load_channels(const char *name, const accel_tensor *t,
                                  long channels, float *dst, float fill) {
  static const char K[] = "accel_batchnorm";
  if (!t) {
    if (isnan(fill))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                                "null descriptor");
    for (long c = 0; c < channels; ++c)
      dst[c] = fill;
    return ACCEL_OK;
  }
  accel_status s = accel_check_tensor(K, name, t, 1, 1, 0);
  if (s)
    return s;
  if (t->dims[0] != channels)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                              "%ld elements, x has %ld channels (dimension "
                              "1)",
                              t->dims[0], channels);
  accel_copy_matrix(0, dst, 1, 1, t->data, t->strides[0], 1, channels, 1);
  accel_dma_wait_on(0);
  return ACCEL_OK;
}

static long batchnorm(const void *px, const void *py, const void *po,
                      const void *unused) {
  static const char K[] = "accel_batchnorm";
  (void)unused;
  accel_tensor xc, yc, mean, var, scale, shift;
  accel_batchnorm_options o;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)px);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)py);
  if (!ACCEL_STAGE(2, &o, (const accel_batchnorm_options *)po))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "null options (the statistics are in them)");
  accel_dma_wait_all();
  o.mean = ACCEL_STAGE_READ(0, &mean, o.mean);
  o.var = ACCEL_STAGE_READ(1, &var, o.var);
  o.scale = ACCEL_STAGE_READ(2, &scale, o.scale);
  o.shift = ACCEL_STAGE_READ(3, &shift, o.shift);
  accel_dma_wait_all();
  accel_status s;
  if (accel_checking() && (s = check_pair(K, x, y)))
    return s;
  if (x->rank < 2)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "x",
                              "rank %d, expected 2 to 6 ([N, C, ...])",
                              x->rank);
  if (!(o.epsilon >= 0.0f))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "epsilon %g is not a non-negative number",
                              (double)o.epsilon);
  long channels = x->dims[1];
  if (channels > LinesParamFloats)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "%ld channels; at most %d", channels,
                              (int)LinesParamFloats);
  /* Per-element lines (rank 2: the channels) or per-plane lines. */
  int per_element = x->rank == 2;
  lines_view lx, ly;
  if ((s = line_views(K, x, y, per_element ? 1 : 2, x->rank - 1,
                      LinesBufferFloats, &lx, &ly)))
    return s;
  /* The statistics into the first batch buffer, then the affine form
     y = x a + b: a = scale / sqrt(var + eps), b = shift - mean a. */
  float *stats = LINES_SPM->batch[0];
  float *m = stats, *v = stats + channels, *g = stats + 2 * channels,
        *h = stats + 3 * channels;
  if ((s = load_channels("mean", o.mean, channels, m, NAN)) ||
      (s = load_channels("var", o.var, channels, v, NAN)) ||
      (s = load_channels("scale", o.scale, channels, g, 1.0f)) ||
      (s = load_channels("shift", o.shift, channels, h, 0.0f)) ||
      accel_only_checking())
    return s;
  float *a = LINES_SPM->params[0], *b = LINES_SPM->params[1];
  for (long c = 0; c < channels; ++c) {
    a[c] = g[c] / sqrtf(v[c] + o.epsilon);
    b[c] = h[c] - m[c] * a[c];
  }
  affine_context c = {channels, per_element, a, b};
  if (lx.n)
    for_each_line_batch(&lx, &ly, affine_batch, &c, LinesComputeBound);
  return ACCEL_OK;
}

accel_status accel_batchnorm(const accel_tensor *x, accel_tensor *y,
                             const accel_batchnorm_options *options) {
  return (accel_status)accel_on_kernel_stack(batchnorm, x, y, options, NULL);
}
