/* Smaller vector types: 4 x float, 2 x double, 4 x int, 8 x short,
 * 16 x char, 2 x int64, 4 x double (32 bytes), 8 x float (32 bytes),
 * 2 x int (8 bytes). */
#pragma clang diagnostic ignored "-Wpsabi"
#include <stdint.h>
#include "check.h"

typedef float v4f __attribute__((vector_size(16)));
typedef double v2d __attribute__((vector_size(16)));
typedef int32_t v4i __attribute__((vector_size(16)));
typedef int16_t v8s __attribute__((vector_size(16)));
typedef int8_t v16c __attribute__((vector_size(16)));
typedef uint8_t v16uc __attribute__((vector_size(16)));
typedef int64_t v2l __attribute__((vector_size(16)));
typedef double v4d __attribute__((vector_size(32)));
typedef float v8f __attribute__((vector_size(32)));
typedef int32_t v2i __attribute__((vector_size(8)));

static NOINLINE v4f add4(v4f a, v4f b) { return a + b; }
static NOINLINE v8s mul8(v8s a, v8s b) { return a * b; }
static NOINLINE v16c sub16(v16c a, v16c b) { return a - b; }
static NOINLINE v4d scale4d(v4d a, double s) { return a * s; }
static NOINLINE v2i neg2(v2i a) { return -a; }

int main(void) {
  v4f a = {1.5f, -2.0f, 3.25f, OPAQUE(4.0f)}, b = {0.5f, 0.5f, 0.75f, -4.0f};
  v4f c = add4(a, b);
  CHECK(c[0] == 2.0f && c[1] == -1.5f && c[2] == 4.0f && c[3] == 0.0f);
  v4f dv = a / b;
  CHECK(dv[0] == 3.0f && dv[1] == -4.0f && dv[3] == -1.0f);
  v2d x = {OPAQUE(1e300), 3.0}, y = {1e10, 1.0 / 3.0};
  v2d z = x * y;
  CHECK(__builtin_isinf(z[0]) && z[1] == 3.0 * (1.0 / 3.0));
  v4i i4 = {1, -2, 3, OPAQUE(-4)};
  v4i j4 = i4 * i4 - 1;
  CHECK(j4[0] == 0 && j4[1] == 3 && j4[2] == 8 && j4[3] == 15);
  v4i cmp = i4 > 0;
  CHECK(cmp[0] == -1 && cmp[1] == 0 && cmp[2] == -1 && cmp[3] == 0);
  v8s s1, s2;
  for (int i = 0; i < 8; i++) { s1[i] = (int16_t)(1000 * i - 3000); s2[i] = (int16_t)(i + 30); }
  v8s sp = mul8(s1, s2);
  for (int i = 0; i < 8; i++) CHECK(sp[i] == (int16_t)((1000 * i - 3000) * (i + 30)));   /* wraps in 16 bits */
  v16c c1, c2;
  for (int i = 0; i < 16; i++) { c1[i] = (int8_t)(i * 20 - 128); c2[i] = (int8_t)(100 - i * 13); }
  v16c cd = sub16(c1, c2);
  for (int i = 0; i < 16; i++) CHECK(cd[i] == (int8_t)((i * 20 - 128) - (100 - i * 13)));
  v16uc u1;
  for (int i = 0; i < 16; i++) u1[i] = (uint8_t)(i * 17);
  v16uc us = u1 >> 4;
  v16uc usum = u1 + u1;
  for (int i = 0; i < 16; i++) { CHECK(us[i] == (uint8_t)(i * 17) >> 4); CHECK(usum[i] == (uint8_t)(i * 34)); }
  v16c arith = c1 >> 2;
  for (int i = 0; i < 16; i++) CHECK(arith[i] == (int8_t)(i * 20 - 128) >> 2);
  v2l l2 = {OPAQUE(INT64_MAX), INT64_MIN};
  v2l l3 = l2 + (v2l){-1, 1};
  CHECK(l3[0] == INT64_MAX - 1 && l3[1] == INT64_MIN + 1);
  v2l lsh = l2 >> 63;
  CHECK(lsh[0] == 0 && lsh[1] == -1);
  v4d d4 = {1.0, 2.0, 3.0, OPAQUE(4.0)};
  v4d d5 = scale4d(d4, 0.25);
  CHECK(d5[0] == 0.25 && d5[3] == 1.0);
  v8f f8;
  for (int i = 0; i < 8; i++) f8[i] = (float)i;
  v8f f9 = f8 * f8 - f8;
  for (int i = 0; i < 8; i++) CHECK(f9[i] == (float)(i * i - i));
  v2i n2 = neg2((v2i){OPAQUE(5), -7});
  CHECK(n2[0] == -5 && n2[1] == 7);
  CHECK(sizeof(v4f) == 16 && sizeof(v2i) == 8 && sizeof(v4d) == 32 && sizeof(v16c) == 16);
  CHECK_DONE();
}
