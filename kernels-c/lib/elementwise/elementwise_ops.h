/* elementwise_ops.h - the elementwise operations themselves
   (elementwise_ops.c): which unit runs each, and each one's loop over a
   tile in the scratchpad, for the tiles' driver (elementwise.c). */

#ifndef ACCEL_ELEMENTWISE_OPS_H
#define ACCEL_ELEMENTWISE_OPS_H

#include "elementwise/elementwise_math.h"
#include <accel_kernels.h>

enum { Unroll = 4 }; /* vectors per loop iteration */

/* The float math operations of elementwise_math.c, floor to prelu. */
static inline int is_math_op(accel_elementwise_op op) {
  return op >= ACCEL_EW_FLOOR && op <= ACCEL_EW_PRELU;
}

static inline int is_binary(accel_elementwise_op op) {
  return op <= ACCEL_EW_POW || op == ACCEL_EW_PRELU;
}
static inline int is_unary(accel_elementwise_op op) {
  return (op >= ACCEL_EW_RELU && op <= ACCEL_EW_ABS) ||
         (is_math_op(op) && op != ACCEL_EW_PRELU);
}

/* Whether the stream engine has the operation (max and min propagate NaN,
   as ONNX's Max and Min do; the engine's are maxNum and minNum). */
static inline int has_stream_operation(accel_elementwise_op op) {
  switch (op) {
  case ACCEL_EW_ADD:
  case ACCEL_EW_SUB:
  case ACCEL_EW_MUL:
  case ACCEL_EW_DIV:
  case ACCEL_EW_RELU:
  case ACCEL_EW_EXP:
  case ACCEL_EW_LOG:
  case ACCEL_EW_SQRT:
  case ACCEL_EW_RECIPROCAL:
  case ACCEL_EW_NEG:
  case ACCEL_EW_SIGMOID:
  case ACCEL_EW_TANH:
  case ACCEL_EW_ERF:
  case ACCEL_EW_GELU:
  case ACCEL_EW_GELU_TANH:
    return 1;
  default:
    return 0;
  }
}

/* Each operation's loop as a function of its own, so that the register
   allocator sees one loop at a time (inlined into one switch, the loops
   spilled their results). dst is never one of the inputs (restrict);
   src, a and b, only read, may be the same buffer. n is rounded up to
   whole groups of Unroll vectors, which the buffers leave room for. */
typedef void op_loop(float *restrict dst, const float *restrict src,
                     const float *restrict a, const float *restrict b, long n,
                     const accel_elementwise_options *o);
op_loop ew_loop_max, ew_loop_min, ew_loop_pow, ew_loop_leaky_relu, ew_loop_clip,
    ew_loop_abs, ew_loop_where;

/* A float math operation's loop (is_math_op; elementwise_math.c). */
op_loop *ew_math_loop(accel_elementwise_op op);

/* An operation the stream engine has (has_stream_operation), one
   instruction over rows x cols elements; a binary operation's operands
   have rows src_stride and a_stride floats apart (0: one row for all, a
   broadcast operand's). */
void ew_run_on_stream_engine(accel_elementwise_op op, float *dst,
                             const float *src, const float *a, long rows,
                             long cols, long src_stride, long a_stride);

#endif
