/* One call of accel_gru on tensors read from a file
 * (test/kernels/gru.test, made by gru_check.py):
 *   gru_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "GRUCASE1"
 *   int64 reverse
 *   int64 pack: 1 if w's buffer holds R [3 H, H] row-major, which the
 *     driver packs with accel_gru_pack
 *   5 tensor records of rank 6 with a present flag (xw, w, rbh, h0, y;
 *   driver_io.h), then each present tensor's buffer.
 * The output is y's whole buffer.
 * Exits 1 on bad input, 2 if the kernel returns an error (it has printed
 * its own line), 0 otherwise. */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>

#include "driver_io.h"

enum { Tensors = 5 };

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: gru_driver <case> <output>\n");
    return 1;
  }
  int64_t head[2];
  driver_record r[Tensors];
  float *buffers[Tensors];
  accel_tensor t[Tensors];
  static const char *const names[Tensors] = {"xw", "w", "rbh", "h0", "y"};
  if (!driver_open("gru_driver", argv[1], "GRUCASE1") ||
      !driver_read(head, sizeof head, "header") ||
      !driver_read_records(r, Tensors, 6, 1) ||
      !driver_read_tensors(r, Tensors, names, 2, buffers, t))
    return 1;
  close(driver_in);
  if (head[1]) {
    long h = t[4].dims[2];
    float *packed = malloc(sizeof(float) * (t[1].dims[0] * h * 16 + 1));
    accel_gru_pack(buffers[1], h, packed);
    t[1].data = packed;
  }
  accel_region_begin();
  accel_status s = accel_gru(&t[0], &t[1], r[2].present ? &t[2] : NULL,
                             r[3].present ? &t[3] : NULL, &t[4], (int)head[0]);
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "gru_driver: the kernel returned %d\n", (int)s);
    return 2;
  }
  return !driver_write_buffer(argv[2], buffers[4], &r[4]);
}
