/* Classic bit tricks, each checked against a second, naive computation. */
#include <stdint.h>
#include "check.h"

static uint32_t next_pow2(uint32_t v) {
  v--; v |= v >> 1; v |= v >> 2; v |= v >> 4; v |= v >> 8; v |= v >> 16; return v + 1;
}
static uint32_t naive_next_pow2(uint32_t v) { uint32_t p = 1; while (p < v) p <<= 1; return p; }
static uint32_t swar_pop(uint32_t v) {
  v = v - ((v >> 1) & 0x55555555u);
  v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
  return (((v + (v >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24;
}
static uint32_t rev_bits(uint32_t v) {
  v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
  v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
  v = ((v >> 4) & 0x0F0F0F0Fu) | ((v & 0x0F0F0F0Fu) << 4);
  v = ((v >> 8) & 0x00FF00FFu) | ((v & 0x00FF00FFu) << 8);
  return (v >> 16) | (v << 16);
}
static uint32_t naive_rev(uint32_t v) { uint32_t r = 0; for (int i = 0; i < 32; i++) r |= ((v >> i) & 1u) << (31 - i); return r; }

int main(void) {
  uint32_t s = 12345;
  for (int i = 0; i < 200; i++) {
    s = s * 1103515245u + 12345u;
    uint32_t v = OPAQUE(s);
    CHECK_EQ(swar_pop(v), __builtin_popcount(v));
    CHECK(rev_bits(v) == naive_rev(v));
    uint32_t small = v >> 2;
    if (small) CHECK(next_pow2(small) == naive_next_pow2(small));
    CHECK((v & (v - 1)) == (v & ~(v & -v)));          /* clear lowest set bit */
    CHECK((v & -v) == (v ? (1u << __builtin_ctz(v)) : 0));
    int32_t sv = (int32_t)v;
    int32_t mask = sv >> 31;                               /* sign mask */
    if (sv != INT32_MIN) {
      int32_t ab = (sv ^ mask) - mask;
      CHECK(ab == (sv < 0 ? -sv : sv));
    }
    uint32_t a = v, b = s ^ 0xA5A5A5A5u;
    uint32_t mn = b ^ ((a ^ b) & -(uint32_t)(a < b));
    CHECK(mn == (a < b ? a : b));
    /* xor swap */
    uint32_t x = a, y = b;
    x ^= y; y ^= x; x ^= y;
    CHECK(x == b && y == a);
  }
  CHECK(next_pow2(OPAQUE(1u)) == 1);
  CHECK(next_pow2(OPAQUE(1025u)) == 2048);
  CHECK(swar_pop(OPAQUE(0xFFFFFFFFu)) == 32);
  /* extract/insert bit fields by hand */
  uint32_t reg = OPAQUE(0u);
  reg = (reg & ~(0xFu << 8)) | (0xAu << 8);
  reg |= 1u << 31;
  CHECK(reg == 0x80000A00u);
  CHECK(((reg >> 8) & 0xF) == 0xA);
  /* sign extend a 12-bit value */
  uint32_t raw = OPAQUE(0xFFFu);
  int32_t sx = (int32_t)(raw << 20) >> 20;
  CHECK_EQ(sx, -1);
  raw = OPAQUE(0x7FFu);
  sx = (int32_t)(raw << 20) >> 20;
  CHECK_EQ(sx, 2047);
  CHECK_DONE();
}
