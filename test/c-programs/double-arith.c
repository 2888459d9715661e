/* Double-precision +,-,*,/ are correctly rounded (round to nearest even). */
#include <float.h>
#include "check.h"

static NOINLINE double add(double a, double b) { return a + b; }
static NOINLINE double sub(double a, double b) { return a - b; }
static NOINLINE double mul(double a, double b) { return a * b; }
static NOINLINE double dvd(double a, double b) { return a / b; }

int main(void) {
  CHECK(0.1 == 0x1.999999999999ap-4);
  CHECK(add(0.1, 0.2) == 0x1.3333333333334p-2);
  CHECK(add(0.1, 0.2) != 0.3);
  CHECK(0.3 == 0x1.3333333333333p-2);
  CHECK(dvd(1.0, 3.0) == 0x1.5555555555555p-2);
  CHECK(dvd(2.0, 3.0) == 0x1.5555555555555p-1);
  CHECK(dvd(1.0, 10.0) == 0.1);
  CHECK(mul(0.1, 3.0) == 0x1.3333333333334p-2);
  CHECK(dvd(22.0, 7.0) == 0x1.9249249249249p1);
  CHECK(add(1.0, 0x1p-53) == 1.0);
  CHECK(add(0x1.0000000000001p0, 0x1p-53) == 0x1.0000000000002p0);
  CHECK(add(1.0, 0x1.0000000000001p-53) == 0x1.0000000000001p0);
  CHECK(sub(1.0, 0x1p-53) == 0x1.fffffffffffffp-1);
  CHECK(sub(1.0, 0x1p-54) == 1.0);
  CHECK(mul(0x1.0000000000001p0, 0x1.0000000000001p0) == 0x1.0000000000002p0);
  CHECK(mul(0x1.fffffffffffffp0, 0x1.fffffffffffffp0) == 0x1.ffffffffffffep1);
  CHECK(add(9007199254740992.0, 1.0) == 9007199254740992.0);
  CHECK(add(9007199254740992.0, 3.0) == 9007199254740996.0);
  /* sums of integers are exact below 2^53 */
  double s = 0;
  for (int i = 1; i <= 20000; i++) s = add(s, (double)i * i);
  CHECK(s == 2666866670000.0);          /* n(n+1)(2n+1)/6 */
  /* harmonic-like sum compared with exact rational sum in integers */
  double h = 0;
  for (int i = 0; i < 64; i++) h = add(h, dvd(1.0, (double)(1ull << i)));
  CHECK(h == 2.0);   /* 2 - 2^-53 is a tie that rounds to even (2.0) */
  /* division results multiply back exactly for powers of two */
  for (int i = -20; i <= 20; i++) {
    double p = 1.0;
    if (i >= 0) for (int k = 0; k < i; k++) p = mul(p, 2.0);
    else for (int k = 0; k < -i; k++) p = dvd(p, 2.0);
    CHECK(mul(dvd(12345.678, p), p) == 12345.678);
  }
  double big = OPAQUE(1e16), one = OPAQUE(1.0);
  CHECK(sub(add(big, one), big) == 0.0);
  CHECK(add(big, 2.0) == 10000000000000002.0);
  CHECK(mul(DBL_MAX, 0.5) == 0x1.fffffffffffffp1022);
  CHECK(dvd(DBL_MIN, 2.0) == 0x1p-1023);
  CHECK(mul(-3.0, 7.0) == -21.0 && dvd(-21.0, -7.0) == 3.0);
  CHECK_DONE();
}
