/* graph_runtime.h - the interface between a program accel-graphc
   generates and libaccelgraph.a (graph_runtime.c). The compiler includes
   it too: the op codes and the records' layout are one list for both
   sides, checked at compile time on each (the host's and Accel's LP64
   agree: 8-byte longs, 4-byte floats, little-endian). */

#ifndef ACCEL_GRAPH_RUNTIME_H
#define ACCEL_GRAPH_RUNTIME_H

#include <stddef.h>

/* An operation record, 64-byte aligned, a whole number of 8-byte fields:

     accel_graph_record     its length, op code, operand count n
     accel_tensor[n]        the operands as the kernels take them (the
                            inputs, then the result; each its dtype)
     accel_graph_<op>_attrs the op's attributes, by its code below

   The runtime reads it where it lies (in the scratchpad, or copied there
   from DRAM) and hands the kernels pointers into it. */

/* What an operation record computes: its attributes' struct below. */
typedef enum {
  ACCEL_GRAPH_MATMUL = 0,      /* a, b -> y */
  ACCEL_GRAPH_GEMM = 1,        /* a, b[, c] -> y */
  ACCEL_GRAPH_CONV2D = 2,      /* x, w[, bias] -> y */
  ACCEL_GRAPH_POOL2D = 3,      /* x -> y */
  ACCEL_GRAPH_ELEMENTWISE = 4, /* 1 to 3 inputs -> y */
  ACCEL_GRAPH_SOFTMAX = 5,     /* x -> y */
  ACCEL_GRAPH_TRANSPOSE = 6,   /* x -> y */
  ACCEL_GRAPH_REDUCE = 7,      /* x[, axes at run time] -> y */
  ACCEL_GRAPH_LAYERNORM = 8,   /* x[, residual], scale[, shift] -> y */
  ACCEL_GRAPH_BATCHNORM = 9,   /* x, scale, shift, mean, var -> y */
  ACCEL_GRAPH_CONCAT = 10,     /* 1 to ACCEL_CONCAT_MAX_INPUTS inputs -> y */
  ACCEL_GRAPH_SLICE = 11,      /* x -> y */
  ACCEL_GRAPH_CHAIN = 12,      /* 1 to ACCEL_EW_MAX_INPUTS inputs -> y */
  ACCEL_GRAPH_ATTENTION = 13,  /* q, k, v[, additive mask] -> y */
  ACCEL_GRAPH_PAD = 14,        /* x[, fill] -> y */
  ACCEL_GRAPH_GATHER = 15,     /* x[, index values] -> y */
  ACCEL_GRAPH_GEMM_NORM = 16,  /* a, b[, bias], residual, scale[, shift]
                                  -> y */
  ACCEL_GRAPH_MLP_NORM = 17,   /* x, w1[, bias1], w2[, bias2], residual,
                                  scale[, shift] -> y */
  ACCEL_GRAPH_CAST = 18,       /* x -> y of another type; no attributes */
  ACCEL_GRAPH_ARGREDUCE = 19,  /* x -> y (int64) */
  ACCEL_GRAPH_HARDMAX = 20,    /* x -> y */
  ACCEL_GRAPH_CUMSUM = 21,     /* x[, axis at run time] -> y */
  ACCEL_GRAPH_TOPK = 22,       /* x[, k at run time] -> values or indices */
  ACCEL_GRAPH_GATHER_ELEMENTS = 25,  /* x, indices -> y */
  ACCEL_GRAPH_SCATTER_ELEMENTS = 26, /* x, indices, updates -> y */
  ACCEL_GRAPH_GATHER_ND = 27,        /* x, indices -> y */
  ACCEL_GRAPH_SCATTER_ND = 28,       /* x, indices, updates -> y */
  ACCEL_GRAPH_TRILU = 29,            /* x[, k at run time] -> y */
  ACCEL_GRAPH_REVERSE_SEQUENCE = 30, /* x, lengths -> y */
  ACCEL_GRAPH_ONEHOT = 31,           /* indices[, depth], values -> y */
  ACCEL_GRAPH_TILE = 32,             /* x[, repeats] -> y; no attributes */
  ACCEL_GRAPH_MAXUNPOOL = 33,        /* x, indices[, output_shape] -> y */
  ACCEL_GRAPH_RESIZE = 35, /* x[, roi][, scales][, sizes] -> y; the three
                              at run time, as the attributes say */
  ACCEL_GRAPH_CONV_TRANSPOSE = 40, /* x, w[, bias] -> y */
  ACCEL_GRAPH_SLICE_VALUES = 41,  /* x, starts, ends[, axes][, steps] -> y */
  ACCEL_GRAPH_PAD_VALUES = 42,    /* x, pads[, fill] -> y */
  ACCEL_GRAPH_EXPAND_VALUES = 43, /* x, shape -> y; no attributes */
  ACCEL_GRAPH_RANGE = 44,         /* start, limit, delta -> y; none */
  ACCEL_GRAPH_GRID_SAMPLE = 45,    /* x, grid -> y */
  ACCEL_GRAPH_DET = 46,            /* x -> y; no attributes */
  ACCEL_GRAPH_MAXPOOL_TYPED = 47,  /* x -> maxima or int64 indices */
  ACCEL_GRAPH_SQUEEZE_EXCITE = 48, /* x, w1[, bias1], w2[, bias2] -> y */
  ACCEL_GRAPH_MOE_ROUTE = 49,      /* logits -> gates; attrs: long k,
                                      renormalize */
  ACCEL_GRAPH_GATED_SUM = 50,      /* gates, n terms -> y; attrs: long
                                      columns[n] */
  ACCEL_GRAPH_ROPE = 51,           /* x, cos, sin -> y; no attributes */
  ACCEL_GRAPH_GROUP_NORM = 52,     /* x, scale, shift -> y */
  ACCEL_GRAPH_RMSNORM = 53,        /* x[, residual], scale -> y */
  ACCEL_GRAPH_GEMM_GLU = 54,       /* a, w (packed) -> y; no attributes */
  ACCEL_GRAPH_LSTM = 55,           /* xw, w (packed), h0, c0 -> [y; c];
                                      attrs: long reverse */
  ACCEL_GRAPH_GRU = 56,            /* xw, w (packed), rbh, h0 -> y;
                                      attrs: long reverse */
  ACCEL_GRAPH_CACHE_WRITE = 57,    /* cache, update, position -> y, the
                                      cache's first rows; attrs: long
                                      axis */
  ACCEL_GRAPH_CONV2D_UPSAMPLED = 58, /* x, w_rows[, bias] -> y */
  ACCEL_GRAPH_CHANNEL_NORM = 59,   /* x[, scale][, shift] -> y */
} accel_graph_opcode;

