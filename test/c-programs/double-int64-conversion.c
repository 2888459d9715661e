/* Conversions between double/float and 64-bit integers, including unsigned
 * values >= 2^63 and rounding with sticky bits. */
#include <limits.h>
#include <stdint.h>
#include "check.h"

static NOINLINE double s2d(int64_t v) { return (double)v; }
static NOINLINE double u2d(uint64_t v) { return (double)v; }
static NOINLINE float s2f(int64_t v) { return (float)v; }
static NOINLINE float u2f(uint64_t v) { return (float)v; }
static NOINLINE int64_t d2s(double d) { return (int64_t)d; }
static NOINLINE uint64_t d2u(double d) { return (uint64_t)d; }
static NOINLINE int64_t f2s(float f) { return (int64_t)f; }
static NOINLINE uint64_t f2u(float f) { return (uint64_t)f; }

int main(void) {
  CHECK(s2d(9007199254740993LL) == 9007199254740992.0);   /* 2^53+1 tie -> even */
  CHECK(s2d(9007199254740995LL) == 9007199254740996.0);
  CHECK(s2d(-9007199254740993LL) == -9007199254740992.0);
  CHECK(s2d(LLONG_MAX) == 9223372036854775808.0);
  CHECK(s2d(LLONG_MIN) == -9223372036854775808.0);
  CHECK(u2d(ULLONG_MAX) == 18446744073709551616.0);
  CHECK(u2d(0x8000000000000000ull) == 9223372036854775808.0);
  CHECK(u2d(0x8000000000000400ull) == 9223372036854775808.0);  /* tie -> even */
  CHECK(u2d(0x8000000000000401ull) == 9223372036854777856.0);  /* sticky -> up */
  CHECK(u2d(0x8000000000000C00ull) == 9223372036854779904.0);  /* tie -> even (up) */
  CHECK(u2d(0x7FFFFFFFFFFFFDFFull) == 9223372036854774784.0);
  CHECK(u2d(1) == 1.0 && u2d(0) == 0.0);
  CHECK(s2f(16777217) == 16777216.0f);
  CHECK(s2f(0x7FFFFFBFFFFFFFFFLL) == 0x1.fffffep62f);
  CHECK(s2f(0x7FFFFFC000000000LL) == 0x1p63f);               /* tie -> even */
  CHECK(u2f(0xFFFFFF7FFFFFFFFFull) == 0x1.fffffep63f);
  CHECK(u2f(0xFFFFFF8000000000ull) == 0x1p64f);
  CHECK(u2f(0x8000008000000001ull) == 0x1.000002p63f);

  CHECK(d2s(-9223372036854775808.0) == LLONG_MIN);
  CHECK(d2s(9223372036854774784.0) == 9223372036854774784LL);
  CHECK(d2s(-1.9999) == -1);
  CHECK(d2s(1e18) == 1000000000000000000LL);
  CHECK(d2u(1e19) == 10000000000000000000ull);
  CHECK(d2u(9223372036854775808.0) == 0x8000000000000000ull);
  CHECK(d2u(18446744073709549568.0) == 0xFFFFFFFFFFFFF800ull);
  CHECK(d2u(0.9999999) == 0);
  CHECK(d2u(2251799813685249.5) == 2251799813685249ull);  /* ulp 0.5 at 2^51 */
  CHECK(f2s(-0x1p62f) == -4611686018427387904LL);
  CHECK(f2u(0x1.fffffep63f) == 0xFFFFFF0000000000ull);
  CHECK(f2u(3.5f) == 3);

  /* round trips of values with <= 53 significant bits are exact */
  uint64_t x = 1;
  for (int i = 0; i < 64; i++) {
    uint64_t v = OPAQUE(x << i);
    CHECK(d2u(u2d(v)) == v);
    uint64_t w = v | (v >> 20);          /* at most 21 significant bits */
    CHECK(d2u(u2d(w)) == w);
    if (i < 63) CHECK(d2s(s2d(-(int64_t)w)) == -(int64_t)w);
  }
  CHECK_DONE();
}
