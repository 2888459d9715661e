/* reduce_core.h - reductions over some dimensions of a tensor on the
   vector unit (reduce.c): accel_reduce and the global poolings run
   through it. */

#ifndef ACCEL_REDUCE_CORE_H
#define ACCEL_REDUCE_CORE_H

#include <accel_kernels.h>

/* y = op over x's dimensions d with reduced[d] set, on checked arguments:
   y_strides[d] is y's stride for x's dimension d (ignored where reduced).
   Returns with every channel idle. */
void reduce_run(accel_reduce_op op, const accel_tensor *x, const int *reduced,
                float *y, const long *y_strides);

#endif
