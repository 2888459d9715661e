/* elementwise_ops.c - the elementwise operations: on the vector unit,
   one software-pipelined loop an operation; on the stream engine, one
   instruction (elementwise_ops.h). */

#include "elementwise/elementwise_ops.h"
#include "core/kernel_machine.h"
#include "core/spm_arena.h"
#include <stddef.h>

/* r = op(r, a) (or where's r ? a : b) for the operations the stream
   engine does not have; op is a constant at every call. */
EW_INLINE ew_vf apply(accel_elementwise_op op, ew_vf r, ew_vf a, ew_vf b,
                      const accel_elementwise_options *o) {
  switch (op) {
  case ACCEL_EW_MAX:
    return ew_max(r, a);
  case ACCEL_EW_MIN:
    return ew_min(r, a);
  case ACCEL_EW_POW:
    return ew_pow(r, a);
  case ACCEL_EW_LEAKY_RELU:
    return r < 0.0f ? r * o->alpha : r;
  case ACCEL_EW_CLIP:
    r = r < o->lo ? (ew_vf)o->lo : r;
    return r > o->hi ? (ew_vf)o->hi : r;
  case ACCEL_EW_ABS:
    return ew_abs(r);
  case ACCEL_EW_WHERE:
    return r != 0.0f ? a : b;
  default: /* on the stream engine */
    return r;
  }
}

/* Unroll vectors of each operand, from element i. */
EW_INLINE void load_group(ew_vf *v, const float *p, long i, int reads) {
#pragma clang loop unroll(full)
  for (int u = 0; u < Unroll; ++u)
    v[u] = reads ? accel_vload(p + i + KERNEL_LANES * u) : (ew_vf)0.0f;
}

/* dst = op(src, a, b) over n floats, rounded up to whole groups of Unroll
   vectors (the buffers are TileFloats long, a multiple of 16 Unroll).
   Software-pipelined by hand in three stages, as the in-order machine
   needs: iteration j loads group j, computes group j - 1 (loaded by the
   previous iteration) and stores group j - 2 (computed by it), so that
   nothing in an iteration waits for anything of the same iteration and
   the load/store unit, the one bottleneck of cheap operations, can issue
   every cycle. The last two iterations load past the end (LoopSlack):
   stale scratchpad, never used. */
EW_INLINE void run_op_pipelined(accel_elementwise_op op, float *dst,
                                const float *src, const float *a,
                                const float *b, long n,
                                const accel_elementwise_options *o) {
  enum { G = KERNEL_LANES * Unroll };
  int reads_a = is_binary(op) || op == ACCEL_EW_WHERE;
  int reads_b = op == ACCEL_EW_WHERE;
  accel_elementwise_options opts = *o;
  ew_vf r[Unroll], va[Unroll], vb[Unroll], res[Unroll];
  load_group(r, src, 0, 1);
  load_group(va, a, 0, reads_a);
  load_group(vb, b, 0, reads_b);
  long groups = (n + G - 1) / G;
  for (long j = 1; j <= groups + 1; ++j) {
    ew_vf nr[Unroll], na[Unroll], nb[Unroll];
    load_group(nr, src, j * G, 1);
    load_group(na, a, j * G, reads_a);
    load_group(nb, b, j * G, reads_b);
    if (j >= 2) {
#pragma clang loop unroll(full)
      for (int u = 0; u < Unroll; ++u)
        accel_vstore(dst + (j - 2) * G + KERNEL_LANES * u, res[u]);
    }
#pragma clang loop unroll(full)
    for (int u = 0; u < Unroll; ++u) {
      res[u] = apply(op, r[u], va[u], vb[u], &opts);
      r[u] = nr[u], va[u] = na[u], vb[u] = nb[u];
    }
  }
}

/* The same, two groups an iteration in two sets of registers, so that
   group j + 1's loads need not wait for group j's operations to free
   their registers: the compiler then interleaves loads, operations and
   stores (add: 29 bundles per 16 vectors instead of 36). The loop loads
   up to two groups past the end as run_op_pipelined does, and with an odd
   number of groups stores one group past it: TileFloats is an even number
   of groups, so that stays in the buffer. */
EW_INLINE void run_op_two_sets(accel_elementwise_op op, float *dst,
                               const float *src, const float *a, const float *b,
                               long n, const accel_elementwise_options *o) {
  enum { G = KERNEL_LANES * Unroll };
  int reads_a = is_binary(op) || op == ACCEL_EW_WHERE;
  int reads_b = op == ACCEL_EW_WHERE;
  accel_elementwise_options opts = *o;
  ew_vf r0[Unroll], a0[Unroll], b0[Unroll], r1[Unroll], a1[Unroll], b1[Unroll];
  load_group(r0, src, 0, 1);
  load_group(a0, a, 0, reads_a);
  load_group(b0, b, 0, reads_b);
  long groups = (n + G - 1) / G;
  for (long j = 0; j < groups; j += 2) {
    load_group(r1, src, (j + 1) * G, 1);
    load_group(a1, a, (j + 1) * G, reads_a);
    load_group(b1, b, (j + 1) * G, reads_b);
#pragma clang loop unroll(full)
    for (int u = 0; u < Unroll; ++u)
      accel_vstore(dst + j * G + KERNEL_LANES * u,
                   apply(op, r0[u], a0[u], b0[u], &opts));
    load_group(r0, src, (j + 2) * G, 1);
    load_group(a0, a, (j + 2) * G, reads_a);
    load_group(b0, b, (j + 2) * G, reads_b);
#pragma clang loop unroll(full)
    for (int u = 0; u < Unroll; ++u)
      accel_vstore(dst + (j + 1) * G + KERNEL_LANES * u,
                   apply(op, r1[u], a1[u], b1[u], &opts));
  }
}

