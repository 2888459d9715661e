/* Conversions between __int128 and narrower integers and floating point. */
#include <stdint.h>
#include "check.h"

typedef unsigned __int128 u128;
typedef __int128 i128;
#define U128(hi, lo) (((u128)(hi) << 64) | (u128)(lo))

static NOINLINE double u2d(u128 v) { return (double)v; }
static NOINLINE double s2d(i128 v) { return (double)v; }
static NOINLINE float u2f(u128 v) { return (float)v; }
static NOINLINE u128 d2u(double d) { return (u128)d; }
static NOINLINE i128 d2s(double d) { return (i128)d; }
static NOINLINE i128 f2s(float f) { return (i128)f; }

int main(void) {
  /* integer widening and narrowing */
  long long m = OPAQUE(-2LL);
  i128 w = m;
  CHECK((uint64_t)((u128)w >> 64) == ~0ull);
  u128 zw = (unsigned long long)m;
  CHECK((uint64_t)(zw >> 64) == 0);
  u128 big = OPAQUE(U128(0x1122334455667788ull, 0x99AABBCCDDEEFF00ull));
  CHECK((uint64_t)big == 0x99AABBCCDDEEFF00ull);
  CHECK((uint32_t)big == 0xDDEEFF00u);
  CHECK((uint8_t)big == 0);

  /* to floating point: exact powers of two, rounding to nearest even */
  CHECK(u2d(OPAQUE((u128)1 << 100)) == 1267650600228229401496703205376.0);
  CHECK(u2d(OPAQUE(((u128)1 << 100) + 1)) == 1267650600228229401496703205376.0);
  CHECK(u2d(OPAQUE(~(u128)0)) == 340282366920938463463374607431768211456.0); /* 2^128 */
  CHECK(s2d(OPAQUE(-((i128)1 << 70))) == -1180591620717411303424.0);
  CHECK(s2d(OPAQUE((i128)-1)) == -1.0);
  /* 2^53 + 1 rounds to even (down), 2^53 + 3 rounds up to 2^53 + 4 */
  CHECK(u2d(OPAQUE(((u128)1 << 53) + 1)) == 9007199254740992.0);
  CHECK(u2d(OPAQUE(((u128)1 << 53) + 3)) == 9007199254740996.0);
  /* value with bits above 64 and a sticky bit far below */
  CHECK(u2d(OPAQUE(U128(1, 0x0000000000000800ull))) == 18446744073709551616.0);
  CHECK(u2d(OPAQUE(U128(1, 0x0000000000000801ull))) == 18446744073709555712.0);
  CHECK(u2f(OPAQUE((u128)1 << 100)) == 0x1p100f);
  /* float ulp at 2^100 is 2^77: halfway cases round to even */
  CHECK(u2f(OPAQUE(((u128)1 << 100) + ((u128)1 << 76))) == 0x1p100f);
  CHECK(u2f(OPAQUE(((u128)1 << 100) + ((u128)3 << 76))) == 0x1.000004p100f);
  CHECK(u2f(OPAQUE(((u128)1 << 100) + ((u128)1 << 77))) == 0x1.000002p100f);
  CHECK(u2f(OPAQUE(((u128)1 << 100) + ((u128)1 << 76) + 1)) == 0x1.000002p100f);

  /* from floating point: truncation toward zero */
  CHECK(d2u(1e30) == U128(0xC9F2C9CD0ull, 0x4675000000000000ull)); /* 1e30 as double */
  CHECK(d2s(-1e30) == -(i128)U128(0xC9F2C9CD0ull, 0x4675000000000000ull));
  CHECK(d2s(-2.75) == -2);
  CHECK(d2u(12345.99) == 12345);
  CHECK(d2u(0x1p127) == (u128)1 << 127);
  CHECK(f2s(-0x1p90f) == -((i128)1 << 90));
  CHECK(d2s(0.5) == 0);
  CHECK_DONE();
}
