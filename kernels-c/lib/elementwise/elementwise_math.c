/* elementwise_math.c - the float math operations of the elementwise kernels
   (ACCEL_EW_FLOOR to ACCEL_EW_PRELU), one loop an operation over a tile
   in the scratchpad (elementwise_ops.h's op_loop).

   Rounding, the piecewise activations, prelu and sin, cos and tan run on
   the vector unit, which has what they need: selects, fused multiply-adds,
   a conversion to integers that truncates, and round-to-nearest-even
   additions. elu, celu and softplus take exp from the stream engine and
   finish on the vector unit. The rest (the inverse and hyperbolic
   functions, and sin, cos and tan of large or non-finite x) run in scalar
   loops over picolibc's libm in f64, whose error (under an f64 ulp) leaves
   one rounding to f32: half an ulp, where its f32 functions are off by up
   to 1.9. */

#include "core/kernel_machine.h"
#include "elementwise/elementwise_ops.h"
#include <math.h>

/* -------------------------------------------------------- vector unit */

/* 2^23: from there up every f32 is an integer. */
#define EW_INTEGRAL 0x1p23f

EW_INLINE ew_vf copysign_of(ew_vf mag, ew_vf sign) {
  return (ew_vf)(((ew_vi)mag & 0x7fffffff) | ((ew_vi)sign & (ew_vi)0x80000000));
}

/* floor, ceil and round keep x where it is integral already (|x| >= 2^23,
   infinities) or NaN, and take x's sign otherwise: floor(-0.0) and
   ceil(-0.5) are -0.0. */
EW_INLINE ew_vf keep_integral(ew_vf x, ew_vf y) {
  ew_vi big = ~(ew_abs(x) < EW_INTEGRAL); /* NaN too */
  return big ? x : copysign_of(y, x);
}

EW_INLINE ew_vf truncated(ew_vf x) {
  return __builtin_convertvector(__builtin_convertvector(x, ew_vi), ew_vf);
}

/* r = op(r, a) for the operations on the vector unit; op is a constant at
   every call. */
EW_INLINE ew_vf apply_vector(accel_elementwise_op op, ew_vf x, ew_vf a,
                             const accel_elementwise_options *o) {
  switch (op) {
  case ACCEL_EW_FLOOR: {
    ew_vf t = truncated(x);
    return keep_integral(x, t > x ? t - 1.0f : t);
  }
  case ACCEL_EW_CEIL: {
    ew_vf t = truncated(x);
    return keep_integral(x, t < x ? t + 1.0f : t);
  }
  case ACCEL_EW_ROUND: /* the addition rounds to nearest even */
    return keep_integral(x, (ew_abs(x) + EW_INTEGRAL) - EW_INTEGRAL);
  case ACCEL_EW_THRESHOLDED_RELU:
    return x > o->alpha ? x : (ew_vf)0.0f;
  case ACCEL_EW_SHRINK: {
    ew_vf y = x > o->hi ? x - o->alpha : (ew_vf)0.0f;
    return x < o->lo ? x + o->alpha : y; /* NaN: 0, as ONNX's */
  }
  case ACCEL_EW_PRELU:
    return x < 0.0f ? x * a : x;
  default:
    return x;
  }
}

/* dst = op(src, a) over n floats rounded up to whole groups of Unroll
   vectors (the buffers leave room for them); a is read by prelu only. */
EW_INLINE void vector_loop(accel_elementwise_op op, float *restrict dst,
                           const float *restrict src, const float *restrict a,
                           long n, const accel_elementwise_options *o) {
  enum { G = KERNEL_LANES * Unroll };
  int reads_a = op == ACCEL_EW_PRELU;
  accel_elementwise_options opts = *o;
  for (long i = 0; i < n; i += G) {
    ew_vf x[Unroll], s[Unroll];
#pragma clang loop unroll(full)
    for (int u = 0; u < Unroll; ++u) {
      x[u] = accel_vload(src + i + KERNEL_LANES * u);
      s[u] = reads_a ? accel_vload(a + i + KERNEL_LANES * u) : x[u];
    }
#pragma clang loop unroll(full)
    for (int u = 0; u < Unroll; ++u)
      accel_vstore(dst + i + KERNEL_LANES * u,
                   apply_vector(op, x[u], s[u], &opts));
  }
}

#define VECTOR_LOOP(op, name)                                                  \
  static __attribute__((noinline)) void name(                                  \
      float *restrict dst, const float *restrict src, const float *restrict a, \
      const float *restrict b, long n, const accel_elementwise_options *o) {   \
    (void)b;                                                                   \
    vector_loop(op, dst, src, a, n, o);                                        \
  }
