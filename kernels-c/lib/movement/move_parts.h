/* move_parts.h - the descriptors of accel_concat's inputs and
   accel_split's outputs, staged into the scratchpad arena. */

#ifndef ACCEL_MOVE_PARTS_H
#define ACCEL_MOVE_PARTS_H

#include <accel_kernels.h>

enum { MOVE_MAX_PARTS = ACCEL_CONCAT_MAX_INPUTS };

/* Checks the n parts of whole along axis (accel_concat's inputs,
   accel_split's outputs): count and axis in range, each part a tensor of
   whole's rank and dims but along axis, their sizes along axis adding up
   to whole's; outputs (the parts or whole) not overlapping inputs; none
   of it in ACCEL_RUN_CHECKED. Stages the parts' descriptors first (those
   in DRAM copied into the arena); *staged receives their pointers. */
accel_status move_check_parts(const char *kernel, const char *parts_name,
                              accel_tensor *const *parts, long n, int axis,
                              const accel_tensor *whole, const char *whole_name,
                              int parts_are_outputs, accel_tensor ***staged);

/* Copies each part to or from its place along axis in whole. */
void move_parts_run(accel_tensor *const *parts, long n, int axis,
                    const accel_tensor *whole, int parts_are_outputs);

#endif
