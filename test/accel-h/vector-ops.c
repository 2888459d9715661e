/* The vector operations with no C equivalent, against libm and plain C:
 * vexp, vrcp, vrsqrt and vtanh within their documented accuracy (relative error
 * below 2^-20 for normal results; checked at 2^-19 against libm's own
 * rounding), reductions exactly: the integer ones wrap like C unsigned
 * arithmetic, the float sum adds in the documented pairwise tree; and the
 * strided load and store (a column of a 16 x 5 matrix, lane i at p + i *
 * stride bytes). */
#include <accel.h>

#include "../c-programs/check.h"
#include <math.h>
#include <stdio.h>


static int close_enough(float got, float want) {
  return fabsf(got - want) <= fabsf(want) * 0x1p-19f;
}

int main(void) {
  float x[16], xs[16];
  int iv[16];
  for (int i = 0; i < 16; ++i) {
    x[i] = 0.1f + 1.7f * (float)i;           /* 0.1 .. 25.6 */
    xs[i] = -10.0f + 1.3f * (float)i;        /* -10 .. 9.5  */
    iv[i] = (i % 2 ? 1 : -1) * (i * 123457 + 7);
  }
  accel_v16f v = accel_vload(x);
  accel_v16f e = accel_vexp(accel_vload(xs));
  accel_v16f r = accel_vrcp(v);
  accel_v16f s = accel_vrsqrt(v);
  accel_v16f th = accel_vtanh(accel_vload(xs));
  float out[16];
  accel_vstore(out, e);
  for (int i = 0; i < 16; ++i)
    CHECK(close_enough(out[i], expf(xs[i])));
  accel_vstore(out, r);
  for (int i = 0; i < 16; ++i)
    CHECK(close_enough(out[i], 1.0f / x[i]));
  accel_vstore(out, s);
  for (int i = 0; i < 16; ++i)
    CHECK(close_enough(out[i], 1.0f / sqrtf(x[i])));
  accel_vstore(out, th);
  for (int i = 0; i < 16; ++i)
    CHECK(close_enough(out[i], tanhf(xs[i])));

  /* A column of m[16][5]: element (i, 2); then the column times 2 into
     column 4, the other columns untouched. */
  float m[16][5];
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 5; ++j)
      m[i][j] = (float)(10 * i + j);
  accel_v16f col = accel_vload_strided(&m[0][2], 5 * sizeof(float));
  accel_vstore_strided(col * 2.0f, &m[0][4], 5 * sizeof(float));
  accel_vstore(out, col);
  for (int i = 0; i < 16; ++i) {
    CHECK(out[i] == (float)(10 * i + 2));
    CHECK(m[i][4] == (float)(2 * (10 * i + 2)));
    CHECK(m[i][3] == (float)(10 * i + 3));
  }

  /* Pairwise tree: ((l0+l1)+(l2+l3)) + ... as in isa.md 7.10. */
  float l[16];
  for (int i = 0; i < 16; ++i)
    l[i] = x[i];
  for (int width = 16; width > 1; width /= 2)
    for (int i = 0; i < width / 2; ++i)
      l[i] = l[2 * i] + l[2 * i + 1];
  CHECK(accel_vredsum(v) == l[0]);
  float mx = xs[0];
  for (int i = 1; i < 16; ++i)
    mx = fmaxf(mx, xs[i]);
  CHECK(accel_vredmax(accel_vload(xs)) == mx);

  accel_v16i w;
  unsigned sum = 0;
  int imax = iv[0];
  for (int i = 0; i < 16; ++i) {
    w[i] = iv[i];
    sum += (unsigned)iv[i];
    imax = iv[i] > imax ? iv[i] : imax;
  }
  CHECK(accel_vredsum_i(w) == (int)sum);
  CHECK(accel_vredmax_i(w) == imax);

  /* Half precision: f16 and bf16 of values they hold exactly (k / 8 and
     x's low bits cleared), packed two a lane, and the f16 halves back. */
  accel_v16f ea, eb;
  for (int i = 0; i < 16; ++i) {
    ea[i] = (float)(i - 8) * 0.125f;
    eb[i] = (float)(100 * i + 3);
  }
  accel_v16i h = accel_vcvt_f16(ea, eb);
  accel_vstore(out, accel_vcvt_f16_lo(h));
  for (int i = 0; i < 16; ++i)
    CHECK(out[i] == ea[i]);
  accel_vstore(out, accel_vcvt_f16_hi(h));
  for (int i = 0; i < 16; ++i)
    CHECK(out[i] == eb[i]);
  CHECK((unsigned)h[9] == (0x3000u | 0x630eu << 16)); /* 0.125, 903 */
  accel_v16i bh = accel_vcvt_bf16(ea, v);
  for (int i = 0; i < 16; ++i) {
    union { float f; unsigned u; } a = {ea[i]}, b = {x[i]};
    unsigned rb = (b.u + 0x7fff + (b.u >> 16 & 1)) >> 16;
    CHECK(((unsigned)bh[i] & 0xffff) == a.u >> 16);
    CHECK((unsigned)bh[i] >> 16 == rb);
  }

  /* Ordinary vector arithmetic on the same types. */
  accel_v16f t = v * 2.0f + 1.0f;
  accel_vstore(out, t);
  for (int i = 0; i < 16; ++i)
    CHECK(out[i] == x[i] * 2.0f + 1.0f);
  printf("vector-ops: %d failures\n", failures);
  return failures != 0;
}
