/* softmax.c - softmax and log-softmax along an axis on the stream engine
   (docs/kernels.md, "Normalization"; norm_lines.h). */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "norm/norm_lines.h"
#include <stddef.h>

/* (x - 0) * 1: an activation's function alone, on a block of one line. */
static KERNEL_SPM_CONST const float identity_params[2] = {0.0f, 1.0f};

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

/* accel_softmax's arguments (kernel_stack.h, "a body's arguments"). */
typedef struct {
  const accel_tensor *x, *y;
  int axis, log;
} softmax_args;

static long softmax(const void *args, const void *unused1, const void *unused2,
                    const void *unused3) {
  static const char K[] = "accel_softmax";
  (void)unused1, (void)unused2, (void)unused3;
  softmax_args a = *(const softmax_args *)args;
  accel_tensor xc, yc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, a.x);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, a.y);
  accel_dma_wait_all();
  accel_status s;
  if (accel_checking() && (s = norm_check_pair(K, x, y)))
    return s;
  int axis = normalized_axis(a.axis, x->rank);
  if (axis < 0)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "axis",
                              "%d is not a dimension of a rank-%d tensor",
                              a.axis, x->rank);
  lines_view lx, ly;
  if ((s = norm_line_views(K, x, y, axis, axis, LinesBufferFloats, &lx, &ly)) ||
      accel_only_checking())
    return s;
  int log = a.log != 0;
  if (lx.n)
    for_each_line_batch(&lx, &ly, softmax_batch, &log, LinesMemoryBound);
  return ACCEL_OK;
}

accel_status accel_softmax(const accel_tensor *x, accel_tensor *y, int axis,
                           int log) {
  static ACCEL_SPM softmax_args args;
  args = (softmax_args){x, y, axis, log};
  return (accel_status)accel_on_kernel_stack(softmax, &args, NULL, NULL, NULL);
}