VECTOR_LOOP(ACCEL_EW_FLOOR, loop_floor)
VECTOR_LOOP(ACCEL_EW_CEIL, loop_ceil)
VECTOR_LOOP(ACCEL_EW_ROUND, loop_round)
VECTOR_LOOP(ACCEL_EW_THRESHOLDED_RELU, loop_thresholded_relu)
VECTOR_LOOP(ACCEL_EW_SHRINK, loop_shrink)
VECTOR_LOOP(ACCEL_EW_PRELU, loop_prelu)
#undef VECTOR_LOOP

/* ------------------------------------- stream engine and vector unit */

/* The exponential activations take exp from the stream engine, which
   rounds it once from double precision, and finish on the vector unit:
   one engine pass over the tile and one or two vector passes, where a
   scalar expm1 cost about 100 cycles an element. */

/* exp(t) - 1 from e = exp(t) rounded once: a Taylor polynomial where e - 1
   would cancel (|t| < 0.35; the first term left out, t^9 / 9!, is 0.01 of
   an ulp there), e - 1 elsewhere (exact from e >= 1/2 on, Sterbenz). */
EW_INLINE ew_vf expm1_from(ew_vf t, ew_vf e) {
  ew_vf p = ew_fma(t, 1.0f / 40320, 1.0f / 5040);
  p = ew_fma(t, p, 1.0f / 720);
  p = ew_fma(t, p, 1.0f / 120);
  p = ew_fma(t, p, 1.0f / 24);
  p = ew_fma(t, p, 1.0f / 6);
  p = ew_fma(t, p, 0.5f);
  ew_vf near0 = ew_fma(t * t, p, t);
  return ew_abs(t) < 0.35f ? near0 : e - 1.0f;
}

/* log(1 + e) for e in [0, 1]: log(u) e / (u - 1) with u = 1 + e, which
   cancels u's rounding (Goldberg's log1p), and e itself where u is 1. */
EW_INLINE ew_vf log1p_unit(ew_vf e) {
  ew_vf u = 1.0f + e;
  ew_vf d = u - 1.0f;
  ew_vf r = accel_vrcp(d);
  ew_vf q = e * r;
  q = ew_fma(r, ew_fma(-d, q, e), q); /* e / d, refined by a Newton step */
  return d == 0.0f ? e : ew_log(u) * q;
}

/* dst = f(src, dst) over n floats rounded up to whole vectors: dst holds
   what the engine left there, and f is elu, celu (t = x / alpha, as
   t_scale) or softplus. */
typedef enum { FinishElu, FinishSoftplus } finish_kind;

EW_INLINE void finish_loop(finish_kind k, float *dst, const float *src, long n,
                           float alpha, float t_scale) {
  enum { G = KERNEL_LANES * Unroll };
  for (long i = 0; i < n; i += G) {
    ew_vf x[Unroll], e[Unroll];
#pragma clang loop unroll(full)
    for (int u = 0; u < Unroll; ++u) {
      x[u] = accel_vload(src + i + KERNEL_LANES * u);
      e[u] = accel_vload(dst + i + KERNEL_LANES * u);
    }
#pragma clang loop unroll(full)
    for (int u = 0; u < Unroll; ++u) {
      ew_vf y;
      if (k == FinishElu)
        y = x[u] < 0.0f ? alpha * expm1_from(x[u] * t_scale, e[u]) : x[u];
      else /* max(x, 0) + log1p(exp(-|x|)); NaN stays NaN */
        y = (x[u] > 0.0f ? x[u] : (ew_vf)0.0f) + log1p_unit(e[u]);
      accel_vstore(dst + i + KERNEL_LANES * u, y);
    }
  }
}

/* dst = x scale, or -|x| (negate_abs), over n floats rounded up. */
EW_INLINE void prepare_loop(float *restrict dst, const float *restrict src,
                            long n, float scale, int negate_abs) {
  for (long i = 0; i < n; i += KERNEL_LANES) {
    ew_vf x = accel_vload(src + i);
    accel_vstore(dst + i, negate_abs ? (ew_vf)((ew_vi)x | (ew_vi)0x80000000)
                                     : x * scale);
  }
}

/* x < 0 ? alpha (exp(x) - 1) : x. */
static __attribute__((noinline)) void
loop_elu(float *restrict dst, const float *restrict src,
         const float *restrict a, const float *restrict b, long n,
         const accel_elementwise_options *o) {
  (void)a, (void)b;
  ew_run_on_stream_engine(ACCEL_EW_EXP, dst, src, src, 1, n, n, n);
  finish_loop(FinishElu, dst, src, n, o->alpha, 1.0f);
}

/* x < 0 ? alpha (exp(x / alpha) - 1) : x, with x / alpha as x (1 / alpha):
   one more rounding of the argument, which expm1 carries at most once
   for t < 0. */
