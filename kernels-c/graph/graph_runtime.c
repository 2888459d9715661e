/* graph_runtime.c - what a program accel-graphc compiles runs on
   (libaccelgraph.a; docs/graph.md, "Code generation").

   The generated code is a function accel_graph_run() that makes one call
   accel_graph_op(record, name, bound) per operation of the model, and
   tables of the model's inputs and outputs in its arena. A record is a
   constant array of longs the compiler wrote, 64-byte aligned:

     [length, op, n, accel_tensor_0, ..., accel_tensor_{n-1}, attrs...]

   the op's n operands (its inputs, then its result) as the kernels'
   descriptors, each as its struct lies in memory (f32, strides in
   elements: row-major, or a view's), then the op's attributes (floats
   as their bit patterns). A record in DRAM is copied into the scratchpad
   with one transfer (read from DRAM field by field, each load costs 40
   cycles: about a thousand a record); the compiler places the first ones
   in the scratchpad already (EmitProgram.cpp). accel_graph_op hands the
   kernel pointers to the descriptors where they lie; a kernel's refusal
   stops the program with the node's name.

   main() reads each input from a file of raw little-endian f32 into the
   arena, has the kernels check every op's arguments once
   (ACCEL_CHECK_ONLY), runs the model without those checks
   (ACCEL_RUN_CHECKED; the simulator's region of interest) and writes
   each output to a file:
     model.elf in_0.bin ... in_{k-1}.bin out_0.bin ... out_{m-1}.bin [prof]
   With a last argument, each op's figures go to that file, one line an
   op: "start cycles macs dma_bytes bound name", tab-separated: its start
   in cycles from the program's, the simulated time around its kernel call,
   the matrix unit's MACs and the DMA bytes in that time (the simulator's
   counters), and the roofline bound the compiler gave the op, in cycles
   (accel-run --profile and --timeline). */

#include "graph_runtime.h"
#include "accel_sys.h"
#include "kernel_stack.h"
#include <accel.h>
#include <accel_kernels.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

typedef struct {
  const long *at; /* the next field of the record */
} reader;

static long next(reader *r) { return *r->at++; }

