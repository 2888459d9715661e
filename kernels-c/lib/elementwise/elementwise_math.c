/* elementwise_math.c - the float math operations of the elementwise kernels
   (ACCEL_EW_FLOOR to ACCEL_EW_PRELU), one loop an operation over a tile
   in the scratchpad (elementwise_ops.h's op_loop).

   Every kind runs on the vector unit, which has what they need: selects,
   fused multiply-adds, a conversion to integers that truncates, and
   round-to-nearest-even additions; the ones with exp take it from the
   stream engine (elementwise_exp.c); the trigonometric functions and the
   inverse hyperbolic ones are polynomials (elementwise_trig.c). Here:
   rounding, the piecewise activations and prelu, the dispatch, and the
   scalar loop over picolibc's libm in f64 that takes the arguments the
   vector formulas leave (large, not finite, out of a domain): its error
   under an f64 ulp leaves one rounding to f32, half an ulp, where its f32
   functions are off by up to 1.9. */

#include "core/kernel_machine.h"
#include "elementwise/elementwise_math_vector.h"
#include <math.h>

/* -------------------------------------------------------- vector unit */

/* 2^23: from there up every f32 is an integer. */
#define EW_INTEGRAL 0x1p23f

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

/* -------------------------------------------------------- scalar unit */

/* elementwise_math_vector.h; f64 costs the scalar unit what f32 does. */
void ew_math_scalar(accel_elementwise_op op, float *dst, const float *src,
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
    return ew_loop_sin;
  case ACCEL_EW_COS:
    return ew_loop_cos;
  case ACCEL_EW_TAN:
    return ew_loop_tan;
  case ACCEL_EW_ASIN:
    return ew_loop_asin;
  case ACCEL_EW_ACOS:
    return ew_loop_acos;
  case ACCEL_EW_ATAN:
    return ew_loop_atan;
  case ACCEL_EW_SINH:
    return ew_loop_sinh;
  case ACCEL_EW_COSH:
    return ew_loop_cosh;
  case ACCEL_EW_ASINH:
    return ew_loop_asinh;
  case ACCEL_EW_ACOSH:
    return ew_loop_acosh;
  case ACCEL_EW_ATANH:
    return ew_loop_atanh;
  case ACCEL_EW_SOFTPLUS:
    return ew_loop_softplus;
  case ACCEL_EW_ELU:
    return ew_loop_elu;
  case ACCEL_EW_CELU:
    return ew_loop_celu;
  case ACCEL_EW_THRESHOLDED_RELU:
    return loop_thresholded_relu;
  case ACCEL_EW_SHRINK:
    return loop_shrink;
  default: /* ACCEL_EW_PRELU: is_math_op's last */
    return loop_prelu;
  }
}
