/* accel_groupnorm's driver of test/kernels/groupnorm.test (groupnorm_check.py
 * writes its case file and checks what it writes back).
 *
 * Case file: "ACGNORM1", int64 ncases, then per case the int64s rank,
 * dims[6], groups, act, has_scale, has_shift, in_place, pad (floats
 * between consecutive n of x and y), the f64 epsilon, then x's elements
 * (N (C S + pad) floats, the padding NaN), the scale and the shift (C
 * each when present); each array padded to 8 bytes. Output file: per
 * case the int64 status, then y's buffer (N (C S + pad) floats; the
 * padding as the driver filled it, 0xA5 bytes, where not written). */
#include "driver_io.h"

static size_t padded(size_t floats) { return (floats * 4 + 7) & ~(size_t)7; }

int main(int argc, char **argv) {
  int64_t ncases;
  int out =
      driver_open_batch("groupnorm_driver", argc, argv, "ACGNORM1", &ncases);
  if (out < 0)
    return 3;
  for (int64_t c = 0; c < ncases; ++c) {
    int64_t h[13];
    double eps;
    if (!driver_read(h, sizeof h, "case") || !driver_read(&eps, 8, "eps"))
      return 3;
    int rank = (int)h[0];
    long n = h[1], inner = 1;
    for (int d = 1; d < rank; ++d)
      inner *= h[1 + d];
    long channels = rank > 1 ? h[2] : 0, pad = h[12];
    size_t total = (size_t)(n * (inner + pad));
    float *x = malloc(padded(total) + 8), *y = malloc(padded(total) + 8);
    float *scale = malloc(padded(channels) + 8),
          *shift = malloc(padded(channels) + 8);
    if (!x || !y || !scale || !shift || !driver_read(x, padded(total), "x") ||
        (h[9] && !driver_read(scale, padded(channels), "scale")) ||
        (h[10] && !driver_read(shift, padded(channels), "shift")))
      return 3;
    memset(y, 0xA5, padded(total));
    accel_tensor tx, ty, ts, th;
    memset(&tx, 0, sizeof tx);
    tx.data = x, tx.dtype = ACCEL_F32, tx.rank = rank;
    long st = 1;
    for (int d = rank - 1; d >= 1; --d)
      tx.dims[d] = h[1 + d], tx.strides[d] = st, st *= h[1 + d];
    tx.dims[0] = n, tx.strides[0] = inner + pad;
    ty = tx;
    ty.data = h[11] ? x : y;
    ts = accel_tensor_f32(scale, 1, &channels);
    th = accel_tensor_f32(shift, 1, &channels);
    accel_groupnorm_options o;
    o.groups = h[7], o.act = (accel_act_kind)h[8], o.epsilon = (float)eps;
    o.scale = h[9] ? &ts : NULL, o.shift = h[10] ? &th : NULL;
    int64_t status = accel_groupnorm(&tx, &ty, &o);
    if (write(out, &status, 8) != 8 ||
        write(out, h[11] ? x : y, padded(total)) != (ssize_t)padded(total))
      return 4;
    free(x), free(y), free(scale), free(shift);
  }
  return close(out) != 0;
}
