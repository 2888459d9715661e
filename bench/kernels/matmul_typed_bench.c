/* matmul_typed_bench.c - one call of accel_batched_matmul on a, b and c of
   a type other than f32 (kernels-c/lib/matmul/matmul_typed.c; bench/
   kernels/matmul_typed_cases.py), contiguous matrices in DRAM:
     matmul_typed_bench i32|f64 <m> <k> <n> IN OUT
   IN holds a (m x k) then b (k x n), their bytes; OUT gets c (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>
#include <string.h>

#include "bench_io.h"

int main(int argc, char **argv) {
  if (argc != 7)
    return 2;
  const char *in = argv[5], *out = argv[6];
  int f64 = !strcmp(argv[1], "f64");
  long m = atol(argv[2]), k = atol(argv[3]), n = atol(argv[4]);
  long words = f64 ? 2 : 1; /* f32s an element */
  float *a = bench_alloc(m * k * words), *b = bench_alloc(k * n * words);
  float *c = bench_alloc(m * n * words);
  if (!a || !b || !c)
    return 3;
  if (bench_read(in, 2, (float *[]){a, b},
                 (long[]){m * k * words, k * n * words}))
    return 4;
  accel_tensor ta = accel_matrix_f32(a, m, k), tb = accel_matrix_f32(b, k, n);
  accel_tensor tc = accel_matrix_f32(c, m, n);
  ta.dtype = tb.dtype = tc.dtype = f64 ? ACCEL_F64 : ACCEL_I32;
  accel_gemm_options o = accel_gemm_defaults();
  bench_output(out, c, m * n * words);
  accel_region_begin();
  accel_status s = accel_batched_matmul(&ta, &tb, &tc, &o);
  accel_region_end();
  return bench_finish(s);
}