static float next_float(reader *r) {
  long bits = next(r);
  int b = (int)bits;
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

static void fail(const char *name, const char *what, accel_status s) {
  fprintf(stderr, "accel-graph: node '%s': %s failed (status %d)\n", name,
          what, (int)s);
  exit(3);
}

/* The record's operand descriptors, accel_tensor structs as they lie in
   it (the compiler writes them so): up to a concat's 256 inputs and its
   result. The kernels take them from there; nothing writes them. */
enum { MaxOperands = 257, TensorFields = sizeof(accel_tensor) / sizeof(long) };

static accel_tensor *read_operands(reader *r, int *n) {
  *n = (int)next(r);
  accel_tensor *t = (accel_tensor *)r->at;
  r->at += *n * TensorFields;
  return t;
}

/* A rank-1 operand of a matrix product as the matrix numpy makes of it. */
static void promote(accel_tensor *t, int as_row) {
  if (t->rank != 1)
    return;
  long n = t->dims[0];
  *t = as_row ? accel_matrix_f32(t->data, 1, n)
              : accel_matrix_f32(t->data, n, 1);
}

static accel_activation read_activation(reader *r) {
  accel_activation a;
  a.kind = (accel_act_kind)next(r);
  a.lo = next_float(r);
  a.hi = next_float(r);
  return a;
}

static accel_status matmul(accel_tensor *t, reader *r) {
  accel_gemm_options o = accel_gemm_defaults();
  o.act = read_activation(r);
  /* Matrices, the common case: the operands as they lie (the copies below
     cost about 100 cycles). */
  if (t[0].rank == 2 && t[1].rank == 2)
    return accel_gemm(&t[0], &t[1], &t[2], &o);
  accel_tensor a = t[0], b = t[1], y = t[2];
  int a_vec = a.rank == 1, b_vec = b.rank == 1;
  promote(&a, 1);
  promote(&b, 0);
  /* y without the dimensions numpy dropped for vector operands. */
  long dims[ACCEL_MAX_RANK];
  int rank = 0;
  for (int d = 0; d < y.rank - (b_vec ? 0 : 1) - (a_vec ? 0 : 1); ++d)
    dims[rank++] = y.dims[d];
  dims[rank++] = a.dims[a.rank - 2];
  dims[rank++] = b.dims[b.rank - 1];
  y = accel_tensor_f32(y.data, rank, dims);
  if (a.rank == 2 && b.rank == 2)
    return accel_gemm(&a, &b, &y, &o);
  return accel_batched_matmul(&a, &b, &y, &o);
}

/* ONNX Gemm: y = alpha op(A) op(B) + beta C, C broadcast to [M, N]: a
   bias vector where the library has one, else C copied into y first. */
static accel_status gemm(accel_tensor *t, int n, reader *r) {
  accel_gemm_options o = accel_gemm_defaults();
  o.alpha = next_float(r);
  float beta = next_float(r);
  o.trans_a = (int)next(r);
  o.trans_b = (int)next(r);
  o.act = read_activation(r);
  accel_tensor *y = &t[n - 1];
  accel_tensor c;
  if (n == 4 && beta == 1.0f && t[2].rank == 1 && t[2].dims[0] == y->dims[1]) {
    /* A bias of [N], the common case, as it lies in the record. */
    o.bias_kind = ACCEL_BIAS_PER_COLUMN, o.bias = &t[2];
  } else if (n == 4) {
    c = t[2];
    long m = y->dims[0], cols = y->dims[1], count = 1;
    for (int d = 0; d < c.rank; ++d)
      count *= c.dims[d];
    int row = count == cols && (c.rank == 1 || c.dims[0] == 1);
    int column = c.rank == 2 && c.dims[0] == m && c.dims[1] == 1;
    if (beta == 1.0f && (row || column)) {
      c = accel_tensor_f32(c.data, 1, row ? &cols : &m);
      o.bias_kind = row ? ACCEL_BIAS_PER_COLUMN : ACCEL_BIAS_PER_ROW;
      o.bias = &c;
    } else {
      static float one = 1.0f;
      long one_dim = 1;
      accel_tensor t_one = accel_tensor_f32(&one, 1, &one_dim);
      accel_status s = accel_elementwise_binary(ACCEL_EW_MUL, &c, &t_one, y);
      if (s != ACCEL_OK)
        return s;
      o.beta = beta;
    }
  }
  return accel_gemm(&t[0], &t[1], y, &o);
}

static accel_status conv2d(accel_tensor *t, int n, reader *r) {
  accel_conv2d_options o = accel_conv2d_defaults();
  o.stride_h = next(r), o.stride_w = next(r);
  o.pad_top = next(r), o.pad_left = next(r);
  o.pad_bottom = next(r), o.pad_right = next(r);
  o.dilation_h = next(r), o.dilation_w = next(r);
  o.groups = next(r);
  o.act = read_activation(r);
  if (n == 4)
    o.bias = &t[2];
  return accel_conv2d(&t[0], &t[1], &t[n - 1], &o);
}

static accel_status pool2d(accel_tensor *t, reader *r) {
  int avg = (int)next(r);
  long kh = next(r), kw = next(r);
  accel_pool2d_options o = accel_pool2d_defaults(kh, kw);
  o.stride_h = next(r), o.stride_w = next(r);
  o.pad_top = next(r), o.pad_left = next(r);
  o.pad_bottom = next(r), o.pad_right = next(r);
  o.dilation_h = next(r), o.dilation_w = next(r);
  o.ceil_mode = (int)next(r);
  o.count_include_pad = (int)next(r);
  return avg ? accel_avgpool2d(&t[0], &t[1], &o)
             : accel_maxpool2d(&t[0], &t[1], &o);
}

static accel_status elementwise(accel_tensor *t, int n, reader *r) {
  accel_elementwise_op op = (accel_elementwise_op)next(r);
  accel_elementwise_options o = accel_elementwise_defaults();
  o.alpha = next_float(r);
  o.lo = next_float(r);
  o.hi = next_float(r);
  if (n == 2)
    return accel_elementwise_unary(op, &t[0], &t[1], &o);
  if (n == 3)
    return accel_elementwise_binary(op, &t[0], &t[1], &t[2]);
  return accel_elementwise_where(&t[0], &t[1], &t[2], &t[3]);
}

static accel_status transpose(accel_tensor *t, reader *r) {
  int perm[ACCEL_MAX_RANK];
  for (int d = 0; d < t[0].rank; ++d)
    perm[d] = (int)next(r);
  return accel_transpose(&t[0], &t[1], perm);
}

static accel_status layernorm(accel_tensor *t, int n, reader *r) {
  accel_norm_options o = accel_norm_defaults();
  o.axis = (int)next(r);
  o.epsilon = next_float(r);
  int residual = (int)next(r);
  o.residual = residual ? &t[1] : NULL;
  o.scale = &t[1 + residual];
  o.shift = n == 4 + residual ? &t[2 + residual] : NULL;
  return accel_layernorm(&t[0], &t[n - 1], &o);
}

/* a, b[, bias], residual, scale[, shift] -> y. */
static accel_status gemm_norm(accel_tensor *t, int n, reader *r) {
  accel_norm_options o = accel_norm_defaults();
  accel_gemm_options g = accel_gemm_defaults();
  o.epsilon = next_float(r);
  g.trans_b = (int)next(r);
  int bias = (int)next(r);
  if (bias)
    g.bias_kind = ACCEL_BIAS_PER_COLUMN, g.bias = &t[2];
  o.residual = &t[2 + bias];
  o.scale = &t[3 + bias];
  o.shift = n == 6 + bias ? &t[4 + bias] : NULL;
  return accel_gemm_layernorm(&t[0], &t[1], &t[n - 1], &g, &o);
}

/* x, w1[, bias1], w2[, bias2], residual, scale[, shift] -> y. */
static accel_status mlp_norm(accel_tensor *t, int n, reader *r) {
  accel_norm_options o = accel_norm_defaults();
  accel_mlp_options m = accel_mlp_defaults();
  o.epsilon = next_float(r);
  m.act = (accel_act_kind)next(r);
  int b1 = (int)next(r), b2 = (int)next(r);
  m.bias1 = b1 ? &t[2] : NULL;
  accel_tensor *w2 = &t[2 + b1];
  m.bias2 = b2 ? &t[3 + b1] : NULL;
  o.residual = &t[3 + b1 + b2];
  o.scale = &t[4 + b1 + b2];
  o.shift = n == 7 + b1 + b2 ? &t[5 + b1 + b2] : NULL;
  return accel_mlp_layernorm(&t[0], &t[1], w2, &t[n - 1], &m, &o);
}

static accel_status attention(accel_tensor *t, int n, reader *r) {
  accel_attention_options o = accel_attention_defaults();
  o.scale = next_float(r);
  if (n == 5)
    o.mask_kind = ACCEL_MASK_ADDITIVE, o.mask = &t[3];
  return accel_attention(&t[0], &t[1], &t[2], &t[n - 1], &o);
}

static accel_status pad(accel_tensor *t, int n, reader *r) {
  accel_pad_mode mode = (accel_pad_mode)next(r);
  float value = next_float(r);
  if (n == 3) /* the value computed at run time */
    value = *(const float *)t[1].data;
  long widths[2 * ACCEL_MAX_RANK];
  for (int d = 0; d < 2 * t[0].rank; ++d)
    widths[d] = next(r);
  return accel_pad(&t[0], &t[n - 1], widths, mode, value);
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
      long long v = bytes == 8 ? spm_index_values[i]
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
    y.data = (float *)t[2].data + i0 * t[2].strides[axis];
    accel_status s = accel_gather(&t[0], spm_indices, k, axis, &y);
    if (s != ACCEL_OK)
      return s;
  }
  return ACCEL_OK;
}

