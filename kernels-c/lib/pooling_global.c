/* pooling_global.c - ONNX GlobalAveragePool and GlobalMaxPool
   (docs/kernels.md, "Pooling"): the mean or maximum of each plane, a
   reduction over x's dimensions 2 and 3 (reduce_core.h), where 16 planes
   go across the lanes and each pixel is one vld and one vadd or vmax. */

#include "kernel_args.h"
#include "kernel_stack.h"
#include "reduce_core.h"
#include <stddef.h>

static long global_body(const void *px, const void *py, const void *pmax,
                        const void *unused) {
  (void)unused;
  const char *K = pmax ? "accel_global_maxpool" : "accel_global_avgpool";
  accel_tensor xc, yc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)px);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)py);
  accel_dma_wait_all();
  accel_status s;
  if (accel_checking() && ((s = accel_check_tensor(K, "x", x, 4, 4, 0)) ||
                           (s = accel_check_tensor(K, "y", y, 2, 4, 1))))
    return s;
  if (y->rank == 3 || y->dims[0] != x->dims[0] || y->dims[1] != x->dims[1] ||
      (y->rank == 4 && (y->dims[2] != 1 || y->dims[3] != 1)))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                              "rank %d, dims %ld, %ld, ...; expected [%ld, "
                              "%ld, 1, 1] or [%ld, %ld]",
                              y->rank, y->dims[0], y->dims[1], x->dims[0],
                              x->dims[1], x->dims[0], x->dims[1]);
  if (accel_checking() && accel_tensors_overlap(y, x))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y", "overlaps x");
  if (accel_only_checking())
    return ACCEL_OK;
  static const int reduced[4] = {0, 0, 1, 1};
  long ys[4] = {y->strides[0], y->strides[1], 0, 0};
  reduce_run(pmax ? ACCEL_REDUCE_MAX : ACCEL_REDUCE_MEAN, x, reduced, y->data,
             ys);
  return ACCEL_OK;
}

accel_status accel_global_avgpool(const accel_tensor *x, accel_tensor *y) {
  return (accel_status)accel_on_kernel_stack(global_body, x, y, NULL, NULL);
}

accel_status accel_global_maxpool(const accel_tensor *x, accel_tensor *y) {
  return (accel_status)accel_on_kernel_stack(global_body, x, y, (void *)1,
                                             NULL);
}
