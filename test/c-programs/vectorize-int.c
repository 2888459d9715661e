/* Integer loops the loop vectorizer turns into 16-lane code at -O2: each
 * kernel is checked against the same loop with vectorization disabled, for
 * trip counts around the vector width and its multiples (the remainder runs
 * in the scalar epilogue). Covers every lane operation of the vector unit,
 * the ones it lacks (division, unsigned compares, 8/16/64-bit lanes), and
 * loops that need run-time alias checks. */
#include "vectorize.h"
#include <stdint.h>

#define MAXN 300
static int32_t a[MAXN], b[MAXN], out[MAXN], want[MAXN];
static uint32_t ua[MAXN], ub[MAXN], uout[MAXN], uwant[MAXN];
static int8_t i8[MAXN];
static int16_t i16[MAXN], i16want[MAXN];
static int64_t i64[MAXN], i64want[MAXN];
static int idx[MAXN];

KERNEL(arith, (int n, const int32_t *restrict x, const int32_t *restrict y,
               int32_t *restrict z),
       z[i] = (x[i] * y[i] + (x[i] - y[i])) ^
              ((x[i] & 0xff) | (int32_t)((uint32_t)y[i] << 3)))
KERNEL(shifts, (int n, const int32_t *restrict x, const int32_t *restrict y,
                int32_t *restrict z),
       z[i] = (x[i] >> (y[i] & 31)) + (int32_t)((uint32_t)x[i] >> (y[i] & 15)) +
              (int32_t)((uint32_t)x[i] << (y[i] & 7)))
KERNEL(minmax, (int n, const int32_t *restrict x, const int32_t *restrict y,
                int32_t *restrict z),
       z[i] = (x[i] < y[i] ? x[i] : y[i]) * 3 + (x[i] > y[i] ? x[i] : y[i]))
KERNEL(absval, (int n, const int32_t *restrict x, int32_t *restrict z),
       z[i] = x[i] < 0 ? -x[i] : x[i])
KERNEL(compares, (int n, const int32_t *restrict x, const int32_t *restrict y,
                  int32_t *restrict z),
       z[i] = (x[i] == y[i]) + 2 * (x[i] != y[i]) + 4 * (x[i] <= y[i]) +
              8 * (x[i] >= 0))
KERNEL(unsigned_cmp, (int n, const uint32_t *restrict x,
                      const uint32_t *restrict y, uint32_t *restrict z),
       z[i] = x[i] < y[i] ? x[i] : y[i] + (x[i] >= y[i]))
KERNEL(division, (int n, const int32_t *restrict x, const int32_t *restrict y,
                  int32_t *restrict z),
       z[i] = x[i] / 7 + x[i] % 13 + x[i] / (y[i] | 1))
KERNEL(widen8, (int n, const int8_t *restrict x, int32_t *restrict z),
       z[i] = x[i] * 3 - 1)
KERNEL(narrow16, (int n, const int32_t *restrict x, int16_t *restrict z),
       z[i] = (int16_t)(x[i] + 1))
KERNEL(lanes64, (int n, const int32_t *restrict x, int64_t *restrict z),
       z[i] = (int64_t)x[i] * 100003 + z[i])
KERNEL(reverse, (int n, const int32_t *restrict x, int32_t *restrict z),
       z[i] = x[n - 1 - i] + i)
KERNEL(gather, (int n, const int32_t *restrict x, const int *restrict ix,
                int32_t *restrict z),
       z[i] = x[ix[i]])
KERNEL(strided, (int n, const int32_t *restrict x, int32_t *restrict z),
       z[i] = x[2 * i] - x[2 * i + 1])
KERNEL(conditional, (int n, const int32_t *restrict x, int32_t *restrict z),
       if (x[i] > 0) z[i] = x[i] * 2)
KERNEL(induction, (int n, int32_t *restrict z), z[i] = i * 5 - 77)
/* No restrict: the vectorized loop checks at run time that z and x do not
 * overlap, and falls back to the scalar loop when they do. */
KERNEL(maybe_alias, (int n, const int32_t *x, int32_t *z), z[i] = x[i] + 1)

static void fill(void) {
  for (int i = 0; i < MAXN; ++i) {
    a[i] = (int32_t)(i * 2654435761u) >> 7;
    b[i] = (i * 37) % 101 - 50;
    ua[i] = i * 2654435761u;
    ub[i] = (i % 3) ? 0x80000000u + i : 7u * i;
    i8[i] = (int8_t)(i * 53);
    idx[i] = (i * 97) % MAXN;
  }
}

int main(void) {
  static const int counts[] = {0, 1, 15, 16, 17, 63, 64, 65, 150};
  fill();
  for (unsigned k = 0; k < sizeof counts / sizeof counts[0]; ++k) {
    int n = OPAQUE(counts[k]);
    CHECK_KERNEL(arith(n, a, b, out), arith_ref(n, a, b, want), out, want, n);
    CHECK_KERNEL(shifts(n, a, b, out), shifts_ref(n, a, b, want), out, want,
                 n);
    CHECK_KERNEL(minmax(n, a, b, out), minmax_ref(n, a, b, want), out, want,
                 n);
    CHECK_KERNEL(absval(n, a, out), absval_ref(n, a, want), out, want, n);
    CHECK_KERNEL(compares(n, a, b, out), compares_ref(n, a, b, want), out,
                 want, n);
    CHECK_KERNEL(unsigned_cmp(n, ua, ub, uout),
                 unsigned_cmp_ref(n, ua, ub, uwant), uout, uwant, n);
    CHECK_KERNEL(division(n, a, b, out), division_ref(n, a, b, want), out,
                 want, n);
    CHECK_KERNEL(widen8(n, i8, out), widen8_ref(n, i8, want), out, want, n);
    CHECK_KERNEL(narrow16(n, a, i16), narrow16_ref(n, a, i16want), i16,
                 i16want, n);
    CHECK_KERNEL(lanes64(n, a, i64), lanes64_ref(n, a, i64want), i64,
                 i64want, n);
    CHECK_KERNEL(reverse(n, a, out), reverse_ref(n, a, want), out, want, n);
    CHECK_KERNEL(gather(n, a, idx, out), gather_ref(n, a, idx, want), out,
                 want, n);
    CHECK_KERNEL(strided(n, a, out), strided_ref(n, a, want), out, want, n);
    CHECK_KERNEL(conditional(n, a, out), conditional_ref(n, a, want), out,
                 want, n);
    CHECK_KERNEL(induction(n, out), induction_ref(n, want), out, want, n);
    /* In place and overlapping by one element each way. */
    for (int shift = -1; shift <= 1; ++shift) {
      for (int i = 0; i < MAXN; ++i)
        out[i] = want[i] = a[i];
      maybe_alias(n, out + 1, out + 1 + shift);
      maybe_alias_ref(n, want + 1, want + 1 + shift);
      same(out, want, sizeof(out), n, __LINE__);
    }
  }
  /* Hand-computed spot checks, independent of the scalar reference. */
  induction(20, out);
  CHECK_EQ(out[19], 19 * 5 - 77);
  absval(3, (const int32_t[]){-5, 0, 7}, out);
  CHECK_EQ(out[0] + out[1] + out[2], 12);
  CHECK_DONE();
}
