/* pooling_bench.c - one pooling or reduction kernel on a contiguous tensor
   in DRAM (bench/kernels/pooling_cases.py, reduce_cases.py): the call alone
   the region of interest for accel-sim --stats-json.
     pooling_bench pool <max|avg> <N> <C> <H> <W> <k> <stride> <pad> IN OUT
     pooling_bench global <avg|max> <N> <C> <H> <W> IN OUT
     pooling_bench reduce <sum|mean|max|min> <rows> <cols> <axis> IN OUT
   IN holds x; OUT gets y (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>
#include <string.h>

#include "bench_io.h"

int main(int argc, char **argv) {
  if (argc < 5)
    return 2;
  const char *in = argv[argc - 2], *out = argv[argc - 1];
  accel_status s;
  if (!strcmp(argv[1], "reduce") && argc == 8) {
    static const char *ops[] = {"sum", "mean", "max", "min"};
    int op = 0;
    while (op < 4 && strcmp(argv[2], ops[op]))
      ++op;
    long rows = atol(argv[3]), cols = atol(argv[4]);
    int axis = atoi(argv[5]);
    float *x = bench_alloc(rows * cols),
          *y = bench_alloc(rows > cols ? rows : cols);
    if (!x || !y || op == 4)
      return 3;
    if (bench_read(in, 1, (float *[]){x}, (long[]){rows * cols}))
      return 4;
    bench_output(out, y, axis ? rows : cols);
    accel_tensor tx = accel_matrix_f32(x, rows, cols);
    long ydims[1] = {axis ? rows : cols};
    accel_tensor ty = accel_tensor_f32(y, 1, ydims);
    accel_region_begin();
    s = accel_reduce((accel_reduce_op)op, &tx, &ty, &axis, 1);
    accel_region_end();
    return bench_finish(s);
  }
  if (argc < 9)
    return 2;
  long n = atol(argv[3]), c = atol(argv[4]), h = atol(argv[5]),
       w = atol(argv[6]);
  float *x = bench_alloc(n * c * h * w);
  if (!x)
    return 3;
  if (bench_read(in, 1, (float *[]){x}, (long[]){n * c * h * w}))
    return 4;
  long xd[4] = {n, c, h, w};
  accel_tensor tx = accel_tensor_f32(x, 4, xd);
  int avg = !strcmp(argv[2], "avg");
  if (!strcmp(argv[1], "global")) {
    float *y = bench_alloc(n * c);
    bench_output(out, y, n * c);
    long yd[4] = {n, c, 1, 1};
    accel_tensor ty = accel_tensor_f32(y, 4, yd);
    accel_region_begin();
    s = avg ? accel_global_avgpool(&tx, &ty) : accel_global_maxpool(&tx, &ty);
    accel_region_end();
    return bench_finish(s);
  }
  if (argc != 12)
    return 2;
  long k = atol(argv[7]), stride = atol(argv[8]), pad = atol(argv[9]);
  accel_pool2d_options o = accel_pool2d_defaults(k, k);
  o.stride_h = o.stride_w = stride;
  o.pad_top = o.pad_left = o.pad_bottom = o.pad_right = pad;
  long oh = (h + 2 * pad - k) / stride + 1, ow = (w + 2 * pad - k) / stride + 1;
  float *y = bench_alloc(n * c * oh * ow);
  bench_output(out, y, n * c * oh * ow);
  long yd[4] = {n, c, oh, ow};
  accel_tensor ty = accel_tensor_f32(y, 4, yd);
  accel_region_begin();
  s = avg ? accel_avgpool2d(&tx, &ty, &o) : accel_maxpool2d(&tx, &ty, &o);
  accel_region_end();
  return bench_finish(s);
}
