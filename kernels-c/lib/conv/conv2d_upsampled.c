/* conv2d_upsampled.c - y = act(conv2d(up(x), w) + bias) without up(x),
   the nearest upsampling by s (docs/kernels.md, "accel_conv2d_upsampled").

   The output rows of one phase r (rows s i + r) read the same kernel rows
   of up(x) from the same x rows for every i, so each phase is a
   convolution of x's rows by its own weights (w_rows: the kernel rows that
   meet one x row summed, at compile time), written to every s-th row of
   y: with a 3 x 3 kernel and s = 2, two rows of taps where up(x) took
   three, 2/3 of the products. The phases run as one implicit GEMM, their
   weights stacked as output channels: an im2col block of x's rows meets
   them all (s times the mmacs a block, for the same B), and each stack's
   results go to its own rows of y (conv_upsampling's phases). Columns
   cannot go the same way without writing y's pixels s floats apart (a
   DRAM burst each): the implicit GEMM repeats x's columns as a band row
   arrives instead (conv_upsampling's us, load_band), once per input
   float, so B is built from whole upsampled rows as for any convolution. */

#include "conv/conv2d.h"
#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include <stddef.h>

static const char Kernel[] = "accel_conv2d_upsampled";

static accel_status check_options(const accel_conv2d_upsampled_options *o) {
  if (o->scale < 1)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "scale %ld is not positive", o->scale);
  if (o->scale > ACCEL_CONV2D_UPSAMPLED_MAX_SCALE)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "options",
                              "scale %ld is over %d", o->scale,
                              (int)ACCEL_CONV2D_UPSAMPLED_MAX_SCALE);
  if (o->kernel_h < 1)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "kernel_h %ld is not positive", o->kernel_h);
  if (o->pad_top < 0 || o->pad_left < 0 || o->pad_bottom < 0 ||
      o->pad_right < 0)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "padding (%ld, %ld, %ld, %ld) is negative",
                              o->pad_top, o->pad_left, o->pad_bottom,
                              o->pad_right);
  if (o->act.kind < ACCEL_ACT_NONE || o->act.kind > ACCEL_ACT_SILU ||
      o->act.kind == ACCEL_ACT_GELU_ERF)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "activation %d is not a convolution's",
                              (int)o->act.kind);
  if (o->act.kind == ACCEL_ACT_CLIP && !(o->act.lo <= o->act.hi))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "clip bounds [%g, %g] are not ordered",
                              (double)o->act.lo, (double)o->act.hi);
  return ACCEL_OK;
}

static accel_status check(const accel_tensor *x, const accel_tensor *w,
                          const accel_tensor *y,
                          const accel_conv2d_upsampled_options *o) {
  accel_status s;
  if ((s = accel_check_tensor(Kernel, "x", x, 4, 4, 0)) ||
      (s = accel_check_tensor(Kernel, "w_rows", w, 4, 4, 0)) ||
      (s = accel_check_tensor(Kernel, "y", y, 4, 4, 1)) ||
      (s = check_options(o)))
    return s;
  long S = o->scale, C = x->dims[1], Cout = w->dims[0] / S;
  long rows = accel_conv2d_upsampled_rows(o->kernel_h, o->pad_top, S);
  if (w->dims[0] % S || w->dims[1] != C || w->dims[2] != rows || w->dims[3] < 1)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "w_rows",
                              "dims [%ld, %ld, %ld, %ld] are not [s Cout, C, "
                              "KH', KW] with s %ld, C %ld, KH' %ld",
                              w->dims[0], w->dims[1], w->dims[2], w->dims[3], S,
                              C, rows);
  long OH = S * x->dims[2] + o->pad_top + o->pad_bottom - o->kernel_h + 1;
  long OW = S * x->dims[3] + o->pad_left + o->pad_right - w->dims[3] + 1;
  if (OH < 0 || OW < 0)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "w_rows",
                              "kernel %ld x %ld is larger than the padded "
                              "upsampled input",
                              o->kernel_h, w->dims[3]);
  if ((s = conv_check_result_dims(Kernel, x, y, Cout, OH, OW)))
    return s;
  if (o->bias) {
    if ((s = accel_check_tensor(Kernel, "bias", o->bias, 1, 1, 0)))
      return s;
    if (o->bias->dims[0] != Cout)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "bias",
                                "%ld elements, expected Cout = %ld",
                                o->bias->dims[0], Cout);
  }
  const accel_tensor *inputs[3] = {x, w, o->bias};
  static const char *const names[3] = {"x", "w_rows", "bias"};
  for (int i = 0; i < 3; ++i)
    if (inputs[i] && accel_tensors_overlap(y, inputs[i]))
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y",
                                "overlaps %s", names[i]);
  return ACCEL_OK;
}

