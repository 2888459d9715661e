/* graph_runtime.c - what a program accel-graphc compiles runs on
   (libaccelgraph.a; docs/graph.md, "Code generation").

   The generated code is a function accel_graph_run() that makes one call
   accel_graph_op(record, name, bound) per operation of the model, and
   tables of the model's inputs and outputs in its arena. A record is a
   constant array of longs the compiler wrote, 64-byte aligned, laid out
   as graph_runtime.h's structs say:

     [length, op, n, accel_tensor_0, ..., accel_tensor_{n-1}, attrs]

   the op's n operands (its inputs, then its result) as the kernels'
   descriptors, each as its struct lies in memory (f32, strides in
   elements: row-major, or a view's), then its accel_graph_<op>_attrs.
   A record in DRAM is copied into the scratchpad
   with one transfer (read from DRAM field by field, each load costs 40
   cycles: about a thousand a record); the compiler places the first ones
   in the scratchpad already (EmitProgram.cpp). accel_graph_op hands the
   kernel pointers to the descriptors where they lie; a kernel's refusal
   stops the program with the node's name.

   When profiling, each op's figures are kept: its start in cycles from
   the program's, the simulated time around its kernel call, the matrix
   unit's MACs and the DMA bytes in that time (the simulator's counters),
   and the roofline bound the compiler gave the op, in cycles, written
   one line an op, "start cycles macs dma_bytes bound name",
   tab-separated
   (accel-run --profile and --timeline). */

#include "graph_runtime.h"
#include "accel_sys.h"
#include "kernel_args.h"
#include "kernel_dma.h"
#include "kernel_stack.h"
#include <accel.h>
#include <accel_kernels.h>
#include <accel_spm_budget.h>
#include <stdio.h>
#include <stdlib.h>

/* Each op's figures, when profiling (the flags read for every op in the
   scratchpad: a DRAM load costs 40 cycles). */
enum { MaxProfiled = 4096 };
static ACCEL_SPM int profiling, profiled;
typedef struct {
  unsigned long cycles, macs, dma_bytes;
} counters;
static struct {
  const char *name;
  unsigned long start, bound;
  counters spent;
} profile[MaxProfiled];

static counters read_counters(void) {
  return (counters){__accel_sys_cycles(), __accel_sys_macs(),
                    __accel_sys_dma_bytes()};
}

static void fail(const char *name, const char *what, accel_status s) {
  fprintf(stderr, "accel-graph: node '%s': %s failed (status %d)\n", name, what,
          (int)s);
  exit(3);
}

/* The record's operand descriptors are accel_tensor structs as they lie in
   it (the compiler writes them so): the kernels take them from there;
   nothing writes them. */
enum { TensorFields = sizeof(accel_tensor) / sizeof(long) };
_Static_assert(sizeof(accel_tensor) % sizeof(long) == 0,
               "an accel_tensor is a whole number of a record's fields");

static accel_activation activation(const accel_graph_activation *a) {
  return (accel_activation){(accel_act_kind)a->kind, a->lo.value, a->hi.value};
}

/* The operands as the kernels take them (OpRecords.cpp made vectors
   matrices): accel_gemm for matrices, accel_batched_matmul else. */
static accel_status matmul(accel_tensor *t, const accel_graph_matmul_attrs *r) {
  accel_gemm_options o = accel_gemm_defaults();
  o.act = activation(&r->act);
  if (t[0].rank == 2 && t[1].rank == 2)
    return accel_gemm(&t[0], &t[1], &t[2], &o);
  return accel_batched_matmul(&t[0], &t[1], &t[2], &o);
}

/* gates, the n - 2 terms, y: the terms' descriptors by pointer, from the
   scratchpad (the kernel reads them there as they lie). */
static accel_status gated_sum(accel_tensor *t, int n, const long *columns) {
  static ACCEL_SPM const accel_tensor *terms[ACCEL_GATED_SUM_MAX_TERMS];
  int count = n - 2;
  for (int i = 0; i < count && i < ACCEL_GATED_SUM_MAX_TERMS; ++i)
    terms[i] = &t[1 + i];
  return accel_gated_sum(&t[0], terms, columns, count, &t[n - 1]);
}

/* ONNX Gemm: y = alpha op(A) op(B) + beta C: C the kernel's bias in the
   form the compiler gave it, else broadcast into y first. */
static accel_status gemm(accel_tensor *t, int n,
                         const accel_graph_gemm_attrs *r) {
  accel_gemm_options o = accel_gemm_defaults();
  o.alpha = r->alpha.value;
  o.trans_a = (int)r->trans_a;
  o.trans_b = (int)r->trans_b;
  o.act = activation(&r->act);
  o.bias_kind = (accel_bias_kind)r->bias_kind;
  accel_tensor *y = &t[n - 1];
  if (o.bias_kind != ACCEL_BIAS_NONE) {
    o.bias = &t[2];
  } else if (n == 4) {
    static float one = 1.0f;
    long one_dim = 1;
    accel_tensor t_one = accel_tensor_f32(&one, 1, &one_dim);
    accel_status s = accel_elementwise_binary(ACCEL_EW_MUL, &t[2], &t_one, y);
    if (s != ACCEL_OK)
      return s;
    o.beta = r->beta.value;
  }
  return accel_gemm(&t[0], &t[1], y, &o);
}

