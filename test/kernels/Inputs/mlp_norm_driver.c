/* One call of accel_mlp_layernorm on tensors read from a file
 * (test/kernels/gemm-norm.test, made by gemm_norm_check.py's mlp set):
 *   mlp_norm_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "MLPNCAS1"
 *   int64 act (an accel_act_kind), in_place (y is the residual's
 *         descriptor)
 *   f32 epsilon
 *   9 tensor records of rank 6 with a present flag (x, w1, w2, y, bias1,
 *   bias2, scale, shift, residual; driver_io.h), then each present
 *   tensor's buffer.
 * The output is y's whole buffer after the call (the residual's in place).
 * Exits 1 on bad input, 2 if the kernel returns an error (it has printed
 * its own line), 0 otherwise. */
#include <accel.h>
#include <accel_kernels.h>

#include "driver_io.h"

enum { Tensors = 9 };

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: mlp_norm_driver <case> <output>\n");
    return 1;
  }
  int64_t h[2];
  float epsilon;
  driver_record r[Tensors];
  float *buffers[Tensors];
  accel_tensor t[Tensors];
  if (!driver_open("mlp_norm_driver", argv[1], "MLPNCAS1") ||
      !driver_read(h, sizeof h, "header") ||
      !driver_read(&epsilon, sizeof epsilon, "epsilon") ||
      !driver_read_records(r, Tensors, 6, 1) ||
      !driver_read_tensors(r, Tensors, NULL, 1, buffers, t))
    return 1;
  close(driver_in);

  int in_place = (int)h[1];
#define OR_NULL(i) (r[i].present ? &t[i] : NULL)
  accel_mlp_options m = accel_mlp_defaults();
  m.act = (accel_act_kind)h[0];
  m.bias1 = OR_NULL(4);
  m.bias2 = OR_NULL(5);
  accel_norm_options n = accel_norm_defaults();
  n.epsilon = epsilon;
  n.scale = OR_NULL(6);
  n.shift = OR_NULL(7);
  n.residual = OR_NULL(8);
  accel_tensor *y = in_place ? &t[8] : &t[3];
  accel_region_begin();
  accel_status s = accel_mlp_layernorm(&t[0], &t[1], &t[2], y, &m, &n);
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "mlp_norm_driver: the kernel returned %d\n", (int)s);
    return 2;
  }
  int which = in_place ? 8 : 3;
  return !driver_write_buffer(argv[2], buffers[which], &r[which]);
}
