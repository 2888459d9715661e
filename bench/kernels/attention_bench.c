/* attention_bench.c - one accel_attention of B x H heads, Sq = Sk = S
   queries and keys, head dim D on operands in DRAM, the call alone the
   region of interest for accel-sim --stats-json (bench/kernels/kernels.py):
     attention_bench B H S D causal IN OUT
   IN holds q, k and v, each [B, H, S, D] (small random values, so that the
   softmax does its real work); OUT gets o (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>

#include "bench_io.h"

int main(int argc, char **argv) {
  if (argc != 8)
    return 2;
  long B = atol(argv[1]), H = atol(argv[2]), S = atol(argv[3]);
  long D = atol(argv[4]);
  long n = B * H * S * D, dims[4] = {B, H, S, D};
  float *Q = bench_alloc(n), *K = bench_alloc(n), *V = bench_alloc(n);
  float *O = bench_alloc(n);
  if (!Q || !K || !V || !O)
    return 3;
  if (bench_read(argv[6], 3, (float *[]){Q, K, V}, (long[]){n, n, n}))
    return 4;
  bench_output(argv[7], O, n);
  accel_tensor q = accel_tensor_f32(Q, 4, dims);
  accel_tensor k = accel_tensor_f32(K, 4, dims);
  accel_tensor v = accel_tensor_f32(V, 4, dims);
  accel_tensor o = accel_tensor_f32(O, 4, dims);
  accel_attention_options opt = accel_attention_defaults();
  if (atoi(argv[5]))
    opt.mask_kind = ACCEL_MASK_CAUSAL;
  accel_region_begin();
  accel_status s = accel_attention(&q, &k, &v, &o, &opt);
  accel_region_end();
  return bench_finish(s);
}
