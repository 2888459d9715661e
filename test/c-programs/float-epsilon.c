/* float.h constants agree with values computed at run time. */
#include <float.h>
#include "check.h"

static NOINLINE float addf(float a, float b) { return a + b; }
static NOINLINE double add(double a, double b) { return a + b; }

int main(void) {
  CHECK(FLT_RADIX == 2);
  CHECK(FLT_MANT_DIG == 24 && DBL_MANT_DIG == 53);
  CHECK(FLT_DIG == 6 && DBL_DIG == 15);
  CHECK(FLT_MIN_EXP == -125 && FLT_MAX_EXP == 128);
  CHECK(DBL_MIN_EXP == -1021 && DBL_MAX_EXP == 1024);
  CHECK(FLT_MAX_10_EXP == 38 && DBL_MAX_10_EXP == 308);
  CHECK(FLT_EPSILON == 0x1p-23f && DBL_EPSILON == 0x1p-52);
  CHECK(FLT_MAX == 0x1.fffffep127f && DBL_MAX == 0x1.fffffffffffffp1023);
  CHECK(FLT_MIN == 0x1p-126f && DBL_MIN == 0x1p-1022);
  CHECK(FLT_TRUE_MIN == 0x1p-149f && DBL_TRUE_MIN == 0x1p-1074);
  CHECK(FLT_EVAL_METHOD == 0);

  /* machine epsilon by halving until 1 + e == 1 */
  float ef = 1.0f;
  while (addf(1.0f, ef / 2.0f) != 1.0f) ef /= 2.0f;
  CHECK(ef == FLT_EPSILON);
  double ed = 1.0;
  while (add(1.0, ed / 2.0) != 1.0) ed /= 2.0;
  CHECK(ed == DBL_EPSILON);
  CHECK(addf(1.0f, FLT_EPSILON) != 1.0f);
  CHECK(addf(1.0f, FLT_EPSILON / 2) == 1.0f);
  CHECK(add(1.0, DBL_EPSILON) != 1.0);
  CHECK(add(1.0, DBL_EPSILON / 2) == 1.0);
  /* mantissa digits by counting */
  int digits = 0;
  for (double p = 1.0; add(p, 1.0) - p == 1.0; p *= 2.0) digits++;
  CHECK_EQ(digits, 53);
  int fdigits = 0;
  for (float p = 1.0f; addf(p, 1.0f) - p == 1.0f; p *= 2.0f) fdigits++;
  CHECK_EQ(fdigits, 24);
  /* largest finite by doubling until overflow */
  double m = 1.0;
  int e = 0;
  while (m * 2.0 != m * 4.0) { m *= 2.0; e++; }
  CHECK_EQ(e, 1023);
  /* smallest normal by halving while the result stays normal */
  float mn = 1.0f;
  int k = 0;
  while (mn / 2.0f >= FLT_MIN) { mn /= 2.0f; k++; }
  CHECK(mn == FLT_MIN);
  CHECK_EQ(k, 126);
  CHECK_DONE();
}