/* The longest record, in fields: the runtime's scratchpad copy of it. */
enum { ACCEL_GRAPH_MAX_RECORD = 4096 };

typedef struct {
  long length;   /* in fields, all of the record */
  long op;       /* accel_graph_opcode */
  long operands; /* n */
} accel_graph_record;

/* A float in a field of its own: its bits in the field's low half (the
   first, little-endian); the high half is not read. */
typedef struct {
  float value;
  int unused;
} accel_graph_float;

/* A matrix-unit op's fused activation. */
typedef struct {
  long kind; /* accel_act_kind */
  accel_graph_float lo, hi;
} accel_graph_activation;

/* The operands as the kernel takes them: a rank-1 a as a row [1, K], a
   rank-1 b as a column [K, 1], y with the dimensions of 1 numpy dropped
   for them; accel_gemm where a and b are then matrices, else
   accel_batched_matmul. */
typedef struct {
  accel_graph_activation act;
} accel_graph_matmul_attrs;

/* ONNX Gemm: y = alpha op(a) op(b) + beta c. A c of [N] or [1, N] (a
   row), or of [M, 1] (a column), with beta 1 is the kernel's bias: its
   operand is 1-D and bias_kind says which; any other c is broadcast into
   y before the product (bias_kind ACCEL_BIAS_NONE). */
typedef struct {
  accel_graph_float alpha, beta;
  long trans_a, trans_b;
  long bias_kind; /* accel_bias_kind */
  accel_graph_activation act;
} accel_graph_gemm_attrs;