/* Constant indices from the record (count, values), or index values at
   run time (-1, their element's bytes). */
static accel_status gather(accel_tensor *t, reader *r, const char *name) {
  int axis = (int)next(r);
  long n = next(r);
  if (n < 0)
    return gather_values(t, axis, next(r), name);
  for (long i = 0; i < n; ++i)
    spm_indices[i] = (int)next(r);
  return accel_gather(&t[0], spm_indices, n, axis, &t[1]);
}

static accel_status batchnorm(accel_tensor *t, reader *r) {
  accel_batchnorm_options o = {&t[3], &t[4], &t[1], &t[2], next_float(r)};
  return accel_batchnorm(&t[0], &t[5], &o);
}

static accel_status concat(accel_tensor *t, int n, reader *r) {
  static const accel_tensor *inputs[MaxOperands];
  for (int i = 0; i < n - 1; ++i)
    inputs[i] = &t[i];
  return accel_concat(inputs, n - 1, (int)next(r), &t[n - 1]);
}

static accel_status slice(accel_tensor *t, reader *r) {
  long start[ACCEL_MAX_RANK], step[ACCEL_MAX_RANK];
  for (int d = 0; d < t[0].rank; ++d)
    start[d] = next(r);
  for (int d = 0; d < t[0].rank; ++d)
    step[d] = next(r);
  return accel_slice(&t[0], &t[1], start, step);
}

