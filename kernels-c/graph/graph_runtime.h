/* graph_runtime.h - the interface between a program accel-graphc
   generates and libaccelgraph.a (graph_runtime.c). The compiler includes
   it too, for the op codes: one list for both sides. */

#ifndef ACCEL_GRAPH_RUNTIME_H
#define ACCEL_GRAPH_RUNTIME_H

/* An operation record: its length in longs, an accel_graph_opcode, the
   number of operands n, n accel_tensor structs (the operands, the result
   last; f32), then the op's fields below. */

/* What an operation record computes (the field after its length). */
typedef enum {
  /* The matrix-unit ops' records end with their activation: an
     accel_act_kind, lo and hi. */
  ACCEL_GRAPH_MATMUL = 0,      /* a, b -> y */
  ACCEL_GRAPH_GEMM = 1,        /* a, b[, c] -> y; alpha, beta, trans_a, trans_b */
  ACCEL_GRAPH_CONV2D = 2,      /* x, w[, bias] -> y; strides 2, pads 4,
                                  dilations 2, groups */
  ACCEL_GRAPH_POOL2D = 3,      /* x -> y; avg, kernel 2, strides 2, pads 4,
                                  dilations 2, ceil_mode, count_include_pad */
  ACCEL_GRAPH_ELEMENTWISE = 4, /* 1 to 3 inputs -> y; accel_elementwise_op,
                                  alpha, lo, hi */
  ACCEL_GRAPH_SOFTMAX = 5,     /* x -> y; axis, log */
  ACCEL_GRAPH_TRANSPOSE = 6,   /* x -> y; perm (rank entries) */
  ACCEL_GRAPH_REDUCE = 7,      /* x -> y; accel_reduce_op, number of axes,
                                  axes */
  ACCEL_GRAPH_LAYERNORM = 8,   /* x[, residual], scale[, shift] -> y; axis,
                                  epsilon, whether the residual is there */
  ACCEL_GRAPH_BATCHNORM = 9,   /* x, scale, shift, mean, var -> y; epsilon */
  ACCEL_GRAPH_CONCAT = 10,     /* 1 to 256 inputs -> y; axis */
  ACCEL_GRAPH_SLICE = 11,      /* x -> y; starts (rank), steps (rank) */
  ACCEL_GRAPH_CHAIN = 12,      /* 1 to 5 inputs -> y; steps, then per step
                                  accel_elementwise_op, in, swap, alpha,
                                  lo, hi */
  ACCEL_GRAPH_ATTENTION = 13,  /* q, k, v[, additive mask] -> y; scale */
  ACCEL_GRAPH_PAD = 14,        /* x[, fill] -> y; accel_pad_mode, value
                                  (fill's element instead, if given), widths
                                  (before and after, a dimension at a
                                  time) */
  ACCEL_GRAPH_GATHER = 15,     /* x -> y; axis, n, indices (n) */
  ACCEL_GRAPH_GEMM_NORM = 16,  /* a, b[, bias], residual, scale[, shift]
                                  -> y; epsilon, trans_b, whether the bias
                                  is there */
  ACCEL_GRAPH_MLP_NORM = 17,   /* x, w1[, bias1], w2[, bias2], residual,
                                  scale[, shift] -> y; epsilon, the
                                  accel_act_kind, whether bias1 and bias2
                                  are there */
} accel_graph_opcode;

/* The longest record, in fields: the runtime's scratchpad copy of it. */
enum { ACCEL_GRAPH_MAX_RECORD = 4096 };

#ifndef __cplusplus
/* Defined by the generated code. */
typedef struct {
  long offset, bytes; /* in accel_graph_arena */
} accel_graph_io;

extern char accel_graph_arena[];
extern const long accel_graph_num_inputs, accel_graph_num_outputs;
extern const accel_graph_io accel_graph_inputs[], accel_graph_outputs[];
void accel_graph_run(void);

/* Runs one operation record (graph_runtime.c); stops the program with the
   node's name if the kernel refuses it. bound: the op's roofline bound in
   cycles (the compiler's, graph/codegen/OpCost.h), for the profile. */
void accel_graph_op(const long *record, const char *name, long bound);
#endif

#endif