static accel_status conv2d(accel_tensor *t, int n,
                           const accel_graph_conv2d_attrs *r) {
  accel_conv2d_options o = accel_conv2d_defaults();
  o.stride_h = r->strides[0], o.stride_w = r->strides[1];
  o.pad_top = r->pads[0], o.pad_left = r->pads[1];
  o.pad_bottom = r->pads[2], o.pad_right = r->pads[3];
  o.dilation_h = r->dilations[0], o.dilation_w = r->dilations[1];
  o.groups = r->groups;
  o.act = activation(&r->act);
  if (n == 4)
    o.bias = &t[2];
  if (r->maxpool)
    return accel_conv2d_rows_maxpool(&t[0], &t[1], &t[n - 1], &o);
  return accel_conv2d(&t[0], &t[1], &t[n - 1], &o);
}

static accel_status
conv2d_upsampled(accel_tensor *t, int n,
                 const accel_graph_conv2d_upsampled_attrs *r) {
  accel_conv2d_upsampled_options o = {r->scale,   r->kernel_h, r->pads[0],
                                      r->pads[1], r->pads[2],  r->pads[3],
                                      NULL,       activation(&r->act)};
  if (n == 4)
    o.bias = &t[2];
  return accel_conv2d_upsampled(&t[0], &t[1], &t[n - 1], &o);
}

static accel_status conv_transpose(accel_tensor *t, int n,
                                   const accel_graph_conv_transpose_attrs *r) {
  accel_conv_transpose2d_options o = accel_conv_transpose2d_defaults();
  o.stride_h = r->strides[0], o.stride_w = r->strides[1];
  o.pad_top = r->pads[0], o.pad_left = r->pads[1];
  o.pad_bottom = r->pads[2], o.pad_right = r->pads[3];
  o.dilation_h = r->dilations[0], o.dilation_w = r->dilations[1];
  o.output_pad_h = r->output_padding[0], o.output_pad_w = r->output_padding[1];
  o.groups = r->groups;
  if (n == 4)
    o.bias = &t[2];
  return accel_conv_transpose2d(&t[0], &t[1], &t[n - 1], &o);
}

static accel_status pool2d(accel_tensor *t, const accel_graph_pool2d_attrs *r) {
  accel_pool2d_options o = accel_pool2d_defaults(r->kernel[0], r->kernel[1]);
  o.stride_h = r->strides[0], o.stride_w = r->strides[1];
  o.pad_top = r->pads[0], o.pad_left = r->pads[1];
  o.pad_bottom = r->pads[2], o.pad_right = r->pads[3];
  o.dilation_h = r->dilations[0], o.dilation_w = r->dilations[1];
  o.ceil_mode = (int)r->ceil_mode;
  o.count_include_pad = (int)r->count_include_pad;
  return r->avg ? accel_avgpool2d(&t[0], &t[1], &o)
                : accel_maxpool2d(&t[0], &t[1], &o);
}

static accel_status maxpool_typed(accel_tensor *t,
                                  const accel_graph_maxpool_typed_attrs *r) {
  const accel_graph_pool2d_attrs *p = &r->pool;
  accel_pool2d_options o = accel_pool2d_defaults(p->kernel[0], p->kernel[1]);
  o.stride_h = p->strides[0], o.stride_w = p->strides[1];
  o.pad_top = p->pads[0], o.pad_left = p->pads[1];
  o.pad_bottom = p->pads[2], o.pad_right = p->pads[3];
  o.dilation_h = p->dilations[0], o.dilation_w = p->dilations[1];
  o.ceil_mode = (int)p->ceil_mode;
  return accel_maxpool2d_typed(&t[0], &t[1], &o, (accel_pool_output)r->output);
}

static accel_status elementwise(accel_tensor *t, int n,
                                const accel_graph_elementwise_attrs *r) {
  accel_elementwise_op op = (accel_elementwise_op)r->op;
  accel_elementwise_options o = accel_elementwise_defaults();
  o.alpha = r->alpha.value;
  o.lo = r->lo.value;
  o.hi = r->hi.value;
  if (n == 2)
    return accel_elementwise_unary(op, &t[0], &t[1], &o);
  if (n == 3)
    return accel_elementwise_binary(op, &t[0], &t[1], &t[2]);
  return accel_elementwise_where(&t[0], &t[1], &t[2], &t[3]);
}

static accel_status softmax(accel_tensor *t,
                            const accel_graph_softmax_attrs *r) {
  return accel_softmax(&t[0], &t[1], (int)r->axis, (int)r->log);
}

static accel_status transpose(accel_tensor *t,
                              const accel_graph_transpose_attrs *perm) {
  int p[ACCEL_MAX_RANK];
  for (int d = 0; d < t[0].rank; ++d)
    p[d] = (int)perm[d];
  return accel_transpose(&t[0], &t[1], p);
}

/* A norm's result [2, x's dims] as the sum x + residual (out[0]) and y
   (out[1]), where the record's residual is 2 (a pre-norm layer's). */
