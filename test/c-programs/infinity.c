/* Infinities: creation by division and overflow, arithmetic and ordering. */
#include <math.h>
#include <float.h>
#include "check.h"

static NOINLINE double dvd(double a, double b) { return a / b; }
static NOINLINE double mul(double a, double b) { return a * b; }
static NOINLINE float mulf(float a, float b) { return a * b; }
static NOINLINE float d2f(double d) { return (float)d; }

int main(void) {
  double pinf = dvd(1.0, 0.0), ninf = dvd(-1.0, 0.0);
  CHECK(isinf(pinf) && pinf > 0);
  CHECK(isinf(ninf) && ninf < 0);
  CHECK(pinf == INFINITY && ninf == -INFINITY);
  CHECK(pinf == HUGE_VAL);
  CHECK(pinf > DBL_MAX && ninf < -DBL_MAX);
  CHECK(pinf + 1.0 == pinf && pinf - 1e308 == pinf);
  CHECK(pinf + pinf == pinf);
  CHECK(mul(pinf, -1.0) == ninf);
  CHECK(mul(pinf, ninf) == ninf);
  CHECK(dvd(1.0, pinf) == 0.0);
  CHECK(dvd(-1.0, pinf) == 0.0 && signbit(dvd(-1.0, pinf)));
  CHECK(dvd(pinf, 2.0) == pinf);
  CHECK(mul(DBL_MAX, 2.0) == pinf);          /* overflow */
  CHECK(mul(-DBL_MAX, 1.0000001) == ninf);
  CHECK(mul(DBL_MAX, 1.0 + DBL_EPSILON) == pinf);
  CHECK(DBL_MAX + OPAQUE(0x1p969) == DBL_MAX); /* quarter ulp: rounds back */
  CHECK(DBL_MAX + OPAQUE(0x1p970) == pinf);    /* half ulp: ties to even -> inf */
  CHECK(mulf(FLT_MAX, 2.0f) == (float)INFINITY);
  CHECK(mulf(OPAQUE(1e20f), 1e20f) == (float)INFINITY);
  CHECK(d2f(1e39) == (float)INFINITY);       /* Annex F: overflow on narrowing */
  CHECK(d2f(-1e39) == -(float)INFINITY);
  CHECK(d2f(pinf) == (float)INFINITY);
  CHECK((double)d2f(ninf) == ninf);
  CHECK(isinf(INFINITY) && !isinf(DBL_MAX) && !isfinite(pinf) && isfinite(DBL_MAX));
  CHECK(dvd(0.0, pinf) == 0.0);
  CHECK(sqrt(pinf) == pinf);
  CHECK(fabs(ninf) == pinf);
  CHECK(exp(OPAQUE(1000.0)) == pinf);
  CHECK(exp(OPAQUE(-1000.0)) == 0.0);
  CHECK(log(OPAQUE(0.0)) == ninf);
  CHECK(atan(pinf) > 1.57 && atan(pinf) < 1.58);
  /* ordering with infinities */
  double v[] = {ninf, -DBL_MAX, -1.0, 0.0, 1.0, DBL_MAX, pinf};
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 7; j++) CHECK((v[i] < v[j]) == (i < j));
  CHECK_DONE();
}
