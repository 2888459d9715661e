/* concat_split.c - y = np.concatenate(xs, axis) and np.split's inverse
   (docs/kernels.md, "Data movement"): one strided copy per part, between
   the part and its place along axis in the whole (move_parts.h). */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "movement/move_parts.h"
#include <stddef.h>

/* accel_concat's and accel_split's arguments (kernel_stack.h): the
   parts, their count, the axis and the whole, and which way the copies
   go (split: the parts are the outputs). */
typedef struct {
  accel_tensor *const *parts;
  long n;
  int axis;
  const accel_tensor *whole;
  int split;
} parts_args;

static long parts_body(const void *args, const void *unused1,
                       const void *unused2, const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  parts_args a = *(const parts_args *)args;
  accel_tensor wc;
  const accel_tensor *whole = ACCEL_STAGE_READ(0, &wc, a.whole);
  accel_dma_wait(0);
  accel_tensor **parts;
  accel_status s = move_check_parts(
      a.split ? "accel_split" : "accel_concat", a.split ? "ys" : "xs", a.parts,
      a.n, a.axis, whole, a.split ? "x" : "y", a.split, &parts);
  if (s || accel_only_checking())
    return s;
  move_parts_run(parts, a.n, a.axis, whole, a.split);
  return ACCEL_OK;
}

accel_status accel_concat(const accel_tensor *const *xs, long n, int axis,
                          accel_tensor *y) {
  static ACCEL_SPM parts_args args;
  /* The inputs are only read (move_check_parts' parts_are_outputs 0). */
  args = (parts_args){(accel_tensor *const *)xs, n, axis, y, 0};
  return (accel_status)accel_on_kernel_stack(parts_body, &args, NULL, NULL,
                                             NULL);
}

accel_status accel_split(const accel_tensor *x, int axis,
                         accel_tensor *const *ys, long n) {
  static ACCEL_SPM parts_args args;
  args = (parts_args){ys, n, axis, x, 1};
  return (accel_status)accel_on_kernel_stack(parts_body, &args, NULL, NULL,
                                             NULL);
}
