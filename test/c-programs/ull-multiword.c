/* Multi-word unsigned arithmetic built from 64-bit pieces, cross-checked
 * with unsigned __int128. */
#include <stdint.h>
#include "check.h"

static void mul64x64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo) {
  uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
  *lo = (mid << 32) | (uint32_t)p00;
  *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

static uint64_t add_carry(uint64_t a, uint64_t b, unsigned *carry) {
  uint64_t s = a + b;
  unsigned c1 = s < a;
  uint64_t t = s + *carry;
  unsigned c2 = t < s;
  *carry = c1 | c2;
  return t;
}

int main(void) {
  uint64_t seed = 88172645463325252ull;
  for (int i = 0; i < 200; i++) {
    seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17;   /* xorshift64 */
    uint64_t a = OPAQUE(seed), b = OPAQUE(seed * 0x9E3779B97F4A7C15ull + (uint64_t)i);
    uint64_t hi, lo;
    mul64x64(a, b, &hi, &lo);
    unsigned __int128 p = (unsigned __int128)a * b;
    CHECK(lo == (uint64_t)p);
    CHECK(hi == (uint64_t)(p >> 64));

    /* 192-bit addition with carry chain */
    uint64_t x[3] = {a, b, ~a}, y[3] = {b, ~b, a}, z[3];
    unsigned c = 0;
    for (int k = 0; k < 3; k++) z[k] = add_carry(x[k], y[k], &c);
    unsigned __int128 low = ((unsigned __int128)x[1] << 64 | x[0]) + ((unsigned __int128)y[1] << 64 | y[0]);
    CHECK(z[0] == (uint64_t)low);
    CHECK(z[1] == (uint64_t)(low >> 64));
    /* word 2 is ~a + a = all ones plus the carry out of the low 128 bits */
    unsigned carry2 = low < ((unsigned __int128)x[1] << 64 | x[0]);
    CHECK(z[2] == ~0ull + carry2);
    CHECK(c == carry2);
  }
  uint64_t hi, lo;
  mul64x64(OPAQUE(~0ull), OPAQUE(~0ull), &hi, &lo);
  CHECK(hi == 0xFFFFFFFFFFFFFFFEull && lo == 1);
  unsigned c = 1;
  CHECK(add_carry(OPAQUE(~0ull), 0, &c) == 0 && c == 1);
  CHECK_DONE();
}
