/* reduce_typed_bench.c - one call of a kernel of kernels-c/lib/reduce/
   beyond the f32 sum/mean/max/min (bench/kernels/reduce_typed_cases.py)
   on a contiguous rows x cols tensor in DRAM, along its rows (axis 1):
     reduce_typed_bench l2 <rows> <cols> IN OUT      f32 ReduceL2
     reduce_typed_bench sum_i32 <rows> <cols> IN OUT int32 ReduceSum
     reduce_typed_bench sum_f16 <rows> <cols> IN OUT f16 ReduceSum (f16
                                                    results, packed)
     reduce_typed_bench argmax <rows> <cols> IN OUT  f32 -> int64
     reduce_typed_bench cumsum <rows> <cols> IN OUT  f32
     reduce_typed_bench topk <rows> <cols> <k> IN OUT f32: values, then
                                                    the int64 indices
   IN holds x (its bytes: int32 for sum_i32, f16 for sum_f16, rows x cols
   of them); OUT gets y (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>
#include <string.h>

#include "bench_io.h"

int main(int argc, char **argv) {
  if (argc < 6)
    return 2;
  const char *in = argv[argc - 2], *out = argv[argc - 1], *kind = argv[1];
  long rows = atol(argv[2]), cols = atol(argv[3]);
  long k = !strcmp(kind, "topk") && argc == 7 ? atol(argv[4]) : 0;
  float *x = bench_alloc(rows * cols);
  /* The largest output: topk's values and int64 indices, or cols f32s a
     row (cumsum), or an int64 a row. */
  float *y = bench_alloc(rows * (cols > 3 * k ? cols : 3 * k) + 2 * rows);
  if (!x || !y)
    return 3;
  if (strcmp(kind, "sum_f16") &&
      bench_read(in, 1, (float *[]){x}, (long[]){rows * cols}))
    return 4;
  accel_tensor tx = accel_matrix_f32(x, rows, cols);
  long row[1] = {rows};
  accel_tensor ty = accel_tensor_f32(y, 1, row);
  accel_status s = ACCEL_ERR_ARGUMENT;
  int axis = 1;
  if (!strcmp(kind, "sum_f16")) {
    /* x's f16s in the first half of its buffer (the input file's size:
       rows x cols / 2 floats). */
    if (bench_read(in, 1, (float *[]){x}, (long[]){rows * cols / 2}))
      return 4;
    tx.dtype = ty.dtype = ACCEL_F16;
    bench_output(out, y, (rows + 1) / 2);
    accel_region_begin();
    s = accel_reduce(ACCEL_REDUCE_SUM, &tx, &ty, &axis, 1);
    accel_region_end();
    return bench_finish(s);
  }
  if (!strcmp(kind, "l2") || !strcmp(kind, "sum_i32")) {
    int i32 = !strcmp(kind, "sum_i32");
    tx.dtype = ty.dtype = i32 ? ACCEL_I32 : ACCEL_F32;
    bench_output(out, y, rows);
    accel_region_begin();
    s = accel_reduce(i32 ? ACCEL_REDUCE_SUM : ACCEL_REDUCE_L2, &tx, &ty, &axis,
                     1);
    accel_region_end();
  } else if (!strcmp(kind, "argmax")) {
    ty.dtype = ACCEL_I64;
    bench_output(out, y, 2 * rows);
    accel_region_begin();
    s = accel_argreduce(&tx, &ty, 1, 0, 0);
    accel_region_end();
  } else if (!strcmp(kind, "cumsum")) {
    accel_tensor tc = accel_matrix_f32(y, rows, cols);
    bench_output(out, y, rows * cols);
    accel_region_begin();
    s = accel_cumsum(&tx, &tc, 1, 0, 0);
    accel_region_end();
  } else if (!strcmp(kind, "topk") && k > 0) {
    accel_tensor tv = accel_matrix_f32(y, rows, k);
    accel_tensor ti = accel_matrix_f32(y + rows * k, rows, k);
    ti.dtype = ACCEL_I64;
    bench_output(out, y, 3 * rows * k);
    accel_region_begin();
    s = accel_topk(&tx, &tv, &ti, 1, k, 1);
    accel_region_end();
  }
  return bench_finish(s);
}
