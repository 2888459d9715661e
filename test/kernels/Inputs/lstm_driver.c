/* One call of accel_lstm on tensors read from a file
 * (test/kernels/lstm.test, made by lstm_check.py):
 *   lstm_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "LSTMCAS1"
 *   int64 reverse
 *   int64 pack: 1 if w's buffer holds R [4 H, H] row-major, which the
 *     driver packs with accel_lstm_pack
 *   6 tensor records of rank 6 with a present flag (xw, w, h0, c0, y,
 *   yc; driver_io.h), then each present tensor's buffer.
 * The output is y's whole buffer, then yc's if present.
 * Exits 1 on bad input, 2 if the kernel returns an error (it has printed
 * its own line), 0 otherwise. */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>

#include "driver_io.h"

enum { Tensors = 6 };

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: lstm_driver <case> <output>\n");
    return 1;
  }
  int64_t head[2];
  driver_record r[Tensors];
  float *buffers[Tensors];
  accel_tensor t[Tensors];
  static const char *const names[Tensors] = {"xw", "w", "h0", "c0", "y", "yc"};
  if (!driver_open("lstm_driver", argv[1], "LSTMCAS1") ||
      !driver_read(head, sizeof head, "header") ||
      !driver_read_records(r, Tensors, 6, 1) ||
      !driver_read_tensors(r, Tensors, names, 2, buffers, t))
    return 1;
  close(driver_in);
  if (head[1]) {
    long h = t[4].dims[2];
    float *packed = malloc(sizeof(float) * (t[1].dims[0] * h * 16 + 1));
    accel_lstm_pack(buffers[1], h, packed);
    t[1].data = packed;
  }
  accel_region_begin();
  accel_status s = accel_lstm(&t[0], &t[1], r[2].present ? &t[2] : NULL,
                              r[3].present ? &t[3] : NULL, &t[4],
                              r[5].present ? &t[5] : NULL, (int)head[0]);
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "lstm_driver: the kernel returned %d\n", (int)s);
    return 2;
  }
  size_t ny = (size_t)r[4].length, nc = r[5].present ? (size_t)r[5].length : 0;
  float *out = malloc(sizeof(float) * (ny + nc + 1));
  for (size_t i = 0; i < ny; ++i)
    out[i] = buffers[4][i];
  for (size_t i = 0; i < nc; ++i)
    out[ny + i] = buffers[5][i];
  return !driver_write_file(argv[2], out, sizeof(float) * (ny + nc));
}
