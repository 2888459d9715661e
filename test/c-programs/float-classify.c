/* fpclassify, isfinite, isnormal, isinf, isnan, signbit and the quiet
 * comparison macros for float and double. */
#include <math.h>
#include <float.h>
#include "check.h"

int main(void) {
  double z = OPAQUE(0.0);
  double dv[] = {0.0, -0.0, 1.0, -DBL_MAX, DBL_MIN, DBL_MIN / 2, DBL_TRUE_MIN, 1.0 / z, -1.0 / z, z / z};
  int dclass[] = {FP_ZERO, FP_ZERO, FP_NORMAL, FP_NORMAL, FP_NORMAL, FP_SUBNORMAL, FP_SUBNORMAL, FP_INFINITE, FP_INFINITE, FP_NAN};
  for (int i = 0; i < 10; i++) {
    double x = OPAQUE(dv[i]);
    CHECK_EQ(fpclassify(x), dclass[i]);
    CHECK(isfinite(x) == (dclass[i] != FP_INFINITE && dclass[i] != FP_NAN));
    CHECK(isnormal(x) == (dclass[i] == FP_NORMAL));
    CHECK(!!isinf(x) == (dclass[i] == FP_INFINITE));
    CHECK(!!isnan(x) == (dclass[i] == FP_NAN));
  }
  CHECK(signbit(OPAQUE(-0.0)) && signbit(OPAQUE(-DBL_MAX)) && !signbit(OPAQUE(DBL_MIN)));
  float fz = OPAQUE(0.0f);
  float fv[] = {0.0f, 1.0f, FLT_MIN, FLT_MIN / 4, FLT_TRUE_MIN, 1.0f / fz, fz / fz, -FLT_MAX};
  int fclass[] = {FP_ZERO, FP_NORMAL, FP_NORMAL, FP_SUBNORMAL, FP_SUBNORMAL, FP_INFINITE, FP_NAN, FP_NORMAL};
  for (int i = 0; i < 8; i++) {
    float x = OPAQUE(fv[i]);
    CHECK_EQ(fpclassify(x), fclass[i]);
    CHECK(isnormal(x) == (fclass[i] == FP_NORMAL));
  }
  /* a float subnormal value is normal as a double */
  CHECK(fpclassify((double)OPAQUE(FLT_TRUE_MIN)) == FP_NORMAL);
  double n = z / z;
  CHECK(isgreater(2.0, 1.0) && !isgreater(n, 1.0));
  CHECK(isgreaterequal(1.0, 1.0) && !isgreaterequal(1.0, n));
  CHECK(isless(-1.0, 1.0) && !isless(n, n));
  CHECK(islessequal(-0.0, 0.0));
  CHECK(islessgreater(1.0, 2.0) && !islessgreater(0.0, -0.0) && !islessgreater(n, 0.0));
  CHECK(isunordered(n, 0.0) && !isunordered(1.0, 2.0));
  CHECK_DONE();
}