/* As accel_conv2d_options; a bias operand if there are four. */
typedef struct {
  long strides[2];   /* h, w */
  long pads[4];      /* top, left, bottom, right */
  long dilations[2]; /* h, w */
  long groups;
  accel_graph_activation act;
  long maxpool; /* 1: y is the 2 x 2 max pool's (accel_conv2d_rows_maxpool) */
} accel_graph_conv2d_attrs;

/* As accel_conv2d_upsampled_options; a bias operand if there are four. */
typedef struct {
  long scale, kernel_h;
  long pads[4]; /* top, left, bottom, right */
  accel_graph_activation act;
} accel_graph_conv2d_upsampled_attrs;

/* As accel_conv_transpose2d_options; a bias operand if there are four. */
typedef struct {
  long strides[2];        /* h, w */
  long pads[4];           /* top, left, bottom, right */
  long dilations[2];      /* h, w */
  long output_padding[2]; /* h, w */
  long groups;
} accel_graph_conv_transpose_attrs;

/* As accel_pool2d_options. */
typedef struct {
  long avg; /* average pooling, else max */
  long kernel[2];
  long strides[2];
  long pads[4]; /* top, left, bottom, right */
  long dilations[2];
  long ceil_mode, count_include_pad;
} accel_graph_pool2d_attrs;

/* accel_maxpool2d_typed: pool's avg and count_include_pad are 0. */
typedef struct {
  accel_graph_pool2d_attrs pool;
  long output; /* accel_pool_output */
} accel_graph_maxpool_typed_attrs;

/* accel_grid_sample_options' fields (ACCEL_GRID_*). */
typedef struct {
  long mode, padding, align_corners;
} accel_graph_grid_sample_attrs;

/* One input: accel_elementwise_unary; two: _binary; three: _where. */
typedef struct {
  long op; /* accel_elementwise_op */
  accel_graph_float alpha, lo, hi;
} accel_graph_elementwise_attrs;

typedef struct {
  long axis, log;
} accel_graph_softmax_attrs;

/* x's rank of perm entries: the attributes are an array of these. */
typedef long accel_graph_transpose_attrs;

/* count -1: the axes are the second operand's elements (int32 or int64,
   read at run time). */
typedef struct {
  long op; /* accel_reduce_op */
  long count;
  long axes[]; /* count of them */
} accel_graph_reduce_attrs;

typedef struct {
  long axis;
  accel_graph_float epsilon;
  long residual; /* whether the second operand is the residual; 2: and y
                    is [2, x's dims], the sum x + residual, then the norm */
} accel_graph_layernorm_attrs;

typedef struct {
  accel_graph_float epsilon;
} accel_graph_batchnorm_attrs;

typedef struct {
  accel_graph_float epsilon;
  long residual; /* as accel_graph_layernorm_attrs' */
} accel_graph_rmsnorm_attrs;

typedef struct {
  long axis;
} accel_graph_concat_attrs;

/* x's rank of starts, then as many steps: an array of these. */
typedef long accel_graph_slice_attrs;

/* A step of accel_elementwise_step. */
typedef struct {
  long op; /* accel_elementwise_op */
  long in, swap;
  accel_graph_float alpha, lo, hi;
} accel_graph_chain_step;

typedef struct {
  long count;
  accel_graph_chain_step steps[]; /* count of them */
} accel_graph_chain_attrs;

/* An additive mask if there are five operands. */
typedef struct {
  accel_graph_float scale;
  long causal; /* also hides key j from query i > j + Sk - Sq */
} accel_graph_attention_attrs;

/* The fill value is the fill operand's element where there is one (it is
   computed at run time). */
typedef struct {
  long mode; /* accel_pad_mode */
  accel_graph_float value;
  long widths[]; /* before and after, a dimension of x at a time */
} accel_graph_pad_attrs;

/* Constant indices: their count and values. Index values at run time (the
   second operand, int64 or int32): count -1 and indices[0] their element's
   bytes. */
typedef struct {
  long axis;
  long count;
  long indices[];
} accel_graph_gather_attrs;

/* A bias operand after b where bias is set; a shift after scale if there
   are 6 + bias operands. */
typedef struct {
  accel_graph_float epsilon;
  long trans_b;
  long bias;
} accel_graph_gemm_norm_attrs;

/* bias1 after w1 and bias2 after w2 where set; a shift after scale if
   there are 7 + bias1 + bias2 operands. */
