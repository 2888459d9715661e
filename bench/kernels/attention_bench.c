/* attention_bench.c - one accel_attention of B x H heads, Sq = Sk = S
   queries and keys, head dim D on operands in DRAM, the call alone the
   region of interest for accel-sim --stats-json (bench/kernels/kernels.py):
     attention_bench B H S D causal IN OUT
     attention_bench B H S D causal KVH Sq IN OUT
   IN holds q [B, H, Sq, D], k and v [B, KVH, S, D] (small random values,
   so that the softmax does its real work; KVH = H and Sq = S unless
   given: grouped-query attention, decoding); OUT gets o (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>

#include "bench_io.h"

int main(int argc, char **argv) {
  if (argc != 8 && argc != 10)
    return 2;
  long B = atol(argv[1]), H = atol(argv[2]), S = atol(argv[3]);
  long D = atol(argv[4]);
  long KVH = argc == 10 ? atol(argv[6]) : H;
  long Sq = argc == 10 ? atol(argv[7]) : S;
  long nq = B * H * Sq * D, nk = B * KVH * S * D;
  long qdims[4] = {B, H, Sq, D}, kdims[4] = {B, KVH, S, D};
  float *Q = bench_alloc(nq), *K = bench_alloc(nk), *V = bench_alloc(nk);
  float *O = bench_alloc(nq);
  if (!Q || !K || !V || !O)
    return 3;
  if (bench_read(argv[argc - 2], 3, (float *[]){Q, K, V},
                 (long[]){nq, nk, nk}))
    return 4;
  bench_output(argv[argc - 1], O, nq);
  accel_tensor q = accel_tensor_f32(Q, 4, qdims);
  accel_tensor k = accel_tensor_f32(K, 4, kdims);
  accel_tensor v = accel_tensor_f32(V, 4, kdims);
  accel_tensor o = accel_tensor_f32(O, 4, qdims);
  accel_attention_options opt = accel_attention_defaults();
  if (atoi(argv[5]))
    opt.mask_kind = ACCEL_MASK_CAUSAL;
  accel_region_begin();
  accel_status s = accel_attention(&q, &k, &v, &o, &opt);
  accel_region_end();
  return bench_finish(s);
}
