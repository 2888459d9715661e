/* gcd (Euclid, binary/Stein, extended) and lcm, modular inverse and
 * modular exponentiation, cross-checked. */
#include <stdint.h>
#include "check.h"

static uint64_t gcd_euclid(uint64_t a, uint64_t b) { while (b) { uint64_t t = a % b; a = b; b = t; } return a; }
static uint64_t gcd_binary(uint64_t a, uint64_t b) {
  if (!a) return b;
  if (!b) return a;
  int shift = __builtin_ctzll(a | b);
  a >>= __builtin_ctzll(a);
  do { b >>= __builtin_ctzll(b); if (a > b) { uint64_t t = a; a = b; b = t; } b -= a; } while (b);
  return a << shift;
}
static int64_t ext_gcd(int64_t a, int64_t b, int64_t *x, int64_t *y) {
  if (b == 0) { *x = 1; *y = 0; return a; }
  int64_t x1, y1, g = ext_gcd(b, a % b, &x1, &y1);
  *x = y1; *y = x1 - (a / b) * y1;
  return g;
}
static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m) { return (uint64_t)((unsigned __int128)a * b % m); }
static uint64_t powmod(uint64_t b, uint64_t e, uint64_t m) {
  uint64_t r = 1 % m;
  b %= m;
  while (e) { if (e & 1) r = mulmod(r, b, m); b = mulmod(b, b, m); e >>= 1; }
  return r;
}

int main(void) {
  CHECK(gcd_euclid(OPAQUE(1071ull), 462) == 21);
  CHECK(gcd_euclid(0, 5) == 5 && gcd_euclid(5, 0) == 5);
  CHECK(gcd_euclid(12345678901234567890ull, 9876543210ull) == 90);
  uint64_t s = 42;
  for (int i = 0; i < 200; i++) {
    s = s * 6364136223846793005ull + 1;
    uint64_t a = s >> (i % 40), b = (s * 31) >> (i % 50);
    uint64_t g = gcd_euclid(a, b);
    CHECK(g == gcd_binary(a, b));
    if (g) { CHECK(a % g == 0 && b % g == 0); CHECK(gcd_euclid(a / g, b / g) == 1); }
    int64_t sa = (int64_t)(a >> 2), sb = (int64_t)(b >> 2), x, y;
    int64_t eg = ext_gcd(sa, sb, &x, &y);
    if (sa && sb) CHECK((__int128)sa * x + (__int128)sb * y == eg);
  }
  /* lcm of 1..20 */
  uint64_t l = 1;
  for (uint64_t i = 1; i <= 20; i++) l = l / gcd_euclid(l, i) * i;
  CHECK(l == 232792560ull);
  /* Fermat: a^(p-1) = 1 mod p for prime p; inverse via ext_gcd */
  const uint64_t p = 1000000007ull;
  for (uint64_t a = 2; a < 50; a += 7) {
    CHECK(powmod(a, p - 1, p) == 1);
    int64_t x, y;
    ext_gcd((int64_t)a, (int64_t)p, &x, &y);
    uint64_t inv = (uint64_t)((x % (int64_t)p + (int64_t)p) % (int64_t)p);
    CHECK(mulmod(a, inv, p) == 1);
    CHECK(inv == powmod(a, p - 2, p));
  }
  CHECK(powmod(2, 64, 0xFFFFFFFFFFFFFFC5ull) == 59);   /* 2^64 mod (2^64 - 59) */
  CHECK_DONE();
}
