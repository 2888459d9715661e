/* slice.c - y = x[start_0::step_0, start_1::step_1, ...] with y's dims
   as the counts (docs/kernels.md, "Data movement"): one strided copy of
   the view of x that the starts and steps select. */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "movement/move_plan.h"
#include <stddef.h>

static const char Kernel[] = "accel_slice";

static accel_status check(const accel_tensor *x, const accel_tensor *y,
                          const long *start, const long *step) {
  accel_status s = move_check_same_rank(Kernel, x, y);
  if (s)
    return s;
  for (int d = 0; d < x->rank; ++d) {
    if (step[d] == 0)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "step",
                                "dimension %d: step 0", d);
    if (y->dims[d] == 0)
      continue;
    /* The first and last index taken, without overflow: both in x. */
    long n = x->dims[d], first = start[d];
    if (first < 0 || first >= n)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "start",
                                "dimension %d: %ld is outside x's [0, %ld)", d,
                                first, n);
    long room = step[d] > 0 ? n - 1 - first : first;
    long stride = step[d] > 0 ? step[d] : -step[d];
    if ((y->dims[d] - 1) > room / stride)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "y",
                                "dimension %d: %ld elements from %ld by %ld "
                                "leave x's [0, %ld)",
                                d, y->dims[d], first, step[d], n);
  }
  if (accel_tensors_overlap(x, y))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y", "overlaps x");
  return ACCEL_OK;
}

static long slice(const void *xp, const void *yp, const void *startp,
                  const void *stepp) {
  accel_tensor xc, yc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)xp);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)yp);
  accel_dma_wait_all();
  /* Starts 0 and steps 1 by default; read once x's rank is valid. */
  long start[ACCEL_MAX_RANK], step[ACCEL_MAX_RANK];
  int rank = move_arg_rank(x);
  for (int d = 0; d < rank; ++d) {
    start[d] = startp ? ((const long *)startp)[d] : 0;
    step[d] = stepp ? ((const long *)stepp)[d] : 1;
  }
  /* Checked once before in ACCEL_RUN_CHECKED: the same descriptors,
     starts and steps (accel_slice_values checks its run-time values
     itself). */
  accel_status s = accel_checking() ? check(x, y, start, step) : ACCEL_OK;
  if (s || accel_only_checking())
    return s;
  const float *src = x->data;
  long src_strides[ACCEL_MAX_RANK];
  for (int d = 0; d < rank; ++d) {
    src += start[d] * x->strides[d];
    src_strides[d] = step[d] * x->strides[d];
  }
  int channel = 0;
  move_copy(rank, y->dims, y->data, y->strides, src, src_strides, &channel);
  accel_dma_wait_all();
  return ACCEL_OK;
}

accel_status accel_slice(const accel_tensor *x, accel_tensor *y,
                         const long *start, const long *step) {
  return (accel_status)accel_on_kernel_stack(slice, x, y, start, step);
}
