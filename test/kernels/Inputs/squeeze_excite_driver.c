/* One call of accel_squeeze_excite on tensors read from a file
 * (test/kernels/squeeze-excite.test, made by squeeze_excite_check.py):
 *   squeeze_excite_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "SQEXCAS1"
 *   int64 act (an accel_act_kind)
 *   6 tensor records of rank 6 with a present flag (x, w1, w2, y, bias1,
 *   bias2; driver_io.h), then each present tensor's buffer.
 * The output is y's whole buffer after the call. Exits 1 on bad input, 2
 * if the kernel returns an error (it has printed its own line), 0
 * otherwise. */
#include <accel.h>
#include <accel_kernels.h>

#include "driver_io.h"

enum { Tensors = 6 };

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: squeeze_excite_driver <case> <output>\n");
    return 1;
  }
  int64_t act;
  driver_record r[Tensors];
  float *buffers[Tensors];
  accel_tensor t[Tensors];
  if (!driver_open("squeeze_excite_driver", argv[1], "SQEXCAS1") ||
      !driver_read(&act, sizeof act, "act") ||
      !driver_read_records(r, Tensors, 6, 1) ||
      !driver_read_tensors(r, Tensors, NULL, 4, buffers, t))
    return 1;
  close(driver_in);

  accel_squeeze_excite_options o = accel_squeeze_excite_defaults();
  o.act = (accel_act_kind)act;
  o.bias1 = r[4].present ? &t[4] : NULL;
  o.bias2 = r[5].present ? &t[5] : NULL;
  accel_region_begin();
  accel_status s = accel_squeeze_excite(&t[0], &t[1], &t[2], &t[3], &o);
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "squeeze_excite_driver: the kernel returned %d\n", (int)s);
    return 2;
  }
  return !driver_write_buffer(argv[2], buffers[3], &r[3]);
}
