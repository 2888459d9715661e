/* matmul_typed.h - accel_gemm and accel_batched_matmul of the element
   types other than f32 (matmul_typed.c), which their bodies hand them
   to. */

#ifndef ACCEL_MATMUL_TYPED_H
#define ACCEL_MATMUL_TYPED_H

#include <accel_kernels.h>

/* c = op(a) . op(b) over broadcast batch dimensions (ranks 2 to 6), a, b
   and c of one type other than f32 and bool; options: the transposes
   only (alpha 1, beta 0, no bias, no activation). Checks its arguments
   in the modes that check. */
accel_status matmul_typed(const char *kernel, const accel_tensor *a,
                          const accel_tensor *b, const accel_tensor *c,
                          const accel_gemm_options *o);

#endif
