/* Subnormal (denormal) numbers: gradual underflow, arithmetic, conversion.
 * Fails if the target flushes subnormals to zero. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include "check.h"

static NOINLINE float mulf(float a, float b) { return a * b; }
static NOINLINE float divf(float a, float b) { return a / b; }
static NOINLINE float addf(float a, float b) { return a + b; }
static NOINLINE double mul(double a, double b) { return a * b; }
static NOINLINE double dvd(double a, double b) { return a / b; }
static NOINLINE double add(double a, double b) { return a + b; }
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

int main(void) {
  float fmin = OPAQUE(FLT_MIN);
  float h = divf(fmin, 2.0f);
  CHECK(h > 0.0f && h < FLT_MIN);
  CHECK(fbits(h) == 0x00400000u);
  CHECK(mulf(h, 2.0f) == FLT_MIN);
  CHECK(fpclassify(h) == FP_SUBNORMAL && !isnormal(h));
  float tmin = OPAQUE(FLT_TRUE_MIN);
  CHECK(fbits(tmin) == 1);
  CHECK(divf(tmin, 2.0f) == 0.0f);                 /* tie -> even (0) */
  CHECK(mulf(tmin, 1.5f) == 2 * FLT_TRUE_MIN);     /* tie -> even (2) */
  CHECK(mulf(tmin, 1.4f) == FLT_TRUE_MIN);
  CHECK(addf(tmin, tmin) == 0x1p-148f);
  CHECK(mulf(0x1p-140f, 0x1p-5f) == 0x1p-145f);
  CHECK(addf(0x1p-130f, 0x1p-131f) == 0x1.8p-130f);
  CHECK(addf(FLT_MIN, -h) == h);                    /* exact subtraction into subnormals */
  CHECK(sqrtf(OPAQUE(0x1p-148f)) == 0x1p-74f);
  CHECK(divf(1.0f, 0x1p-130f) == (float)INFINITY);
  CHECK(mulf(0x1p-130f, 0x1p100f) == 0x1p-30f);     /* subnormal operand */

  int steps = 0;
  for (float x = 1.0f; x != 0.0f; x = divf(x, 2.0f)) steps++;
  CHECK_EQ(steps, 150);                               /* 2^0 .. 2^-149 */
  steps = 0;
  for (double x = 1.0; x != 0.0; x = dvd(x, 2.0)) steps++;
  CHECK_EQ(steps, 1075);                              /* 2^0 .. 2^-1074 */

  double dmin = OPAQUE(DBL_TRUE_MIN);
  CHECK(dmin == 0x1p-1074);
  CHECK(dvd(dmin, 2.0) == 0.0);
  CHECK(mul(dmin, 3.0) == 0x3p-1074);
  CHECK(add(DBL_MIN, -dvd(DBL_MIN, 4.0)) == 0x3p-1024);
  CHECK(mul(0x1p-1060, 0x1p100) == 0x1p-960);
  CHECK(fpclassify(dvd(DBL_MIN, 3.0)) == FP_SUBNORMAL);
  /* float subnormal widens to a normal double and back */
  double wide = h;
  CHECK(wide == 0x1p-127);
  CHECK((float)wide == h);
  CHECK((float)OPAQUE(0x1p-149) == FLT_TRUE_MIN);
  /* sum of many subnormals is exact */
  float acc = 0.0f;
  for (int i = 0; i < 1000; i++) acc = addf(acc, tmin);
  CHECK(acc == 1000 * FLT_TRUE_MIN);
  CHECK(fbits(acc) == 1000);
  /* frexp/ldexp on subnormals */
  int e;
  double m = frexp(OPAQUE(0x1p-1070), &e);
  CHECK(m == 0.5 && e == -1069);
  CHECK(ldexp(1.0, -1074) == DBL_TRUE_MIN);
  CHECK_DONE();
}
