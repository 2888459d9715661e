/* normalization_bench.c - one normalization kernel on a rows x cols matrix
   in DRAM, along its rows (bench/kernels/normalization_cases.py): the call
   alone the region of interest for accel-sim --stats-json.
     normalization_bench <op> <rows> <cols> IN OUT
   op: 0 softmax, 1 layernorm (with scale and shift), 2 rmsnorm (with
   scale). IN holds x (rows x cols), the scale and the shift (cols each);
   OUT gets y (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>

#include "bench_io.h"

int main(int argc, char **argv) {
  if (argc != 6)
    return 2;
  int op = atoi(argv[1]);
  long rows = atol(argv[2]), cols = atol(argv[3]);
  float *x = bench_alloc(rows * cols), *y = bench_alloc(rows * cols);
  float *scale = bench_alloc(cols), *shift = bench_alloc(cols);
  if (!x || !y || !scale || !shift)
    return 3;
  if (bench_read(argv[4], 3, (float *[]){x, scale, shift},
                 (long[]){rows * cols, cols, cols}))
    return 4;
  bench_output(argv[5], y, rows * cols);
  accel_tensor tx = accel_matrix_f32(x, rows, cols);
  accel_tensor ty = accel_matrix_f32(y, rows, cols);
  accel_tensor ts = accel_tensor_f32(scale, 1, &cols);
  accel_tensor th = accel_tensor_f32(shift, 1, &cols);
  accel_norm_options o = accel_norm_defaults();
  o.scale = &ts;
  o.shift = op == 1 ? &th : NULL;
  accel_region_begin();
  accel_status s = op == 0   ? accel_softmax(&tx, &ty, -1, 0)
                   : op == 1 ? accel_layernorm(&tx, &ty, &o)
                             : accel_rmsnorm(&tx, &ty, &o);
  accel_region_end();
  return bench_finish(s);
}
