/* __int128 division and remainder (usually library helpers), checked with
 * q*d + r == n, |r| < |d| and known decimal strings. */
#include <stdint.h>
#include "check.h"

typedef unsigned __int128 u128;
typedef __int128 i128;
#define U128(hi, lo) (((u128)(hi) << 64) | (u128)(lo))

static NOINLINE u128 udiv(u128 a, u128 b) { return a / b; }
static NOINLINE u128 umod(u128 a, u128 b) { return a % b; }
static NOINLINE i128 sdiv(i128 a, i128 b) { return a / b; }
static NOINLINE i128 smod(i128 a, i128 b) { return a % b; }

static void to_dec(u128 v, char *out) {
  char tmp[48];
  int n = 0;
  do { tmp[n++] = (char)('0' + (int)umod(v, 10)); v = udiv(v, 10); } while (v);
  for (int i = 0; i < n; i++) out[i] = tmp[n - 1 - i];
  out[n] = 0;
}

int main(void) {
  char buf[48];
  to_dec(OPAQUE(~(u128)0), buf);
  CHECK_STR(buf, "340282366920938463463374607431768211455");
  to_dec(OPAQUE(~(u128)0 >> 1), buf);
  CHECK_STR(buf, "170141183460469231731687303715884105727");
  to_dec(OPAQUE((u128)0), buf);
  CHECK_STR(buf, "0");
  u128 ten30 = 1;
  for (int i = 0; i < 30; i++) ten30 *= 10;
  to_dec(ten30, buf);
  CHECK_STR(buf, "1000000000000000000000000000000");
  CHECK(udiv(ten30, 1000000000000000ull) == 1000000000000000ull);
  CHECK(umod(ten30 + 12345, 1000000000000000ull) == 12345);

  /* signed: truncation toward zero */
  i128 n = OPAQUE(-(i128)ten30 - 7);
  CHECK(sdiv(n, 10) == -(i128)(ten30 / 10));
  CHECK(smod(n, 10) == -7);
  CHECK(sdiv(n, -10) == (i128)(ten30 / 10));
  CHECK(smod(n, -10) == -7);
  CHECK(sdiv(7, -2) == -3 && smod(7, -2) == 1);
  i128 minv = -(i128)(~(u128)0 >> 1) - 1;
  CHECK(sdiv(minv, 2) == -(i128)((u128)1 << 126));
  CHECK(smod(minv, 3) == -2);

  /* randomized identities with full-width divisors */
  uint64_t s = 0x243F6A8885A308D3ull;
  for (int i = 0; i < 150; i++) {
    s ^= s << 13; s ^= s >> 7; s ^= s << 17;
    uint64_t t = s * 0xD1342543DE82EF95ull + 1;
    u128 a = U128(s, t);
    u128 b = (i % 3 == 0) ? (u128)(t | 1) : (i % 3 == 1) ? U128(s >> (i % 64), t) : (u128)((t >> 40) | 1);
    if (b == 0) b = 1;
    u128 q = udiv(a, b), r = umod(a, b);
    CHECK(r < b);
    CHECK(q * b + r == a);
    i128 sa = (i128)a, sb = (i128)b;
    if (i & 1) sb = -sb;
    if (sb == 0 || (sa == minv && sb == -1)) continue;
    i128 sq = sdiv(sa, sb), sr = smod(sa, sb);
    CHECK(sq * sb + sr == sa);
    CHECK(sr == 0 || ((sr < 0) == (sa < 0)));
    u128 absr = sr < 0 ? -(u128)sr : (u128)sr;
    u128 absb = sb < 0 ? -(u128)sb : (u128)sb;
    CHECK(absr < absb);
  }
  CHECK_DONE();
}