typedef struct {
  accel_graph_float epsilon;
  long act; /* accel_act_kind between the layers */
  long bias1, bias2;
} accel_graph_mlp_norm_attrs;

/* bias1 after w1 and bias2 after w2 where set. */
typedef struct {
  long act; /* accel_act_kind after the first product */
  long bias1, bias2;
} accel_graph_squeeze_excite_attrs;

typedef struct {
  long groups;
  accel_graph_float epsilon;
  long act; /* accel_act_kind */
} accel_graph_group_norm_attrs;

/* accel_channel_norm's options: which of scale and shift are operands;
   channels_last: y is x's permute to [N, ..., C]. */
typedef struct {
  accel_graph_float epsilon;
  long scale, shift, channels_last;
} accel_graph_channel_norm_attrs;

typedef struct {
  long axis, is_min, select_last;
} accel_graph_argreduce_attrs;

typedef struct {
  long axis;
} accel_graph_hardmax_attrs;

/* With a second operand, the axis is its element (int32 or int64, read
   at run time) and axis is ignored. */
typedef struct {
  long axis, exclusive, reverse;
} accel_graph_cumsum_attrs;

/* The result is the values (indices 0) or the indices (1): each of
   TopK's outputs is a record of its own. A second operand (int64) must
   hold k at run time. */
typedef struct {
  long axis, k, largest, indices;
} accel_graph_topk_attrs;

/* The indexing ops (accel_gather_elements and the rest). */
typedef struct {
  long axis;
  long reduction; /* accel_scatter_reduction (the scatters) */
} accel_graph_elements_attrs;

typedef struct {
  long batch_dims; /* accel_gather_nd */
  long reduction;  /* accel_scatter_nd */
} accel_graph_nd_attrs;

/* With a second operand, k is its element (int64, read at run time). */
typedef struct {
  long upper, k;
} accel_graph_trilu_attrs;

typedef struct {
  long batch_axis, time_axis;
} accel_graph_reverse_sequence_attrs;

/* With a depth operand, the runtime checks its value against y's
   dimension axis (the depth the compiler sized y by). */
typedef struct {
  long axis;
} accel_graph_onehot_attrs;

/* As accel_resize_options. The run-time configuration operands after x,
   in this order, are those whose flag is set (docs/graph.md,
   "Configuration inputs"); scales of 0 are y's dims over x's. */
typedef struct {
  long mode, coordinates, nearest_mode, exclude_outside;
  accel_graph_float cubic_coeff_a, extrapolation_value;
  long roi_values, scale_values, size_values; /* the operands' flags */
  double scales[6], roi_start[6], roi_end[6];
} accel_graph_resize_attrs;

/* Slice by values read at run time: which optional operands follow
   starts and ends (docs/graph.md, "Configuration inputs"). */
typedef struct {
  long axes, steps;
} accel_graph_slice_values_attrs;

/* Pad by pads read at run time; the fill value is the fill operand's
   element where there is one. */
typedef struct {
  long mode; /* accel_pad_mode */
  accel_graph_float value;
} accel_graph_pad_values_attrs;

/* y's rank of entries: the shape MaxPool's indices count in (an array of
   these). */
typedef long accel_graph_maxunpool_attrs;

/* A tensor of a program's arena: a model's input or output. */
typedef struct {
  long offset, bytes; /* in accel_graph_arena */
} accel_graph_io;

/* A generation program's steps (accel-graphc --generate; generate_main.c
   runs them): the prefill first, then the decoding steps by past rows. */
typedef struct {
  void (*run)(void);
  const accel_graph_io *inputs; /* input_ids, attention_mask,
                                   position_ids, the cache position */
  long num_inputs;
  const accel_graph_io *outputs; /* the greedy tokens [B, 1] int64 */
  long past_rows;                /* the attention_mask's columns but new */
  long new_rows;                 /* input_ids' columns */
} accel_generate_step;

/* The layout both sides assume, checked by both compilers. A trailing
   array holds as many entries as the record says (a flexible array
   member: C99, and GNU C++'s extension). */
