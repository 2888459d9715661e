/* sinh, cosh, tanh, tanhf and inverse hyperbolic functions. */
#include <math.h>
#include "check.h"

int main(void) {
  CHECK_REL(sinh(OPAQUE(1.0)), 1.1752011936438014, 1e-12);
  CHECK_REL(cosh(OPAQUE(2.0)), 3.7621956910836314, 1e-12);
  CHECK_REL(tanh(OPAQUE(0.5)), 0.46211715726000974, 1e-12);
  CHECK_REL(tanh(OPAQUE(-3.0)), -0.9950547536867305, 1e-12);
  CHECK_REL(asinh(OPAQUE(1.0)), 0.881373587019543, 1e-12);
  CHECK_REL(acosh(OPAQUE(2.0)), 1.3169578969248166, 1e-12);
  CHECK_REL(atanh(OPAQUE(0.5)), 0.5493061443340548, 1e-12);
  CHECK_REL(tanhf(OPAQUE(0.5f)), 0.46211715726000974, 1e-6);
  CHECK_REL(tanhf(OPAQUE(-3.0f)), -0.9950547536867305, 1e-6);
  CHECK(tanhf(OPAQUE(20.0f)) == 1.0f);
  CHECK(tanhf(OPAQUE(-20.0f)) == -1.0f);
  CHECK(tanh(OPAQUE(0.0)) == 0.0 && signbit(tanh(OPAQUE(-0.0))));
  CHECK(tanh(OPAQUE(INFINITY)) == 1.0);
  for (int i = -60; i <= 60; i++) {
    double x = i * 0.1;
    double s = sinh(x), c = cosh(x);
    CHECK_REL(c * c - s * s, 1.0, 1e-12 * (1 + c * c));
    CHECK_REL(c, (exp(x) + exp(-x)) / 2, 1e-14);
    if (x != 0) {
      CHECK_REL(s, (exp(x) - exp(-x)) / 2, 1e-13 / (fabs(x) < 1 ? fabs(x) : 1));
      CHECK_REL(tanh(x), s / c, 1e-14);
      CHECK_REL(asinh(s), x, 1e-13);
      float xf = (float)x;
      CHECK_REL(tanhf(xf), tanh((double)xf), 1e-6);
    }
    if (x > 0) CHECK_REL(acosh(c), x, 1e-9);
    if (fabs(x) < 1 && x != 0) CHECK_REL(atanh(tanh(x)), x, 1e-13);
  }
  CHECK_DONE();
}
