/* pow, powf, cbrt, hypot. */
#include <math.h>
#include "check.h"

int main(void) {
  CHECK_REL(pow(OPAQUE(2.0), 0.5), 1.4142135623730951, 1e-12);
  CHECK_REL(pow(OPAQUE(1.5), 10.5), 70.62496085039253, 1e-12);
  CHECK_REL(pow(OPAQUE(10.0), -3.5), 0.00031622776601683794, 1e-12);
  CHECK(pow(OPAQUE(2.0), 10.0) == 1024.0);
  CHECK(pow(OPAQUE(-2.0), 3.0) == -8.0);
  CHECK(pow(OPAQUE(-2.0), 4.0) == 16.0);
  CHECK(pow(OPAQUE(0.0), 0.0) == 1.0);
  CHECK(pow(OPAQUE(5.0), 0.0) == 1.0);
  CHECK(pow(OPAQUE(1.0), INFINITY) == 1.0);
  CHECK(pow(OPAQUE(0.5), INFINITY) == 0.0);
  CHECK(isinf(pow(OPAQUE(0.0), -1.0)));
  CHECK(isnan(pow(OPAQUE(-2.0), 0.5)));
  CHECK(pow(OPAQUE(2.0), -1074.0) == 0x1p-1074);
  CHECK(isinf(pow(OPAQUE(10.0), 400.0)));
  CHECK_REL(powf(OPAQUE(2.0f), 0.5f), 1.4142135623730951, 1e-6);
  CHECK_REL(powf(OPAQUE(3.0f), 2.5f), 15.588457268119896, 1e-6);
  CHECK(powf(OPAQUE(3.0f), 4.0f) == 81.0f);
  /* integer powers agree with repeated multiplication (exact below 2^53) */
  for (int b = 2; b <= 9; b++) {
    double p = 1.0;
    for (int e = 0; e <= 16; e++) {
      CHECK_REL(pow((double)b, (double)e), p, 1e-15);
      p *= b;
    }
  }
  for (int i = 1; i <= 60; i++) {
    double x = i * 0.29;
    CHECK_REL(pow(x, 2.0), x * x, 1e-15);
    CHECK_REL(pow(x, 0.5), sqrt(x), 1e-15);
    CHECK_REL(pow(x, 1.7) * pow(x, 0.3), x * x, 1e-13);
    CHECK_REL(pow(x, -1.0), 1.0 / x, 1e-15);
    CHECK_REL(cbrt(x * x * x), x, 1e-14);
    CHECK_REL(pow(x, 1.0 / 3.0), cbrt(x), 1e-14);
  }
  CHECK_REL(cbrt(OPAQUE(27.5)), 3.018405368398843, 1e-12);
  CHECK_REL(cbrt(OPAQUE(-8.0)), -2.0, 1e-15);
  CHECK_REL(cbrt(OPAQUE(27.0)), 3.0, 1e-15);
  CHECK(hypot(OPAQUE(3.0), 4.0) == 5.0);
  CHECK_REL(hypot(OPAQUE(3e200), 4e200), 5e200, 1e-15);   /* no overflow */
  CHECK_REL(hypot(OPAQUE(3e-200), 4e-200), 5e-200, 1e-15); /* no underflow */
  CHECK(hypot(OPAQUE(-5.0), 12.0) == 13.0);
  CHECK(isinf(hypot(OPAQUE(INFINITY), NAN)));
  CHECK_REL(hypotf(OPAQUE(1.0f), 1.0f), 1.4142135623730951, 1e-6);
  CHECK_DONE();
}
