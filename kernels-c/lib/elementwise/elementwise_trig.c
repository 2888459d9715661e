/* elementwise_trig.c - the trigonometric kinds and their inverses, and the
   inverse hyperbolic ones, on the vector unit: sin, cos and tan by a
   three-part reduction modulo pi/2 and Cephes' polynomials; asin, acos and
   atan by Cephes' polynomials; asinh, acosh and atanh as log1p of a root or
   quotient. A group of vectors with an argument out of a formula's range
   goes again through ew_math_scalar (libm). */

#include "core/kernel_machine.h"
#include "elementwise/elementwise_math_vector.h"

/* Beyond this |x| (and for infinities and NaN) the scalar loop's libm
   reduces the argument: below it the three-part reduction is exact to
   about 2^-60 of x (j |pi/2 - P1 - P2 - P3| < 10^5 * 1.1e-23). */
#define TRIG_LIMIT 1e5f

/* sin(r) and cos(r) on [-pi/4, pi/4]: Cephes' sinf and cosf polynomials. */
EW_INLINE ew_vf sin_poly(ew_vf r, ew_vf z) {
  ew_vf p = ew_fma(z, -1.9515295891e-4f, 8.3321608736e-3f);
  p = ew_fma(z, p, -1.6666654611e-1f);
  return ew_fma(r * z, p, r);
}
EW_INLINE ew_vf cos_poly(ew_vf z) {
  ew_vf p = ew_fma(z, 2.443315711809948e-5f, -1.388731625493765e-3f);
  p = ew_fma(z, p, 4.166664568298827e-2f);
  return ew_fma(z * z, p, ew_fma(z, -0.5f, 1.0f));
}

/* x = j pi/2 + r, |r| <= pi/4: j rounded to nearest, and r by fused
   multiply-adds with pi/2 in three parts, the first exact (where j is not
   0, x and j P1 are multiples of 2^-24 and their difference is below 2),
   the next two rounded once each. */
EW_INLINE ew_vf reduce_half_pi(ew_vf x, ew_vi *quadrant) {
  ew_vf j = ew_fma(x, 0x1.45f306p-1f, 0x1.8p23f) - 0x1.8p23f;
  *quadrant = __builtin_convertvector(j, ew_vi);
  ew_vf r = ew_fma(-j, 0x1.921fb6p+0f, x);
  r = ew_fma(-j, -0x1.777a5cp-25f, r);
  return ew_fma(-j, -0x1.ee59dap-50f, r);
}

/* sin, cos or tan of x for |x| < TRIG_LIMIT. tan is sin / cos of r, or
   -cos / sin for an odd quadrant, the quotient refined by a Newton step. */
EW_INLINE ew_vf trig(accel_elementwise_op op, ew_vf x) {
  ew_vi q;
  ew_vf r = reduce_half_pi(x, &q);
  ew_vf z = r * r;
  ew_vf s = sin_poly(r, z), c = cos_poly(z);
  ew_vi odd = (q & 1) != 0;
  if (op == ACCEL_EW_TAN) {
    ew_vf num = odd ? -c : s, den = odd ? s : c;
    ew_vf inv = accel_vrcp(den);
    ew_vf t = num * inv;
    return ew_fma(inv, ew_fma(-den, t, num), t);
  }
  if (op == ACCEL_EW_COS) { /* cos x = sin(x + pi/2) */
    q += 1;
    odd = ~odd;
  }
  ew_vf y = odd ? c : s;
  return (q & 2) != 0 ? ew_neg(y) : y;
}

/* dst = op(src) over n floats rounded up to whole groups of Unroll vectors;
   a group with an element beyond TRIG_LIMIT (or not finite) goes again
   through the scalar loop. */
EW_INLINE void trig_loop(accel_elementwise_op op, float *restrict dst,
                         const float *restrict src, long n) {
  enum { G = KERNEL_LANES * Unroll };
  for (long i = 0; i < n; i += G) {
    ew_vf x[Unroll];
    ew_vi far = (ew_vi)0;
#pragma clang loop unroll(full)
    for (int u = 0; u < Unroll; ++u) {
      x[u] = accel_vload(src + i + KERNEL_LANES * u);
      far |= ~(ew_abs(x[u]) < TRIG_LIMIT);
    }
#pragma clang loop unroll(full)
    for (int u = 0; u < Unroll; ++u)
      accel_vstore(dst + i + KERNEL_LANES * u, trig(op, x[u]));
    if (accel_vredmax_i(far & 1))
      ew_math_scalar(op, dst + i, src + i, n - i < G ? n - i : G);
  }
}

#define TRIG_LOOP(op, name)                                                    \
  __attribute__((noinline)) void name(                                         \
      float *restrict dst, const float *restrict src, const float *restrict a, \
      const float *restrict b, long n, const accel_elementwise_options *o) {   \
    (void)a, (void)b, (void)o;                                                 \
    trig_loop(op, dst, src, n);                                                \
  }
TRIG_LOOP(ACCEL_EW_SIN, ew_loop_sin)
TRIG_LOOP(ACCEL_EW_COS, ew_loop_cos)
TRIG_LOOP(ACCEL_EW_TAN, ew_loop_tan)
#undef TRIG_LOOP

/* ------------------------------------------- the inverse functions */

/* asin(a) for a in [0, 1] (Cephes' asinf): the polynomial in a on
   [0, 1/2], pi/2 - 2 asin(sqrt((1 - a) / 2)) above. */