static accel_status chain(accel_tensor *t, int n, reader *r) {
  accel_elementwise_step steps[ACCEL_EW_MAX_STEPS];
  const accel_tensor *inputs[ACCEL_EW_MAX_INPUTS];
  int count = (int)next(r);
  if (count < 1 || count > ACCEL_EW_MAX_STEPS || n - 1 > ACCEL_EW_MAX_INPUTS)
    return ACCEL_ERR_ARGUMENT;
  for (int i = 0; i < count; ++i) {
    steps[i].op = (accel_elementwise_op)next(r);
    steps[i].in = (int)next(r);
    steps[i].in2 = 0;
    steps[i].swap = (int)next(r);
    steps[i].options = accel_elementwise_defaults();
    steps[i].options.alpha = next_float(r);
    steps[i].options.lo = next_float(r);
    steps[i].options.hi = next_float(r);
  }
  for (int i = 0; i < n - 1; ++i)
    inputs[i] = &t[i];
  return accel_elementwise_chain(steps, count, inputs, n - 1, &t[n - 1]);
}

static accel_status reduce(accel_tensor *t, reader *r) {
  accel_reduce_op op = (accel_reduce_op)next(r);
  int n = (int)next(r), axes[ACCEL_MAX_RANK];
  for (int i = 0; i < n; ++i)
    axes[i] = (int)next(r);
  return accel_reduce(op, &t[0], &t[1], axes, n);
}

/* A record in DRAM being run, copied into the scratchpad. */
static ACCEL_SPM long spm_record[ACCEL_GRAPH_MAX_RECORD];