static void sum_and_norm(const accel_tensor *out, accel_tensor *sum,
                         accel_tensor *y) {
  accel_tensor *halves[2] = {sum, y};
  for (int i = 0; i < 2; ++i) {
    *halves[i] = *out;
    halves[i]->rank = out->rank - 1;
    halves[i]->data = (float *)out->data + i * out->strides[0];
    for (int d = 0; d < out->rank - 1; ++d)
      halves[i]->dims[d] = out->dims[d + 1],
      halves[i]->strides[d] = out->strides[d + 1];
  }
}

static accel_status rmsnorm(accel_tensor *t,
                            const accel_graph_rmsnorm_attrs *r) {
  accel_norm_options o = accel_norm_defaults();
  o.epsilon = r->epsilon.value;
  o.residual = r->residual ? &t[1] : NULL;
  o.scale = &t[1 + (r->residual != 0)];
  accel_tensor *y = &t[2 + (r->residual != 0)], sum, half;
  if (r->residual == 2)
    sum_and_norm(y, &sum, &half), o.sum = &sum, y = &half;
  return accel_rmsnorm(&t[0], y, &o);
}

static accel_status layernorm(accel_tensor *t, int n,
                              const accel_graph_layernorm_attrs *r) {
  accel_norm_options o = accel_norm_defaults();
  o.axis = (int)r->axis;
  o.epsilon = r->epsilon.value;
  int residual = r->residual != 0;
  o.residual = residual ? &t[1] : NULL;
  o.scale = &t[1 + residual];
  o.shift = n == 4 + residual ? &t[2 + residual] : NULL;
  accel_tensor *y = &t[n - 1], sum, half;
  if (r->residual == 2)
    sum_and_norm(y, &sum, &half), o.sum = &sum, y = &half;
  return accel_layernorm(&t[0], y, &o);
}

/* a, b[, bias], residual, scale[, shift] -> y. */
static accel_status gemm_norm(accel_tensor *t, int n,
                              const accel_graph_gemm_norm_attrs *r) {
  accel_norm_options o = accel_norm_defaults();
  accel_gemm_options g = accel_gemm_defaults();
  o.epsilon = r->epsilon.value;
  g.trans_b = (int)r->trans_b;
  int bias = (int)r->bias;
  if (bias)
    g.bias_kind = ACCEL_BIAS_PER_COLUMN, g.bias = &t[2];
  o.residual = &t[2 + bias];
  o.scale = &t[3 + bias];
  o.shift = n == 6 + bias ? &t[4 + bias] : NULL;
  return accel_gemm_layernorm(&t[0], &t[1], &t[n - 1], &g, &o);
}

/* x, w1[, bias1], w2[, bias2], residual, scale[, shift] -> y. */
static accel_status mlp_norm(accel_tensor *t, int n,
                             const accel_graph_mlp_norm_attrs *r) {
  accel_norm_options o = accel_norm_defaults();
  accel_mlp_options m = accel_mlp_defaults();
  o.epsilon = r->epsilon.value;
  m.act = (accel_act_kind)r->act;
  int b1 = (int)r->bias1, b2 = (int)r->bias2;
  m.bias1 = b1 ? &t[2] : NULL;
  accel_tensor *w2 = &t[2 + b1];
  m.bias2 = b2 ? &t[3 + b1] : NULL;
  o.residual = &t[3 + b1 + b2];
  o.scale = &t[4 + b1 + b2];
  o.shift = n == 7 + b1 + b2 ? &t[5 + b1 + b2] : NULL;
  return accel_mlp_layernorm(&t[0], &t[1], w2, &t[n - 1], &m, &o);
}

/* x, w1[, bias1], w2[, bias2] -> y. */
static accel_status squeeze_excite(accel_tensor *t, int n,
                                   const accel_graph_squeeze_excite_attrs *r) {
  accel_squeeze_excite_options o = accel_squeeze_excite_defaults();
  o.act = (accel_act_kind)r->act;
  int b1 = (int)r->bias1, b2 = (int)r->bias2;
  o.bias1 = b1 ? &t[2] : NULL;
  o.bias2 = b2 ? &t[3 + b1] : NULL;
  return accel_squeeze_excite(&t[0], &t[1], &t[2 + b1], &t[n - 1], &o);
}

/* x, scale, shift -> y. */
/* x[, scale][, shift], y: the attributes say which are there. */
static accel_status channel_norm(accel_tensor *t, int n,
                                 const accel_graph_channel_norm_attrs *r) {
  accel_norm_options o = accel_norm_defaults();
  o.axis = 1, o.epsilon = r->epsilon.value;
  o.scale = r->scale ? &t[1] : NULL;
  o.shift = r->shift ? &t[1 + (r->scale != 0)] : NULL;
  accel_tensor y = t[n - 1];
  if (r->channels_last) { /* y [N, ..., C] seen as x's [N, C, ...] */
    int last = y.rank - 1;
    for (int d = last; d >= 2; --d)
      y.dims[d] = t[n - 1].dims[d - 1], y.strides[d] = t[n - 1].strides[d - 1];
    y.dims[1] = t[n - 1].dims[last], y.strides[1] = t[n - 1].strides[last];
  }
  return accel_channel_norm(&t[0], &y, &o);
}

static accel_status group_norm(accel_tensor *t,
                               const accel_graph_group_norm_attrs *r) {
  accel_groupnorm_options o = {r->groups, r->epsilon.value, &t[1], &t[2],
                               (accel_act_kind)r->act};
  return accel_groupnorm(&t[0], &t[3], &o);
}

