/* elementwise_math.h - the elementwise kernels' functions on 16 lanes
   (docs/kernels.md, "Elementwise kernels", for each one's error bound).

   The ISA's special functions (vexp, vrcp, vrsqrt, vtanh) are correct to
   a relative 2^-20 (docs/isa.md 7.8). Division, reciprocal and square root
   take one Newton step on top, with the operands scaled away from the ends
   of the exponent range so that no intermediate overflows where the result
   does not; log and erf have polynomials of their own. Every function
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
  return (ew_isnan(a) | ew_isnan(b)) ? a + b
                                   : __builtin_elementwise_max(a, b);
}
EW_INLINE ew_vf ew_min(ew_vf a, ew_vf b) {
  return (ew_isnan(a) | ew_isnan(b)) ? a + b
                                   : __builtin_elementwise_min(a, b);
}

/* a / b: q0 = a * vrcp(b) and one Newton step on the residual a - b q0
   (exact with fma), within 1 ulp. b is scaled by 2^64 or 2^-64 when its
   magnitude is below 2^-100 or above 2^100, so that vrcp neither
   overflows nor underflows where a / b does not, and a tiny a by 2^64, so
   that the residual keeps its bits; one multiplication by a power of two
   undoes both. Where the step is NaN (b or q0 zero or infinite) q0 is
   already the answer. */
EW_INLINE ew_vf ew_div(ew_vf a, ew_vf b) {
  ew_vf mag = ew_abs(b);
  ew_vf sb = mag < 0x1p-100f ? (ew_vf)0x1p64f
                             : (mag > 0x1p100f ? (ew_vf)0x1p-64f : (ew_vf)1.0f);
  ew_vi tiny_a = ew_abs(a) < 0x1p-100f;
  ew_vf as = tiny_a ? a * 0x1p64f : a;
  ew_vf undo = tiny_a ? sb * 0x1p-64f : sb;
  ew_vf bs = b * sb;
  ew_vf r = accel_vrcp(bs);
  ew_vf q0 = as * r;
  ew_vf q1 = ew_fma(r, ew_fma(-bs, q0, as), q0);
  return (ew_isnan(q1) ? q0 : q1) * undo;
}

/* 1 / d for d known to be normal and far from the exponent range's ends
   (no scaling, no special cases): vrcp and one Newton step, within 1 ulp. */
EW_INLINE ew_vf ew_rcp_normal(ew_vf d) {
  ew_vf r = accel_vrcp(d);
  return ew_fma(r, ew_fma(-d, r, 1.0f), r);
}

/* sqrt(x) = x * vrsqrt(x) and one Newton step; x below 2^-100 is scaled
   by 2^64 (its root by 2^-32 after) so that the residual x - s^2 does not
   lose its bits to underflow. 0, +inf and NaN come back as they are. */
