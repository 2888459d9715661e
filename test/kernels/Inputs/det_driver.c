/* accel_det's driver of test/kernels/det.test (det_check.py writes its
 * case file and checks what it writes back).
 *
 * Case file: "ACDETCA1", int64 ncases, then per case the int64s dtype,
 * x's rank and dims[6], y's rank and dims[6], then x's elements
 * (contiguous, padded to 8 bytes). Output file: per case the int64
 * status, then y's elements (contiguous, padded to 8 bytes; 0xA5 bytes
 * where not written). */
#include "driver_io.h"

static size_t bytes_of(int rank, const int64_t *dims, accel_dtype t) {
  size_t n = 1;
  for (int d = 0; d < rank; ++d)
    n *= (size_t)dims[d];
  return (n * accel_dtype_bytes(t) + 7) & ~(size_t)7;
}

int main(int argc, char **argv) {
  int64_t ncases;
  int out = driver_open_batch("det_driver", argc, argv, "ACDETCA1", &ncases);
  if (out < 0)
    return 3;
  for (int64_t c = 0; c < ncases; ++c) {
    int64_t h[15];
    if (!driver_read(h, sizeof h, "case"))
      return 3;
    accel_dtype type = (accel_dtype)h[0];
    size_t xb = bytes_of((int)h[1], h + 2, type);
    size_t yb = bytes_of((int)h[8], h + 9, type);
    void *x = malloc(xb + 8), *y = malloc(yb + 8);
    if (!x || !y || !driver_read(x, xb, "x"))
      return 3;
    memset(y, 0xA5, yb);
    accel_tensor tx, ty;
    driver_dense(&tx, x, type, (int)h[1], h + 2);
    driver_dense(&ty, y, type, (int)h[8], h + 9);
    int64_t status = accel_det(&tx, &ty);
    if (write(out, &status, 8) != 8 || write(out, y, yb) != (ssize_t)yb)
      return 4;
    free(x), free(y);
  }
  return close(out) != 0;
}