static accel_status attention(accel_tensor *t, int n,
                              const accel_graph_attention_attrs *r) {
  /* Both fields read at once (the record is in DRAM). */
  float scale = r->scale.value;
  long causal = r->causal;
  accel_attention_options o = {scale, ACCEL_MASK_NONE, NULL};
  if (n == 5)
    o.mask_kind = ACCEL_MASK_ADDITIVE, o.mask = &t[3];
  if (causal)
    o.mask_kind |= ACCEL_MASK_CAUSAL;
  return accel_attention(&t[0], &t[1], &t[2], &t[n - 1], &o);
}

static accel_status pad(accel_tensor *t, int n,
                        const accel_graph_pad_attrs *r) {
  float value = n == 3 ? *(const float *)t[1].data /* computed at run time */
                       : r->value.value;
  return accel_pad(&t[0], &t[n - 1], r->widths, (accel_pad_mode)r->mode, value);
}

/* Slice, Pad and Expand by values read at run time (docs/graph.md,
   "Configuration inputs"). */
static accel_status slice_values(accel_tensor *t, int n,
                                 const accel_graph_slice_values_attrs *r) {
  const accel_tensor *axes = r->axes ? &t[3] : NULL;
  const accel_tensor *steps = r->steps ? &t[3 + (int)r->axes] : NULL;
  return accel_slice_values(&t[0], &t[1], &t[2], axes, steps, &t[n - 1]);
}

static accel_status pad_values(accel_tensor *t, int n,
                               const accel_graph_pad_values_attrs *r) {
  float value = n == 4 ? *(const float *)t[2].data : r->value.value;
  return accel_pad_values(&t[0], &t[1], (accel_pad_mode)r->mode, value,
                          &t[n - 1]);
}

static accel_status expand_values(accel_tensor *t) {
  accel_status s = accel_expand_check(&t[0], &t[1], &t[2]);
  if (s)
    return s;
  accel_elementwise_options o = accel_elementwise_defaults();
  o.lo = -__builtin_inff(), o.hi = __builtin_inff(); /* the identity */
  return accel_elementwise_unary(ACCEL_EW_CLIP, &t[0], &t[2], &o);
}

/* The indices as the library's ints, in the scratchpad. */
static ACCEL_SPM int spm_indices[ACCEL_GRAPH_MAX_RECORD];

/* Index values known at run time (a graph input of int64 or int32,
   row-major), in chunks: each copied into the scratchpad, checked against
   the axis's size (by its own value: an int64 one past int32 would be
   narrowed to another) and narrowed to the kernel's ints, then gathered
   into its share of y along the axis. */
enum { IndexChunk = 1024 };
static ACCEL_SPM long long spm_index_values[IndexChunk];

/* Whether the ops are being checked before the run (main): the values an
   op computes, index values among them, are not there yet, and a gather
   checks its arguments with indices 0. */
static int values_pending;

static accel_status gather_values(accel_tensor *t, int axis, long bytes,
                                  const char *name) {
  long n = 1, size = t[0].dims[axis];
  for (int d = 0; d < t[1].rank; ++d)
    n *= t[1].dims[d];
  for (long i0 = 0; i0 < n; i0 += IndexChunk) {
    long k = n - i0 < IndexChunk ? n - i0 : IndexChunk;
    accel_dma_1d(0, spm_index_values, (const char *)t[1].data + i0 * bytes,
                 k * bytes);
    accel_dma_wait(0);
    for (long i = 0; i < k; ++i) {
      long long v = values_pending ? 0
                    : bytes == 8   ? spm_index_values[i]
                                   : ((const int *)spm_index_values)[i];
      if (v < -size || v >= size) {
        fprintf(stderr,
                "accel-graph: node '%s': index %ld of the indices is %lld, "
                "outside [%ld, %ld)\n",
                name, i0 + i, v, -size, size);
        exit(3);
      }
      spm_indices[i] = (int)v;
    }
    accel_tensor y = t[2];
    y.dims[axis] = k;
    y.data = (char *)t[2].data + (i0 * t[2].strides[axis]
                                  << accel_dtype_log2_bytes(t[2].dtype));
    accel_status s = accel_gather(&t[0], spm_indices, k, axis, &y);
    if (s != ACCEL_OK)
      return s;
  }
  return ACCEL_OK;
}

static accel_status gather(accel_tensor *t, const accel_graph_gather_attrs *r,
                           const char *name) {
  int axis = (int)r->axis;
  long n = r->count;
  if (n < 0)
    return gather_values(t, axis, r->indices[0], name);
  for (long i = 0; i < n; ++i)
    spm_indices[i] = (int)r->indices[i];
  return accel_gather(&t[0], spm_indices, n, axis, &t[1]);
}

static accel_status batchnorm(accel_tensor *t,
                              const accel_graph_batchnorm_attrs *r) {
  accel_batchnorm_options o = {&t[3], &t[4], &t[1], &t[2], r->epsilon.value};
  return accel_batchnorm(&t[0], &t[5], &o);
}

static accel_status concat(accel_tensor *t, int n,
                           const accel_graph_concat_attrs *r) {
  /* In the scratchpad, as the descriptors are: the kernel reads both
     where they lie. */
  static ACCEL_SPM const accel_tensor *inputs[ACCEL_CONCAT_MAX_INPUTS];
  for (int i = 0; i < n - 1; ++i)
    inputs[i] = &t[i];
  return accel_concat(inputs, n - 1, (int)r->axis, &t[n - 1]);
}

