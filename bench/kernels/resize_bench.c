/* resize_bench.c - one accel_resize call of resize_cases.py on operands in
   DRAM, the call alone the region of interest:

     MODE N C H W SH SW IN OUT   y [N, C, H SH, W SW] = x [N, C, H, W]
                                 resized by whole scales SH, SW; MODE 0
                                 nearest, 1 linear, 2 cubic (half_pixel)
   IN holds x; OUT gets y (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>

#include "bench_io.h"

int main(int argc, char **argv) {
  if (argc != 10)
    return 2;
  long n = atol(argv[2]), c = atol(argv[3]), h = atol(argv[4]),
       w = atol(argv[5]), sh = atol(argv[6]), sw = atol(argv[7]);
  long x_dims[4] = {n, c, h, w}, y_dims[4] = {n, c, h * sh, w * sw};
  long x_size = n * c * h * w, y_size = x_size * sh * sw;
  float *x = bench_alloc(x_size), *y = bench_alloc(y_size);
  if (!x || !y)
    return 3;
  if (bench_read(argv[8], 1, (float *[]){x}, (long[]){x_size}))
    return 4;
  accel_tensor tx = accel_tensor_f32(x, 4, x_dims);
  accel_tensor ty = accel_tensor_f32(y, 4, y_dims);
  accel_resize_options o = accel_resize_defaults();
  o.mode = (accel_resize_mode)atoi(argv[1]);
  bench_output(argv[9], y, y_size);
  accel_region_begin();
  accel_status s = accel_resize(&tx, &ty, &o);
  accel_region_end();
  return bench_finish(s);
}
