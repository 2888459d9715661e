/* concat_split.c - y = np.concatenate(xs, axis) and np.split's inverse
   (docs/kernels.md, "Data movement"): one strided copy per part, between
   the part and its place along axis in the whole (move_parts.h). */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "movement/move_parts.h"
#include <stddef.h>

static long concat(const void *xs, const void *n, const void *axis,
                   const void *yp) {
  accel_tensor yc;
  const accel_tensor *y = ACCEL_STAGE_READ(0, &yc, (const accel_tensor *)yp);
  accel_dma_wait(0);
  accel_tensor **parts;
  accel_status s = move_check_parts("accel_concat", "xs", (void *)xs, (long)n,
                                    (int)(long)axis, y, "y", 0, &parts);
  if (s || accel_only_checking())
    return s;
  move_parts_run(parts, (long)n, (int)(long)axis, y, 0);
  return ACCEL_OK;
}

accel_status accel_concat(const accel_tensor *const *xs, long n, int axis,
                          accel_tensor *y) {
  return (accel_status)accel_on_kernel_stack(concat, xs, (const void *)n,
                                             (const void *)(long)axis, y);
}

static long split(const void *xp, const void *axis, const void *ys,
                  const void *n) {
  accel_tensor xc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)xp);
  accel_dma_wait(0);
  accel_tensor **parts;
  accel_status s = move_check_parts("accel_split", "ys", (void *)ys, (long)n,
                                    (int)(long)axis, x, "x", 1, &parts);
  if (s || accel_only_checking())
    return s;
  move_parts_run(parts, (long)n, (int)(long)axis, x, 1);
  return ACCEL_OK;
}

accel_status accel_split(const accel_tensor *x, int axis,
                         accel_tensor *const *ys, long n) {
  return (accel_status)accel_on_kernel_stack(split, x, (const void *)(long)axis,
                                             ys, (const void *)n);
}