static accel_status slice(accel_tensor *t,
                          const accel_graph_slice_attrs *starts_steps) {
  return accel_slice(&t[0], &t[1], starts_steps, starts_steps + t[0].rank);
}

/* A decoder step's rows into its KV cache at the run-time position: y is
   the cache's first rows (a view of its bytes), the update goes to its
   rows [position, position + S) along the axis, one strided copy. */
static accel_status cache_write(accel_tensor *t, const long *axis) {
  static const char kernel[] = "accel_cache_write";
  const accel_tensor *update = &t[1], *y = &t[3];
  int a = (int)axis[0];
  if (a < 0 || a >= y->rank || update->rank != y->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "axis",
                              "%d is outside the rank %d", a, y->rank);
  long position = values_pending ? 0 : *(const long *)t[2].data;
  long rows = update->dims[a];
  if (position < 0 || position > y->dims[a] - rows)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "position",
                              "%ld: %ld rows from there leave the %ld the "
                              "step reads",
                              position, rows, y->dims[a]);
  accel_tensor at = *y;
  long bytes = (long)accel_dtype_bytes(at.dtype);
  at.data = (char *)at.data + position * at.strides[a] * bytes;
  at.dims[a] = rows;
  /* A step's rows [B, KVH, S, D] (each head's S rows of D one run, any
     head and batch strides: a view of q, k and v's product) into the
     cache's [B, KVH, L, D] at position: a 2-D transfer of KVH blocks a
     batch row, where accel_slice's general plan takes about a thousand
     cycles more. */
  const long *us = update->strides, *ys = y->strides;
  long D = y->dims[3], block = rows * D * bytes;
  if (!values_pending && y->rank == 4 && a == 2 && ys[3] == 1 &&
      ys[2] == D && us[3] == 1 && (us[2] == D || rows == 1)) {
    for (long b = 0; b < y->dims[0]; ++b)
      accel_dma_2d_on((int)(b & 3), (char *)at.data + b * ys[0] * bytes,
                      (const char *)update->data + b * us[0] * bytes,
                      y->dims[1], block, ys[1] * bytes, us[1] * bytes);
    accel_dma_wait_all();
    return ACCEL_OK;
  }
  return accel_slice(update, &at, NULL, NULL);
}

static accel_status chain(accel_tensor *t, int n,
                          const accel_graph_chain_attrs *r) {
  accel_elementwise_step steps[ACCEL_EW_MAX_STEPS];
  const accel_tensor *inputs[ACCEL_EW_MAX_INPUTS];
  int count = (int)r->count;
  if (count < 1 || count > ACCEL_EW_MAX_STEPS || n - 1 > ACCEL_EW_MAX_INPUTS)
    return ACCEL_ERR_ARGUMENT;
  for (int i = 0; i < count; ++i) {
    const accel_graph_chain_step *s = &r->steps[i];
    steps[i].op = (accel_elementwise_op)s->op;
    steps[i].in = (int)s->in;
    steps[i].in2 = 0;
    steps[i].swap = (int)s->swap;
    steps[i].options = accel_elementwise_defaults();
    steps[i].options.alpha = s->alpha.value;
    steps[i].options.lo = s->lo.value;
    steps[i].options.hi = s->hi.value;
  }
  for (int i = 0; i < n - 1; ++i)
    inputs[i] = &t[i];
  return accel_elementwise_chain(steps, count, inputs, n - 1, &t[n - 1]);
}

static accel_status reduce(accel_tensor *t, int operands,
                           const accel_graph_reduce_attrs *r) {
  int n = (int)r->count, axes[ACCEL_MAX_RANK];
  if (n < 0) {
    /* The axes at run time: the second operand's elements. */
    n = t[1].rank ? (int)t[1].dims[0] : 1;
    if (n > ACCEL_MAX_RANK)
      return ACCEL_ERR_ARGUMENT;
    for (int i = 0; i < n; ++i)
      axes[i] = t[1].dtype == ACCEL_I32 ? ((const int *)t[1].data)[i]
                                        : (int)((const long *)t[1].data)[i];
  } else {
    for (int i = 0; i < n; ++i)
      axes[i] = (int)r->axes[i];
  }
  return accel_reduce((accel_reduce_op)r->op, &t[0], &t[operands - 1], axes,
                      n);
}

static accel_status cumsum(accel_tensor *t, int n,
                           const accel_graph_cumsum_attrs *r) {
  long axis = r->axis;
  if (n == 3) {
    /* The axis at run time: a scalar int32 or int64 in DRAM. */
    if (t[1].dtype == ACCEL_I32)
      axis = *(const int *)t[1].data;
    else if (t[1].dtype == ACCEL_I64)
      axis = *(const long *)t[1].data;
    else
      return ACCEL_ERR_ARGUMENT;
  }
  return accel_cumsum(&t[0], &t[n - 1], (int)axis, (int)r->exclusive,
                      (int)r->reverse);
}

