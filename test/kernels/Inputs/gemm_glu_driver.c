/* One call of accel_gemm_glu on tensors read from a file
 * (test/kernels/gemm-glu.test, made by gemm_glu_check.py):
 *   gemm_glu_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "GLUCASE1"
 *   int64 pack: 1 if w's buffer holds w_gate [K, H] then w_up [K, H]
 *     (row-major, K and H from a's and y's records), which the driver
 *     packs with accel_gemm_glu_pack into w's record's view
 *   3 tensor records of rank 6 with a present flag (a, w, y;
 *   driver_io.h), then each tensor's buffer.
 * The output is y's whole buffer after the call.
 * Exits 1 on bad input, 2 if the kernel returns an error (it has printed
 * its own line), 0 otherwise. */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>

#include "driver_io.h"

enum { Tensors = 3 };

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: gemm_glu_driver <case> <output>\n");
    return 1;
  }
  int64_t pack;
  driver_record r[Tensors];
  float *buffers[Tensors];
  accel_tensor t[Tensors];
  static const char *const names[Tensors] = {"a", "w", "y"};
  if (!driver_open("gemm_glu_driver", argv[1], "GLUCASE1") ||
      !driver_read(&pack, sizeof pack, "header") ||
      !driver_read_records(r, Tensors, 6, 1) ||
      !driver_read_tensors(r, Tensors, names, 3, buffers, t))
    return 1;
  close(driver_in);
  if (pack) {
    long k = t[0].dims[1], h = t[2].dims[1];
    float *packed = malloc(sizeof(float) * (t[1].dims[0] * k * 16 + 1));
    accel_gemm_glu_pack(buffers[1], buffers[1] + k * h, k, h, packed);
    t[1].data = packed;
  }
  accel_region_begin();
  accel_status s = accel_gemm_glu(&t[0], &t[1], &t[2]);
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "gemm_glu_driver: the kernel returned %d\n", (int)s);
    return 2;
  }
  return !driver_write_buffer(argv[2], buffers[2], &r[2]);
}
