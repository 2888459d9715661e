/* kernel_activation.h - the fused activations of the kernels
   (accel_activation in accel_kernels.h), on 16 lanes. */

#ifndef ACCEL_KERNEL_ACTIVATION_H
#define ACCEL_KERNEL_ACTIVATION_H

#include "core/spm_arena.h"
#include <accel.h>
#include <accel_kernels.h>

/* The tanh form: x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))). */
static inline accel_v16f accel_gelu(accel_v16f x) {
  const float c = 0.7978845608f; /* sqrt(2 / pi) */
  accel_v16f inner = c * (x + 0.044715f * x * x * x);
  return 0.5f * x * (1.0f + accel_vtanh(inner));
}

/* x / (1 + e^-x): the relative errors of vexp and vrcp, not tanh's
   cancellation near -1 in x/2 (1 + tanh(x/2)). */
static inline accel_v16f accel_silu(accel_v16f x) {
  return x * accel_vrcp(1.0f + accel_vexp(-x));
}

static inline accel_v16f accel_activate(accel_v16f v,
                                        const accel_activation *act) {
  switch (act->kind) {
  case ACCEL_ACT_RELU:
    return __builtin_elementwise_max(v, (accel_v16f)0.0f);
  case ACCEL_ACT_GELU:
    return accel_gelu(v);
  case ACCEL_ACT_SILU:
    return accel_silu(v);
  case ACCEL_ACT_CLIP:
    return __builtin_elementwise_min(
        __builtin_elementwise_max(v, (accel_v16f)act->lo), (accel_v16f)act->hi);
  default: /* none, and GELU (erf): accel_activate_block's */
    return v;
  }
}


/* The activation of a kind the caller's code fixes (a constant where
   inlined, so that a loop over rows carries no switch: a switch's jump
   table is in DRAM, 40 cycles a dispatch); clip's bounds lo and hi. */
static inline __attribute__((always_inline)) accel_v16f
accel_activate_kind(accel_v16f v, const int kind, accel_v16f lo,
                    accel_v16f hi) {
  switch (kind) {
  case ACCEL_ACT_RELU:
    return __builtin_elementwise_max(v, (accel_v16f)0.0f);
  case ACCEL_ACT_CLIP:
    return __builtin_elementwise_min(__builtin_elementwise_max(v, lo), hi);
  case ACCEL_ACT_GELU:
    return accel_gelu(v);
  case ACCEL_ACT_SILU:
    return accel_silu(v);
  default:
    return v;
  }
}

/* The stream engine's part of an activation, on n floats at p in the
   scratchpad once the vector epilogue has stored them: the exact GELU
   (vs.act.gelu), which the vector unit has no instruction for; nothing
   for the other kinds. The transfer that sends p out waits for the
   engine's result (docs/isa.md 7.13). */
static inline void accel_activate_block(float *p, long n, accel_act_kind kind) {
  static KERNEL_SPM_CONST const float identity[2] = {0.0f, 1.0f};
  if (kind != ACCEL_ACT_GELU_ERF)
    return;
  accel_vs_shape(1, n);
  accel_vs_act_gelu(p, p, identity, 0);
}

#endif