static accel_status topk(accel_tensor *t, int n,
                         const accel_graph_topk_attrs *r) {
  if (n == 3 && *(const long *)t[1].data != r->k) {
    /* k at run time sets no shape: it must be the one compiled in. */
    fprintf(stderr, "accel-graph: TopK's k is %ld, the program's %ld\n",
            *(const long *)t[1].data, r->k);
    return ACCEL_ERR_ARGUMENT;
  }
  return accel_topk(&t[0], r->indices ? NULL : &t[n - 1],
                    r->indices ? &t[n - 1] : NULL, (int)r->axis, r->k,
                    (int)r->largest);
}

/* Trilu's k: the attribute's, or computed at run time (the second
   operand, int64). */
static accel_status trilu(accel_tensor *t, int n,
                          const accel_graph_trilu_attrs *r) {
  long k = n == 3 ? *(const long *)t[1].data : r->k;
  return accel_trilu(&t[0], k, (int)r->upper, &t[n - 1]);
}

/* OneHot: indices[, depth], values -> y. */
static accel_status onehot(accel_tensor *t, int n,
                           const accel_graph_onehot_attrs *r) {
  return accel_onehot(&t[0], n == 4 ? &t[1] : NULL, &t[n - 2], (int)r->axis,
                      &t[n - 1]);
}

/* x[, roi][, scales][, sizes] -> y: the configuration computed at run
   time is the operands the record flags, which the kernel reads and checks
   against y's dims (a mismatch is its error, naming the dimension). */
static accel_status resize(accel_tensor *t, int n,
                           const accel_graph_resize_attrs *r) {
  accel_resize_options o = accel_resize_defaults();
  o.mode = (accel_resize_mode)r->mode;
  o.coordinates = (accel_resize_coordinates)r->coordinates;
  o.nearest_mode = (accel_resize_nearest_mode)r->nearest_mode;
  o.exclude_outside = (int)r->exclude_outside;
  o.cubic_coeff_a = r->cubic_coeff_a.value;
  o.extrapolation_value = r->extrapolation_value.value;
  for (int d = 0; d < ACCEL_MAX_RANK; ++d) {
    o.scales[d] = r->scales[d];
    o.roi_start[d] = r->roi_start[d];
    o.roi_end[d] = r->roi_end[d];
  }
  accel_tensor *next = &t[1];
  o.roi = r->roi_values ? next++ : NULL;
  o.scale_values = r->scale_values ? next++ : NULL;
  o.sizes = r->size_values ? next++ : NULL;
  return accel_resize(&t[0], &t[n - 1], &o);
}

/* A record in DRAM being run, copied into the scratchpad. */
static ACCEL_SPM long spm_record[ACCEL_GRAPH_MAX_RECORD];

_Static_assert(sizeof spm_record + sizeof spm_indices +
                       sizeof spm_index_values + sizeof profiling +
                       sizeof profiled <=
                   ACCEL_SPM_GRAPH_RUNTIME_BYTES,
               "the runtime's scratchpad buffers exceed their share "
               "(accel_spm_budget.h)");

