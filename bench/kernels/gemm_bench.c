/* gemm_bench.c - one accel_gemm of M x N x K on operands in DRAM, the call
   alone the region of interest for accel-sim --stats-json
   (bench/kernels/kernels.py):
     gemm_bench M N K IN OUT
   IN holds A (M x K) and B (K x N), row-major; OUT gets C (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>

#include "bench_io.h"

int main(int argc, char **argv) {
  if (argc != 6)
    return 2;
  long M = atol(argv[1]), N = atol(argv[2]), K = atol(argv[3]);
  float *A = bench_alloc(M * K), *B = bench_alloc(K * N),
        *C = bench_alloc(M * N);
  if (!A || !B || !C)
    return 3;
  if (bench_read(argv[4], 2, (float *[]){A, B}, (long[]){M * K, K * N}))
    return 4;
  bench_output(argv[5], C, M * N);
  accel_tensor a = accel_matrix_f32(A, M, K);
  accel_tensor b = accel_matrix_f32(B, K, N);
  accel_tensor c = accel_matrix_f32(C, M, N);
  accel_region_begin();
  accel_status s = accel_gemm(&a, &b, &c, NULL);
  accel_region_end();
  return bench_finish(s);
}
