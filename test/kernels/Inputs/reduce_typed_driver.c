/* The driver of test/kernels/reduce-typed.test, argreduce.test and
 * cumsum-topk.test (reduce_typed_check.py writes its case file and checks
 * what it writes back): one call of accel_reduce, accel_argreduce,
 * accel_hardmax, accel_cumsum or accel_topk a case.
 *
 * Case file: "ACREDT01", then int64 ncases, then per case the int64s
 * kernel (0 reduce, 1 argreduce, 2 hardmax, 3 cumsum, 4 topk), xtype,
 * ytype, x's rank, y's rank, x dims[6], y dims[6], pad (x's rows are its last dimension
 * plus pad elements long), and params[8]:
 *   reduce: op, num_axes, axes[6];   argreduce: axis, is_min, select_last;
 *   hardmax: axis;   cumsum: axis, exclusive, reverse;
 *   topk: axis, k, largest (y is the values; the indices are int64 of
 *   y's dims).
 * Then x's elements (contiguous, padded to 8 bytes; the driver lays them
 * out with the pad).
 * Output file: per case the int64 status, y's elements (padded to 8
 * bytes), and for topk the indices. */
#include "driver_io.h"

static size_t padded(int64_t n, accel_dtype t) {
  return ((size_t)n * accel_dtype_bytes(t) + 7) & ~(size_t)7;
}

static int64_t count(const int64_t *dims, int rank) {
  int64_t n = 1;
  for (int d = 0; d < rank; ++d)
    n *= dims[d];
  return n;
}

static void contiguous(accel_tensor *t, accel_dtype type, int rank,
                       const int64_t *dims, int64_t pad, void *data) {
  memset(t, 0, sizeof *t);
  t->data = data, t->dtype = type, t->rank = rank;
  long s = 1;
  for (int d = rank - 1; d >= 0; --d) {
    t->dims[d] = dims[d];
    t->strides[d] = s;
    s *= dims[d] + (d == rank - 1 ? pad : 0);
  }
}

int main(int argc, char **argv) {
  int64_t ncases;
  int out =
      driver_open_batch("reduce_typed_driver", argc, argv, "ACREDT01", &ncases);
  if (out < 0)
    return 3;
  for (int64_t c = 0; c < ncases; ++c) {
    int64_t h[6 + 2 * ACCEL_MAX_RANK + 8];
    if (!driver_read(h, sizeof h, "case"))
      return 3;
    int kernel = (int)h[0], rank = (int)h[3], yrank = (int)h[4];
    accel_dtype xt = (accel_dtype)h[1], yt = (accel_dtype)h[2];
    const int64_t *xdims = h + 5, *ydims = h + 5 + ACCEL_MAX_RANK;
    int64_t pad = h[5 + 2 * ACCEL_MAX_RANK];
    const int64_t *p = h + 6 + 2 * ACCEL_MAX_RANK;
    int64_t xn = count(xdims, rank), yn = count(ydims, yrank);
    size_t xbytes = padded(xn, xt), ybytes = padded(yn, yt);
    size_t ibytes = padded(yn, ACCEL_I64);
    int64_t rows = rank ? xn / (xdims[rank - 1] ? xdims[rank - 1] : 1) : 1;
    size_t esz = accel_dtype_bytes(xt);
    char *packed = malloc(xbytes + 8);
    char *xb = malloc(xbytes + (size_t)(rows * pad) * esz + 8);
    char *yb = malloc(ybytes + 8), *ib = malloc(ibytes + 8);
    if (!packed || !xb || !yb || !ib || !driver_read(packed, xbytes, "x"))
      return 3;
    /* x's rows apart by their length plus pad. */
    int64_t cols = rank ? xdims[rank - 1] : 1;
    for (int64_t r = 0; r < rows; ++r)
      memcpy(xb + (size_t)(r * (cols + pad)) * esz,
             packed + (size_t)(r * cols) * esz, (size_t)cols * esz);
    memset(yb, 0x5a, ybytes);
    memset(ib, 0x5a, ibytes);
    accel_tensor x, y, ix;
    contiguous(&x, xt, rank, xdims, pad, xb);
    contiguous(&y, yt, yrank, ydims, 0, yb);
    contiguous(&ix, ACCEL_I64, yrank, ydims, 0, ib);
    int64_t status = -1;
    switch (kernel) {
    case 0: {
      int axes[ACCEL_MAX_RANK];
      for (int i = 0; i < ACCEL_MAX_RANK; ++i)
        axes[i] = (int)p[2 + i];
      status = accel_reduce((accel_reduce_op)p[0], &x, &y, axes, (int)p[1]);
      break;
    }
    case 1:
      status = accel_argreduce(&x, &y, (int)p[0], (int)p[1], (int)p[2]);
      break;
    case 2:
      status = accel_hardmax(&x, &y, (int)p[0]);
      break;
    case 3:
      status = accel_cumsum(&x, &y, (int)p[0], (int)p[1], (int)p[2]);
      break;
    case 4:
      status = accel_topk(&x, &y, &ix, (int)p[0], (long)p[1], (int)p[2]);
      break;
    }
    if (write(out, &status, sizeof status) != sizeof status ||
        write(out, yb, ybytes) != (ssize_t)ybytes ||
        (kernel == 4 && write(out, ib, ibytes) != (ssize_t)ibytes))
      return 4;
    free(packed), free(xb), free(yb), free(ib);
  }
  return close(out) != 0;
}
