/* Reductions the loop vectorizer turns into 16-lane loops at -O2 (partial
 * results in vector registers, one vredsum/vredmax or a generic reduction at
 * the end), each checked against the same loop with vectorization disabled.
 * Integer reductions must agree exactly. A float sum may be reordered only
 * where reassociation is allowed (#pragma clang fp reassociate), so it is
 * checked against an independent double-precision sum with a tolerance. */
#include "vectorize.h"
#include <stdint.h>

#define MAXN 400
static int32_t a[MAXN];
static uint32_t u[MAXN + 1]; /* umin reads u + 1 */
static float f[MAXN];

/* Defines name() and name_ref() returning the reduction of the first n. */
#define REDUCTION(name, type, init, step)                                     \
  NOINLINE static type name(int n, const type *x) {                           \
    type r = init;                                                            \
    for (int i = 0; i < n; ++i)                                               \
      step;                                                                   \
    return r;                                                                 \
  }                                                                           \
  NOINLINE static type name##_ref(int n, const type *x) {                     \
    type r = init;                                                            \
    SCALAR for (int i = 0; i < n; ++i) step;                                  \
    return r;                                                                 \
  }

REDUCTION(sum, int32_t, 0, r += x[i])
REDUCTION(sum_squares, uint32_t, 7, r += x[i] * x[i]) /* wraps */
REDUCTION(smax, int32_t, INT32_MIN, r = x[i] > r ? x[i] : r)
REDUCTION(smin, int32_t, INT32_MAX, r = x[i] < r ? x[i] : r)
REDUCTION(umax, uint32_t, 0, r = x[i] > r ? x[i] : r)
REDUCTION(umin, uint32_t, ~0u, r = x[i] < r ? x[i] : r)
REDUCTION(fmax, float, -1.0f, r = __builtin_fmaxf(r, x[i]))
REDUCTION(fmin, float, 100.0f, r = __builtin_fminf(r, x[i]))
REDUCTION(bits_xor, uint32_t, 0x5a5a, r ^= x[i])
REDUCTION(bits_and, uint32_t, ~0u, r &= x[i] | 0x10000)
REDUCTION(bits_or, uint32_t, 0, r |= x[i] & 0x0f0f0f0f)
REDUCTION(count_positive, int32_t, 0, r += x[i] > 0)

NOINLINE static float fsum(int n, const float *x) {
#pragma clang fp reassociate(on)
  float r = 0;
  for (int i = 0; i < n; ++i)
    r += x[i];
  return r;
}

NOINLINE static float dot(int n, const float *x, const float *y) {
#pragma clang fp reassociate(on)
  float r = 0;
  for (int i = 0; i < n; ++i)
    r += x[i] * y[i];
  return r;
}

/* Without reassociation the sum keeps its order, vectorized or not. */
NOINLINE static float fsum_ordered(int n, const float *x) {
  float r = 0;
  for (int i = 0; i < n; ++i)
    r += x[i];
  return r;
}

static double sum_double(int n, const float *x, const float *y) {
  double r = 0;
  for (int i = 0; i < n; ++i)
    r += (double)x[i] * (y ? y[i] : 1.0f);
  return r;
}

int main(void) {
  static const int counts[] = {0, 1, 15, 16, 17, 63, 64, 65, 333, 400};
  for (int i = 0; i < MAXN; ++i) {
    a[i] = (int32_t)(i * 2654435761u) >> 9;
    u[i] = i * 2246822519u;
    f[i] = (float)((i * 37) % 113) / 16.0f + 0.03125f;
  }
  u[MAXN] = 12345u;
  for (unsigned k = 0; k < sizeof counts / sizeof counts[0]; ++k) {
    int n = OPAQUE(counts[k]);
    CHECK_EQ(sum(n, a), sum_ref(n, a));
    CHECK_EQ(sum_squares(n, u), sum_squares_ref(n, u));
    CHECK_EQ(smax(n, a), smax_ref(n, a));
    CHECK_EQ(smin(n, a), smin_ref(n, a));
    CHECK_EQ(umax(n, u), umax_ref(n, u));
    CHECK_EQ(umin(n, u + 1), umin_ref(n, u + 1));
    CHECK(fmax(n, f) == fmax_ref(n, f));
    CHECK(fmin(n, f) == fmin_ref(n, f));
    CHECK_EQ(bits_xor(n, u), bits_xor_ref(n, u));
    CHECK_EQ(bits_and(n, u), bits_and_ref(n, u));
    CHECK_EQ(bits_or(n, u), bits_or_ref(n, u));
    CHECK_EQ(count_positive(n, a), count_positive_ref(n, a));
    /* The inputs are multiples of 2^-5 below 8, so every partial sum of up
     * to 400 of them is exact in float whatever the order. */
    CHECK(fsum(n, f) == (float)sum_double(n, f, 0));
    CHECK(fsum_ordered(n, f) == (float)sum_double(n, f, 0));
    if (n)
      CHECK_REL(dot(n, f, f), sum_double(n, f, f), 1e-6);
    else
      CHECK(dot(n, f, f) == 0);
  }
  /* Hand-computed: 1 + 2 + ... + 16 and the largest of them. */
  int32_t ones[17];
  for (int i = 0; i < 17; ++i)
    ones[i] = i + 1;
  CHECK_EQ(sum(16, ones), 136);
  CHECK_EQ(smax(17, ones), 17);
  CHECK_DONE();
}
