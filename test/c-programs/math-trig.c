/* Trigonometric functions against known values and identities. */
#include <math.h>
#include "check.h"

#define PI 3.14159265358979323846

int main(void) {
  CHECK_REL(sin(OPAQUE(1.0)), 0.8414709848078965, 1e-12);
  CHECK_REL(cos(OPAQUE(1.0)), 0.5403023058681398, 1e-12);
  CHECK_REL(tan(OPAQUE(1.0)), 1.5574077246549023, 1e-12);
  CHECK_REL(sin(OPAQUE(100.0)), -0.5063656411097588, 1e-12);
  CHECK_REL(cos(OPAQUE(1e6)), 0.9367521275331447, 1e-11);
  CHECK_REL(sin(OPAQUE(0.5)), 0.479425538604203, 1e-12);
  CHECK_REL(cos(OPAQUE(2.5)), -0.8011436155469337, 1e-12);
  CHECK_REL(atan(OPAQUE(1.0)), PI / 4, 1e-12);
  CHECK_REL(atan2(OPAQUE(-1.0), -1.0), -3 * PI / 4, 1e-12);
  CHECK_REL(atan2(OPAQUE(1.0), 0.0), PI / 2, 1e-12);
  CHECK_REL(asin(OPAQUE(0.5)), PI / 6, 1e-12);
  CHECK_REL(acos(OPAQUE(-0.5)), 2 * PI / 3, 1e-12);
  CHECK(sin(OPAQUE(0.0)) == 0.0 && cos(OPAQUE(0.0)) == 1.0);
  CHECK_ABS(sin(OPAQUE(PI)), 0.0, 1e-15);
  CHECK_REL(cos(OPAQUE(PI)), -1.0, 1e-15);
  CHECK_REL(sin(OPAQUE(PI / 6)), 0.5, 1e-14);
  CHECK_REL(cos(OPAQUE(PI / 3)), 0.5, 1e-14);
  CHECK_REL(tan(OPAQUE(PI / 4)), 1.0, 1e-14);
  /* float versions */
  CHECK_REL(sinf(OPAQUE(1.0f)), 0.8414709848078965, 1e-6);
  CHECK_REL(cosf(OPAQUE(1.0f)), 0.5403023058681398, 1e-6);
  CHECK_REL(tanf(OPAQUE(0.5f)), 0.5463024898437905, 1e-6);
  CHECK_REL(atan2f(OPAQUE(1.0f), 2.0f), 0.4636476090008061, 1e-6);
  /* identities */
  for (int i = -50; i <= 50; i++) {
    double x = i * 0.1234567;
    double s = sin(x), c = cos(x);
    CHECK_ABS(s * s + c * c, 1.0, 1e-15 * 4);
    CHECK_ABS(sin(2 * x), 2 * s * c, 1e-14);
    CHECK_ABS(cos(2 * x), c * c - s * s, 1e-14);
    CHECK_ABS(sin(-x), -s, 0.0);
    CHECK_ABS(cos(-x), c, 0.0);
    CHECK_ABS(sin(x + PI / 2), c, 1e-14);
    if (fabs(c) > 1e-3) CHECK_REL(tan(x), s / c, 1e-12);
    CHECK_ABS(atan2(s, c), remainder(x, 2 * PI), 1e-14);
    float xf = (float)x;
    CHECK_ABS(sinf(xf), sin((double)xf), 2e-7);
    CHECK_ABS(cosf(xf), cos((double)xf), 2e-7);
  }
  for (int i = -10; i <= 10; i++) {
    double y = i / 10.0;
    CHECK_ABS(sin(asin(y)), y, 1e-15);
    CHECK_ABS(cos(acos(y)), y, 1e-15);
    CHECK_ABS(asin(y) + acos(y), PI / 2, 1e-15);
    CHECK_ABS(tan(atan(y * 10)), y * 10, 1e-13);
  }
  CHECK(isnan(asin(OPAQUE(2.0))));
  CHECK(isnan(sin(OPAQUE(INFINITY))));
  CHECK_DONE();
}
