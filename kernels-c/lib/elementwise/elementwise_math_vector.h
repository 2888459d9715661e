/* elementwise_math_vector.h - what the float math kinds' files share
   (elementwise_math.c: rounding, the piecewise activations, prelu, the
   libm fallback and the dispatch; elementwise_exp.c: the kinds from the
   stream engine's exp; elementwise_trig.c: the trigonometric functions and
   the inverse hyperbolic ones): vector functions beyond
   elementwise_math.h's, and the loops (elementwise_ops.h's op_loop). */

#ifndef ACCEL_ELEMENTWISE_MATH_VECTOR_H
#define ACCEL_ELEMENTWISE_MATH_VECTOR_H

#include "elementwise/elementwise_ops.h"

/* |mag| with sign's sign bit. */
EW_INLINE ew_vf copysign_of(ew_vf mag, ew_vf sign) {
  return (ew_vf)(((ew_vi)mag & 0x7fffffff) | ((ew_vi)sign & (ew_vi)0x80000000));
}

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
  ew_vf q = ew_div(t, d);
  return d == 0.0f ? t : ew_log(u) * q;
}

op_loop ew_loop_sin, ew_loop_cos, ew_loop_tan, ew_loop_asin, ew_loop_acos,
    ew_loop_atan, ew_loop_asinh, ew_loop_acosh, ew_loop_atanh; /* trig */
op_loop ew_loop_elu, ew_loop_celu, ew_loop_softplus, ew_loop_sinh,
    ew_loop_cosh; /* exp */

/* dst[i] = op(src[i]) for n elements by libm in f64, rounded once to f32:
   the arguments the vector loops leave (large, not finite, out of a
   domain). */
void ew_math_scalar(accel_elementwise_op op, float *dst, const float *src,
                    long n);

#endif
