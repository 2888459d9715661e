/* __int128 add/sub/mul/shift/compare. */
#include <stdint.h>
#include "check.h"

typedef unsigned __int128 u128;
typedef __int128 i128;

#define U128(hi, lo) (((u128)(hi) << 64) | (u128)(lo))

static NOINLINE u128 umul(u128 a, u128 b) { return a * b; }
static NOINLINE i128 smul(i128 a, i128 b) { return a * b; }
static NOINLINE u128 shl(u128 a, int n) { return a << n; }
static NOINLINE u128 shr(u128 a, int n) { return a >> n; }
static NOINLINE i128 sar(i128 a, int n) { return a >> n; }

int main(void) {
  CHECK(sizeof(u128) == 16);
  u128 m = OPAQUE((u128)~0ull);
  u128 sq = umul(m, m);
  CHECK((uint64_t)(sq >> 64) == 0xFFFFFFFFFFFFFFFEull && (uint64_t)sq == 1);
  u128 all = OPAQUE(~(u128)0);
  CHECK(all + 1 == 0);
  CHECK(umul(all, all) == 1);
  CHECK(umul(U128(1, 0), U128(1, 0)) == 0);
  CHECK(umul(U128(0x1234, 0x5678), 0x10) == U128(0x12340, 0x56780));

  i128 neg = OPAQUE((i128)-3);
  CHECK(smul(neg, 7) == -21);
  CHECK(smul(neg, neg) == 9);
  CHECK((uint64_t)((u128)smul(neg, 1) >> 64) == ~0ull);  /* sign extended */
  i128 big = OPAQUE((i128)1 << 100);
  CHECK(smul(big, -1) < 0);
  CHECK(-big + big == 0);

  /* add/sub carries across the 64-bit halves */
  u128 a = OPAQUE(U128(0, ~0ull));
  CHECK(a + 1 == U128(1, 0));
  CHECK(U128(1, 0) - 1 == a);
  CHECK(U128(5, 3) - U128(2, 7) == U128(2, 0xFFFFFFFFFFFFFFFCull));

  for (int n = 0; n < 128; n++) {
    u128 one = OPAQUE((u128)1);
    u128 p = shl(one, n);
    CHECK(shr(p, n) == 1);
    CHECK(__builtin_popcountll((uint64_t)p) + __builtin_popcountll((uint64_t)(p >> 64)) == 1);
    CHECK(((n < 64) ? (uint64_t)p : (uint64_t)(p >> 64)) == (1ull << (n & 63)));
    CHECK(sar((i128)-1, n) == -1);
    CHECK(shr(all, n) == (all >> n));
  }
  CHECK(sar(-(i128)256, 4) == -16);
  CHECK(shl(U128(0, 0x8000000000000000ull), 1) == U128(1, 0));
  CHECK(shr(U128(1, 0), 1) == U128(0, 0x8000000000000000ull));

  /* comparisons */
  i128 x = OPAQUE(-(i128)1), y = OPAQUE((i128)1);
  CHECK(x < y);
  CHECK((u128)x > (u128)y);
  CHECK(U128(1, 0) > U128(0, ~0ull));
  CHECK(U128(2, 0) >= U128(1, ~0ull));
  CHECK(!(U128(1, 5) < U128(1, 4)));

  /* bitwise */
  CHECK((U128(0xF0F0, 0x0F0F) & U128(0xFF00, 0x00FF)) == U128(0xF000, 0x000F));
  CHECK((U128(0xF0F0, 0x0F0F) | U128(0xFF00, 0x00FF)) == U128(0xFFF0, 0x0FFF));
  CHECK((U128(0xF0F0, 0x0F0F) ^ U128(0xFF00, 0x00FF)) == U128(0x0FF0, 0x0FF0));

  /* sum of 1..100000 squared would overflow 64 bits: (n(n+1)/2)^2 */
  u128 s = 0;
  for (u128 i = 1; i <= 1000; i++) s += i * i * i;
  CHECK(s == (u128)500500 * 500500);
  u128 fact = 1;
  for (int i = 1; i <= 30; i++) fact *= (u128)i;
  /* 30! = 265252859812191058636308480000000 = 0xD13F6370F96865DF5DD54000000 */
  CHECK(fact == U128(0xD13F6370F96ull, 0x865DF5DD54000000ull));
  CHECK_DONE();
}