EW_INLINE ew_vf ew_sqrt(ew_vf x) {
  ew_vi tiny = x < 0x1p-100f;
  ew_vf xs = tiny ? x * 0x1p64f : x;
  ew_vf y = accel_vrsqrt(xs);
  ew_vf s0 = xs * y;
  ew_vf s1 = ew_fma(0.5f * y, ew_fma(-s0, s0, xs), s0);
  s1 = tiny ? s1 * 0x1p-32f : s1;
  return ((x == 0.0f) | (x == __builtin_inff())) ? x : s1;
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

/* erfc(t) for t = x * t_per_x >= 0.921875: exp(-t^2) h(1/t) / t, h a
   degree-10 polynomial in 1/t (a least-squares fit on [0.92, 10.1],
   relative error 6.4 u after rounding to f32). t^2 = (x^2) half with
   x^2 = hi + lo exactly (fma) and exp(-hi - lo) = exp(-hi) (1 - lo):
   erfc's relative condition number is 2 t^2, so rounding t^2 would cost
   up to 200 u at t = 10. gelu passes |x| with t_per_x = 1 / sqrt(2) and
   half = 1/2, so that t^2 is exact without rounding x / sqrt(2). x above
   15.6 (erfc below f32's range) is clamped. */
EW_INLINE ew_vf ew_erfc_tail(ew_vf x, ew_vf t_per_x, ew_vf half) {
  x = x > 15.6f ? (ew_vf)15.6f : x; /* t <= 11 in both uses */
  ew_vf hi = x * x;
  ew_vf lo = ew_fma(x, x, -hi);
  hi *= half, lo *= half;
  ew_vf u = ew_rcp_normal(x * t_per_x); /* t in [0.92, 11] where used */
  ew_vf h = -2.1052660420536995e-02f;
  h = ew_fma(h, u, 8.9387625455856320e-02f);
  h = ew_fma(h, u, -6.4131692051887510e-02f);
  h = ew_fma(h, u, -3.4633454680442810e-01f);
  h = ew_fma(h, u, 1.0440425872802734e+00f);
  h = ew_fma(h, u, -1.3600621223449707e+00f);
  h = ew_fma(h, u, 8.8881087303161620e-01f);
  h = ew_fma(h, u, -9.6367187798023220e-02f);
  h = ew_fma(h, u, -2.7010285854339600e-01f);
  h = ew_fma(h, u, -8.1950239837169650e-04f);
  h = ew_fma(h, u, 5.6421303749084470e-01f);
  ew_vf e = accel_vexp(-hi) * (1.0f - lo);
  return e * (h * u);
}

/* erf(x) for |x| < 0.921875: x q(x^2), q of degree 6 (2.9 u). */
EW_INLINE ew_vf ew_erf_small(ew_vf x) {
  ew_vf s = x * x;
  ew_vf q = 8.3700979303102940e-05f;
  q = ew_fma(q, s, -8.1427034456282850e-04f);
  q = ew_fma(q, s, 5.2010323852300640e-03f);
  q = ew_fma(q, s, -2.6859398931264877e-02f);
  q = ew_fma(q, s, 1.1283695697784424e-01f);
  q = ew_fma(q, s, -3.7612634897232056e-01f);
  q = ew_fma(q, s, 1.1283792257308960e+00f);
  return x * q;
}

/* Where erf changes from the polynomial to the tail. */
#define EW_ERF_SPLIT 0.921875f

EW_INLINE ew_vf ew_erf(ew_vf x) {
  ew_vf t = ew_abs(x);
  ew_vf big = 1.0f - ew_erfc_tail(t, (ew_vf)1.0f, (ew_vf)1.0f);
  big = (ew_vf)(((ew_vi)big & 0x7fffffff) | ((ew_vi)x & (ew_vi)0x80000000));
  return t < EW_ERF_SPLIT ? ew_erf_small(x) : big;
}

/* The stable sigmoid: e = exp(-|x|) never overflows; 1 / (1 + e) for
   x >= 0, e / (1 + e) below. */
EW_INLINE ew_vf ew_sigmoid(ew_vf x) {
  ew_vf e = accel_vexp(-ew_abs(x));
  ew_vf r = ew_rcp_normal(1.0f + e); /* 1 + e in [1, 2] */
  return x >= 0.0f ? r : e * r;
}

/* x Phi(x) = x/2 (1 + erf(x / sqrt(2))); below -0.921875 sqrt(2),
   1 + erf = erfc(|x| / sqrt(2)) from the tail directly (no cancellation),
   above it 2 - erfc. -inf gives -0 (the limit). */
EW_INLINE ew_vf ew_gelu(ew_vf x) {
  const float rsqrt2 = 0.70710678118654752f;
  ew_vf t = ew_abs(x) * rsqrt2;
  ew_vf tail = ew_erfc_tail(ew_abs(x), (ew_vf)rsqrt2, (ew_vf)0.5f);
  ew_vf one_plus = x < 0.0f ? tail : 2.0f - tail;
  one_plus = t < EW_ERF_SPLIT ? 1.0f + ew_erf_small(x * rsqrt2) : one_plus;
  ew_vf y = 0.5f * x * one_plus;
  return x == -__builtin_inff() ? (ew_vf)-0.0f : y;
}

/* The tanh form through 1 + tanh(v) = 2 sigmoid(2 v), which keeps its
   relative accuracy where tanh(v) is near -1. */
EW_INLINE ew_vf ew_gelu_tanh(ew_vf x) {
  const float c2 = 2.0f * 0.7978845608028654f; /* 2 sqrt(2 / pi) */
  ew_vf v2 = c2 * ew_fma(0.044715f * x, x * x, x);
  ew_vf y = x * ew_sigmoid(v2);
  return x == -__builtin_inff() ? (ew_vf)-0.0f : y;
}

/* a^b as C's powf: exp(b log|a|), negative a only for integer b (the sign
   from b's parity), 1 for b = 0 or a = 1, and |a| = 1 with b = +-inf is
   1, and b = 1 gives a. The error grows with |b log a| (the f32 rounding of that product
   before vexp): docs/kernels.md. */
EW_INLINE ew_vf ew_pow(ew_vf a, ew_vf b) {
  ew_vf mag = ew_abs(a);
  ew_vf y = accel_vexp(b * ew_log(mag));
  ew_vf bmag = ew_abs(b);
  ew_vi bi = __builtin_convertvector(b, ew_vi);
  ew_vi integral = (bmag >= 0x1p23f) | (__builtin_convertvector(bi, ew_vf) == b);
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
