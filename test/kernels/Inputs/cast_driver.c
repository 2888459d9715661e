/* The accel_cast driver of test/kernels/cast.test (cast_check.py writes
 * its case file and checks what it writes back).
 *
 * Case file: "ACCAST01", then int64 ncases, then per case the int64s
 * xtype, ytype, rank, dims[6], x strides[6], y strides[6], x offset,
 * x length, y offset, y length (offsets and lengths in elements), then
 * x's buffer and y's (each its length in elements of its type, padded
 * to 8 bytes). A y offset of -1 makes y the x buffer itself (in place).
 * Output file: per case the int64 status, then y's buffer as it is after
 * the call (padded to 8 bytes). */
#include "driver_io.h"

static size_t padded(int64_t n, accel_dtype t) {
  return ((size_t)n * accel_dtype_bytes(t) + 7) & ~(size_t)7;
}

int main(int argc, char **argv) {
  int64_t ncases;
  int out = driver_open_batch("cast_driver", argc, argv, "ACCAST01", &ncases);
  if (out < 0)
    return 3;
  for (int64_t c = 0; c < ncases; ++c) {
    int64_t h[3 + 3 * ACCEL_MAX_RANK + 4];
    if (!driver_read(h, sizeof h, "case"))
      return 3;
    accel_tensor x, y;
    memset(&x, 0, sizeof x);
    memset(&y, 0, sizeof y);
    x.dtype = (accel_dtype)h[0], y.dtype = (accel_dtype)h[1];
    x.rank = y.rank = (int)h[2];
    for (int d = 0; d < ACCEL_MAX_RANK; ++d) {
      x.dims[d] = y.dims[d] = h[3 + d];
      x.strides[d] = h[3 + ACCEL_MAX_RANK + d];
      y.strides[d] = h[3 + 2 * ACCEL_MAX_RANK + d];
    }
    int64_t xoff = h[3 + 3 * ACCEL_MAX_RANK], xlen = h[4 + 3 * ACCEL_MAX_RANK];
    int64_t yoff = h[5 + 3 * ACCEL_MAX_RANK], ylen = h[6 + 3 * ACCEL_MAX_RANK];
    size_t xbytes = padded(xlen, x.dtype);
    size_t ybytes = yoff < 0 ? xbytes : padded(ylen, y.dtype);
    uint64_t *xb = malloc(xbytes + 8), *yb = malloc(ybytes + 8);
    if (!xb || !yb || !driver_read(xb, xbytes, "x") ||
        (yoff >= 0 && !driver_read(yb, ybytes, "y")))
      return 3;
    x.data = (char *)xb + xoff * accel_dtype_bytes(x.dtype);
    char *ybase = yoff < 0 ? (char *)xb : (char *)yb;
    y.data = yoff < 0 ? x.data : ybase + yoff * accel_dtype_bytes(y.dtype);
    int64_t status = accel_cast(&x, &y);
    if (write(out, &status, sizeof status) != sizeof status ||
        write(out, ybase, ybytes) != (ssize_t)ybytes)
      return 4;
    free(xb);
    free(yb);
  }
  return close(out) != 0;
}
