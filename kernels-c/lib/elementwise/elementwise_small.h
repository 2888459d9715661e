/* elementwise_small.h - the f32 elementwise calls on small tensors
   (elementwise_small.c), which elementwise.c hands over before its tiles'
   planning. */

#ifndef ACCEL_ELEMENTWISE_SMALL_H
#define ACCEL_ELEMENTWISE_SMALL_H

#include <accel_kernels.h>

/* Elements of y at most: 32 KiB a buffer. */
enum { EW_SMALL_FLOATS = 8192 };

/* Runs a checked f32 call (steps on the inputs, into y: dense, of n
   elements, 1 to EW_SMALL_FLOATS) when each input is a scalar, y's shape
   dense, or a dense row that repeats along y's leading dims; returns
   whether it ran it (0: the tiles' path runs it). */
int ew_small_run(const accel_elementwise_step *steps, int num_steps,
                 const accel_tensor *const *inputs, int num_inputs,
                 const accel_tensor *y, long n);

#endif
