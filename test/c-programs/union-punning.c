/* Type punning through unions (well defined in C): reading a different
 * member reinterprets the bytes. */
#include <stdint.h>
#include "check.h"

union FU { float f; uint32_t u; int32_t i; uint8_t b[4]; };
union DU { double d; uint64_t u; uint32_t w[2]; float f[2]; };
union V { uint64_t q; uint16_t h[4]; int8_t c[8]; };

static NOINLINE uint32_t f2u(float f) { union FU x; x.f = f; return x.u; }
static NOINLINE float u2f(uint32_t u) { union FU x; x.u = u; return x.f; }
static NOINLINE double u2d(uint64_t u) { union DU x; x.u = u; return x.d; }

/* fast inverse square root: classic punning use */
static float rsqrt(float number) {
  union FU conv = {.f = number};
  conv.u = 0x5f3759dfu - (conv.u >> 1);
  conv.f *= 1.5f - (number * 0.5f * conv.f * conv.f);
  return conv.f;
}

int main(void) {
  CHECK(f2u(OPAQUE(1.0f)) == 0x3F800000u);
  CHECK(u2f(OPAQUE(0x40400000u)) == 3.0f);
  CHECK(u2d(OPAQUE(0x4000000000000000ull)) == 2.0);
  union FU x;
  x.f = OPAQUE(-1.0f);
  CHECK(x.i < 0 && x.b[3] == 0xBF && x.b[2] == 0x80 && x.b[0] == 0);
  union DU d;
  d.d = OPAQUE(1.0);
  CHECK(d.w[0] == 0 && d.w[1] == 0x3FF00000u);
  d.w[0] = 1;
  CHECK(d.d == 1.0 + 0x1p-52);
  d.f[0] = 1.0f; d.f[1] = 2.0f;
  CHECK(d.u == 0x400000003F800000ull);
  union V v;
  v.q = OPAQUE(0xFF80017F00010203ull);
  CHECK(v.h[0] == 0x0203 && v.h[3] == 0xFF80);
  CHECK(v.c[0] == 3 && v.c[4] == 0x7F && v.c[5] == 1 && v.c[6] == -128 && v.c[7] == -1);
  /* write bytes, read word */
  for (int i = 0; i < 8; i++) v.c[i] = (int8_t)(i * 17);
  CHECK(v.q == 0x7766554433221100ull);
  /* rsqrt approximation is close */
  for (int i = 1; i <= 100; i++) {
    float r = rsqrt((float)i);
    CHECK_REL(r * r * i, 1.0, 0.005);
  }
  /* union initialisation initialises the first member; designated others */
  union FU y = {2.0f};
  CHECK(y.u == 0x40000000u);
  union FU z = {.u = 0xBF800000u};
  CHECK(z.f == -1.0f);
  CHECK_DONE();
}