void accel_graph_op(const long *record, const char *name, long bound) {
  counters start = profiling ? read_counters() : (counters){0};
  long length = record[0];
  if (length < 3 || length > ACCEL_GRAPH_MAX_RECORD) {
    fprintf(stderr, "accel-graph: node '%s': a record of %ld fields\n", name,
            length);
    exit(3);
  }
  if ((unsigned long)record - __ACCEL_SPM_BASE__ >= __ACCEL_SPM_SIZE__) {
    accel_dma_1d(0, spm_record, record, length * 8);
    accel_dma_wait(0);
    record = spm_record;
  }
  const accel_graph_record *head = (const accel_graph_record *)record;
  int n = (int)head->operands;
  accel_tensor *t = (accel_tensor *)(record + 3);
  const void *attrs = record + 3 + n * TensorFields;
  accel_status s = ACCEL_ERR_UNSUPPORTED;
  const char *what = "?";
  switch ((accel_graph_opcode)head->op) {
  case ACCEL_GRAPH_MATMUL:
    what = "matmul", s = matmul(t, attrs);
    break;
  case ACCEL_GRAPH_GEMM:
    what = "accel_gemm", s = gemm(t, n, attrs);
    break;
  case ACCEL_GRAPH_CONV2D:
    what = "accel_conv2d", s = conv2d(t, n, attrs);
    break;
  case ACCEL_GRAPH_CONV2D_UPSAMPLED:
    what = "accel_conv2d_upsampled", s = conv2d_upsampled(t, n, attrs);
    break;
  case ACCEL_GRAPH_CONV_TRANSPOSE:
    what = "accel_conv_transpose2d", s = conv_transpose(t, n, attrs);
    break;
  case ACCEL_GRAPH_POOL2D:
    what = "pooling", s = pool2d(t, attrs);
    break;
  case ACCEL_GRAPH_MAXPOOL_TYPED:
    what = "accel_maxpool2d_typed", s = maxpool_typed(t, attrs);
    break;
  case ACCEL_GRAPH_DET:
    what = "accel_det", s = accel_det(&t[0], &t[1]);
    break;
  case ACCEL_GRAPH_CACHE_WRITE:
    what = "accel_cache_write", s = cache_write(t, attrs);
    break;
  case ACCEL_GRAPH_ROPE:
    what = "accel_rope", s = accel_rope(&t[0], &t[1], &t[2], &t[3]);
    break;
  case ACCEL_GRAPH_MOE_ROUTE: {
    const long *r = attrs; /* k, renormalize */
    what = "accel_moe_route", s = accel_moe_route(&t[0], &t[1], r[0], (int)r[1]);
    break;
  }
  case ACCEL_GRAPH_GATED_SUM:
    what = "accel_gated_sum", s = gated_sum(t, n, attrs);
    break;
  case ACCEL_GRAPH_GRID_SAMPLE: {
    const accel_graph_grid_sample_attrs *r = attrs;
    accel_grid_sample_options o = {(int)r->mode, (int)r->padding,
                                   (int)r->align_corners};
    what = "accel_grid_sample", s = accel_grid_sample(&t[0], &t[1], &t[2], &o);
    break;
  }
  case ACCEL_GRAPH_ELEMENTWISE:
    what = "elementwise", s = elementwise(t, n, attrs);
    break;
  case ACCEL_GRAPH_SOFTMAX:
    what = "accel_softmax", s = softmax(t, attrs);
    break;
  case ACCEL_GRAPH_TRANSPOSE:
    what = "accel_transpose", s = transpose(t, attrs);
    break;
  case ACCEL_GRAPH_REDUCE:
    what = "accel_reduce", s = reduce(t, n, attrs);
    break;
  case ACCEL_GRAPH_LAYERNORM:
    what = "accel_layernorm", s = layernorm(t, n, attrs);
    break;
  case ACCEL_GRAPH_RMSNORM:
    what = "accel_rmsnorm", s = rmsnorm(t, attrs);
    break;
  case ACCEL_GRAPH_GEMM_GLU:
    what = "accel_gemm_glu", s = accel_gemm_glu(&t[0], &t[1], &t[2]);
    break;
  case ACCEL_GRAPH_LSTM: { /* the result's last step is the last c */
    const long *r = attrs;
    accel_tensor y = t[4], c = t[4];
    y.dims[0] -= 1;
    c.rank = 2;
    c.data = (float *)t[4].data + y.dims[0] * t[4].strides[0];
    for (int d = 0; d < 2; ++d)
      c.dims[d] = t[4].dims[d + 1], c.strides[d] = t[4].strides[d + 1];
    what = "accel_lstm",
    s = accel_lstm(&t[0], &t[1], &t[2], &t[3], &y, &c, (int)r[0]);
    break;
  }
  case ACCEL_GRAPH_GRU: {
    const long *r = attrs; /* reverse */
    what = "accel_gru",
    s = accel_gru(&t[0], &t[1], &t[2], &t[3], &t[4], (int)r[0]);
    break;
  }
  case ACCEL_GRAPH_BATCHNORM:
    what = "accel_batchnorm", s = batchnorm(t, attrs);
    break;
  case ACCEL_GRAPH_CONCAT:
    what = "accel_concat", s = concat(t, n, attrs);
    break;
  case ACCEL_GRAPH_SLICE:
    what = "accel_slice", s = slice(t, attrs);
    break;
  case ACCEL_GRAPH_CHAIN:
    what = "accel_elementwise_chain", s = chain(t, n, attrs);
    break;
  case ACCEL_GRAPH_ATTENTION:
    what = "accel_attention", s = attention(t, n, attrs);
    break;
  case ACCEL_GRAPH_PAD:
    what = "accel_pad", s = pad(t, n, attrs);
    break;
  case ACCEL_GRAPH_GATHER:
    what = "accel_gather", s = gather(t, attrs, name);
    break;
  case ACCEL_GRAPH_CAST:
    what = "accel_cast", s = accel_cast(&t[0], &t[1]);
    break;
  case ACCEL_GRAPH_ARGREDUCE: {
    const accel_graph_argreduce_attrs *r = attrs;
    what = "accel_argreduce";
    s = accel_argreduce(&t[0], &t[1], (int)r->axis, (int)r->is_min,
                        (int)r->select_last);
    break;
  }
  case ACCEL_GRAPH_HARDMAX:
    what = "accel_hardmax";
    s = accel_hardmax(&t[0], &t[1],
                      (int)((const accel_graph_hardmax_attrs *)attrs)->axis);
    break;
  case ACCEL_GRAPH_CUMSUM:
    what = "accel_cumsum", s = cumsum(t, n, attrs);
    break;
  case ACCEL_GRAPH_TOPK:
    what = "accel_topk", s = topk(t, n, attrs);
    break;
  case ACCEL_GRAPH_GATHER_ELEMENTS:
    what = "accel_gather_elements";
    s = accel_gather_elements(
        &t[0], &t[1], (int)((const accel_graph_elements_attrs *)attrs)->axis,
        &t[2]);
    break;
  case ACCEL_GRAPH_SCATTER_ELEMENTS: {
    const accel_graph_elements_attrs *r = attrs;
    what = "accel_scatter_elements";
    s = accel_scatter_elements(&t[0], &t[1], &t[2], (int)r->axis,
                               (accel_scatter_reduction)r->reduction, &t[3]);
    break;
  }
  case ACCEL_GRAPH_GATHER_ND:
    what = "accel_gather_nd";
    s = accel_gather_nd(
        &t[0], &t[1], (int)((const accel_graph_nd_attrs *)attrs)->batch_dims,
        &t[2]);
    break;
  case ACCEL_GRAPH_SCATTER_ND:
    what = "accel_scatter_nd";
    s = accel_scatter_nd(
        &t[0], &t[1], &t[2],
        (accel_scatter_reduction)((const accel_graph_nd_attrs *)attrs)
            ->reduction,
        &t[3]);
    break;
  case ACCEL_GRAPH_TRILU:
    what = "accel_trilu", s = trilu(t, n, attrs);
    break;
  case ACCEL_GRAPH_REVERSE_SEQUENCE: {
    const accel_graph_reverse_sequence_attrs *r = attrs;
    what = "accel_reverse_sequence";
    s = accel_reverse_sequence(&t[0], &t[1], (int)r->batch_axis,
                               (int)r->time_axis, &t[2]);
    break;
  }
  case ACCEL_GRAPH_ONEHOT:
    what = "accel_onehot", s = onehot(t, n, attrs);
    break;
  case ACCEL_GRAPH_TILE:
    what = "accel_tile";
    s = accel_tile(&t[0], n == 3 ? &t[1] : NULL, &t[n - 1]);
    break;
  case ACCEL_GRAPH_SLICE_VALUES:
    what = "accel_slice", s = slice_values(t, n, attrs);
    break;
  case ACCEL_GRAPH_PAD_VALUES:
    what = "accel_pad", s = pad_values(t, n, attrs);
    break;
  case ACCEL_GRAPH_EXPAND_VALUES:
    what = "accel_expand", s = expand_values(t);
    break;
  case ACCEL_GRAPH_RANGE:
    what = "accel_range", s = accel_range(&t[0], &t[1], &t[2], &t[3]);
    break;
  case ACCEL_GRAPH_MAXUNPOOL:
    what = "accel_maxunpool";
    s = accel_maxunpool(&t[0], &t[1], n == 4 ? &t[2] : NULL,
                        (const accel_graph_maxunpool_attrs *)attrs, &t[n - 1]);
    break;
  case ACCEL_GRAPH_RESIZE:
    what = "accel_resize", s = resize(t, n, attrs);
    break;
  case ACCEL_GRAPH_GEMM_NORM:
    what = "accel_gemm_layernorm", s = gemm_norm(t, n, attrs);
    break;
  case ACCEL_GRAPH_MLP_NORM:
    what = "accel_mlp_layernorm", s = mlp_norm(t, n, attrs);
    break;
  case ACCEL_GRAPH_SQUEEZE_EXCITE:
    what = "accel_squeeze_excite", s = squeeze_excite(t, n, attrs);
    break;
  case ACCEL_GRAPH_GROUP_NORM:
    what = "accel_groupnorm", s = group_norm(t, attrs);
    break;
  case ACCEL_GRAPH_CHANNEL_NORM:
    what = "accel_channel_norm", s = channel_norm(t, n, attrs);
    break;
  }
  if (s != ACCEL_OK)
    fail(name, what, s);
  if (profiling && profiled < MaxProfiled) {
    counters end = read_counters();
    profile[profiled].name = name;
    profile[profiled].start = start.cycles;
    profile[profiled].bound = (unsigned long)bound;
    profile[profiled++].spent =
        (counters){end.cycles - start.cycles, end.macs - start.macs,
                   end.dma_bytes - start.dma_bytes};
  }
}

