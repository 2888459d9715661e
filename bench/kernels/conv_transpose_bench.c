/* conv_transpose_bench.c - one accel_conv_transpose2d on tensors in DRAM,
   batch 1:
     conv_transpose_bench C H W Cout K stride padding output_padding IN OUT
   the call alone the region of interest for accel-sim --stats-json
   (bench/kernels/kernels.py). IN holds x [1, C, H, W] and w [C, Cout, K,
   K]; OUT gets y [1, Cout, OH, OW] (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>

#include "bench_io.h"

int main(int argc, char **argv) {
  if (argc != 11)
    return 2;
  long C = atol(argv[1]), H = atol(argv[2]), W = atol(argv[3]);
  long Cout = atol(argv[4]), K = atol(argv[5]), stride = atol(argv[6]);
  long pad = atol(argv[7]), op = atol(argv[8]);
  long OH = accel_conv_transpose_out_size(H, K, stride, 1, pad, pad, op);
  long OW = accel_conv_transpose_out_size(W, K, stride, 1, pad, pad, op);
  float *X = bench_alloc(C * H * W), *Wt = bench_alloc(C * Cout * K * K);
  float *Y = bench_alloc(Cout * OH * OW);
  if (!X || !Wt || !Y)
    return 3;
  if (bench_read(argv[9], 2, (float *[]){X, Wt},
                 (long[]){C * H * W, C * Cout * K * K}))
    return 4;
  bench_output(argv[10], Y, Cout * OH * OW);
  accel_tensor x = accel_tensor_f32(X, 4, (long[]){1, C, H, W});
  accel_tensor w = accel_tensor_f32(Wt, 4, (long[]){C, Cout, K, K});
  accel_tensor y = accel_tensor_f32(Y, 4, (long[]){1, Cout, OH, OW});
  accel_conv_transpose2d_options o = accel_conv_transpose2d_defaults();
  o.pad_top = o.pad_left = o.pad_bottom = o.pad_right = pad;
  o.stride_h = o.stride_w = stride;
  o.output_pad_h = o.output_pad_w = op;
  accel_region_begin();
  accel_status s = accel_conv_transpose2d(&x, &w, &y, &o);
  accel_region_end();
  return bench_finish(s);
}