static __attribute__((noinline)) void
loop_celu(float *restrict dst, const float *restrict src,
          const float *restrict a, const float *restrict b, long n,
          const accel_elementwise_options *o) {
  (void)a, (void)b;
  float inv = 1.0f / o->alpha;
  prepare_loop(dst, src, n, inv, 0);
  ew_run_on_stream_engine(ACCEL_EW_EXP, dst, dst, dst, 1, n, n, n);
  finish_loop(FinishElu, dst, src, n, o->alpha, inv);
}

/* log(1 + exp(x)) without overflow: max(x, 0) + log1p(exp(-|x|)). */
static __attribute__((noinline)) void
loop_softplus(float *restrict dst, const float *restrict src,
              const float *restrict a, const float *restrict b, long n,
              const accel_elementwise_options *o) {
  (void)a, (void)b, (void)o;
  prepare_loop(dst, src, n, 1.0f, 1);
  ew_run_on_stream_engine(ACCEL_EW_EXP, dst, dst, dst, 1, n, n, n);
  finish_loop(FinishSoftplus, dst, src, n, 0.0f, 1.0f);
}

/* ---------------------------------------------- sin, cos, tan: vectors */

/* The scalar loop for the arguments the vector loops leave (below). */
static void scalar_math(accel_elementwise_op op, float *dst, const float *src,
                        long n);

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
      scalar_math(op, dst + i, src + i, n - i < G ? n - i : G);
  }
}

#define TRIG_LOOP(op, name)                                                    \
  static __attribute__((noinline)) void name(                                  \
      float *restrict dst, const float *restrict src, const float *restrict a, \
      const float *restrict b, long n, const accel_elementwise_options *o) {   \
    (void)a, (void)b, (void)o;                                                 \
    trig_loop(op, dst, src, n);                                                \
  }
TRIG_LOOP(ACCEL_EW_SIN, loop_sin)
TRIG_LOOP(ACCEL_EW_COS, loop_cos)
TRIG_LOOP(ACCEL_EW_TAN, loop_tan)
#undef TRIG_LOOP

/* ------------------------- inverse and hyperbolic functions: vectors */

/* a / b refined by a Newton step from vrcp's 2^-20: within an ulp. */
EW_INLINE ew_vf ew_div(ew_vf a, ew_vf b) {
  ew_vf r = accel_vrcp(b);
  ew_vf q = a * r;
  return ew_fma(r, ew_fma(-b, q, a), q);
}

/* sqrt(z) for z >= 0 from vrsqrt, refined by a Newton step (0 stays 0). */
EW_INLINE ew_vf ew_sqrt(ew_vf z) {
  ew_vf r = accel_vrsqrt(z);
  ew_vf s = z * r;
  s = ew_fma(0.5f * r, ew_fma(-s, s, z), s);
  return z == 0.0f ? z : s;
}

/* log(1 + t) for t > -1, finite: log(u) t / (u - 1) with u = 1 + t
   (Goldberg), t itself where u rounds to 1. */
EW_INLINE ew_vf ew_log1p(ew_vf t) {
  ew_vf u = 1.0f + t;
  ew_vf d = u - 1.0f;
  return d == 0.0f ? t : ew_log(u) * ew_div(t, d);
}

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
      scalar_math(op, dst + i, src + i, n - i < G ? n - i : G);
  }
}

#define INVERSE_LOOP(op, name)                                                 \
  static __attribute__((noinline)) void name(                                  \
      float *restrict dst, const float *restrict src, const float *restrict a, \
      const float *restrict b, long n, const accel_elementwise_options *o) {   \
    (void)a, (void)b, (void)o;                                                 \
    inverse_loop(op, dst, src, n);                                             \
  }
INVERSE_LOOP(ACCEL_EW_ATAN, loop_atan)
INVERSE_LOOP(ACCEL_EW_ASIN, loop_asin)
INVERSE_LOOP(ACCEL_EW_ACOS, loop_acos)
INVERSE_LOOP(ACCEL_EW_ASINH, loop_asinh)
INVERSE_LOOP(ACCEL_EW_ACOSH, loop_acosh)
INVERSE_LOOP(ACCEL_EW_ATANH, loop_atanh)
#undef INVERSE_LOOP

/* sinh and cosh from e = exp(|x|), the stream engine's: (e -+ 1/e) / 2,
   and for sinh below 0.35 its Taylor polynomial (e - 1/e cancels); libm
   from |x| = 88 (e overflows before sinh and cosh do) and for NaN. */
