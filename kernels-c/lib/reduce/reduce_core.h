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

/* The bytes of the scratchpad arena reduce_run uses, from its start. */
long reduce_run_arena_bytes(void);

/* reduce_run for f16 and bf16 x and y, computed in f32 on the vector unit
   and the stream engine (reduce_half.c); 0, doing nothing, where x's span
   does not fit in the scratchpad beside reduce_run's buffers, or for
   LogSumExp. */
int reduce_half_run(accel_reduce_op op, const accel_tensor *x,
                    const int *reduced, void *y, const long *y_strides);

/* reduce_run for x of any element type but bool, y of x's type, and
   every op (reduce_typed.c): scalar loops. */
void reduce_typed_run(accel_reduce_op op, const accel_tensor *x,
                      const int *reduced, void *y, const long *y_strides);

#endif
