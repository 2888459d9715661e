/* Integer square and cube roots (Newton, bitwise) against exact bounds and
 * against the correctly rounded sqrt for perfect squares. */
#include <stdint.h>
#include <math.h>
#include "check.h"

static uint64_t isqrt_newton(uint64_t n) {
  if (n < 2) return n;
  uint64_t x = n, y = (x >> 1) + (x & 1);  /* (x+1)/2 without overflow */
  while (y < x) { x = y; y = (x + n / x) / 2; }
  return x;
}
static uint32_t isqrt_bits(uint64_t n) {
  uint64_t res = 0, bit = 1ull << 62;
  while (bit > n) bit >>= 2;
  while (bit) {
    if (n >= res + bit) { n -= res + bit; res = (res >> 1) + bit; }
    else res >>= 1;
    bit >>= 2;
  }
  return (uint32_t)res;
}
static uint64_t icbrt(uint64_t n) {
  uint64_t lo = 0, hi = 2642246;       /* cbrt(2^64) < 2642246 */
  while (lo < hi) {
    uint64_t mid = (lo + hi + 1) / 2;
    if ((unsigned __int128)mid * mid * mid <= n) lo = mid; else hi = mid - 1;
  }
  return lo;
}

int main(void) {
  uint64_t s = 7;
  for (int i = 0; i < 150; i++) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    uint64_t n = s >> (i % 64);
    uint64_t r = isqrt_newton(n);
    CHECK((unsigned __int128)r * r <= n && (unsigned __int128)(r + 1) * (r + 1) > n);
    CHECK(r == isqrt_bits(n));
    uint64_t c = icbrt(n);
    CHECK((unsigned __int128)c * c * c <= n && (unsigned __int128)(c + 1) * (c + 1) * (c + 1) > n);
  }
  CHECK(isqrt_newton(OPAQUE(~0ull)) == 4294967295ull);
  CHECK(isqrt_bits(OPAQUE(~0ull)) == 4294967295u);
  CHECK(icbrt(OPAQUE(~0ull)) == 2642245);
  for (uint64_t k = 0; k < 3000; k += 7) {
    CHECK(isqrt_newton(k * k) == k && isqrt_newton(k * k + 2 * k) == k);
    CHECK((uint64_t)sqrt((double)(k * k)) == k);
  }
  CHECK_DONE();
}
