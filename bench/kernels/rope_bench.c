/* rope_bench.c - accel_rope on Llama's q or k: x [B, H, S, D] as the
   projection's output [B, S, H, D] seen through the heads' transpose,
   cos and sin [1, 1, S, Dt] (Dt = D, or D / 2 for half tables), y
   [B, H, S, D] contiguous (bench/kernels/rope_cases.py): the call alone
   the region of interest for accel-sim --stats-json.
     rope_bench <b> <h> <s> <d> <half> IN OUT
   IN holds x ([B, S, H, D]), cos and sin; OUT gets y (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>

#include "bench_io.h"

int main(int argc, char **argv) {
  if (argc != 8)
    return 2;
  long b = atol(argv[1]), h = atol(argv[2]), s = atol(argv[3]);
  long d = atol(argv[4]), dt = atoi(argv[5]) ? d / 2 : d;
  long n = b * h * s * d;
  float *x = bench_alloc(n), *y = bench_alloc(n);
  float *c = bench_alloc(s * dt), *sn = bench_alloc(s * dt);
  if (!x || !y || !c || !sn)
    return 3;
  if (bench_read(argv[6], 3, (float *[]){x, c, sn},
                 (long[]){n, s * dt, s * dt}))
    return 4;
  bench_output(argv[7], y, n);
  accel_tensor tx = {x, ACCEL_F32, 4, {b, h, s, d},
                     {s * h * d, d, h * d, 1}};
  long tdims[4] = {1, 1, s, dt};
  accel_tensor ty = accel_tensor_f32(y, 4, tx.dims);
  accel_tensor tc = accel_tensor_f32(c, 4, tdims);
  accel_tensor ts = accel_tensor_f32(sn, 4, tdims);
  accel_region_begin();
  accel_status st = accel_rope(&tx, &tc, &ts, &ty);
  accel_region_end();
  return bench_finish(st);
}
