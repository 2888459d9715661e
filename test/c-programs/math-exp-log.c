/* exp/log family against mathematical constants and identities
 * (relative tolerance 1e-12 double, 1e-6 float). */
#include <math.h>
#include "check.h"

int main(void) {
  double one = OPAQUE(1.0);
  CHECK_REL(exp(one), 2.718281828459045, 1e-12);
  CHECK_REL(exp(OPAQUE(-2.5)), 0.0820849986238988, 1e-12);
  CHECK_REL(exp(OPAQUE(10.0)), 22026.465794806718, 1e-12);
  CHECK(exp(OPAQUE(0.0)) == 1.0);
  CHECK_REL(log(OPAQUE(10.0)), 2.302585092994046, 1e-12);
  CHECK_REL(log(OPAQUE(0.001)), -6.907755278982137, 1e-12);
  CHECK(log(one) == 0.0);
  CHECK_REL(log2(OPAQUE(1000.0)), 9.965784284662087, 1e-12);
  CHECK(log2(OPAQUE(1024.0)) == 10.0);
  CHECK_REL(log10(OPAQUE(2.0)), 0.3010299956639812, 1e-12);
  CHECK(log10(OPAQUE(1e6)) == 6.0);
  CHECK_REL(exp2(OPAQUE(0.5)), 1.4142135623730951, 1e-12);
  CHECK(exp2(OPAQUE(10.0)) == 1024.0);
  CHECK_REL(expm1(OPAQUE(1e-10)), 1.00000000005e-10, 1e-12);
  CHECK_REL(log1p(OPAQUE(1e-10)), 9.999999999500001e-11, 1e-12);

  /* float versions */
  CHECK_REL(expf(OPAQUE(1.0f)), 2.718281828459045, 1e-6);
  CHECK_REL(expf(OPAQUE(-3.0f)), 0.049787068367863944, 1e-6);
  CHECK_REL(logf(OPAQUE(10.0f)), 2.302585092994046, 1e-6);
  CHECK_REL(logf(OPAQUE(0.5f)), -0.6931471805599453, 1e-6);
  CHECK_REL(log2f(OPAQUE(3.0f)), 1.584962500721156, 1e-6);
  CHECK_REL(exp2f(OPAQUE(-1.5f)), 0.3535533905932738, 1e-6);

  /* identities over a range */
  for (int i = -40; i <= 40; i++) {
    double x = i * 0.37;
    CHECK_REL(log(exp(x)), x, 1e-12 * 4 + (x == 0 ? 1 : 0));
    CHECK_REL(exp(x) * exp(-x), 1.0, 1e-14 * 8);
    CHECK_REL(exp(2 * x), exp(x) * exp(x), 1e-13);
    float xf = (float)x / 4.0f;
    CHECK_REL(expf(xf), exp((double)xf), 1e-6);
    if (x > 0) {
      CHECK_REL(logf((float)x), log((double)(float)x), 1e-6 + (fabs(log((double)(float)x)) < 1e-3 ? 1e-3 : 0));
      CHECK_REL(log(x * 3.0), log(x) + log(3.0), 1e-12);
      CHECK_REL(log10(x), log(x) / log(10.0), 1e-12);
    }
  }
  CHECK(isinf(log(OPAQUE(0.0))) && log(OPAQUE(0.0)) < 0);
  CHECK(isnan(log(OPAQUE(-1.0))));
  CHECK(exp(OPAQUE(-INFINITY)) == 0.0);
  CHECK(isinf(expf(OPAQUE(100.0f))));
  CHECK_DONE();
}
