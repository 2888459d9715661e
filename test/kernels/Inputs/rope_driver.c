/* One call of accel_rope on tensors read from a file (test/kernels/rope.test,
 * made by rope_check.py):
 *   rope_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "ROPECAS1"
 *   int64 in_place
 *   4 tensor records of rank 6 with a present flag (x, cos, sin, y;
 *   driver_io.h), then each present tensor's buffer.
 * in_place: y is x's descriptor (y's record is then absent). The output is
 * y's whole buffer after the call (x's when in place).
 * Exits 1 on bad input, 2 if the kernel returns an error (it has printed
 * its own line), 0 otherwise. */
#include <accel.h>
#include <accel_kernels.h>

#include "driver_io.h"

enum { Tensors = 4 };

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: rope_driver <case> <output>\n");
    return 1;
  }
  int64_t in_place;
  driver_record r[Tensors];
  float *buffers[Tensors];
  accel_tensor t[Tensors];
  static const char *const names[Tensors] = {"x", "cos", "sin", "y"};
  if (!driver_open("rope_driver", argv[1], "ROPECAS1") ||
      !driver_read(&in_place, sizeof in_place, "header") ||
      !driver_read_records(r, Tensors, 6, 1) ||
      !driver_read_tensors(r, Tensors, names, 3, buffers, t))
    return 1;
  close(driver_in);
  accel_tensor *y = in_place ? &t[0] : &t[3];
  accel_region_begin();
  accel_status s = accel_rope(&t[0], &t[1], &t[2], y);
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "rope_driver: the kernel returned %d\n", (int)s);
    return 2;
  }
  int which = in_place ? 0 : 3;
  return !driver_write_buffer(argv[2], buffers[which], &r[which]);
}
