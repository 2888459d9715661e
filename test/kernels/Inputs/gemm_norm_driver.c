/* One call of accel_gemm_layernorm on tensors read from a file
 * (test/kernels/gemm-norm.test, made by gemm_norm_check.py):
 *   gemm_norm_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "GNRMCAS1"
 *   int64 trans_b, in_place (y is the residual's descriptor)
 *   f32 epsilon
 *   7 tensor records of rank 6 with a present flag (a, b, y, bias, scale,
 *   shift, residual; driver_io.h), then each present tensor's buffer.
 * The output is y's whole buffer after the call (the residual's in place).
 * Exits 1 on bad input, 2 if the kernel returns an error (it has printed
 * its own line), 0 otherwise. */
#include <accel.h>
#include <accel_kernels.h>

#include "driver_io.h"

enum { Tensors = 7 };

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: gemm_norm_driver <case> <output>\n");
    return 1;
  }
  int64_t h[2];
  float epsilon;
  driver_record r[Tensors];
  float *buffers[Tensors];
  accel_tensor t[Tensors];
  if (!driver_open("gemm_norm_driver", argv[1], "GNRMCAS1") ||
      !driver_read(h, sizeof h, "header") ||
      !driver_read(&epsilon, sizeof epsilon, "epsilon") ||
      !driver_read_records(r, Tensors, 6, 1) ||
      !driver_read_tensors(r, Tensors, NULL, 1, buffers, t))
    return 1;
  close(driver_in);

  int in_place = (int)h[1];
#define OR_NULL(i) (r[i].present ? &t[i] : NULL)
  accel_gemm_options g = accel_gemm_defaults();
  g.trans_b = (int)h[0];
  if (r[3].present)
    g.bias_kind = ACCEL_BIAS_PER_COLUMN, g.bias = &t[3];
  accel_norm_options n = accel_norm_defaults();
  n.epsilon = epsilon;
  n.scale = OR_NULL(4);
  n.shift = OR_NULL(5);
  n.residual = OR_NULL(6);
  accel_tensor *y = in_place ? &t[6] : &t[2];
  accel_region_begin();
  accel_status s = accel_gemm_layernorm(&t[0], &t[1], y, &g, &n);
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "gemm_norm_driver: the kernel returned %d\n", (int)s);
    return 2;
  }
  int which = in_place ? 6 : 2;
  return !driver_write_buffer(argv[2], buffers[which], &r[which]);
}
