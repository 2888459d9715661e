/* layernorm.c - layer and RMS normalization along the last dimensions,
   with an optional residual added first (docs/kernels.md,
   "Normalization"; norm_lines.h, norm_stream.c). */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "norm/norm_lines.h"
#include "norm/norm_small.h"
#include "norm/norm_stream.h"
#include <stddef.h>

static void norm_batch(float *lines, long first, long count, long n,
                       void *context) {
  (void)first;
  long np = padded_length(n);
  FOR_STREAM_BLOCKS(lines, count, np, norm_stream(block, rows, n, np, context));
}

/* The same from the sums at `sums`, which another buffer keeps. */
static void norm_sum_batch(float *lines, const float *sums, long first,
                           long count, long n, void *context) {
  (void)first;
  long np = padded_length(n);
  for (long k = 0; k < count; k += StreamLines) {
    long rows = count - k < StreamLines ? count - k : StreamLines;
    norm_stream_from(lines + k * np, sums + k * np, rows, n, np, context);
  }
}

accel_norm_options accel_norm_defaults(void) {
  /* Field by field: the initializer's copy of a constant in DRAM cost 40
     cycles a call. */
  accel_norm_options o;
  o.axis = -1;
  o.epsilon = 1e-5f;
  o.scale = o.shift = o.residual = NULL;
  o.sum = NULL;
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
   shift, if any, rank-1 tensors of its size: a fraction of what the
   checks one at a time (each argument's, then each pair's) take, which
   would be a large part of a small norm's time. 0 for anything else:
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
  const accel_tensor *res = o->residual, *sum = o->sum;
  if (res) {
    ok &= accel_tensor_passes(res, r, 0, &b, &e);
    ok &= !accel_footprints_overlap(yb, ye, b, e);
  }
  if (sum) { /* apart from x, y and the residual (b, e still its) */
    unsigned long sb, se;
    ok &= (res != NULL) & accel_output_passes(sum, r, &sb, &se);
    ok &= !accel_footprints_overlap(sb, se, xb, xe);
    ok &= !accel_footprints_overlap(sb, se, yb, ye);
    ok &= !(res && accel_footprints_overlap(sb, se, b, e));
    for (int d = 0; d < r; ++d)
      ok &= sum->dims[d] == x->dims[d];
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

/* The sum (o->sum): with a residual, of x's dims, overlapping none of x,
   the residual and y (its lines leave while theirs still move). */
static accel_status check_sum(const char *K, const accel_tensor *x,
                              const accel_tensor *y,
                              const accel_norm_options *o) {
  if (!o->residual)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "sum",
                              "given without a residual");
  accel_status s = check_like_x(K, "sum", x, o->sum, 1);
  if (s)
    return s;
  const accel_tensor *others[3] = {x, o->residual, y};
  const char *names[3] = {"x", "residual", "y"};
  for (int i = 0; i < 3; ++i)
    if (accel_tensors_overlap(o->sum, others[i]))
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "sum", "overlaps %s",
                                names[i]);
  return ACCEL_OK;
}

/* accel_layernorm's and accel_rmsnorm's arguments (kernel_stack.h). */
typedef struct {
  const accel_tensor *x, *y;
  const accel_norm_options *options;
  int rms;
} norm_args;

static long norm(const void *args, const void *unused1, const void *unused2,
                 const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  norm_args a = *(const norm_args *)args;
  const void *px = a.x, *py = a.y, *po = a.options;
  int rms = a.rms;
  const char *K = rms ? "accel_rmsnorm" : "accel_layernorm";
  accel_tensor xc, yc, scale, shift, residual, sumc;
  accel_norm_options o = accel_norm_defaults();
  /* The scale's, shift's and residual's descriptors come with the
     others, their addresses read from the caller's options (a load each,
     where staging the options before them cost a transfer's round
     trip). */
  const accel_norm_options *opts = po;
  const accel_tensor *ts[4] = {opts ? opts->scale : NULL,
                               opts ? opts->shift : NULL,
                               opts ? opts->residual : NULL,
                               opts ? opts->sum : NULL};
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)px);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)py);
  ACCEL_STAGE(2, &o, opts);
  const accel_tensor *staged_scale = ACCEL_STAGE_READ(3, &scale, ts[0]);
  const accel_tensor *staged_shift = ACCEL_STAGE_READ(3, &shift, ts[1]);
  const accel_tensor *staged_residual = ACCEL_STAGE_READ(0, &residual, ts[2]);
  const accel_tensor *staged_sum = ACCEL_STAGE_READ(1, &sumc, ts[3]);
  accel_dma_wait_all();
  o.scale = staged_scale, o.shift = staged_shift;
  o.residual = staged_residual;
  o.sum = (accel_tensor *)staged_sum;
  int checked = accel_checking() && norm_args_pass(x, y, &o, rms);
  accel_status s = ACCEL_OK;
  if (accel_checking() && !checked) {
    s = norm_check_pair(K, x, y);
    if (!s && o.residual &&
        (s = check_like_x(K, "residual", x, o.residual, 0)) == ACCEL_OK)
      s = check_in_place(K, y, "residual", o.residual);
    if (!s && o.sum)
      s = check_sum(K, x, y, &o);
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
  if (rms && o.shift)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "RMS normalization has no shift");
  /* A few lines in one block (norm_small.c), its parameters checked
     (norm_args_pass, or a call checked before). */
  if (axis == x->rank - 1 && norm_small_fits(x) &&
      (checked || !accel_checking()) && !accel_only_checking() &&
      norm_small_run(x, y, &o, rms))
    return ACCEL_OK;
  lines_view lx, ly, lr;
  if ((s = norm_line_views(K, x, y, axis, x->rank - 1,
                           o.residual           ? LinesOfSumFloats
                           : o.scale || o.shift ? LinesParamFloats
                                                : LinesBufferFloats,
                           &lx, &ly)))
    return s;
  if (o.residual && !lines_of(o.residual, axis, x->rank - 1, &lr))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "residual",
                              "dimensions %d to %d do not merge into one run "
                              "of equally spaced elements",
                              axis, x->rank - 1);
  lines_view ls;
  if (o.sum && !lines_of(o.sum, axis, x->rank - 1, &ls))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "sum",
                              "dimensions %d to %d do not merge into one run "
                              "of equally spaced elements",
                              axis, x->rank - 1);
  norm_context c = {o.epsilon, rms, NULL, NULL};
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
    for_each_line_batch_of_sum(&lx, &lr, o.sum ? &ls : NULL, &ly,
                               norm_sum_batch, &c);
  else if (lx.n)
    for_each_line_batch(&lx, &ly, norm_batch, &c, LinesMemoryBound);
  accel_dma_wait_all(); /* the parameters', without lines */
  return ACCEL_OK;
}

accel_status accel_layernorm(const accel_tensor *x, accel_tensor *y,
                             const accel_norm_options *options) {
  static ACCEL_SPM norm_args args;
  args = (norm_args){x, y, options, 0};
  return (accel_status)accel_on_kernel_stack(norm, &args, NULL, NULL, NULL);
}

accel_status accel_rmsnorm(const accel_tensor *x, accel_tensor *y,
                           const accel_norm_options *options) {
  static ACCEL_SPM norm_args args;
  args = (norm_args){x, y, options, 1};
  return (accel_status)accel_on_kernel_stack(norm, &args, NULL, NULL, NULL);
}
