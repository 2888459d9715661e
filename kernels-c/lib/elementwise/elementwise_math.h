/* elementwise_math.h - the functions of the elementwise operations that
   run on the vector unit, on 16 lanes (docs/kernels.md, "Elementwise
   kernels", for each one's error bound; the others run on the stream
   engine). The ISA's vexp and vrcp are correct to a relative 2^-20
   (docs/isa.md 7.8); log has a polynomial of its own. Every function
   gives numpy's answer on infinities, NaN and signed zeros where the
   formula alone would not (0 * inf). */

#ifndef ACCEL_ELEMENTWISE_MATH_H
#define ACCEL_ELEMENTWISE_MATH_H

#include <accel.h>

typedef accel_v16f ew_vf;
typedef accel_v16i ew_vi;

#define EW_INLINE static inline __attribute__((always_inline))

EW_INLINE ew_vf ew_fma(ew_vf a, ew_vf b, ew_vf c) {
  return __builtin_elementwise_fma(a, b, c);
}

EW_INLINE ew_vf ew_abs(ew_vf x) { return (ew_vf)((ew_vi)x & 0x7fffffff); }
/* -x by the sign bit: 0 - x would turn -0 into +0 and keep NaN's sign. */
EW_INLINE ew_vf ew_neg(ew_vf x) {
  return (ew_vf)((ew_vi)x ^ (ew_vi)0x80000000);
}
EW_INLINE ew_vi ew_isnan(ew_vf x) { return x != x; }

/* numpy's maximum and minimum: NaN if either is NaN (vmax and vmin return
   the other operand). */
EW_INLINE ew_vf ew_max(ew_vf a, ew_vf b) {
  return (ew_isnan(a) | ew_isnan(b)) ? a + b : __builtin_elementwise_max(a, b);
}
EW_INLINE ew_vf ew_min(ew_vf a, ew_vf b) {
  return (ew_isnan(a) | ew_isnan(b)) ? a + b : __builtin_elementwise_min(a, b);
}

/* log(x): x = 2^k m with m in [sqrt(2)/2, sqrt(2)), f = m - 1 (exact), and
   log(1 + f) = 2 atanh(f / (2 + f)) as in fdlibm's logf (its
   polynomial), with the division refined by a Newton step. Subnormal x is
   scaled by 2^23 first. */
EW_INLINE ew_vf ew_log(ew_vf x) {
  ew_vi sub = x < 0x1p-126f;
  ew_vf xn = sub ? x * 0x1p23f : x;
  ew_vi ix = (ew_vi)xn + (0x3f800000 - 0x3f3504f3);
  ew_vi k = (ix >> 23) - 127 - (sub & 23);
  ew_vf m = (ew_vf)((ix & 0x007fffff) + 0x3f3504f3);
  ew_vf f = m - 1.0f;
  ew_vf d = 2.0f + f;
  ew_vf r = accel_vrcp(d);
  ew_vf s0 = f * r;
  ew_vf s = ew_fma(r, ew_fma(-d, s0, f), s0);
  ew_vf z = s * s, w = z * z;
  ew_vf t1 = w * ew_fma(w, 2.4279078841e-01f, 4.0000972152e-01f);
  ew_vf t2 = z * ew_fma(w, 2.8498786688e-01f, 6.6666662693e-01f);
  ew_vf hfsq = 0.5f * f * f;
  ew_vf dk = __builtin_convertvector(k, ew_vf);
  ew_vf y = ew_fma(s, hfsq + t1 + t2, dk * 9.0580006145e-06f) - hfsq + f;
  y = ew_fma(dk, 6.9313812256e-01f, y);
  y = x == __builtin_inff() ? x : y;
  y = x == 0.0f ? (ew_vf)-__builtin_inff() : y;
  return ((x < 0.0f) | ew_isnan(x)) ? (ew_vf)__builtin_nanf("") : y;
}

/* a^b as C's powf: exp(b log|a|), negative a only for integer b (the sign
   from b's parity), 1 for b = 0 or a = 1, and |a| = 1 with b = +-inf is
   1, and b = 1 gives a. The error grows with |b log a| (the f32 rounding of
   that product before vexp): docs/kernels.md. */
EW_INLINE ew_vf ew_pow(ew_vf a, ew_vf b) {
  ew_vf mag = ew_abs(a);
  ew_vf y = accel_vexp(b * ew_log(mag));
  ew_vf bmag = ew_abs(b);
  ew_vi bi = __builtin_convertvector(b, ew_vi);
  ew_vi integral =
      (bmag >= 0x1p23f) | (__builtin_convertvector(bi, ew_vf) == b);
  ew_vi odd = (bmag < 0x1p24f) & ((bi & 1) != 0) & integral;
  ew_vi negative = (ew_vi)a < 0; /* the sign bit: -0 too */
  y = (negative & odd) ? ew_neg(y) : y;
  ew_vi finite_nonzero = (mag != 0.0f) & (mag != __builtin_inff());
  y = (negative & ~integral & finite_nonzero) ? (ew_vf)__builtin_nanf("") : y;
  y = ((mag == 1.0f) & (bmag == __builtin_inff())) ? (ew_vf)1.0f : y;
  y = b == 1.0f ? a : y; /* exact, and no overflow near f32's largest */
  return ((b == 0.0f) | (a == 1.0f)) ? (ew_vf)1.0f : y;
}

#endif
