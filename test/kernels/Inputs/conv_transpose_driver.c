/* One accel_conv_transpose2d call on tensors read from a file
 * (test/kernels/conv-transpose.test, made by conv_transpose_check.py):
 *   conv_transpose_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "CTRCAS01"
 *   int64 stride_h, stride_w, pad_top, pad_left, pad_bottom, pad_right,
 *         dilation_h, dilation_w, output_pad_h, output_pad_w, groups,
 *         null_options
 *   4 tensor records of rank 4 with a present flag (x, w, y, bias;
 *   driver_io.h), then each present tensor's buffer.
 * The output is y's whole buffer after the call.
 * Exits 1 on bad input, 2 if the kernel returns an error (it has printed
 * its own line), 0 otherwise. */
#include <accel.h>
#include <accel_kernels.h>

#include "driver_io.h"

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: conv_transpose_driver <case> <output>\n");
    return 1;
  }
  int64_t h[12];
  driver_record r[4];
  static const char *const names[4] = {"x", "w", "y", "bias"};
  float *buffers[4];
  accel_tensor t[4];
  if (!driver_open("conv_transpose_driver", argv[1], "CTRCAS01") ||
      !driver_read(h, sizeof h, "header") || !driver_read_records(r, 4, 4, 1) ||
      !driver_read_tensors(r, 4, names, 3, buffers, t))
    return 1;
  close(driver_in);

  accel_conv_transpose2d_options o = accel_conv_transpose2d_defaults();
  o.stride_h = h[0], o.stride_w = h[1];
  o.pad_top = h[2], o.pad_left = h[3], o.pad_bottom = h[4], o.pad_right = h[5];
  o.dilation_h = h[6], o.dilation_w = h[7];
  o.output_pad_h = h[8], o.output_pad_w = h[9];
  o.groups = h[10];
  o.bias = r[3].present ? &t[3] : NULL;

  accel_region_begin();
  accel_status s =
      accel_conv_transpose2d(&t[0], &t[1], &t[2], h[11] ? NULL : &o);
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr,
            "conv_transpose_driver: accel_conv_transpose2d returned "
            "%d\n",
            (int)s);
    return 2;
  }
  return !driver_write_buffer(argv[2], buffers[2], &r[2]);
}
