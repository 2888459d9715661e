/* Exact exponent manipulation: frexp, ldexp, scalbn, ilogb, logb, copysign,
 * nextafter, fabs, fdim, fmin, fmax. */
#include <math.h>
#include <float.h>
#include "check.h"

int main(void) {
  int e;
  CHECK(frexp(OPAQUE(8.0), &e) == 0.5 && e == 4);
  CHECK(frexp(OPAQUE(-3.0), &e) == -0.75 && e == 2);
  CHECK(frexp(OPAQUE(0.1), &e) == 0.8 && e == -3);
  CHECK(frexp(OPAQUE(0.0), &e) == 0.0 && e == 0);
  CHECK(frexp(OPAQUE(DBL_MAX), &e) == 0x1.fffffffffffffp-1 && e == 1024);
  CHECK(frexpf(OPAQUE(1.0f), &e) == 0.5f && e == 1);
  CHECK(ldexp(OPAQUE(0.75), 4) == 12.0);
  CHECK(ldexp(OPAQUE(1.0), 1023) == 0x1p1023);
  CHECK(isinf(ldexp(OPAQUE(1.0), 1024)));
  CHECK(ldexp(OPAQUE(1.0), -1075) == 0.0);
  CHECK(ldexpf(OPAQUE(3.0f), -2) == 0.75f);
  CHECK(scalbn(OPAQUE(1.5), 10) == 1536.0);
  CHECK(scalbnf(OPAQUE(1.5f), -1) == 0.75f);
  /* Results just below the smallest subnormal round to it; half of it is
     a tie, which rounds to (even) zero. */
  CHECK(ldexpf(OPAQUE(0x1.cp-147f), -3) == FLT_TRUE_MIN);
  CHECK(scalbnf(OPAQUE(0x1.8p-148f), -2) == FLT_TRUE_MIN);
  CHECK(scalbnf(OPAQUE(0x1p-147f), -3) == 0.0f);
  CHECK(ldexp(OPAQUE(0x1.cp-1072), -3) == DBL_TRUE_MIN);
  CHECK(scalbn(OPAQUE(0x1p-1072), -3) == 0.0);
  CHECK(ilogb(OPAQUE(1024.0)) == 10 && ilogb(OPAQUE(0.3)) == -2);
  CHECK(ilogb(OPAQUE(DBL_TRUE_MIN)) == -1074);
  CHECK(logb(OPAQUE(-48.0)) == 5.0);
  CHECK(copysign(OPAQUE(3.0), -0.0) == -3.0 && copysign(OPAQUE(-3.0), 1.0) == 3.0);
  CHECK(copysignf(OPAQUE(2.0f), -1.0f) == -2.0f);
  CHECK(nextafter(OPAQUE(1.0), 2.0) == 1.0 + DBL_EPSILON);
  CHECK(nextafter(OPAQUE(0.0), 1.0) == DBL_TRUE_MIN);
  CHECK(nextafter(OPAQUE(-0.0), -1.0) == -DBL_TRUE_MIN);
  CHECK(nextafterf(OPAQUE(1.0f), 0.0f) == 1.0f - FLT_EPSILON / 2);
  CHECK(fabs(OPAQUE(-2.5)) == 2.5 && fabsf(OPAQUE(-0.5f)) == 0.5f);
  CHECK(fdim(OPAQUE(5.0), 3.0) == 2.0 && fdim(OPAQUE(3.0), 5.0) == 0.0);
  CHECK(fmax(OPAQUE(-1.0), -2.0) == -1.0 && fmin(OPAQUE(-1.0), -2.0) == -2.0);
  CHECK(fmaxf(OPAQUE(1.0f), 3.0f) == 3.0f && fminf(OPAQUE(1.0f), 3.0f) == 1.0f);
  /* frexp/ldexp round trip on many values */
  double x = 1.0;
  for (int i = 0; i < 200; i++) {
    x = x * 1.37 + 0.001;
    double v = (i & 1) ? -x : 1.0 / x;
    double m = frexp(v, &e);
    CHECK(fabs(m) >= 0.5 && fabs(m) < 1.0);
    CHECK(ldexp(m, e) == v);
    CHECK(ilogb(v) == e - 1);
  }
  CHECK_DONE();
}
