/* gemm_norm_bench.c - accel_gemm_layernorm on an m x k row-major a, a
   k x n b, a bias, scale, shift and an m x n residual in DRAM; with h,
   accel_mlp_layernorm with a k x h first layer, its bias and a relu, and
   an h x n second (bench/kernels/gemm_norm_cases.py): the call alone the
   region of interest for accel-sim --stats-json.
     gemm_norm_bench <m> <k> <n> [h] IN OUT
   IN holds a (m x k), b (k x n, or h x n with h), the residual (m x n),
   the bias, scale and shift (n each, one after the other) and, with h, w1
   (k x h) and its bias (h); OUT gets y (m x n) (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>

#include "bench_io.h"

int main(int argc, char **argv) {
  if (argc != 6 && argc != 7)
    return 2;
  long m = atol(argv[1]), k = atol(argv[2]), n = atol(argv[3]);
  long h = argc == 7 ? atol(argv[4]) : 0, k2 = h ? h : k;
  float *a = bench_alloc(m * k), *b = bench_alloc(k2 * n),
        *r = bench_alloc(m * n);
  float *y = bench_alloc(m * n), *p = bench_alloc(3 * n);
  float *w1 = bench_alloc(k * h + 1), *b1 = bench_alloc(h + 1);
  if (!a || !b || !r || !y || !p || !w1 || !b1)
    return 3;
  if (bench_read(argv[argc - 2], h ? 6 : 4, (float *[]){a, b, r, p, w1, b1},
                 (long[]){m * k, k2 * n, m * n, 3 * n, k * h, h}))
    return 4;
  bench_output(argv[argc - 1], y, m * n);
  accel_tensor ta = accel_matrix_f32(a, m, k), tb = accel_matrix_f32(b, k2, n);
  accel_tensor tw1 = accel_matrix_f32(w1, k, h);
  accel_tensor tb1 = accel_tensor_f32(b1, 1, &h);
  accel_tensor tr = accel_matrix_f32(r, m, n), ty = accel_matrix_f32(y, m, n);
  accel_tensor bias = accel_tensor_f32(p, 1, &n);
  accel_tensor scale = accel_tensor_f32(p + n, 1, &n);
  accel_tensor shift = accel_tensor_f32(p + 2 * n, 1, &n);
  accel_gemm_options g = accel_gemm_defaults();
  g.bias_kind = ACCEL_BIAS_PER_COLUMN, g.bias = &bias;
  accel_norm_options o = accel_norm_defaults();
  o.scale = &scale, o.shift = &shift, o.residual = &tr;
  accel_mlp_options mo = accel_mlp_defaults();
  mo.bias1 = &tb1, mo.bias2 = &bias, mo.act = ACCEL_ACT_RELU;
  accel_region_begin();
  accel_status s = h ? accel_mlp_layernorm(&ta, &tw1, &tb, &ty, &mo, &o)
                     : accel_gemm_layernorm(&ta, &tb, &ty, &g, &o);
  accel_region_end();
  return bench_finish(s);
}
