/* One call of a normalization kernel on tensors read from a file
 * (test/kernels/normalization.test, made by norm_check.py):
 *   norm_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "NORMCAS1"
 *   int64 op (0 softmax, 1 log-softmax, 2 layernorm, 3 rmsnorm,
 *             4 batchnorm), axis, in_place, null_options
 *   f32 epsilon
 *   6 tensor records of rank 6 with a present flag (x, y, then scale,
 *   shift and residual for the norms or mean, var, scale, shift for
 *   batchnorm; driver_io.h), then each present tensor's buffer.
 * in_place: y is x's descriptor (y's record is then absent). The output is
 * y's whole buffer after the call (x's when in place).
 * Exits 1 on bad input, 2 if the kernel returns an error (it has printed
 * its own line), 0 otherwise. */
#include <accel.h>
#include <accel_kernels.h>

#include "driver_io.h"

enum { Tensors = 6 };

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: norm_driver <case> <output>\n");
    return 1;
  }
  int64_t h[4];
  float epsilon;
  driver_record r[Tensors];
  float *buffers[Tensors];
  accel_tensor t[Tensors];
  if (!driver_open("norm_driver", argv[1], "NORMCAS1") ||
      !driver_read(h, sizeof h, "header") ||
      !driver_read(&epsilon, sizeof epsilon, "epsilon") ||
      !driver_read_records(r, Tensors, 6, 1) ||
      !driver_read_tensors(r, Tensors, NULL, 1, buffers, t))
    return 1;
  close(driver_in);

  int64_t op = h[0], in_place = h[2], null_options = h[3];
  int axis = (int)h[1];
  accel_tensor *x = &t[0], *y = in_place ? &t[0] : &t[1];
#define OR_NULL(i) (r[i].present ? &t[i] : NULL)
  accel_norm_options norm = accel_norm_defaults();
  norm.axis = axis;
  norm.epsilon = epsilon;
  norm.scale = OR_NULL(2);
  norm.shift = OR_NULL(3);
  norm.residual = OR_NULL(4);
  accel_batchnorm_options bn = {OR_NULL(2), OR_NULL(3), OR_NULL(4),
                                OR_NULL(5), epsilon};
  accel_status s;
  accel_region_begin();
  switch (op) {
  case 0:
  case 1:
    s = accel_softmax(x, y, axis, op == 1);
    break;
  case 2:
    s = accel_layernorm(x, y, null_options ? NULL : &norm);
    break;
  case 3:
    s = accel_rmsnorm(x, y, null_options ? NULL : &norm);
    break;
  default:
    s = accel_batchnorm(x, y, null_options ? NULL : &bn);
    break;
  }
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "norm_driver: the kernel returned %d\n", (int)s);
    return 2;
  }
  int which = in_place ? 0 : 1;
  return !driver_write_buffer(argv[2], buffers[which], &r[which]);
}