#ifdef __cplusplus
#define ACCEL_GRAPH_LAYOUT(Cond) static_assert(Cond, #Cond)
#else
#define ACCEL_GRAPH_LAYOUT(Cond) _Static_assert(Cond, #Cond)
#endif
ACCEL_GRAPH_LAYOUT(sizeof(long) == 8 && sizeof(float) == 4);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_record) == 3 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_io) == 2 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_generate_step) == 6 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_float) == 8 &&
                   offsetof(accel_graph_float, value) == 0);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_activation) == 3 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_matmul_attrs) == 3 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_gemm_attrs) == 8 * 8 &&
                   offsetof(accel_graph_gemm_attrs, act) == 5 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_conv2d_attrs) == 13 * 8 &&
                   offsetof(accel_graph_conv2d_attrs, groups) == 8 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_conv_transpose_attrs) == 11 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_pool2d_attrs) == 13 * 8 &&
                   offsetof(accel_graph_pool2d_attrs, dilations) == 9 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_maxpool_typed_attrs) == 14 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_grid_sample_attrs) == 3 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_elementwise_attrs) == 4 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_softmax_attrs) == 2 * 8);
ACCEL_GRAPH_LAYOUT(offsetof(accel_graph_reduce_attrs, axes) == 2 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_layernorm_attrs) == 3 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_rmsnorm_attrs) == 2 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_batchnorm_attrs) == 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_concat_attrs) == 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_chain_step) == 6 * 8);
ACCEL_GRAPH_LAYOUT(offsetof(accel_graph_chain_attrs, steps) == 8);
ACCEL_GRAPH_LAYOUT(offsetof(accel_graph_pad_attrs, widths) == 2 * 8);
ACCEL_GRAPH_LAYOUT(offsetof(accel_graph_gather_attrs, indices) == 2 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_gemm_norm_attrs) == 3 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_mlp_norm_attrs) == 4 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_squeeze_excite_attrs) == 3 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_group_norm_attrs) == 3 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_channel_norm_attrs) == 4 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_argreduce_attrs) == 3 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_hardmax_attrs) == 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_cumsum_attrs) == 3 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_topk_attrs) == 4 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_elements_attrs) == 2 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_nd_attrs) == 2 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_trilu_attrs) == 2 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_reverse_sequence_attrs) == 2 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_onehot_attrs) == 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_slice_values_attrs) == 2 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_pad_values_attrs) == 2 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_conv2d_upsampled_attrs) == 9 * 8);
ACCEL_GRAPH_LAYOUT(sizeof(accel_graph_resize_attrs) == 27 * 8 &&
                   offsetof(accel_graph_resize_attrs, scales) == 9 * 8);
#undef ACCEL_GRAPH_LAYOUT

#ifndef __cplusplus
/* Defined by the generated code. */

extern char accel_graph_arena[];
extern const long accel_graph_num_inputs, accel_graph_num_outputs;
extern const accel_graph_io accel_graph_inputs[], accel_graph_outputs[];
void accel_graph_run(void);

extern const accel_generate_step accel_generate_steps[];
extern const long accel_generate_num_steps;

/* Runs one operation record (graph_runtime.c); stops the program with the
   node's name if the kernel refuses it. bound: the op's roofline bound in
   cycles (the compiler's, graph/codegen/OpCost.h), for the profile. */
void accel_graph_op(const long *record, const char *name, long bound);

/* What a program's main (graph_main.c, generate_main.c) calls: a file of
   raw bytes read into or written from memory (exits with a message on
   failure); every op of run() checking its arguments (ACCEL_CHECK_ONLY,
   the values the ops compute not there yet: a refusal stops the program
   with the node's name); run() on the kernels' scratchpad stack without
   those checks; each op's figures kept while profiling is on, and
   written to a file. */
void accel_graph_transfer(const char *path, void *data, long bytes,
                          int write);
void accel_graph_check(void (*run)(void));
void accel_graph_call(void (*run)(void));
void accel_graph_profile(int on);
void accel_graph_write_profile(const char *path);

/* graph_debug.c (accel-run --compare-layers): accel_graph_op, then the
   op's result written out, which a program accel-graphc compiles with
   --dump-results calls instead; and that file's options, which main()
   takes out of argv (returning the arguments left). */
void accel_graph_op_dumped(const long *record, const char *name, long bound);
int accel_graph_debug_options(int argc, char **argv);
#endif

#endif
