/* movement_bench.c - one data-movement kernel call on operands in DRAM,
   the call alone the region of interest for accel-sim --stats-json
   (bench/kernels/kernels.py):

     transpose R C IN OUT      y [C, R] = x [R, C]^T
     concat R C AXIS IN OUT    y = two x [R, C] joined along AXIS
     gather ROWS C N IN OUT    y [N, C] = table [ROWS, C] at N scattered
                               indices (i * 7919 mod ROWS)
     pad R C W MODE IN OUT     y = x [R, C] with W on every side, MODE 0 to 2
   IN holds x (the two matrices of concat, one after the other; gather's
   table); OUT gets y (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>
#include <string.h>

#include "bench_io.h"

int main(int argc, char **argv) {
  if (argc < 6)
    return 2;
  const char *kind = argv[1];
  long r = atol(argv[2]), c = atol(argv[3]);
  long w = !strcmp(kind, "pad") && argc == 8 ? atol(argv[4]) : 0;
  long n = !strcmp(kind, "gather") && argc == 7 ? atol(argv[4]) : 0;
  long x_size = (!strcmp(kind, "concat") ? 2 : 1) * r * c;
  long y_size = n ? n * c : w ? (r + 2 * w) * (c + 2 * w) : x_size;
  float *x = bench_alloc(x_size), *y = bench_alloc(y_size);
  if (!x || !y)
    return 3;
  if (bench_read(argv[argc - 2], 1, (float *[]){x}, (long[]){x_size}))
    return 4;
  int *indices = bench_alloc(n + 1);
  if (!indices)
    return 3;
  accel_tensor tx = accel_matrix_f32(x, r, c);
  accel_status s = ACCEL_ERR_ARGUMENT;
  if (!strcmp(kind, "transpose")) {
    accel_tensor ty = accel_matrix_f32(y, c, r);
    bench_output(argv[argc - 1], y, y_size);
    accel_region_begin();
    s = accel_transpose(&tx, &ty, NULL);
    accel_region_end();
  } else if (!strcmp(kind, "concat") && argc == 7) {
    int axis = atoi(argv[4]);
    accel_tensor tx2 = accel_matrix_f32(x + r * c, r, c);
    accel_tensor ty =
        axis ? accel_matrix_f32(y, r, 2 * c) : accel_matrix_f32(y, 2 * r, c);
    const accel_tensor *xs[2] = {&tx, &tx2};
    bench_output(argv[argc - 1], y, y_size);
    accel_region_begin();
    s = accel_concat(xs, 2, axis, &ty);
    accel_region_end();
  } else if (n) {
    for (long i = 0; i < n; ++i)
      indices[i] = (int)((i * 7919) % r);
    accel_tensor ty = accel_matrix_f32(y, n, c);
    bench_output(argv[argc - 1], y, y_size);
    accel_region_begin();
    s = accel_gather(&tx, indices, n, 0, &ty);
    accel_region_end();
  } else if (w) {
    long widths[4] = {w, w, w, w};
    accel_tensor ty = accel_matrix_f32(y, r + 2 * w, c + 2 * w);
    bench_output(argv[argc - 1], y, y_size);
    accel_region_begin();
    s = accel_pad(&tx, &ty, widths, (accel_pad_mode)atoi(argv[5]), 0.0f);
    accel_region_end();
  }
  return bench_finish(s);
}
