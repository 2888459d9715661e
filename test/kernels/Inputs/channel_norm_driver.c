/* accel_channel_norm's driver of test/kernels/channel-norm.test
 * (channel_norm_check.py writes its case file and checks what it writes
 * back).
 *
 * Case file: "ACCHNRM1", int64 ncases, then per case the int64s rank,
 * dims[6], has_scale, has_shift, in_place, cpad (floats after each
 * channel's plane), npad (floats after each n's channels), axis, last (y
 * channels-last: [N, S, C] contiguous, each pixel's channels together;
 * neither padding nor in place), then the
 * f64 epsilon, then x's elements (N (C (S + cpad) + npad) floats, the
 * padding NaN), the scale and the shift (C each when present); each array
 * padded to 8 bytes. Output file: per case the int64 status, then y's
 * buffer (the padding as the driver filled it, 0xA5 bytes, where not
 * written). */
#include "driver_io.h"

static size_t padded(size_t floats) { return (floats * 4 + 7) & ~(size_t)7; }

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  int64_t ncases;
  if (!driver_open("channel_norm_driver", argv[1], "ACCHNRM1") ||
      !driver_read(&ncases, sizeof ncases, "header"))
    return 3;
  int out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (out < 0)
    return 3;
  for (int64_t c = 0; c < ncases; ++c) {
    int64_t h[14];
    double eps;
    if (!driver_read(h, sizeof h, "case") || !driver_read(&eps, 8, "eps"))
      return 3;
    int rank = (int)h[0];
    long n = h[1], channels = h[2], s = 1;
    for (int d = 2; d < rank; ++d)
      s *= h[1 + d];
    long cpad = h[10], npad = h[11];
    long cs = s + cpad, ns = channels * cs + npad;
    size_t total = (size_t)(n * ns);
    float *x = malloc(padded(total) + 8), *y = malloc(padded(total) + 8);
    float *scale = malloc(padded(channels) + 8),
          *shift = malloc(padded(channels) + 8);
    if (!x || !y || !scale || !shift || !driver_read(x, padded(total), "x") ||
        (h[7] && !driver_read(scale, padded(channels), "scale")) ||
        (h[8] && !driver_read(shift, padded(channels), "shift")))
      return 3;
    memset(y, 0xA5, padded(total));
    accel_tensor tx, ty, ts, th;
    memset(&tx, 0, sizeof tx);
    tx.data = x, tx.dtype = ACCEL_F32, tx.rank = rank;
    long st = 1;
    for (int d = rank - 1; d >= 2; --d)
      tx.dims[d] = h[1 + d], tx.strides[d] = st, st *= h[1 + d];
    tx.dims[1] = channels, tx.strides[1] = cs;
    tx.dims[0] = n, tx.strides[0] = ns;
    ty = tx;
    ty.data = h[9] ? x : y;
    if (h[13]) { /* channels-last: pixel p's channel c at p C + c */
      ty.strides[1] = 1, st = channels;
      for (int d = rank - 1; d >= 2; --d)
        ty.strides[d] = st, st *= h[1 + d];
      ty.strides[0] = st;
    }
    ts = accel_tensor_f32(scale, 1, &channels);
    th = accel_tensor_f32(shift, 1, &channels);
    accel_norm_options o = accel_norm_defaults();
    o.axis = (int)h[12], o.epsilon = (float)eps;
    o.scale = h[7] ? &ts : NULL, o.shift = h[8] ? &th : NULL;
    int64_t status = accel_channel_norm(&tx, &ty, &o);
    if (write(out, &status, 8) != 8 ||
        write(out, h[9] ? x : y, padded(total)) != (ssize_t)padded(total))
      return 4;
    free(x), free(y), free(scale), free(shift);
  }
  return close(out) != 0;
}
