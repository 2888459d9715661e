/* Conversions between float/double and 32-bit integers: truncation toward
 * zero for float->int, round-to-nearest-even for int->float. */
#include <limits.h>
#include "check.h"

static NOINLINE int f2i(float f) { return (int)f; }
static NOINLINE unsigned f2u(float f) { return (unsigned)f; }
static NOINLINE int d2i(double d) { return (int)d; }
static NOINLINE unsigned d2u(double d) { return (unsigned)d; }
static NOINLINE float i2f(int i) { return (float)i; }
static NOINLINE float u2f(unsigned u) { return (float)u; }
static NOINLINE double i2d(int i) { return (double)i; }
static NOINLINE double u2d(unsigned u) { return (double)u; }
static NOINLINE short f2s(float f) { return (short)f; }
static NOINLINE unsigned char d2uc(double d) { return (unsigned char)d; }
static NOINLINE float c2f(signed char c) { return c; }
static NOINLINE double us2d(unsigned short s) { return s; }

int main(void) {
  CHECK_EQ(f2i(3.99f), 3);
  CHECK_EQ(f2i(-3.99f), -3);
  CHECK_EQ(f2i(0.5f), 0);
  CHECK_EQ(f2i(-0.5f), 0);
  CHECK_EQ(f2i(-2147483648.0f), INT_MIN);
  CHECK_EQ(f2i(2147483520.0f), 2147483520);      /* largest float < 2^31 */
  CHECK(f2u(4294967040.0f) == 4294967040u);      /* largest float < 2^32 */
  CHECK(f2u(3e9f) == 3000000000u);
  CHECK(f2u(0.999f) == 0);
  CHECK_EQ(d2i(2147483647.9), INT_MAX);
  CHECK_EQ(d2i(-2147483648.9), INT_MIN);
  CHECK_EQ(d2i(-1e-300), 0);
  CHECK(d2u(4294967295.5) == 4294967295u);
  CHECK(d2u(2147483648.0) == 2147483648u);
  CHECK_EQ(f2s(-32768.7f), -32768);
  CHECK_EQ(f2s(1234.9f), 1234);
  CHECK_EQ(d2uc(255.9), 255);

  CHECK(i2f(16777216) == 16777216.0f);
  CHECK(i2f(16777217) == 16777216.0f);           /* tie -> even */
  CHECK(i2f(16777218) == 16777218.0f);
  CHECK(i2f(16777219) == 16777220.0f);           /* tie -> even (up) */
  CHECK(i2f(-16777217) == -16777216.0f);
  CHECK(i2f(INT_MAX) == 2147483648.0f);
  CHECK(i2f(INT_MIN) == -2147483648.0f);
  CHECK(i2f(2147483583) == 2147483520.0f);       /* below the tie point */
  CHECK(i2f(2147483584) == 2147483648.0f);       /* tie -> even (up) */
  CHECK(u2f(0xFFFFFFFFu) == 4294967296.0f);
  CHECK(u2f(0x80000000u) == 2147483648.0f);
  CHECK(u2f(0x80000081u) == 2147483904.0f);      /* above half ulp (128) */
  CHECK(u2f(0x80000080u) == 2147483648.0f);      /* exact tie -> even */
  CHECK(u2f(0x80000180u) == 2147484160.0f);      /* tie -> even (up) */
  CHECK(i2d(INT_MIN) == -2147483648.0);
  CHECK(u2d(0xFFFFFFFFu) == 4294967295.0);
  CHECK(c2f(-128) == -128.0f);
  CHECK(us2d(65535) == 65535.0);

  /* every int in [-100000, 100000] survives int->float->int and int->double->int */
  for (int i = -100000; i <= 100000; i += 37) {
    CHECK_EQ(f2i(i2f(i)), i);
    CHECK_EQ(d2i(i2d(i)), i);
  }
  /* truncation of i + 0.5 and i - 0.5 */
  for (int i = -50; i <= 50; i++) {
    double up = i + 0.5, dn = i - 0.5;
    CHECK_EQ(d2i(up), i >= 0 ? i : i + 1);
    CHECK_EQ(d2i(dn), i > 0 ? i - 1 : i);
  }
  CHECK_DONE();
}
