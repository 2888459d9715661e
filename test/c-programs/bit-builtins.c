/* __builtin_popcount/clz/ctz/ffs/parity/bswap compared with naive loops. */
#include <stdint.h>
#include "check.h"

static int naive_pop(uint64_t x) { int n = 0; while (x) { n += (int)(x & 1); x >>= 1; } return n; }
static int naive_clz64(uint64_t x) { int n = 0; for (int i = 63; i >= 0 && !((x >> i) & 1); i--) n++; return n; }
static int naive_ctz64(uint64_t x) { int n = 0; while (n < 64 && !((x >> n) & 1)) n++; return n; }

int main(void) {
  uint64_t seed = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < 120; i++) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    uint64_t v = OPAQUE(seed >> (i % 64));
    uint32_t w = (uint32_t)v;
    CHECK_EQ(__builtin_popcountll(v), naive_pop(v));
    CHECK_EQ(__builtin_popcount(w), naive_pop(w));
    CHECK_EQ(__builtin_parityll(v), naive_pop(v) & 1);
    if (v) {
      CHECK_EQ(__builtin_clzll(v), naive_clz64(v));
      CHECK_EQ(__builtin_ctzll(v), naive_ctz64(v));
      CHECK_EQ(__builtin_ffsll((long long)v), naive_ctz64(v) + 1);
    }
    if (w) {
      CHECK_EQ(__builtin_clz(w), naive_clz64(w) - 32);
      CHECK_EQ(__builtin_ctz(w), naive_ctz64(w));
    }
  }
  CHECK_EQ(__builtin_ffs(OPAQUE(0)), 0);
  CHECK_EQ(__builtin_popcount(OPAQUE(0xFFFFFFFFu)), 32);
  CHECK_EQ(__builtin_popcountll(OPAQUE(~0ull)), 64);
  CHECK_EQ(__builtin_clz(OPAQUE(1u)), 31);
  CHECK_EQ(__builtin_clzll(OPAQUE(1ull)), 63);
  CHECK_EQ(__builtin_ctz(OPAQUE(0x80000000u)), 31);
  CHECK_EQ(__builtin_ctzll(OPAQUE(0x8000000000000000ull)), 63);
  CHECK(__builtin_bswap16(OPAQUE((uint16_t)0x1234)) == 0x3412);
  CHECK(__builtin_bswap32(OPAQUE(0x12345678u)) == 0x78563412u);
  CHECK(__builtin_bswap64(OPAQUE(0x0123456789ABCDEFull)) == 0xEFCDAB8967452301ull);
  CHECK(__builtin_bitreverse32(OPAQUE(0x00000001u)) == 0x80000000u);
  CHECK(__builtin_bitreverse8(OPAQUE((uint8_t)0x16)) == 0x68);
  CHECK(__builtin_rotateleft32(OPAQUE(0x80000001u), 1) == 0x00000003u);
  CHECK(__builtin_rotateright64(OPAQUE(1ull), 1) == 0x8000000000000000ull);
  CHECK_EQ(__builtin_clrsb(OPAQUE(-1)), 31);
  CHECK_EQ(__builtin_clrsb(OPAQUE(1)), 30);
  CHECK_DONE();
}