void accel_graph_write_profile(const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "accel-graph: cannot open '%s'\n", path);
    exit(2);
  }
  for (int i = 0; i < profiled; ++i)
    fprintf(f, "%lu\t%lu\t%lu\t%lu\t%lu\t%s\n", profile[i].start,
            profile[i].spent.cycles, profile[i].spent.macs,
            profile[i].spent.dma_bytes, profile[i].bound, profile[i].name);
  fclose(f);
}

void accel_graph_profile(int on) { profiling = on; }

void accel_graph_transfer(const char *path, void *data, long bytes,
                          int write) {
  FILE *f = fopen(path, write ? "wb" : "rb");
  if (!f) {
    fprintf(stderr, "accel-graph: cannot open '%s'\n", path);
    exit(2);
  }
  long done =
      write ? (long)fwrite(data, 1, bytes, f) : (long)fread(data, 1, bytes, f);
  int extra = !write && fgetc(f) != EOF;
  fclose(f);
  if (done != bytes || extra) {
    fprintf(stderr, "accel-graph: '%s' must hold %ld bytes (%ld f32)\n", path,
            bytes, bytes / 4);
    exit(2);
  }
}

/* The model, run on the kernels' scratchpad stack: the runtime's spills
   and saved registers then cost 3 cycles a load, not DRAM's 40, and the
   kernels it calls need not switch stacks. */
static long run_on_kernel_stack(const void *run, const void *b, const void *c,
                                const void *d) {
  (void)b, (void)c, (void)d;
  ((void (*)(void))run)();
  return 0;
}

void accel_graph_call(void (*run)(void)) {
  accel_on_kernel_stack(run_on_kernel_stack, (const void *)run, NULL, NULL,
                        NULL);
}

void accel_graph_check(void (*run)(void)) {
  accel_set_check_mode(ACCEL_CHECK_ONLY);
  values_pending = 1;
  accel_graph_call(run);
  values_pending = 0;
  accel_set_check_mode(ACCEL_RUN_CHECKED);
}
