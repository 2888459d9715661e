/* __builtin_shufflevector (permute, widen, narrow, concatenate) and
 * __builtin_convertvector (int <-> float with truncation, float <-> double,
 * narrowing and widening of integers). */
#pragma clang diagnostic ignored "-Wpsabi"
#include <stdint.h>
#include "check.h"

typedef float v16f __attribute__((vector_size(64)));
typedef int32_t v16i __attribute__((vector_size(64)));
typedef uint32_t v16u __attribute__((vector_size(64)));
typedef float v8f __attribute__((vector_size(32)));
typedef float v4f __attribute__((vector_size(16)));
typedef double v4d __attribute__((vector_size(32)));
typedef int16_t v16s __attribute__((vector_size(32)));
typedef int8_t v16c __attribute__((vector_size(16)));
typedef int64_t v4l __attribute__((vector_size(32)));
typedef int32_t v4i __attribute__((vector_size(16)));

int main(void) {
  v16i a;
  for (int i = 0; i < 16; i++) a[i] = i * 10 + OPAQUE(0);
  v16i rev = __builtin_shufflevector(a, a, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  for (int i = 0; i < 16; i++) CHECK(rev[i] == (15 - i) * 10);
  v16i b = a + 1000;
  v16i inter = __builtin_shufflevector(a, b, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  for (int i = 0; i < 16; i++) CHECK(inter[i] == (i / 2) * 10 + (i % 2 ? 1000 : 0));
  v4i lo = __builtin_shufflevector(a, a, 0, 1, 2, 3);            /* narrow */
  v4i hi = __builtin_shufflevector(a, a, 12, 13, 14, 15);
  CHECK(lo[3] == 30 && hi[0] == 120);
  v16i cat = __builtin_shufflevector(__builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7),
                                     __builtin_shufflevector(hi, lo, 0, 1, 2, 3, 4, 5, 6, 7),
                                     0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  CHECK(cat[0] == 0 && cat[4] == 120 && cat[8] == 120 && cat[15] == 30);
  v16i bcast = __builtin_shufflevector(a, a, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5);
  for (int i = 0; i < 16; i++) CHECK(bcast[i] == 50);

  /* float -> int truncates toward zero */
  v16f f;
  for (int i = 0; i < 16; i++) f[i] = (float)(i - 8) * OPAQUE(1.75f);
  v16i fi = __builtin_convertvector(f, v16i);
  for (int i = 0; i < 16; i++) CHECK(fi[i] == (int32_t)((float)(i - 8) * 1.75f));
  CHECK(fi[0] == -14 && fi[1] == -12 && fi[15] == 12);
  /* int -> float rounds to nearest even */
  v16i big;
  for (int i = 0; i < 16; i++) big[i] = 16777216 + i;
  v16f bf = __builtin_convertvector(big, v16f);
  for (int i = 0; i < 16; i++) CHECK(bf[i] == (float)(16777216 + i));
  CHECK(bf[1] == 16777216.0f && bf[3] == 16777220.0f);
  v16u ub;
  for (int i = 0; i < 16; i++) ub[i] = 0xFFFFFF00u + (uint32_t)i;
  v16f ubf = __builtin_convertvector(ub, v16f);
  for (int i = 0; i < 16; i++) CHECK(ubf[i] == 4294967040.0f);
  /* float <-> double */
  v4f f4 = {0.1f, -2.5f, 1e30f, OPAQUE(3.0f)};
  v4d d4 = __builtin_convertvector(f4, v4d);
  CHECK(d4[0] == (double)0.1f && d4[2] == (double)1e30f);
  v4d dd = {0.1, 1.0 + 0x1p-24, -1e300, 2.5};
  v4f back = __builtin_convertvector(dd, v4f);
  CHECK(back[0] == 0.1f && back[1] == 1.0f && __builtin_isinf(back[2]) && back[3] == 2.5f);
  /* integer narrowing (truncation) and widening (sign extension) */
  v16i wide;
  for (int i = 0; i < 16; i++) wide[i] = (i - 8) * 4099;
  v16s narrow = __builtin_convertvector(wide, v16s);
  for (int i = 0; i < 16; i++) CHECK(narrow[i] == (int16_t)((i - 8) * 4099));
  v16c tiny = __builtin_convertvector(wide, v16c);
  for (int i = 0; i < 16; i++) CHECK(tiny[i] == (int8_t)((i - 8) * 4099));
  v16i back16 = __builtin_convertvector(tiny, v16i);
  for (int i = 0; i < 16; i++) CHECK(back16[i] == (int8_t)((i - 8) * 4099));
  v4i small = {-1, 2, OPAQUE(-3), 4};
  v4l ext = __builtin_convertvector(small, v4l);
  CHECK(ext[0] == -1 && ext[2] == -3 && ext[3] == 4);
  v8f f8 = __builtin_shufflevector(f4, f4, 0, 1, 2, 3, 3, 2, 1, 0);
  CHECK(f8[4] == 3.0f && f8[7] == 0.1f);
  CHECK_DONE();
}