static void hyperbolic_loop(accel_elementwise_op op, float *dst,
                            const float *src, long n) {
  enum { G = KERNEL_LANES * Unroll };
  for (long i = 0; i < n; i += KERNEL_LANES)
    accel_vstore(dst + i, ew_abs(accel_vload(src + i)));
  ew_run_on_stream_engine(ACCEL_EW_EXP, dst, dst, dst, 1, n, n, n);
  for (long i = 0; i < n; i += G) {
    ew_vi far = (ew_vi)0;
#pragma clang loop unroll(full)
    for (int u = 0; u < Unroll; ++u) {
      ew_vf x = accel_vload(src + i + KERNEL_LANES * u);
      ew_vf e = accel_vload(dst + i + KERNEL_LANES * u);
      ew_vf a = ew_abs(x);
      ew_vf inv = ew_div(1.0f, e);
      ew_vf y;
      if (op == ACCEL_EW_COSH) {
        y = 0.5f * (e + inv);
      } else {
        ew_vf z = x * x;
        ew_vf p = ew_fma(z, 1.0f / 362880, 1.0f / 5040);
        p = ew_fma(z, p, 1.0f / 120);
        p = ew_fma(z, p, 1.0f / 6);
        ew_vf near0 = ew_fma(z * x, p, x);
        y = a < 0.35f ? near0 : copysign_of(0.5f * (e - inv), x);
      }
      accel_vstore(dst + i + KERNEL_LANES * u, y);
      far |= ~(a < 88.0f);
    }
    if (accel_vredmax_i(far & 1))
      scalar_math(op, dst + i, src + i, n - i < G ? n - i : G);
  }
}

static __attribute__((noinline)) void
loop_sinh(float *restrict dst, const float *restrict src,
          const float *restrict a, const float *restrict b, long n,
          const accel_elementwise_options *o) {
  (void)a, (void)b, (void)o;
  hyperbolic_loop(ACCEL_EW_SINH, dst, src, n);
}

static __attribute__((noinline)) void
loop_cosh(float *restrict dst, const float *restrict src,
          const float *restrict a, const float *restrict b, long n,
          const accel_elementwise_options *o) {
  (void)a, (void)b, (void)o;
  hyperbolic_loop(ACCEL_EW_COSH, dst, src, n);
}

/* -------------------------------------------------------- scalar unit */

/* dst[i] = op(src[i]) for the n elements themselves, computed in f64 (the
   scalar unit has it at f32's cost) by libm and rounded once to f32: the
   arguments the vector loops leave (large, not finite, out of a domain). */
static void scalar_math(accel_elementwise_op op, float *dst, const float *src,
                        long n) {
  for (long i = 0; i < n; ++i) {
    double x = src[i], y;
    switch (op) {
    case ACCEL_EW_SIN:
      y = sin(x);
      break;
    case ACCEL_EW_COS:
      y = cos(x);
      break;
    case ACCEL_EW_TAN:
      y = tan(x);
      break;
    case ACCEL_EW_ASIN:
      y = asin(x);
      break;
    case ACCEL_EW_ACOS:
      y = acos(x);
      break;
    case ACCEL_EW_ATAN:
      y = atan(x);
      break;
    case ACCEL_EW_SINH:
      y = sinh(x);
      break;
    case ACCEL_EW_COSH:
      y = cosh(x);
      break;
    case ACCEL_EW_ASINH:
      y = asinh(x);
      break;
    case ACCEL_EW_ACOSH:
      y = acosh(x);
      break;
    default: /* ACCEL_EW_ATANH */
      y = atanh(x);
      break;
    }
    dst[i] = (float)y;
  }
}

/* A switch, not a table in memory: the table would be in DRAM. */
op_loop *ew_math_loop(accel_elementwise_op op) {
  switch (op) {
  case ACCEL_EW_FLOOR:
    return loop_floor;
  case ACCEL_EW_CEIL:
    return loop_ceil;
  case ACCEL_EW_ROUND:
    return loop_round;
  case ACCEL_EW_SIN:
    return loop_sin;
  case ACCEL_EW_COS:
    return loop_cos;
  case ACCEL_EW_TAN:
    return loop_tan;
  case ACCEL_EW_ASIN:
    return loop_asin;
  case ACCEL_EW_ACOS:
    return loop_acos;
  case ACCEL_EW_ATAN:
    return loop_atan;
  case ACCEL_EW_SINH:
    return loop_sinh;
  case ACCEL_EW_COSH:
    return loop_cosh;
  case ACCEL_EW_ASINH:
    return loop_asinh;
  case ACCEL_EW_ACOSH:
    return loop_acosh;
  case ACCEL_EW_ATANH:
    return loop_atanh;
  case ACCEL_EW_SOFTPLUS:
    return loop_softplus;
  case ACCEL_EW_ELU:
    return loop_elu;
  case ACCEL_EW_CELU:
    return loop_celu;
  case ACCEL_EW_THRESHOLDED_RELU:
    return loop_thresholded_relu;
  case ACCEL_EW_SHRINK:
    return loop_shrink;
  default: /* ACCEL_EW_PRELU: is_math_op's last */
    return loop_prelu;
  }
}
