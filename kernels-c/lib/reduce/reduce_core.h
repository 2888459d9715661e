/* reduce_core.h - reductions over some dimensions of a tensor on the
   vector unit (reduce.c): accel_reduce and the global poolings run
   through it; other element types in scalar loops (reduce_typed.c). */

#ifndef ACCEL_REDUCE_CORE_H
#define ACCEL_REDUCE_CORE_H

#include <accel_kernels.h>

/* y = op over x's dimensions d with reduced[d] set, on checked arguments:
   y_strides[d] is y's stride for x's dimension d (ignored where reduced).
   Returns with every channel idle. */
void reduce_run(accel_reduce_op op, const accel_tensor *x, const int *reduced,
                float *y, const long *y_strides);

/* reduce_run for x of any element type but bool, y of x's type, and
   every op (reduce_typed.c): scalar loops. */
void reduce_typed_run(accel_reduce_op op, const accel_tensor *x,
                      const int *reduced, void *y, const long *y_strides);

#endif