/* Which loop: two register sets for all but the operations whose formulas
   need the registers the second set takes (pow and clip, slower with
   two sets; the cheap ones gain most from them). */
EW_INLINE int uses_two_sets(accel_elementwise_op op) {
  return op != ACCEL_EW_POW && op != ACCEL_EW_CLIP;
}

EW_INLINE void run_op(accel_elementwise_op op, float *dst, const float *src,
                      const float *a, const float *b, long n,
                      const accel_elementwise_options *o) {
  if (uses_two_sets(op))
    run_op_two_sets(op, dst, src, a, b, n, o);
  else
    run_op_pipelined(op, dst, src, a, b, n, o);
}

/* Each operation's loop (elementwise_ops.h). */
#define EW_LOOP(op, name)                                                      \
  __attribute__((noinline)) void name(                                         \
      float *restrict dst, const float *restrict src, const float *restrict a, \
      const float *restrict b, long n, const accel_elementwise_options *o) {   \
    run_op(op, dst, src, a, b, n, o);                                          \
  }
EW_LOOP(ACCEL_EW_MAX, ew_loop_max)
EW_LOOP(ACCEL_EW_MIN, ew_loop_min)
EW_LOOP(ACCEL_EW_POW, ew_loop_pow)
EW_LOOP(ACCEL_EW_LEAKY_RELU, ew_loop_leaky_relu)
EW_LOOP(ACCEL_EW_CLIP, ew_loop_clip)
EW_LOOP(ACCEL_EW_ABS, ew_loop_abs)
EW_LOOP(ACCEL_EW_WHERE, ew_loop_where)
#undef EW_LOOP

/* An operation the stream engine has (docs/isa.md 7.13), one instruction
   over rows x cols elements: it takes 64 a cycle from the scratchpad,
   where the vector unit's loop takes 16 and the load/store ports' issue
   slots. Its functions are evaluated in double precision and rounded
   once. A binary operation's operands have rows src_stride and a_stride
   floats apart (0: one row for all, a broadcast operand's). */
void ew_run_on_stream_engine(accel_elementwise_op op, float *dst,
                             const float *src, const float *a, long rows,
                             long cols, long src_stride, long a_stride) {
  /* (x - bias) * scale with bias 0: scale 1 is the function alone. */
  static KERNEL_SPM_CONST const float identity[2] = {0.0f, 1.0f};
  static KERNEL_SPM_CONST const float negate[2] = {0.0f, -1.0f};
  if (src_stride == cols && a_stride == cols) {
    accel_vs_shape(1, rows * cols); /* one row: the activations' params */
  } else {
    accel_vs_shape(rows, cols);
    accel_vs_stride(cols, src_stride, a_stride);
  }
  switch (op) {
  case ACCEL_EW_ADD:
    accel_vs_add(dst, src, a);
    break;
  case ACCEL_EW_SUB:
    accel_vs_sub(dst, src, a);
    break;
  case ACCEL_EW_MUL:
    accel_vs_mul(dst, src, a);
    break;
  case ACCEL_EW_DIV:
    accel_vs_div(dst, src, a);
    break;
  case ACCEL_EW_RELU:
    accel_vs_act_relu(dst, src, identity, NULL);
    break;
  case ACCEL_EW_EXP:
    accel_vs_act_exp(dst, src, identity, NULL);
    break;
  case ACCEL_EW_LOG:
    accel_vs_act_log(dst, src, identity, NULL);
    break;
  case ACCEL_EW_SQRT:
    accel_vs_act_sqrt(dst, src, identity, NULL);
    break;
  case ACCEL_EW_RECIPROCAL:
    accel_vs_act_rcp(dst, src, identity, NULL);
    break;
  case ACCEL_EW_NEG:
    accel_vs_act_none(dst, src, negate, NULL);
    break;
  case ACCEL_EW_SIGMOID:
    accel_vs_act_sigmoid(dst, src, identity, NULL);
    break;
  case ACCEL_EW_TANH:
    accel_vs_act_tanh(dst, src, identity, NULL);
    break;
  case ACCEL_EW_ERF:
    accel_vs_act_erf(dst, src, identity, NULL);
    break;
  case ACCEL_EW_GELU:
    accel_vs_act_gelu(dst, src, identity, NULL);
    break;
  case ACCEL_EW_GELU_TANH:
    accel_vs_act_gelu_tanh(dst, src, identity, NULL);
    break;
  default: /* has_stream_operation(op) is false */
    break;
  }
}