EW_INLINE ew_vf asin_unit(ew_vf a) {
  ew_vi high = a > 0.5f;
  ew_vf z = high ? 0.5f * (1.0f - a) : a * a;
  ew_vf w = high ? ew_sqrt(z) : a;
  ew_vf p = ew_fma(z, 4.2163199048e-2f, 2.4181311049e-2f);
  p = ew_fma(z, p, 4.5470025998e-2f);
  p = ew_fma(z, p, 7.4953002686e-2f);
  p = ew_fma(z, p, 1.6666752422e-1f);
  ew_vf y = ew_fma(z * w, p, w);
  return high ? ew_fma(-2.0f, y, 0x1.921fb6p+0f) : y;
}

/* atan(t) for t >= 0 (Cephes' atanf): t reduced by tan(pi/8) and
   tan(3 pi/8) to |t'| <= tan(pi/8), atan t = y0 + atan t'. */
EW_INLINE ew_vf atan_positive(ew_vf t) {
  ew_vi big = t > 2.414213562373095f, mid = t > 0.4142135623730950f;
  ew_vf num = big ? (ew_vf)-1.0f : mid ? t - 1.0f : t;
  ew_vf den = big ? t : mid ? t + 1.0f : (ew_vf)1.0f;
  ew_vf u = big | mid ? ew_div(num, den) : t;
  u = t == __builtin_inff() ? (ew_vf)-0.0f : u; /* -1 / inf */
  ew_vf y0 = big   ? (ew_vf)0x1.921fb6p+0f
             : mid ? (ew_vf)0x1.921fb6p-1f
                   : (ew_vf)0.0f;
  ew_vf z = u * u;
  ew_vf p = ew_fma(z, 8.05374449538e-2f, -1.38776856032e-1f);
  p = ew_fma(z, p, 1.99777106478e-1f);
  p = ew_fma(z, p, -3.33329491539e-1f);
  return y0 + ew_fma(z * u, p, u);
}

/* The function of x, and in *far the lanes it leaves to libm. */
EW_INLINE ew_vf inverse_fn(accel_elementwise_op op, ew_vf x, ew_vi *far) {
  ew_vf a = ew_abs(x);
  *far = (ew_vi)0;
  switch (op) {
  case ACCEL_EW_ATAN:
    return copysign_of(atan_positive(a), x); /* NaN: NaN */
  case ACCEL_EW_ASIN:
    *far = ~(a <= 1.0f);
    return copysign_of(asin_unit(a), x);
  case ACCEL_EW_ACOS: {
    /* pi/2 - asin x within [-1/2, 1/2]; 2 asin(sqrt((1 - |x|) / 2))
       beyond, or pi less it for x < 0. */
    *far = ~(a <= 1.0f);
    ew_vf s = asin_unit(a > 0.5f ? ew_sqrt(0.5f * (1.0f - a)) : a);
    ew_vf mid = 0x1.921fb6p+0f - copysign_of(s, x);
    ew_vf out = x > 0.0f ? 2.0f * s : ew_fma(-2.0f, s, 0x1.921fb6p+1f);
    return a > 0.5f ? out : mid;
  }
  case ACCEL_EW_ASINH: {
    /* log1p(a + a^2 / (1 + sqrt(1 + a^2))), libm from 2^12 (a^2's
       overflow and 1's absorption) */
    *far = ~(a < 0x1p12f);
    ew_vf a2 = a * a;
    return copysign_of(ew_log1p(a + ew_div(a2, 1.0f + ew_sqrt(1.0f + a2))), x);
  }
  case ACCEL_EW_ACOSH: {
    /* log1p(t + sqrt(2t + t^2)), t = x - 1 (exact up to 2), for x in
       [1, 2^12) */
    *far = ~((x >= 1.0f) & (x < 0x1p12f));
    ew_vf t = x - 1.0f;
    return ew_log1p(t + ew_sqrt(ew_fma(t, t, 2.0f * t)));
  }
  default: { /* ACCEL_EW_ATANH: log1p(2a / (1 - a)) / 2 for a < 1 */
    *far = ~(a < 1.0f);
    return copysign_of(0.5f * ew_log1p(ew_div(2.0f * a, 1.0f - a)), x);
  }
  }
}

/* dst = op(src) over n floats rounded up to whole groups of Unroll
   vectors; a group with a lane the vector formula leaves (far) goes again
   through the scalar loop. */
EW_INLINE void inverse_loop(accel_elementwise_op op, float *restrict dst,
                            const float *restrict src, long n) {
  enum { G = KERNEL_LANES * Unroll };
  for (long i = 0; i < n; i += G) {
    ew_vi far = (ew_vi)0;
#pragma clang loop unroll(full)
    for (int u = 0; u < Unroll; ++u) {
      ew_vi f;
      ew_vf y = inverse_fn(op, accel_vload(src + i + KERNEL_LANES * u), &f);
      accel_vstore(dst + i + KERNEL_LANES * u, y);
      far |= f;
    }
    if (accel_vredmax_i(far & 1))
      ew_math_scalar(op, dst + i, src + i, n - i < G ? n - i : G);
  }
}

#define INVERSE_LOOP(op, name)                                                 \
  __attribute__((noinline)) void name(                                         \
      float *restrict dst, const float *restrict src, const float *restrict a, \
      const float *restrict b, long n, const accel_elementwise_options *o) {   \
    (void)a, (void)b, (void)o;                                                 \
    inverse_loop(op, dst, src, n);                                             \
  }
INVERSE_LOOP(ACCEL_EW_ATAN, ew_loop_atan)
INVERSE_LOOP(ACCEL_EW_ASIN, ew_loop_asin)
INVERSE_LOOP(ACCEL_EW_ACOS, ew_loop_acos)
INVERSE_LOOP(ACCEL_EW_ASINH, ew_loop_asinh)
INVERSE_LOOP(ACCEL_EW_ACOSH, ew_loop_acosh)
INVERSE_LOOP(ACCEL_EW_ATANH, ew_loop_atanh)
#undef INVERSE_LOOP
