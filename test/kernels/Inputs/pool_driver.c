/* One call of a pooling or reduction kernel on tensors read from a file
 * (test/kernels/pooling.test and reduce.test, made by pool_check.py):
 *   pool_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "POOLCAS1"
 *   int64 op (0 maxpool, 1 avgpool, 2 global avg, 3 global max,
 *             4 + accel_reduce_op: accel_reduce), null_options
 *   int64 kernel_h, kernel_w, stride_h, stride_w, pad_top, pad_left,
 *         pad_bottom, pad_right, dilation_h, dilation_w, ceil_mode,
 *         count_include_pad
 *   int64 num_axes, axes[6]
 *   2 tensor records of rank 6 without a present flag (x, y;
 *   driver_io.h), then x's buffer and y's buffer.
 * The output is y's whole buffer after the call. Exits 1 on bad input, 2
 * if the kernel returns an error (it has printed its own line), 0
 * otherwise. */
#include <accel.h>
#include <accel_kernels.h>

#include "driver_io.h"

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: pool_driver <case> <output>\n");
    return 1;
  }
  int64_t h[2], o[12], ax[7];
  driver_record r[2];
  float *buffers[2];
  accel_tensor t[2];
  if (!driver_open("pool_driver", argv[1], "POOLCAS1") ||
      !driver_read(h, sizeof h, "header") ||
      !driver_read(o, sizeof o, "options") ||
      !driver_read(ax, sizeof ax, "axes") ||
      !driver_read_records(r, 2, 6, 0) ||
      !driver_read_tensors(r, 2, NULL, 2, buffers, t))
    return 1;
  close(driver_in);
  accel_tensor *x = &t[0], *y = &t[1];
  accel_pool2d_options po = {o[0], o[1], o[2], o[3], o[4],  o[5],
                             o[6], o[7], o[8], o[9], (int)o[10],
                             (int)o[11]};
  int axes[6];
  for (int i = 0; i < 6; ++i)
    axes[i] = (int)ax[1 + i];
  const accel_pool2d_options *opt = h[1] ? NULL : &po;
  accel_status s;
  accel_region_begin();
  switch (h[0]) {
  case 0:
    s = accel_maxpool2d(x, y, opt);
    break;
  case 1:
    s = accel_avgpool2d(x, y, opt);
    break;
  case 2:
    s = accel_global_avgpool(x, y);
    break;
  case 3:
    s = accel_global_maxpool(x, y);
    break;
  default:
    s = accel_reduce((accel_reduce_op)(h[0] - 4), x, y,
                     ax[0] ? axes : NULL, (int)ax[0]);
    break;
  }
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "pool_driver: the kernel returned %d\n", (int)s);
    return 2;
  }
  return !driver_write_buffer(argv[2], buffers[1], &r[1]);
}
