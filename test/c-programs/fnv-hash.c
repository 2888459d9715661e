/* FNV-1a 32/64-bit and djb2 hashes with published test vectors. */
#include <stdint.h>
#include "check.h"

static uint32_t fnv1a32(const char *s) { uint32_t h = 0x811C9DC5u; while (*s) { h ^= (uint8_t)*s++; h *= 16777619u; } return h; }
static uint64_t fnv1a64(const char *s) { uint64_t h = 0xCBF29CE484222325ull; while (*s) { h ^= (uint8_t)*s++; h *= 0x100000001B3ull; } return h; }
static uint32_t djb2(const char *s) { uint32_t h = 5381; while (*s) h = h * 33 + (uint8_t)*s++; return h; }
/* MurmurHash3 finalizer (fmix64) is a bijection: check invertibility */
static uint64_t fmix64(uint64_t k) { k ^= k >> 33; k *= 0xFF51AFD7ED558CCDull; k ^= k >> 33; k *= 0xC4CEB9FE1A85EC53ull; k ^= k >> 33; return k; }
static uint64_t unxorshift(uint64_t x, int s) { uint64_t r = x; for (int i = 0; i < 64 / s + 1; i++) r = x ^ (r >> s); return r; }
static uint64_t inv64(uint64_t a) { uint64_t x = a; for (int i = 0; i < 6; i++) x *= 2 - a * x; return x; }   /* Newton for odd a */
static uint64_t unfmix64(uint64_t k) {
  k = unxorshift(k, 33); k *= inv64(0xC4CEB9FE1A85EC53ull);
  k = unxorshift(k, 33); k *= inv64(0xFF51AFD7ED558CCDull);
  return unxorshift(k, 33);
}

int main(void) {
  CHECK(fnv1a32("") == 0x811C9DC5u);
  CHECK(fnv1a32("a") == 0xE40C292Cu);
  CHECK(fnv1a32("foobar") == 0xBF9CF968u);
  CHECK(fnv1a64("") == 0xCBF29CE484222325ull);
  CHECK(fnv1a64("a") == 0xAF63DC4C8601EC8Cull);
  CHECK(fnv1a64("foobar") == 0x85944171F73967E8ull);
  CHECK(djb2("") == 5381u);
  CHECK(djb2("a") == 5381u * 33 + 'a');
  for (uint64_t i = 0; i < 200; i++) {
    uint64_t k = i * 0x9E3779B97F4A7C15ull + OPAQUE(1ull);
    CHECK(unfmix64(fmix64(k)) == k);
  }
  CHECK(inv64(3) * 3 == 1);
  CHECK_DONE();
}
