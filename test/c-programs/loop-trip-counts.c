/* Reductions and element-wise loops for every trip count 0..40 and a few
 * larger ones, exercising
 * vectorised bodies and scalar remainders at -O2, against closed forms. */
#include <stdint.h>
#include "check.h"

static NOINLINE int32_t sum_i32(const int32_t *a, int n) { int32_t s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
static NOINLINE int64_t sum_sq(const int32_t *a, int n) { int64_t s = 0; for (int i = 0; i < n; i++) s += (int64_t)a[i] * a[i]; return s; }
static NOINLINE float sum_f(const float *a, int n) { float s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
static NOINLINE void axpy(float *y, const float *x, float a, int n) { for (int i = 0; i < n; i++) y[i] += a * x[i]; }
static NOINLINE int32_t max_i32(const int32_t *a, int n) { int32_t m = INT32_MIN; for (int i = 0; i < n; i++) m = a[i] > m ? a[i] : m; return m; }
static NOINLINE int count_eq(const uint8_t *a, int n, uint8_t v) { int c = 0; for (int i = 0; i < n; i++) c += a[i] == v; return c; }
static NOINLINE void add_u16(uint16_t *d, const uint16_t *a, const uint16_t *b, int n) { for (int i = 0; i < n; i++) d[i] = (uint16_t)(a[i] + b[i]); }
static NOINLINE uint32_t xor_all(const uint32_t *a, int n) { uint32_t x = 0; for (int i = 0; i < n; i++) x ^= a[i]; return x; }

int main(void) {
  int32_t a[80];
  float f[80], y[80];
  uint8_t b[80];
  uint16_t h1[80], h2[80], h3[80];
  uint32_t w[80];
  for (int i = 0; i < 80; i++) {
    a[i] = i + 1; f[i] = (float)(i + 1); b[i] = (uint8_t)(i % 5);
    h1[i] = (uint16_t)(60000 + i); h2[i] = (uint16_t)(10000 + i); w[i] = (uint32_t)i;
  }
  static const int extra[] = {47, 48, 49, 63, 64, 65, 70};
  for (int step = 0; step <= 40 + 7; step++) {
    int n = step <= 40 ? step : extra[step - 41];
    int nn = OPAQUE(n);
    CHECK_EQ(sum_i32(a, nn), n * (n + 1) / 2);
    CHECK_EQ(sum_sq(a, nn), (int64_t)n * (n + 1) * (2 * n + 1) / 6);
    CHECK(sum_f(f, nn) == (float)(n * (n + 1) / 2));
    CHECK_EQ(max_i32(a, nn), n ? n : INT32_MIN);
    CHECK_EQ(count_eq(b, nn, 3), n / 5 + (n % 5 > 3));
    for (int i = 0; i < 80; i++) y[i] = 1.0f;
    axpy(y, f, 2.0f, nn);
    int ok = 1;
    for (int i = 0; i < 80; i++) ok &= y[i] == (i < n ? 1.0f + 2.0f * (float)(i + 1) : 1.0f);
    CHECK(ok);
    for (int i = 0; i < 80; i++) h3[i] = 7;
    add_u16(h3, h1, h2, nn);
    ok = 1;
    for (int i = 0; i < 80; i++) ok &= h3[i] == (i < n ? (uint16_t)(70000 + 2 * i - 65536) : 7);
    CHECK(ok);
    /* xor of 0..n-1 has a closed form by n mod 4 */
    uint32_t m = (uint32_t)(n - 1), ref = n == 0 ? 0 : (m % 4 == 0 ? m : m % 4 == 1 ? 1 : m % 4 == 2 ? m + 1 : 0);
    CHECK_EQ(xor_all(w, nn), ref);
  }
  /* misaligned starting points */
  for (int off = 0; off < 8; off++) CHECK_EQ(sum_i32(a + off, 64), 64 * (off + 1) + 64 * 63 / 2);
  CHECK_DONE();
}
