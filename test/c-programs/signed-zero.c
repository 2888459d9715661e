/* Signed zero: equality, sign-sensitive operations and bit patterns. */
#include <math.h>
#include <stdint.h>
#include "check.h"

static uint64_t bits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static NOINLINE double neg(double d) { return -d; }
static NOINLINE double add(double a, double b) { return a + b; }
static NOINLINE double sub(double a, double b) { return a - b; }
static NOINLINE double mul(double a, double b) { return a * b; }

int main(void) {
  double pz = OPAQUE(0.0), nz = neg(pz);
  CHECK(bits(pz) == 0);
  CHECK(bits(nz) == 0x8000000000000000ull);
  CHECK(pz == nz);
  CHECK(!(nz < pz));
  CHECK(signbit(nz) && !signbit(pz));
  CHECK(1.0 / nz == -INFINITY && 1.0 / pz == INFINITY);
  CHECK(bits(add(nz, pz)) == 0);                      /* -0 + +0 = +0 */
  CHECK(bits(add(nz, nz)) == 0x8000000000000000ull);  /* -0 + -0 = -0 */
  CHECK(bits(sub(nz, pz)) == 0x8000000000000000ull);  /* -0 - +0 = -0 */
  CHECK(bits(sub(pz, pz)) == 0);
  CHECK(bits(sub(1.5, 1.5)) == 0);                    /* x - x = +0 */
  CHECK(bits(mul(pz, -3.0)) == 0x8000000000000000ull);
  CHECK(bits(mul(nz, nz)) == 0);
  CHECK(bits(mul(nz, 0.0)) == 0x8000000000000000ull);
  CHECK(bits(-1e-200 * 1e-200) == 0x8000000000000000ull); /* underflow keeps sign */
  CHECK(bits(OPAQUE(-1e-200) * OPAQUE(1e-200)) == 0x8000000000000000ull);
  CHECK(fbits((float)nz) == 0x80000000u);
  CHECK(fbits(-OPAQUE(0.0f)) == 0x80000000u);
  CHECK(bits((double)-OPAQUE(0.0f)) == 0x8000000000000000ull);
  CHECK((int)nz == 0);
  CHECK(bits(copysign(1.0, nz)) == bits(-1.0));
  CHECK(bits(copysign(0.0, -1.0)) == 0x8000000000000000ull);
  CHECK(bits(fabs(nz)) == 0);
  CHECK(bits(sqrt(nz)) == 0x8000000000000000ull);     /* sqrt(-0) = -0 */
  CHECK(bits(floor(-0.5)) == bits(-1.0));
  CHECK(bits(ceil(-0.5)) == 0x8000000000000000ull);   /* ceil(-0.5) = -0 */
  CHECK(bits(trunc(-0.7)) == 0x8000000000000000ull);
  CHECK(bits(round(-0.4)) == 0x8000000000000000ull);
  CHECK(atan2(0.0, -1.0) > 3.14 && atan2(nz, -1.0) < -3.14);
  CHECK(bits(fmin(pz, nz)) == 0x8000000000000000ull || bits(fmin(pz, nz)) == 0);
  /* negation flips only the sign bit, even for zero */
  double a = OPAQUE(2.5);
  CHECK(bits(neg(a)) == (bits(a) ^ 0x8000000000000000ull));
  CHECK(bits(neg(nz)) == 0);
  CHECK_DONE();
}
