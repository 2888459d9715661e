/* float <-> double conversions: widening is exact, narrowing rounds to
 * nearest even, including into the subnormal range. */
#include <float.h>
#include "check.h"

static NOINLINE float d2f(double d) { return (float)d; }
static NOINLINE double f2d(float f) { return f; }

int main(void) {
  CHECK(d2f(0.1) == 0.1f);
  CHECK(f2d(0.1f) == 0x1.99999ap-4);
  CHECK(f2d(0.1f) != 0.1);
  CHECK(d2f(1.0 + 0x1p-24) == 1.0f);                  /* tie -> even */
  CHECK(d2f(1.0 + 0x1p-24 + 0x1p-50) == 0x1.000002p0f);
  CHECK(d2f(1.0 + 0x3p-24) == 0x1.000004p0f);         /* tie -> even (up) */
  CHECK(d2f(-1.0 - 0x1p-24) == -1.0f);
  CHECK(d2f(0x1.fffffefffffffp127) == 0x1.fffffep127f); /* just below overflow threshold */
  CHECK(d2f(0x1p-140) == 0x1p-140f);                  /* subnormal, exact */
  CHECK(d2f(0x1.8p-150) == 0x1p-149f);                /* 0.75 ulp -> 1 ulp */
  CHECK(d2f(0x1p-150) == 0.0f);                       /* 0.5 ulp tie -> 0 (even) */
  CHECK(d2f(0x1.0000000000001p-150) == 0x1p-149f);    /* just above tie */
  CHECK(d2f(0x3p-150) == 0x1p-148f);                  /* 1.5 ulp tie -> 2 ulp */
  CHECK(d2f(-0x1p-160) == 0.0f);
  CHECK(f2d(FLT_MAX) == 0x1.fffffep127);
  CHECK(f2d(FLT_TRUE_MIN) == 0x1p-149);
  CHECK(f2d(-0.0f) == 0.0);
  CHECK(d2f(3.14159265358979323846) == 0x1.921fb6p1f);
  CHECK(d2f(2.718281828459045) == 0x1.5bf0a8p1f);
  /* every float round-trips through double */
  float vals[] = {1.0f, -1.0f, 0.1f, 1e-40f, 3.4e38f, 123456.789f, 0x1.fffffep-127f};
  for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++)
    CHECK(d2f(f2d(vals[i])) == vals[i]);
  /* mixed-precision expression: float operand promoted to double */
  float f = OPAQUE(0.1f);
  double d = f * 10.0;                 /* computed in double */
  CHECK(d == 0x1.0000004p0);          /* 0x1.99999ap-4 * 10, exact in double */
  float g = f * 10.0f;                 /* computed in float */
  CHECK(g == 1.0f);
  CHECK_DONE();
}