void accel_graph_op(const long *record, const char *name, long bound) {
  counters start = profiling ? read_counters() : (counters){0};
  long length = record[0];
  if (length < 3 || length > ACCEL_GRAPH_MAX_RECORD) {
    fprintf(stderr, "accel-graph: node '%s': a record of %ld fields\n", name,
            length);
    exit(3);
  }
  reader r = {record + 1};
  if ((unsigned long)record - __ACCEL_SPM_BASE__ >= __ACCEL_SPM_SIZE__) {
    accel_dma_1d(0, spm_record, record, length * 8);
    accel_dma_wait(0);
    r.at = spm_record + 1;
  }
  accel_graph_opcode op = (accel_graph_opcode)next(&r);
  int n;
  accel_tensor *t = read_operands(&r, &n);
  accel_status s = ACCEL_ERR_UNSUPPORTED;
  const char *what = "?";
  switch (op) {
  case ACCEL_GRAPH_MATMUL:
    what = "matmul", s = matmul(t, &r);
    break;
  case ACCEL_GRAPH_GEMM:
    what = "accel_gemm", s = gemm(t, n, &r);
    break;
  case ACCEL_GRAPH_CONV2D:
    what = "accel_conv2d", s = conv2d(t, n, &r);
    break;
  case ACCEL_GRAPH_POOL2D:
    what = "pooling", s = pool2d(t, &r);
    break;
  case ACCEL_GRAPH_ELEMENTWISE:
    what = "elementwise", s = elementwise(t, n, &r);
    break;
  case ACCEL_GRAPH_SOFTMAX: {
    int axis = (int)next(&r), log = (int)next(&r);
    what = "accel_softmax", s = accel_softmax(&t[0], &t[1], axis, log);
    break;
  }
  case ACCEL_GRAPH_TRANSPOSE:
    what = "accel_transpose", s = transpose(t, &r);
    break;
  case ACCEL_GRAPH_REDUCE:
    what = "accel_reduce", s = reduce(t, &r);
    break;
  case ACCEL_GRAPH_LAYERNORM:
    what = "accel_layernorm", s = layernorm(t, n, &r);
    break;
  case ACCEL_GRAPH_BATCHNORM:
    what = "accel_batchnorm", s = batchnorm(t, &r);
    break;
  case ACCEL_GRAPH_CONCAT:
    what = "accel_concat", s = concat(t, n, &r);
    break;
  case ACCEL_GRAPH_SLICE:
    what = "accel_slice", s = slice(t, &r);
    break;
  case ACCEL_GRAPH_CHAIN:
    what = "accel_elementwise_chain", s = chain(t, n, &r);
    break;
  case ACCEL_GRAPH_ATTENTION:
    what = "accel_attention", s = attention(t, n, &r);
    break;
  case ACCEL_GRAPH_PAD:
    what = "accel_pad", s = pad(t, n, &r);
    break;
  case ACCEL_GRAPH_GATHER:
    what = "accel_gather", s = gather(t, &r, name);
    break;
  case ACCEL_GRAPH_GEMM_NORM:
    what = "accel_gemm_layernorm", s = gemm_norm(t, n, &r);
    break;
  case ACCEL_GRAPH_MLP_NORM:
    what = "accel_mlp_layernorm", s = mlp_norm(t, n, &r);
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

static void write_profile(const char *path) {
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

/* Reads or writes one tensor's file; exits with a message on failure. */
static void transfer(const char *path, void *data, long bytes, int write) {
  FILE *f = fopen(path, write ? "wb" : "rb");
  if (!f) {
    fprintf(stderr, "accel-graph: cannot open '%s'\n", path);
    exit(2);
  }
  long done = write ? (long)fwrite(data, 1, bytes, f)
                    : (long)fread(data, 1, bytes, f);
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
static long run_graph(const void *a, const void *b, const void *c,
                      const void *d) {
  (void)a, (void)b, (void)c, (void)d;
  accel_graph_run();
  return 0;
}

int main(int argc, char **argv) {
  long inputs = accel_graph_num_inputs, outputs = accel_graph_num_outputs;
  if (argc != 1 + inputs + outputs && argc != 2 + inputs + outputs) {
    fprintf(stderr,
            "usage: %s <%ld input files> <%ld output files> [profile]\n",
            argv[0], inputs, outputs);
    return 2;
  }
  for (long i = 0; i < inputs; ++i)
    transfer(argv[1 + i], accel_graph_arena + accel_graph_inputs[i].offset,
             accel_graph_inputs[i].bytes, 0);
  /* Every op's arguments checked once, at load (a refusal stops the
     program with the node's name, as in the run), then the run without
     the kernels' checks: the records do not change. */
  accel_set_check_mode(ACCEL_CHECK_ONLY);
  accel_on_kernel_stack(run_graph, NULL, NULL, NULL, NULL);
  accel_set_check_mode(ACCEL_RUN_CHECKED);
  profiling = argc == 2 + inputs + outputs;
  accel_region_begin();
  accel_on_kernel_stack(run_graph, NULL, NULL, NULL, NULL);
  accel_region_end();
  for (long i = 0; i < outputs; ++i)
    transfer(argv[1 + inputs + i],
             accel_graph_arena + accel_graph_outputs[i].offset,
             accel_graph_outputs[i].bytes, 1);
  if (profiling)
    write_profile(argv[argc - 1]);
  return 0;
}
