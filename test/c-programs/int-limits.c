/* Edge values from limits.h, computed without undefined behaviour. */
#include <limits.h>
#include "check.h"

static NOINLINE int neg_int(int x) { return -x; }
static NOINLINE long long add_ll(long long a, long long b) { return a + b; }
static NOINLINE unsigned long long add_ull(unsigned long long a, unsigned long long b) { return a + b; }

int main(void) {
  CHECK_EQ(CHAR_BIT, 8);
  CHECK_EQ(SCHAR_MIN, -128);
  CHECK_EQ(SCHAR_MAX, 127);
  CHECK_EQ(UCHAR_MAX, 255);
  CHECK_EQ(SHRT_MIN, -32768);
  CHECK_EQ(SHRT_MAX, 32767);
  CHECK_EQ(USHRT_MAX, 65535);
  CHECK_EQ(INT_MIN, -2147483647 - 1);
  CHECK_EQ(INT_MAX, 2147483647);
  CHECK(UINT_MAX == 4294967295u);
  CHECK_EQ(LONG_MAX, 9223372036854775807LL);
  CHECK_EQ(LONG_MIN, -9223372036854775807LL - 1);
  CHECK(ULONG_MAX == 18446744073709551615UL);
  CHECK_EQ(LLONG_MAX, 9223372036854775807LL);
  CHECK(ULLONG_MAX == 18446744073709551615ULL);
#ifdef __accel__
  CHECK_EQ(CHAR_MIN, -128);   /* char is signed on Accel */
  CHECK_EQ(CHAR_MAX, 127);
#endif

  int imax = OPAQUE(INT_MAX), imin = OPAQUE(INT_MIN);
  CHECK_EQ(neg_int(imax), -2147483647);
  CHECK_EQ(neg_int(imin + 1), INT_MAX);
  CHECK_EQ(imax + imin, -1);
  CHECK_EQ(imin / 2, -1073741824);
  CHECK_EQ(imin % 2, 0);
  CHECK_EQ(imin / 1, INT_MIN);
  CHECK_EQ(imin % 1, 0);
  CHECK_EQ(imax / -1, -INT_MAX);
  CHECK_EQ(imin + 1 - 1, INT_MIN);
  CHECK((unsigned)imin == 0x80000000u);
  CHECK((unsigned)imax + 1u == 0x80000000u);
  CHECK((unsigned)imin - 1u == 0x7FFFFFFFu);
  CHECK_EQ(-(long long)imin, 2147483648LL);   /* widen before negating */

  long long llmax = OPAQUE(LLONG_MAX), llmin = OPAQUE(LLONG_MIN);
  CHECK_EQ(add_ll(llmax, llmin), -1);
  CHECK_EQ(llmin / 2, -4611686018427387904LL);
  CHECK_EQ(llmax / 3, 3074457345618258602LL);
  CHECK_EQ(llmax % 10, 7);
  CHECK_EQ(llmin % 10, -8);
  CHECK_EQ(llmin / 10, -922337203685477580LL);
  CHECK((unsigned long long)llmin == 0x8000000000000000ULL);
  CHECK(add_ull((unsigned long long)llmax, 1) == 0x8000000000000000ULL);
  CHECK(add_ull(ULLONG_MAX, 1) == 0);
  CHECK(add_ull(ULLONG_MAX, ULLONG_MAX) == ULLONG_MAX - 1);

  /* unsigned wrap is defined */
  unsigned u0 = OPAQUE(0u);
  CHECK(u0 - 1 == UINT_MAX);
  CHECK((unsigned short)(USHRT_MAX + 1) == 0);

  /* conversions from out-of-range values to signed narrower types
     (implementation-defined, modular in clang) */
  long long big = OPAQUE(0x123456789LL);
  CHECK_EQ((int)big, 0x23456789);
  CHECK_EQ((short)big, 0x6789);
  CHECK_EQ((signed char)big, (signed char)0x89);
  CHECK_EQ((int)OPAQUE(0x80000000LL), INT_MIN);
  CHECK_DONE();
}
