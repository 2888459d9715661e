/* One call of accel_layernorm or accel_rmsnorm with a residual whose sum
 * is written too (test/kernels/norm-sum.test, made by norm_sum_check.py):
 *   norm_sum_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "NORMSUM1"
 *   int64 op (2 layernorm, 3 rmsnorm), axis, mode
 *   f32 epsilon
 *   5 tensor records of rank 6 with a present flag (x, out, scale, shift,
 *   residual; driver_io.h), then each present tensor's buffer.
 * out is [2, x's dims]: the sum is out[0], y is out[1], as the graph
 * runtime lays them out. mode 0 passes both; 1 passes the sum without the
 * residual; 2 passes x as the sum (overlapping x). The output is out's
 * whole buffer after the call.
 * Exits 1 on bad input, 2 if the kernel returns an error (it has printed
 * its own line), 0 otherwise. */
#include <accel.h>
#include <accel_kernels.h>

#include "driver_io.h"

enum { Tensors = 5 };

/* out[i], of rank out's - 1. */
static accel_tensor half_of(const accel_tensor *out, int i) {
  accel_tensor t = *out;
  t.rank = out->rank - 1;
  t.data = (float *)out->data + i * out->strides[0];
  for (int d = 0; d < t.rank; ++d)
    t.dims[d] = out->dims[d + 1], t.strides[d] = out->strides[d + 1];
  return t;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: norm_sum_driver <case> <output>\n");
    return 1;
  }
  int64_t h[3];
  float epsilon;
  driver_record r[Tensors];
  float *buffers[Tensors];
  accel_tensor t[Tensors];
  if (!driver_open("norm_sum_driver", argv[1], "NORMSUM1") ||
      !driver_read(h, sizeof h, "header") ||
      !driver_read(&epsilon, sizeof epsilon, "epsilon") ||
      !driver_read_records(r, Tensors, 6, 1) ||
      !driver_read_tensors(r, Tensors, NULL, 2, buffers, t))
    return 1;
  close(driver_in);

  int64_t op = h[0], mode = h[2];
  accel_tensor sum = half_of(&t[1], 0), y = half_of(&t[1], 1);
#define OR_NULL(i) (r[i].present ? &t[i] : NULL)
  accel_norm_options o = accel_norm_defaults();
  o.axis = (int)h[1];
  o.epsilon = epsilon;
  o.scale = OR_NULL(2);
  o.shift = OR_NULL(3);
  o.residual = mode == 1 ? NULL : OR_NULL(4);
  o.sum = mode == 2 ? &t[0] : &sum;
  accel_region_begin();
  accel_status s =
      op == 3 ? accel_rmsnorm(&t[0], &y, &o) : accel_layernorm(&t[0], &y, &o);
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "norm_sum_driver: the kernel returned %d\n", (int)s);
    return 2;
  }
  return !driver_write_buffer(argv[2], buffers[1], &r[1]);
}
