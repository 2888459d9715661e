/* conv2d_activate.c - a convolution's bias and activation on rows of 16
   results in the scratchpad (the taps and implicit-GEMM lowerings'
   epilogues): the activation's kind chosen once a call, not once a row,
   and by comparisons, not a jump table (its load from DRAM costs more
   than a tile's rows). */

#include "conv/conv2d.h"
#include <stddef.h>

enum { Unroll = 4 }; /* rows in flight: the load, max and min latencies */

/* rows rows of T floats at p, each plus bias[r] (bias null: nothing)
   and then activated, with the activation's kind a constant; Unroll
   rows a step. */
static inline __attribute__((always_inline)) void
rows_of_kind(float *p, long rows, const float *bias, const int kind,
             accel_v16f lo, accel_v16f hi) {
  long r = 0;
  for (; r + Unroll <= rows; r += Unroll) {
    accel_v16f v[Unroll];
    for (int i = 0; i < Unroll; ++i)
      v[i] = accel_vload(p + (r + i) * T);
    for (int i = 0; i < Unroll; ++i)
      if (bias)
        v[i] += bias[r + i];
    for (int i = 0; i < Unroll; ++i)
      accel_vstore(p + (r + i) * T,
                   accel_activate_kind(v[i], kind, lo, hi));
  }
  for (; r < rows; ++r) {
    accel_v16f v = accel_vload(p + r * T);
    if (bias)
      v += bias[r];
    accel_vstore(p + r * T, accel_activate_kind(v, kind, lo, hi));
  }
}

void conv_activate_rows(float *p, long rows, const float *bias,
                        const accel_activation *act) {
  accel_v16f lo = act->lo, hi = act->hi;
  int kind = act->kind;
  /* Ordered tests (a chain of equalities would become a table). */
  if (kind < ACCEL_ACT_CLIP) {
    if (kind < ACCEL_ACT_RELU)
      rows_of_kind(p, rows, bias, ACCEL_ACT_NONE, lo, hi);
    else if (kind > ACCEL_ACT_RELU)
      rows_of_kind(p, rows, bias, ACCEL_ACT_GELU, lo, hi);
    else
      rows_of_kind(p, rows, bias, ACCEL_ACT_RELU, lo, hi);
  } else if (kind > ACCEL_ACT_CLIP) {
    if (kind > ACCEL_ACT_GELU_ERF)
      rows_of_kind(p, rows, bias, ACCEL_ACT_SILU, lo, hi);
    else
      rows_of_kind(p, rows, bias, ACCEL_ACT_NONE, lo, hi);
  } else {
    rows_of_kind(p, rows, bias, ACCEL_ACT_CLIP, lo, hi);
  }
}
