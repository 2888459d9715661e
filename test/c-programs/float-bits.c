/* IEEE-754 binary32/binary64 encodings, checked both ways, and floats
 * assembled from sign/exponent/mantissa fields. */
#include <stdint.h>
#include <float.h>
#include <math.h>
#include "check.h"

static uint32_t fb(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t db(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static float bf(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static double bd(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }

int main(void) {
  CHECK(fb(OPAQUE(1.0f)) == 0x3F800000u);
  CHECK(fb(OPAQUE(-2.0f)) == 0xC0000000u);
  CHECK(fb(OPAQUE(0.1f)) == 0x3DCCCCCDu);
  CHECK(fb(OPAQUE(0.5f)) == 0x3F000000u);
  CHECK(fb(OPAQUE(FLT_MAX)) == 0x7F7FFFFFu);
  CHECK(fb(OPAQUE(FLT_MIN)) == 0x00800000u);
  CHECK(fb(OPAQUE((float)INFINITY)) == 0x7F800000u);
  CHECK(fb(OPAQUE(-(float)INFINITY)) == 0xFF800000u);
  CHECK(fb(OPAQUE(-0.0f)) == 0x80000000u);
  CHECK(db(OPAQUE(1.0)) == 0x3FF0000000000000ull);
  CHECK(db(OPAQUE(0.1)) == 0x3FB999999999999Aull);
  CHECK(db(OPAQUE(-1.5)) == 0xBFF8000000000000ull);
  CHECK(db(OPAQUE(DBL_MAX)) == 0x7FEFFFFFFFFFFFFFull);
  CHECK(db(OPAQUE(DBL_TRUE_MIN)) == 1);
  CHECK(db(OPAQUE(INFINITY)) == 0x7FF0000000000000ull);
  CHECK(bf(0x40490FDBu) == 0x1.921fb6p1f);
  CHECK(bd(0x400921FB54442D18ull) == 0x1.921fb54442d18p1);
  CHECK(isnan(bf(0x7FC00000u)) && isnan(bf(0xFFC00001u)) && isnan(bf(0x7F800001u)));
  CHECK(isnan(bd(0x7FF8000000000000ull)) && isnan(bd(0x7FF0000000000001ull)));
  /* NaN produced by 0/0 has all exponent bits set and a non-zero mantissa */
  double z = OPAQUE(0.0);
  uint64_t nb = db(z / z);
  CHECK((nb & 0x7FF0000000000000ull) == 0x7FF0000000000000ull && (nb & 0xFFFFFFFFFFFFFull) != 0);

  /* build (float)i from fields by hand for 1..5000 */
  for (uint32_t i = 1; i <= 5000; i++) {
    int e = 31 - __builtin_clz(i);
    uint32_t mant = (i << (23 - e)) & 0x7FFFFF;
    uint32_t bits = ((uint32_t)(e + 127) << 23) | mant;
    CHECK(bf(bits) == (float)OPAQUE(i));
    CHECK(fb(-(float)OPAQUE(i)) == (bits | 0x80000000u));
    uint64_t dbits = ((uint64_t)(e + 1023) << 52) | ((uint64_t)i << (52 - e) & 0xFFFFFFFFFFFFFull);
    CHECK(bd(dbits) == (double)OPAQUE(i));
  }
  /* consecutive bit patterns are consecutive floats */
  float f = OPAQUE(1.0f);
  CHECK(bf(fb(f) + 1) == 1.0f + FLT_EPSILON);
  CHECK(bf(fb(f) - 1) == 1.0f - FLT_EPSILON / 2);
  CHECK(nextafterf(f, 2.0f) == bf(fb(f) + 1));
  CHECK(nextafter(1.0, 0.0) == bd(db(1.0) - 1));
  /* union punning gives the same result as memcpy */
  union { float f; uint32_t u; } pun;
  pun.f = OPAQUE(-123.25f);
  CHECK(pun.u == fb(-123.25f));
  CHECK(pun.u == 0xC2F68000u);
  CHECK_DONE();
}