/* The phases as one convolution: stack r of the output channels (w_rows'
   phase r) at output row j reads x's rows j + first_row(0) + t, which is
   phase r's output row j + first_row(0) - first_row(r), so one B of x's
   rows meets every phase's weights, s Cout rows of A. */
static conv_problem stacked_problem(const accel_tensor *x,
                                    const accel_tensor *w,
                                    const accel_tensor *y,
                                    const accel_conv2d_upsampled_options *o,
                                    conv_upsampling *u) {
  long S = o->scale, Cout = w->dims[0] / S, OH = y->dims[2];
  long first = accel_conv2d_upsampled_first_row(0, o->pad_top, S), rows = 0;
  conv_problem p = {0};
  *u = (conv_upsampling){S, S, Cout, o->pad_top, OH};
  for (long r = 0; r < S && r < OH; ++r) { /* the last output row j + 1 */
    long end = accel_conv2d_upsampled_first_row(r, o->pad_top, S) - first +
               (OH - r + S - 1) / S;
    rows = end > rows ? end : rows;
  }
  p.N = x->dims[0], p.C = x->dims[1], p.H = x->dims[2];
  p.W = S * x->dims[3];
  p.Cout = S * Cout, p.KH = w->dims[2], p.KW = w->dims[3];
  p.OH = rows, p.OW = y->dims[3];
  p.groups = 1, p.Cg = p.C, p.Coutg = p.Cout;
  p.sh = p.sw = p.dh = p.dw = 1;
  /* Output row j reads x's rows j + first .. : first <= 0 (r = 0 < s). */
  p.pt = -first;
  p.pb = p.OH + p.KH - 1 - p.pt - p.H;
  p.pb = p.pb > 0 ? p.pb : 0;
  p.pl = o->pad_left, p.pr = o->pad_right;
  p.x = x->data, p.w = w->data, p.y = y->data;
  for (int d = 0; d < 4; ++d)
    p.xs[d] = x->strides[d], p.ws[d] = w->strides[d], p.ys[d] = y->strides[d];
  p.ys[2] *= S;
  if (o->bias)
    p.bias = o->bias->data, p.bs = o->bias->strides[0];
  p.act = o->act;
  return p;
}

static accel_status conv2d_upsampled(const accel_tensor *x,
                                     const accel_tensor *w,
                                     const accel_tensor *y,
                                     const accel_conv2d_upsampled_options *o) {
  accel_status s;
  if (accel_checking() && (s = check(x, w, y, o)))
    return s;
  if (!x->dims[0] || !w->dims[0] || !y->dims[2] || !y->dims[3])
    return ACCEL_OK;
  conv_upsampling u;
  conv_problem p = stacked_problem(x, w, y, o, &u);
  igemm_plan plan;
  if (!conv_igemm_plan_upsampled(&p, &u, &plan))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "w_rows",
                              "the weights of %d output channels (%ld "
                              "floats) and one band of upsampled input "
                              "rows do not fit the scratchpad",
                              (int)T, T * p.Cg * p.KH * p.KW);
  if (accel_only_checking())
    return ACCEL_OK;
  conv_igemm_run_upsampled(&p, &plan, &u);
  return ACCEL_OK;
}

/* The arguments staged into the kernel's frame (ACCEL_STAGE), then the
   call. */
static long staged(const void *x, const void *w, const void *y,
                   const void *options) {
  accel_tensor xc, wc, yc, bc;
  accel_conv2d_upsampled_options o;
  const accel_conv2d_upsampled_options *po = options;
  const accel_tensor *xs = ACCEL_STAGE_READ(1, &xc, (const accel_tensor *)x);
  const accel_tensor *ws = ACCEL_STAGE_READ(2, &wc, (const accel_tensor *)w);
  const accel_tensor *ys = ACCEL_STAGE_READ(3, &yc, (const accel_tensor *)y);
  ACCEL_STAGE(0, &o, po);
  const accel_tensor *staged_bias = ACCEL_STAGE_READ(0, &bc, po->bias);
  accel_dma_wait_all();
  o.bias = staged_bias;
  return conv2d_upsampled(xs, ws, ys, &o);
}

accel_status
accel_conv2d_upsampled(const accel_tensor *x, const accel_tensor *w_rows,
                       accel_tensor *y,
                       const accel_conv2d_upsampled_options *options) {
  if (!options)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "is null (the scale and kernel_h have no "
                              "default)");
  return (accel_status)accel_on_kernel_stack(staged, x, w_rows, y, options);
}
