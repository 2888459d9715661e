/* concat_split.c - y = np.concatenate(xs, axis) and np.split's inverse
   (docs/kernels.md, "Data movement"): one strided copy per part, between
   the part and its place along axis in the whole (move_parts.h). */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "movement/move_parts.h"
#include <stddef.h>

/* accel_concat's and accel_split's arguments (kernel_stack.h): the
   parts, their count, the axis and the whole. */
typedef struct {
  accel_tensor *const *parts;
  long n;
  int axis;
  const accel_tensor *whole;
} parts_args;

static long concat(const void *args, const void *unused1, const void *unused2,
                   const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  parts_args a = *(const parts_args *)args;
  accel_tensor yc;
  const accel_tensor *y = ACCEL_STAGE_READ(0, &yc, a.whole);
  accel_dma_wait(0);
  accel_tensor **parts;
  accel_status s = move_check_parts("accel_concat", "xs", a.parts, a.n, a.axis,
                                    y, "y", 0, &parts);
  if (s || accel_only_checking())
    return s;
  move_parts_run(parts, a.n, a.axis, y, 0);
  return ACCEL_OK;
}

accel_status accel_concat(const accel_tensor *const *xs, long n, int axis,
                          accel_tensor *y) {
  static ACCEL_SPM parts_args args;
  /* The inputs are only read (move_check_parts' parts_are_outputs 0). */
  args = (parts_args){(accel_tensor *const *)xs, n, axis, y};
  return (accel_status)accel_on_kernel_stack(concat, &args, NULL, NULL, NULL);
}

static long split(const void *args, const void *unused1, const void *unused2,
                  const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  parts_args a = *(const parts_args *)args;
  accel_tensor xc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, a.whole);
  accel_dma_wait(0);
  accel_tensor **parts;
  accel_status s = move_check_parts("accel_split", "ys", a.parts, a.n, a.axis,
                                    x, "x", 1, &parts);
  if (s || accel_only_checking())
    return s;
  move_parts_run(parts, a.n, a.axis, x, 1);
  return ACCEL_OK;
}

accel_status accel_split(const accel_tensor *x, int axis,
                         accel_tensor *const *ys, long n) {
  static ACCEL_SPM parts_args args;
  args = (parts_args){ys, n, axis, x};
  return (accel_status)accel_on_kernel_stack(split, &args, NULL, NULL, NULL);
}
