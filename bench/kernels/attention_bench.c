/* attention_bench.c - one accel_attention of B x H heads, Sq = Sk = S
   queries and keys, head dim D (argv: B H S D causal) on operands in DRAM,
   the call alone the region of interest for accel-sim --stats-json
   (bench/kernels/kernels.py). The operands are small random values, so
   that the softmax does its real work. */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>

static float *random_tensor(long n) {
  float *p = malloc(n * 4);
  for (long i = 0; p && i < n; ++i)
    p[i] = (float)(rand() % 2001 - 1000) / 1000.0f;
  return p;
}

int main(int argc, char **argv) {
  if (argc != 6)
    return 2;
  long B = atol(argv[1]), H = atol(argv[2]), S = atol(argv[3]);
  long D = atol(argv[4]);
  long n = B * H * S * D, dims[4] = {B, H, S, D};
  float *Q = random_tensor(n), *K = random_tensor(n), *V = random_tensor(n);
  float *O = calloc(n, 4);
  if (!Q || !K || !V || !O)
    return 3;
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
  return s;
}
