/* accel_moe_route's and accel_gated_sum's driver of test/kernels/moe.test
 * (moe_check.py writes its case file and checks what it writes back).
 *
 * Case file: "ACMOECA1", int64 ncases, then per case 12 int64s
 *   kind (0 route, 1 gated sum), T, E, k (route) or n (sum), D (sum),
 *   x_rs (logits' or the terms' row stride), y_rs (gates' or y's),
 *   overlap (1: y is the first term, or the gates the logits), the
 *   route's gates' columns if not E (0: E), 1 for a route without the
 *   renormalization, 0, 0,
 * a sum's n columns (int64), then the f32 data padded to 8 bytes: a
 * route's logits (T x_rs floats); a sum's gates (T E, none if E is 0) and
 * its n terms (T x_rs floats each).
 * Output file: per case the int64 status, then y (T y_rs floats; 0xA5
 * bytes where not written). */
#include "driver_io.h"

static size_t padded(size_t floats) { return (floats * 4 + 7) & ~(size_t)7; }

static accel_tensor matrix(float *data, long rows, long cols, long rs) {
  accel_tensor t;
  memset(&t, 0, sizeof t);
  t.data = data, t.dtype = ACCEL_F32, t.rank = 2;
  t.dims[0] = rows, t.dims[1] = cols;
  t.strides[0] = rs, t.strides[1] = 1;
  return t;
}

int main(int argc, char **argv) {
  int64_t ncases;
  int out = driver_open_batch("moe_driver", argc, argv, "ACMOECA1", &ncases);
  if (out < 0)
    return 3;
  for (int64_t c = 0; c < ncases; ++c) {
    int64_t h[12];
    if (!driver_read(h, sizeof h, "case"))
      return 3;
    long T = h[1], E = h[2], kn = h[3], D = h[4], xrs = h[5], yrs = h[6];
    int overlap = (int)h[7];
    int64_t status;
    size_t yb = padded((size_t)(T * yrs));
    float *y = malloc(yb + 8);
    if (!y)
      return 3;
    memset(y, 0xA5, yb);
    if (h[0] == 0) {
      size_t xb = padded((size_t)(T * xrs));
      float *x = malloc(xb + 8);
      if (!x || !driver_read(x, xb, "logits"))
        return 3;
      accel_tensor tx = matrix(x, T, E, xrs);
      accel_tensor tg = matrix(overlap ? x : y, T, h[8] ? h[8] : E, yrs);
      status = accel_moe_route(&tx, &tg, kn, !h[9]);
      free(x);
    } else {
      long n = kn;
      long *cols = malloc(8 * (n ? n : 1));
      size_t gb = padded((size_t)(T * E)), tb = padded((size_t)(T * xrs));
      float *g = malloc(gb + 8);
      float **data = malloc(sizeof(float *) * (n ? n : 1));
      accel_tensor *terms = malloc(sizeof(accel_tensor) * (n ? n : 1));
      const accel_tensor **ptrs = malloc(sizeof(accel_tensor *) * (n ? n : 1));
      if (!cols || !g || !data || !terms || !ptrs ||
          !driver_read(cols, 8 * n, "columns") ||
          (E && !driver_read(g, gb, "gates")))
        return 3;
      for (long i = 0; i < n; ++i) {
        data[i] = malloc(tb + 8);
        if (!data[i] || !driver_read(data[i], tb, "term"))
          return 3;
        terms[i] = matrix(data[i], T, D, xrs);
        ptrs[i] = &terms[i];
      }
      accel_tensor tg = matrix(g, T, E, E);
      accel_tensor ty = matrix(overlap ? data[0] : y, T, D, yrs);
      status = accel_gated_sum(E ? &tg : NULL, ptrs, cols, (int)n, &ty);
      for (long i = 0; i < n; ++i)
        free(data[i]);
      free(cols), free(g), free(data), free(terms), free(ptrs);
    }
    if (write(out, &status, 8) != 8 || write(out, y, yb) != (ssize_t)yb)
      return 4;
    free(y);
  }
  return close(out) != 0;
}
