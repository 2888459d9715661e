/* pooling_bench.c - one pooling or reduction kernel on a contiguous tensor
   in DRAM (bench/kernels/pooling_cases.py, reduce_cases.py): the call alone
   the region of interest for accel-sim --stats-json.
     pooling_bench pool <max|avg> <N> <C> <H> <W> <k> <stride> <pad>
     pooling_bench global <avg|max> <N> <C> <H> <W>
     pooling_bench reduce <sum|mean|max|min> <rows> <cols> <axis> */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  accel_status s;
  if (!strcmp(argv[1], "reduce") && argc == 6) {
    static const char *ops[] = {"sum", "mean", "max", "min"};
    int op = 0;
    while (op < 4 && strcmp(argv[2], ops[op]))
      ++op;
    long rows = atol(argv[3]), cols = atol(argv[4]);
    int axis = atoi(argv[5]);
    float *x = calloc(rows * cols, 4), *y = calloc(rows > cols ? rows : cols, 4);
    if (!x || !y || op == 4)
      return 3;
    accel_tensor tx = accel_matrix_f32(x, rows, cols);
    long ydims[1] = {axis ? rows : cols};
    accel_tensor ty = accel_tensor_f32(y, 1, ydims);
    accel_region_begin();
    s = accel_reduce((accel_reduce_op)op, &tx, &ty, &axis, 1);
    accel_region_end();
    return s;
  }
  if (argc < 7)
    return 2;
  long n = atol(argv[3]), c = atol(argv[4]), h = atol(argv[5]),
       w = atol(argv[6]);
  float *x = calloc(n * c * h * w, 4);
  long xd[4] = {n, c, h, w};
  accel_tensor tx = accel_tensor_f32(x, 4, xd);
  int avg = !strcmp(argv[2], "avg");
  if (!strcmp(argv[1], "global")) {
    float *y = calloc(n * c, 4);
    long yd[4] = {n, c, 1, 1};
    accel_tensor ty = accel_tensor_f32(y, 4, yd);
    accel_region_begin();
    s = avg ? accel_global_avgpool(&tx, &ty) : accel_global_maxpool(&tx, &ty);
    accel_region_end();
    return s;
  }
  if (argc != 10)
    return 2;
  long k = atol(argv[7]), stride = atol(argv[8]), pad = atol(argv[9]);
  accel_pool2d_options o = accel_pool2d_defaults(k, k);
  o.stride_h = o.stride_w = stride;
  o.pad_top = o.pad_left = o.pad_bottom = o.pad_right = pad;
  long oh = (h + 2 * pad - k) / stride + 1, ow = (w + 2 * pad - k) / stride + 1;
  float *y = calloc(n * c * oh * ow, 4);
  long yd[4] = {n, c, oh, ow};
  accel_tensor ty = accel_tensor_f32(y, 4, yd);
  accel_region_begin();
  s = avg ? accel_avgpool2d(&tx, &ty, &o) : accel_maxpool2d(&tx, &ty, &o);
  accel_region_end();
  return s;
}
