/* 64-bit signed and unsigned arithmetic. */
#include <stdint.h>
#include "check.h"

static NOINLINE long long mul(long long a, long long b) { return a * b; }
static NOINLINE unsigned long long umul(unsigned long long a, unsigned long long b) { return a * b; }
static NOINLINE unsigned long long udiv(unsigned long long a, unsigned long long b) { return a / b; }
static NOINLINE unsigned long long umod(unsigned long long a, unsigned long long b) { return a % b; }

int main(void) {
  CHECK_EQ(mul(3037000499LL, 3037000499LL), 9223372030926249001LL);
  CHECK_EQ(mul(-4294967296LL, 2147483647LL), -9223372032559808512LL);
  CHECK(umul(0xFFFFFFFFull, 0xFFFFFFFFull) == 0xFFFFFFFE00000001ull);
  CHECK(umul(0x100000001ull, 0x100000001ull) == 0x0000000200000001ull); /* wraps */
  CHECK(umul(0xFFFFFFFFFFFFFFFFull, 0xFFFFFFFFFFFFFFFFull) == 1);
  CHECK(udiv(0xFFFFFFFFFFFFFFFFull, 3) == 0x5555555555555555ull);
  CHECK(udiv(0xFFFFFFFFFFFFFFFFull, 0x100000000ull) == 0xFFFFFFFFull);
  CHECK(umod(0xFFFFFFFFFFFFFFFFull, 0x100000000ull) == 0xFFFFFFFFull);
  CHECK(udiv(10000000000000000000ull, 1000000007ull) == 9999999930ull);
  CHECK(umod(10000000000000000000ull, 1000000007ull) == 490ull);
  CHECK(udiv(0x8000000000000000ull, 0x8000000000000001ull) == 0);

  /* factorials up to 20! fit */
  unsigned long long f = 1;
  for (unsigned i = 1; i <= 20; i++) f *= i;
  CHECK(f == 2432902008176640000ull);
  /* and dividing back out gives 1 */
  for (unsigned i = 20; i >= 1; i--) { CHECK(f % i == 0); f /= i; }
  CHECK(f == 1);

  /* powers of 3 and their sum (geometric series) */
  long long p = 1, sum = 0;
  for (int i = 0; i < 39; i++) { sum += p; p *= 3; }
  CHECK_EQ(p, 4052555153018976267LL);         /* 3^39 */
  CHECK_EQ(sum, (p - 1) / 2);

  /* mixing 32-bit operands with 64-bit results */
  int a = OPAQUE(2000000000), b = OPAQUE(2000000000);
  long long wide = (long long)a * b;
  CHECK_EQ(wide, 4000000000000000000LL);
  unsigned ua = OPAQUE(4000000000u);
  unsigned long long uw = (unsigned long long)ua * ua;
  CHECK(uw == 16000000000000000000ull);
  CHECK((ua * ua) == (unsigned)(uw & 0xFFFFFFFFu));     /* 32-bit wrap */

  /* 64-bit constants and sign extension of 32-bit values */
  int neg = OPAQUE(-5);
  long long sx = neg;
  unsigned long long zx = (unsigned)neg;
  CHECK(sx == -5);
  CHECK(zx == 0xFFFFFFFBull);
  CHECK((unsigned long long)sx == 0xFFFFFFFFFFFFFFFBull);

  /* comparisons across the 32-bit boundary */
  long long x = OPAQUE(0x100000000LL), y = OPAQUE(0xFFFFFFFFLL);
  CHECK(x > y);
  CHECK((int)x == 0 && (int)y == -1);
  CHECK_EQ(x - y, 1);
  CHECK_EQ(-x + y, -1);
  /* min/max */
  CHECK_EQ(INT64_MAX - INT64_MAX / 2, 4611686018427387904LL);
  CHECK_DONE();
}
