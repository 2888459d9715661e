/* One accel_attention call on operands read from a file
 * (test/kernels/attention.test, made by attention_check.py):
 *   attention_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "ATTNCAS1"
 *   int64 mask_kind, null_options
 *   f32 scale
 *   5 tensor records of rank 6 with a present flag (q, k, v, o, mask;
 *   driver_io.h), then each present tensor's buffer.
 * A record with present = 0 is a null pointer (mask only). The output is
 * o's whole buffer after the call, so the checker sees what was written
 * outside the view too.
 * Exits 1 on bad input, 2 if accel_attention returns an error (it has
 * printed its own line), 0 otherwise. */
#include <accel.h>
#include <accel_kernels.h>

#include "driver_io.h"

enum { Tensors = 5 };

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: attention_driver <case> <output>\n");
    return 1;
  }
  int64_t h[2];
  float scale;
  driver_record r[Tensors];
  static const char *const names[Tensors] = {"q", "k", "v", "o", "mask"};
  float *buffers[Tensors];
  accel_tensor t[Tensors];
  if (!driver_open("attention_driver", argv[1], "ATTNCAS1") ||
      !driver_read(h, sizeof h, "header") ||
      !driver_read(&scale, sizeof scale, "scale") ||
      !driver_read_records(r, Tensors, 6, 1) ||
      !driver_read_tensors(r, Tensors, names, 4, buffers, t))
    return 1;
  close(driver_in);

  accel_attention_options o = accel_attention_defaults();
  o.scale = scale;
  o.mask_kind = (accel_mask_kind)h[0];
  o.mask = r[4].present ? &t[4] : NULL;

  accel_region_begin();
  accel_status s =
      accel_attention(&t[0], &t[1], &t[2], &t[3], h[1] ? NULL : &o);
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "attention_driver: accel_attention returned %d\n", (int)s);
    return 2;
  }

  return !driver_write_buffer(argv[2], buffers[3], &r[3]);
}
