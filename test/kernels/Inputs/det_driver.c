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

static void describe(accel_tensor *t, void *data, accel_dtype type, int rank,
                     const int64_t *dims) {
  memset(t, 0, sizeof *t);
  t->data = data, t->dtype = type, t->rank = rank;
  long s = 1;
  for (int d = rank - 1; d >= 0; --d)
    t->dims[d] = dims[d], t->strides[d] = s, s *= dims[d];
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  int64_t ncases;
  if (!driver_open("det_driver", argv[1], "ACDETCA1") ||
      !driver_read(&ncases, sizeof ncases, "header"))
    return 3;
  int out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
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
    describe(&tx, x, type, (int)h[1], h + 2);
    describe(&ty, y, type, (int)h[8], h + 9);
    int64_t status = accel_det(&tx, &ty);
    if (write(out, &status, 8) != 8 || write(out, y, yb) != (ssize_t)yb)
      return 4;
    free(x), free(y);
  }
  return close(out) != 0;
}
