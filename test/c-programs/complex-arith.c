/* C99 _Complex arithmetic (multiplication/division may call runtime
 * helpers such as __muldc3/__divdc3). */
#include <complex.h>
#include <math.h>
#include "check.h"

static NOINLINE double _Complex cmul(double _Complex a, double _Complex b) { return a * b; }
static NOINLINE double _Complex cdiv(double _Complex a, double _Complex b) { return a / b; }
static NOINLINE float _Complex cmulf(float _Complex a, float _Complex b) { return a * b; }
static NOINLINE float _Complex cdivf(float _Complex a, float _Complex b) { return a / b; }

int main(void) {
  double _Complex a = OPAQUE(1.0) + OPAQUE(2.0) * I;
  double _Complex b = 3.0 + 4.0 * I;
  double _Complex p = cmul(a, b);
  CHECK(creal(p) == -5.0 && cimag(p) == 10.0);
  double _Complex s = a + b;
  CHECK(creal(s) == 4.0 && cimag(s) == 6.0);
  double _Complex d = a - b;
  CHECK(creal(d) == -2.0 && cimag(d) == -2.0);
  double _Complex q = cdiv(a, b);                 /* (11 + 2i) / 25 */
  CHECK_REL(creal(q), 0.44, 1e-15);
  CHECK_REL(cimag(q), 0.08, 1e-15);
  double _Complex q2 = cdiv(10.0 + 5.0 * I, 1.0 + 2.0 * I);  /* 4 - 3i */
  CHECK_REL(creal(q2), 4.0, 1e-15);
  CHECK_REL(cimag(q2), -3.0, 1e-15);
  double _Complex c = conj(a);
  CHECK(creal(c) == 1.0 && cimag(c) == -2.0);
  CHECK(__real__ a == 1.0 && __imag__ a == 2.0);
  /* i^2 = -1, powers of i cycle */
  double _Complex ip = 1.0;
  for (int k = 1; k <= 8; k++) {
    ip = cmul(ip, I);
    double er = (k % 4 == 0) ? 1 : (k % 4 == 2) ? -1 : 0;
    double ei = (k % 4 == 1) ? 1 : (k % 4 == 3) ? -1 : 0;
    CHECK(creal(ip) == er && cimag(ip) == ei);
  }
  /* |z|^2 = z * conj(z) */
  double _Complex n = cmul(b, conj(b));
  CHECK(creal(n) == 25.0 && cimag(n) == 0.0);
  float _Complex fa = OPAQUE(2.0f) - 1.0f * I, fb = 0.5f + 0.5f * I;
  float _Complex fp = cmulf(fa, fb);
  CHECK(crealf(fp) == 1.5f && cimagf(fp) == 0.5f);
  float _Complex fq = cdivf(fp, fb);
  CHECK_REL(crealf(fq), 2.0, 1e-6);
  CHECK_REL(cimagf(fq), -1.0, 1e-6);
  /* mixed real and complex */
  double _Complex m = a * 2.0 + 1.0;
  CHECK(creal(m) == 3.0 && cimag(m) == 4.0);
  CHECK(sizeof(double _Complex) == 16 && sizeof(float _Complex) == 8);
  /* complex multiply with an infinite operand is infinite, not NaN (Annex G) */
  double _Complex inf = cmul(OPAQUE(INFINITY) + 0.0 * I, 1.0 + 1.0 * I);
  CHECK(isinf(creal(inf)) || isinf(cimag(inf)));
  CHECK_DONE();
}
