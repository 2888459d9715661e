/* The accel_resize driver of test/kernels/resize.test (resize_check.py
 * writes its case file and checks what it writes back).
 *
 * Case file: "ACRESZ01", int64 ncases, then per case the int64s dtype,
 * mode, coordinates, nearest_mode, exclude_outside, rank, x dims[6],
 * y dims[6], x strides[6], y strides[6], x offset, x length, y offset,
 * y length (in elements), run-time scales (0 none, else their count),
 * run-time sizes (count), run-time roi (count); the doubles cubic_coeff_a,
 * extrapolation_value, scales[6], roi_start[6], roi_end[6]; then x's
 * buffer and y's (each padded to 8 bytes), the run-time scales (f32),
 * sizes (int64) and roi (f32), each padded to 8 bytes.
 * Output file: per case the int64 status, then y's buffer after the call. */
#include "driver_io.h"

static size_t padded(int64_t n, size_t bytes) {
  return ((size_t)n * bytes + 7) & ~(size_t)7;
}

/* A rank-1 run-time configuration tensor of n elements, read from the
 * case file. */
static int read_config(accel_tensor *t, int64_t n, accel_dtype type,
                       void **buffer) {
  size_t bytes = padded(n, accel_dtype_bytes(type));
  *buffer = malloc(bytes + 8);
  if (!*buffer || !driver_read(*buffer, bytes, "configuration"))
    return 0;
  memset(t, 0, sizeof *t);
  t->data = *buffer;
  t->dtype = type;
  t->rank = 1;
  t->dims[0] = n;
  t->strides[0] = 1;
  return 1;
}

int main(int argc, char **argv) {
  int64_t ncases;
  int out = driver_open_batch("resize_driver", argc, argv, "ACRESZ01", &ncases);
  if (out < 0)
    return 3;
  for (int64_t c = 0; c < ncases; ++c) {
    enum { R = ACCEL_MAX_RANK };
    int64_t h[6 + 4 * R + 7];
    double f[2 + 3 * R];
    if (!driver_read(h, sizeof h, "case") ||
        !driver_read(f, sizeof f, "case options"))
      return 3;
    accel_tensor x, y;
    memset(&x, 0, sizeof x);
    memset(&y, 0, sizeof y);
    x.dtype = y.dtype = (accel_dtype)h[0];
    accel_resize_options o = accel_resize_defaults();
    o.mode = (accel_resize_mode)h[1];
    o.coordinates = (accel_resize_coordinates)h[2];
    o.nearest_mode = (accel_resize_nearest_mode)h[3];
    o.exclude_outside = (int)h[4];
    x.rank = y.rank = (int)h[5];
    for (int d = 0; d < R; ++d) {
      x.dims[d] = h[6 + d];
      y.dims[d] = h[6 + R + d];
      x.strides[d] = h[6 + 2 * R + d];
      y.strides[d] = h[6 + 3 * R + d];
      o.scales[d] = f[2 + d];
      o.roi_start[d] = f[2 + R + d];
      o.roi_end[d] = f[2 + 2 * R + d];
    }
    o.cubic_coeff_a = (float)f[0];
    o.extrapolation_value = (float)f[1];
    const int64_t *t = h + 6 + 4 * R;
    int64_t xoff = t[0], xlen = t[1], yoff = t[2], ylen = t[3];
    size_t eb = accel_dtype_bytes(x.dtype);
    size_t xbytes = padded(xlen, eb), ybytes = padded(ylen, eb);
    char *xb = malloc(xbytes + 8), *yb = malloc(ybytes + 8);
    if (!xb || !yb || !driver_read(xb, xbytes, "x") ||
        !driver_read(yb, ybytes, "y"))
      return 3;
    x.data = xb + xoff * eb;
    y.data = yb + yoff * eb;
    accel_tensor scales, sizes, roi;
    void *buffers[3] = {0, 0, 0};
    if (t[4] && !read_config(&scales, t[4], ACCEL_F32, &buffers[0]))
      return 3;
    if (t[5] && !read_config(&sizes, t[5], ACCEL_I64, &buffers[1]))
      return 3;
    if (t[6] && !read_config(&roi, t[6], ACCEL_F32, &buffers[2]))
      return 3;
    o.scale_values = t[4] ? &scales : NULL;
    o.sizes = t[5] ? &sizes : NULL;
    o.roi = t[6] ? &roi : NULL;
    int64_t status = accel_resize(&x, &y, &o);
    if (write(out, &status, sizeof status) != sizeof status ||
        write(out, yb, ybytes) != (ssize_t)ybytes)
      return 4;
    free(xb);
    free(yb);
    for (int i = 0; i < 3; ++i)
      free(buffers[i]);
  }
  return close(out) != 0;
}
