/* One accel_gemm call on operands read from a file (test/kernels/gemm.test,
 * made by kernel_check.py):
 *   gemm_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "GEMMCAS1"
 *   int64 M, N, K, trans_a, trans_b, bias_kind, act_kind, null_options
 *   f32 alpha, beta, lo, hi
 *   4 tensor records of rank 2 with a present flag (a, b, c, bias;
 *   driver_io.h), then each present tensor's buffer.
 * A record with present = 0 is a null pointer (bias only). The output is
 * c's whole buffer after the call, so the checker sees what was written
 * outside the view too.
 * Exits 1 on bad input, 2 if accel_gemm returns an error (it has printed
 * its own line), 0 otherwise. */
#include <accel.h>
#include <accel_kernels.h>

#include "driver_io.h"

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: gemm_driver <case> <output>\n");
    return 1;
  }
  int64_t h[8];
  float f[4];
  driver_record r[4];
  static const char *const names[4] = {"a", "b", "c", "bias"};
  float *buffers[4];
  accel_tensor t[4];
  if (!driver_open("gemm_driver", argv[1], "GEMMCAS1") ||
      !driver_read(h, sizeof h, "header") ||
      !driver_read(f, sizeof f, "scalars") ||
      !driver_read_records(r, 4, 2, 1) ||
      !driver_read_tensors(r, 4, names, 3, buffers, t))
    return 1;
  close(driver_in);


  accel_gemm_options o = accel_gemm_defaults();
  o.trans_a = (int)h[3];
  o.trans_b = (int)h[4];
  o.alpha = f[0];
  o.beta = f[1];
  o.bias_kind = (accel_bias_kind)h[5];
  o.bias = r[3].present ? &t[3] : NULL;
  o.act.kind = (accel_act_kind)h[6];
  o.act.lo = f[2];
  o.act.hi = f[3];

  accel_region_begin();
  accel_status s = accel_gemm(&t[0], &t[1], &t[2], h[7] ? NULL : &o);
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "gemm_driver: accel_gemm returned %d\n", (int)s);
    return 2;
  }

  return !driver_write_buffer(argv[2], buffers[2], &r[2]);
}
