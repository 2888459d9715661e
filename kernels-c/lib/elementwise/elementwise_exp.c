/* elementwise_exp.c - the elementwise kinds made of exp: elu, celu,
   softplus, sinh and cosh. The stream engine computes exp, rounded once
   from double precision, one instruction over the tile; the vector unit
   finishes, with a Taylor polynomial where exp(x) - 1 or e - 1/e cancels,
   and Goldberg's log1p for softplus. */

#include "core/kernel_machine.h"
#include "elementwise/elementwise_math_vector.h"

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
        y = (x[u] > 0.0f ? x[u] : (ew_vf)0.0f) + ew_log1p(e[u]);
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
__attribute__((noinline)) void ew_loop_elu(float *restrict dst,
                                           const float *restrict src,
                                           const float *restrict a,
                                           const float *restrict b, long n,
                                           const accel_elementwise_options *o) {
  (void)a, (void)b;
  ew_run_on_stream_engine(ACCEL_EW_EXP, dst, src, src, 1, n, n, n);
  finish_loop(FinishElu, dst, src, n, o->alpha, 1.0f);
}

/* x < 0 ? alpha (exp(x / alpha) - 1) : x, with x / alpha as x (1 / alpha):
   one more rounding of the argument, which expm1 carries at most once
   for t < 0. */
__attribute__((noinline)) void
ew_loop_celu(float *restrict dst, const float *restrict src,
             const float *restrict a, const float *restrict b, long n,
             const accel_elementwise_options *o) {
  (void)a, (void)b;
  float inv = 1.0f / o->alpha;
  prepare_loop(dst, src, n, inv, 0);
  ew_run_on_stream_engine(ACCEL_EW_EXP, dst, dst, dst, 1, n, n, n);
  finish_loop(FinishElu, dst, src, n, o->alpha, inv);
}

/* log(1 + exp(x)) without overflow: max(x, 0) + log1p(exp(-|x|)). */
__attribute__((noinline)) void
ew_loop_softplus(float *restrict dst, const float *restrict src,
                 const float *restrict a, const float *restrict b, long n,
                 const accel_elementwise_options *o) {
  (void)a, (void)b, (void)o;
  prepare_loop(dst, src, n, 1.0f, 1);
  ew_run_on_stream_engine(ACCEL_EW_EXP, dst, dst, dst, 1, n, n, n);
  finish_loop(FinishSoftplus, dst, src, n, 0.0f, 1.0f);
}

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
      ew_math_scalar(op, dst + i, src + i, n - i < G ? n - i : G);
  }
}

__attribute__((noinline)) void
ew_loop_sinh(float *restrict dst, const float *restrict src,
             const float *restrict a, const float *restrict b, long n,
             const accel_elementwise_options *o) {
  (void)a, (void)b, (void)o;
  hyperbolic_loop(ACCEL_EW_SINH, dst, src, n);
}

__attribute__((noinline)) void
ew_loop_cosh(float *restrict dst, const float *restrict src,
             const float *restrict a, const float *restrict b, long n,
             const accel_elementwise_options *o) {
  (void)a, (void)b, (void)o;
  hyperbolic_loop(ACCEL_EW_COSH, dst, src, n);
}
