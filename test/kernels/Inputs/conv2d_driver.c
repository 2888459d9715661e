/* One accel_conv2d call (or, built with -DCONV_ENTRY=accel_conv2d_rows or
 * accel_conv2d_rows_maxpool, that entry point's: conv2d-rows.test) on
 * tensors read from a file (test/kernels/conv2d.test, made by
 * conv2d_check.py):
 *   conv2d_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "CONVCAS1"
 *   int64 stride_h, stride_w, pad_top, pad_left, pad_bottom, pad_right,
 *         dilation_h, dilation_w, groups, act_kind, null_options
 *   f32 lo, hi
 *   4 tensor records of rank 4 with a present flag (x, w, y, bias;
 *   driver_io.h), then each present tensor's buffer.
 * A record with present = 0 is a null pointer (bias only). The output is
 * y's whole buffer after the call, so the checker sees what was written
 * outside the view too.
 * Exits 1 on bad input, 2 if the call returns an error (it has printed
 * its own line), 0 otherwise. */
#include <accel.h>
#include <accel_kernels.h>

#include "driver_io.h"

#ifndef CONV_ENTRY
#define CONV_ENTRY accel_conv2d
#endif
#define NAME_OF(f) #f
#define NAME(f) NAME_OF(f)

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: conv2d_driver <case> <output>\n");
    return 1;
  }
  int64_t h[11];
  float f[2];
  driver_record r[4];
  static const char *const names[4] = {"x", "w", "y", "bias"};
  float *buffers[4];
  accel_tensor t[4];
  if (!driver_open("conv2d_driver", argv[1], "CONVCAS1") ||
      !driver_read(h, sizeof h, "header") ||
      !driver_read(f, sizeof f, "scalars") ||
      !driver_read_records(r, 4, 4, 1) ||
      !driver_read_tensors(r, 4, names, 3, buffers, t))
    return 1;
  close(driver_in);

  accel_conv2d_options o = accel_conv2d_defaults();
  o.stride_h = h[0], o.stride_w = h[1];
  o.pad_top = h[2], o.pad_left = h[3], o.pad_bottom = h[4], o.pad_right = h[5];
  o.dilation_h = h[6], o.dilation_w = h[7];
  o.groups = h[8];
  o.act.kind = (accel_act_kind)h[9];
  o.act.lo = f[0], o.act.hi = f[1];
  o.bias = r[3].present ? &t[3] : NULL;

  accel_region_begin();
  accel_status s = CONV_ENTRY(&t[0], &t[1], &t[2], h[10] ? NULL : &o);
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "conv2d_driver: %s returned %d\n", NAME(CONV_ENTRY),
            (int)s);
    return 2;
  }
  return !driver_write_buffer(argv[2], buffers[2], &r[2]);
}
