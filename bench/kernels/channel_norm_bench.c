/* channel_norm_bench.c - accel_channel_norm on x [N, C, S] in DRAM
   (bench/kernels/channel_norm_cases.py): the call alone the region of
   interest for accel-sim --stats-json.
     channel_norm_bench <N> <C> <S> <affine> IN OUT
   IN holds x (N C S), the scale and the shift (C each; with affine 0 they
   are read but not passed); OUT gets y (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>

#include "bench_io.h"

int main(int argc, char **argv) {
  if (argc != 7)
    return 2;
  long n = atol(argv[1]), c = atol(argv[2]), s = atol(argv[3]);
  long total = n * c * s;
  float *x = bench_alloc(total), *y = bench_alloc(total);
  float *scale = bench_alloc(c), *shift = bench_alloc(c);
  if (!x || !y || !scale || !shift)
    return 3;
  if (bench_read(argv[5], 3, (float *[]){x, scale, shift},
                 (long[]){total, c, c}))
    return 4;
  bench_output(argv[6], y, total);
  long dims[3] = {n, c, s};
  accel_tensor tx = accel_tensor_f32(x, 3, dims);
  accel_tensor ty = accel_tensor_f32(y, 3, dims);
  accel_tensor ts = accel_tensor_f32(scale, 1, &c);
  accel_tensor th = accel_tensor_f32(shift, 1, &c);
  accel_norm_options o = accel_norm_defaults();
  o.axis = 1, o.epsilon = 1e-6f;
  if (atoi(argv[4]))
    o.scale = &ts, o.shift = &th;
  accel_region_begin();
  accel_status st = accel_channel_norm(&tx, &ty, &o);
  accel_region_end();
  return bench_finish(st);
}
