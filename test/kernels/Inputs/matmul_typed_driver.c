/* The driver of test/kernels/matmul-typed.test (matmul_typed_check.py
 * writes its case file and checks what it writes back): one call of
 * accel_batched_matmul or accel_gemm a case, on a, b and c of one type.
 *
 * Case file: "ACMMT001", then int64 ncases, then per case the int64s
 * entry (0 accel_batched_matmul, 1 accel_gemm), type, c's type, ranks of
 * a, b, c, dims[6] of a, b and c (as stored), trans_a, trans_b, pad (a's
 * rows are its last dimension plus pad elements long), then a's and b's
 * elements (contiguous, each padded to 8 bytes).
 * Output file: per case the int64 status and c's elements (padded to 8
 * bytes; c starts filled with 0x5a). */
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
      driver_open_batch("matmul_typed_driver", argc, argv, "ACMMT001", &ncases);
  if (out < 0)
    return 3;
  for (int64_t c = 0; c < ncases; ++c) {
    int64_t h[6 + 3 * ACCEL_MAX_RANK + 3];
    if (!driver_read(h, sizeof h, "case"))
      return 3;
    int entry = (int)h[0];
    accel_dtype t = (accel_dtype)h[1], ct = (accel_dtype)h[2];
    int ra = (int)h[3], rb = (int)h[4], rc = (int)h[5];
    const int64_t *ad = h + 6, *bd = ad + ACCEL_MAX_RANK,
                  *cd = bd + ACCEL_MAX_RANK;
    const int64_t *p = cd + ACCEL_MAX_RANK;
    int64_t pad = p[2];
    int64_t an = count(ad, ra), bn = count(bd, rb), cn = count(cd, rc);
    size_t esz = accel_dtype_bytes(t);
    int64_t cols = ad[ra - 1], rows = cols ? an / cols : 0;
    char *packed = malloc(padded(an, t) + 8);
    char *ab = malloc((size_t)(an + rows * pad) * esz + 8);
    char *bb = malloc(padded(bn, t) + 8), *cb = malloc(padded(cn, ct) + 8);
    if (!packed || !ab || !bb || !cb ||
        !driver_read(packed, padded(an, t), "a") ||
        !driver_read(bb, padded(bn, t), "b"))
      return 3;
    for (int64_t r = 0; r < rows; ++r)
      memcpy(ab + (size_t)(r * (cols + pad)) * esz,
             packed + (size_t)(r * cols) * esz, (size_t)cols * esz);
    memset(cb, 0x5a, padded(cn, ct));
    accel_tensor a, b, y;
    contiguous(&a, t, ra, ad, pad, ab);
    contiguous(&b, t, rb, bd, 0, bb);
    contiguous(&y, ct, rc, cd, 0, cb);
    accel_gemm_options o = accel_gemm_defaults();
    o.trans_a = (int)p[0], o.trans_b = (int)p[1];
    int64_t status = entry ? accel_gemm(&a, &b, &y, &o)
                           : accel_batched_matmul(&a, &b, &y, &o);
    if (write(out, &status, sizeof status) != sizeof status ||
        write(out, cb, padded(cn, ct)) != (ssize_t)padded(cn, ct))
      return 4;
    free(packed), free(ab), free(bb), free(cb);
  }
  return close(out) != 0;
}
