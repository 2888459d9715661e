/* elementwise.c - elementwise operations with numpy broadcasting, and
   chains of them in one pass over memory (docs/kernels.md, "Elementwise
   kernels").

   Every entry point is a chain: unary is one step on inputs[0], binary
   one step with inputs[1], where one step with inputs[1] and [2].

   Layout. The inputs are aligned to y's dims from the right (a missing or
   size-1 dimension gets stride 0), y's dims of 1 are dropped, and
   neighbouring dimensions merge wherever every tensor's strides allow, so
   contiguous tensors become one long row and a per-channel bias [C, 1, 1]
   against [N, C, H, W] becomes [N, C, H W] with strides (0, 1, 0).

   Tiles. A tile is up to TileFloats elements: a piece of one row, or
   whole rows of the innermost dimension (rows of the second innermost).
   Each tensor's part of a tile moves as one 2-D transfer when its inner
   stride is 1 (the fast path; a zero row stride replicates a broadcast
   row), otherwise one transfer per row or per column (accel_copy_matrix).
   An input that repeats one value along each row (inner stride 0) comes
   in as its values, one a row, and a scalar is read once a call: the
   vector unit spreads them (input_form). So every input is a dense tile
   of y's shape and the computation is one flat loop. Tiles are double-buffered:
   the next tile's inputs arrive while the current one computes, and results
   leave on other channels (assign_channels).

   The chain is interpreted per step per tile: each step is one loop over
   the tile in the scratchpad, from the running value r (the first step
   reads inputs[0]) into the output buffer or a spare one, alternately, so
   that the last step writes the output and no step runs in place: the
   loops take restrict pointers, which lets the compiler pair an input's
   loads with a result's stores on the two load/store ports. The choice of
   operation costs a jump per tile and step, and the loop body is that
   operation alone, four vectors deep. Its cost is the load and store of r
   per step, which is what a separate call costs on the load/store ports
   too, so a chain saves the DMA traffic and the calls, not load/store
   issue slots (docs/kernels.md measures it). */

#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/kernel_stack.h"
#include "core/lines.h"
#include "core/spm_arena.h"
#include "elementwise/elementwise_layout.h"
#include "elementwise/elementwise_ops.h"
#include "elementwise/elementwise_small.h"
#include "elementwise/elementwise_typed.h"
#include <stddef.h>

enum {
  TileFloats = 32768, /* 128 KiB */
  MaxInputs = ACCEL_EW_MAX_INPUTS,
  MaxSteps = ACCEL_EW_MAX_STEPS,
  /* The vector unit's loops load up to two groups of Unroll vectors past
     a tile's end: room for them after each buffer a step reads that a
     transfer could be writing behind it, so that they never read bytes in
     flight. */
  LoopSlack = 2 * KERNEL_LANES * Unroll,
  /* The rows of a tile with an input that repeats one value along each
     row: its values, one a row, are staged here and spread on the
     vector unit. */
  ColumnFloats = TileFloats / KERNEL_LANES,
};

typedef struct {
  float in[MaxInputs][2][TileFloats + LoopSlack];
  float out[2][TileFloats];
  float spare[TileFloats + LoopSlack]; /* a chain's every other step */
  float column[MaxInputs][2][ColumnFloats];
} elementwise_spm;
KERNEL_SPM_FITS(elementwise_spm);
#define spm_in (KERNEL_SPM(elementwise_spm)->in)
#define spm_column (KERNEL_SPM(elementwise_spm)->column)
#define spm_out (KERNEL_SPM(elementwise_spm)->out)
#define spm_spare (KERNEL_SPM(elementwise_spm)->spare)

accel_elementwise_options accel_elementwise_defaults(void) {
  accel_elementwise_options o = {0.01f, -__builtin_inff(), __builtin_inff()};
  return o;
}

/* One step over a tile: one stream-engine instruction, or a call of its
   operation's loop. A switch, not a table of the loops in memory: the
   table would be in DRAM (40 cycles a load), the switch's is read once per
   tile and step. */
static void run_step(const accel_elementwise_step *s, float *dst,
                     const float *src, const float *a, const float *b,
                     long rows, long cols, long a_stride) {
  long src_stride = cols;
  if (s->swap && is_binary(s->op)) {
    const float *t = src;
    src = a, a = t;
    src_stride = a_stride, a_stride = cols;
  }
  if (has_stream_operation(s->op)) {
    ew_run_on_stream_engine(s->op, dst, src, a, rows, cols, src_stride,
                            a_stride);
    return;
  }
  long n = rows * cols; /* the vector unit's inputs are whole tiles */
  if (is_math_op(s->op)) {
    ew_math_loop(s->op)(dst, src, a, b, n, &s->options);
    return;
  }
  op_loop *loop = ew_loop_max;
  switch (s->op) {
  case ACCEL_EW_MAX:
    loop = ew_loop_max;
    break;
  case ACCEL_EW_MIN:
    loop = ew_loop_min;
    break;
  case ACCEL_EW_POW:
    loop = ew_loop_pow;
    break;
  case ACCEL_EW_LEAKY_RELU:
    loop = ew_loop_leaky_relu;
    break;
  case ACCEL_EW_CLIP:
    loop = ew_loop_clip;
    break;
  case ACCEL_EW_ABS:
    loop = ew_loop_abs;
    break;
  case ACCEL_EW_WHERE:
    loop = ew_loop_where;
    break;
  default: /* on the stream engine, above */
    break;
  }
  loop(dst, src, a, b, n, &s->options);
}

void ew_run_step(const accel_elementwise_step *s, float *dst, const float *src,
                 const float *a, const float *b, long n) {
  run_step(s, dst, src, a, b, 1, n, n);
}

/* ---------------------------------------------------------------- layout */

typedef ew_layout layout; /* elementwise_layout.h */

/* y_total: y's count of elements when it is dense (ew_contiguous), else
   -1. */
static void make_layout(layout *l, const accel_tensor *const *inputs,
                        int num_inputs, const accel_tensor *y, long y_total) {
  int n = num_inputs + 1, rank = 0;
  l->num_inputs = num_inputs;
  l->max_rows = TileFloats;
  for (int k = 0; k < n; ++k)
    l->data[k] = (float *)(k < num_inputs ? inputs[k] : y)->data;
  /* Every tensor dense with y's dims (the common case, a residual add)
     or a single element (a scalar operand): one row of all the elements,
     without the general merge below (540 cycles for three rank-3
     tensors). A checked input of y's count of elements has y's dims but
     for dims of 1. */
  long total = y_total, count[MaxInputs];
  int simple = y_total >= 0;
  for (int k = 0; k < num_inputs && simple; ++k) {
    int dense = ew_contiguous(inputs[k], &count[k]);
    simple = count[k] == 1 || (dense && count[k] == total);
  }
  if (simple) {
    l->rank = 2;
    l->dims[0] = 1, l->dims[1] = total;
    for (int k = 0; k < n; ++k)
      l->strides[k][0] = 0,
      l->strides[k][1] = k < num_inputs && count[k] != total ? 0 : 1;
    return;
  }
  for (int d = 0; d < y->rank; ++d) {
    long dim = y->dims[d];
    if (dim == 1)
      continue;
    long st[MaxInputs + 1];
    for (int k = 0; k < n; ++k) {
      const accel_tensor *t = k < num_inputs ? inputs[k] : y;
      int e = d - (y->rank - t->rank);
      st[k] = e < 0 || t->dims[e] == 1 ? 0 : t->strides[e];
    }
    int merge = rank > 0;
    for (int k = 0; k < n && merge; ++k)
      merge = l->strides[k][rank - 1] == st[k] * dim;
    if (!merge)
      l->dims[rank++] = 1;
    l->dims[rank - 1] *= dim;
    for (int k = 0; k < n; ++k)
      l->strides[k][rank - 1] = st[k];
  }
  /* At least two dimensions: rows of the innermost. */
  int pad = rank >= 2 ? 0 : 2 - rank;
  for (int d = rank - 1; d >= 0; --d) {
    l->dims[d + pad] = l->dims[d];
    for (int k = 0; k < n; ++k)
      l->strides[k][d + pad] = l->strides[k][d];
  }
  for (int d = 0; d < pad; ++d) {
    l->dims[d] = 1;
    for (int k = 0; k < n; ++k)
      l->strides[k][d] = 0;
  }
  l->rank = rank + pad;
}

void ew_make_layout(layout *l, const accel_tensor *const *inputs,
                    int num_inputs, const accel_tensor *y) {
  long total;
  make_layout(l, inputs, num_inputs, y, ew_contiguous(y, &total) ? total : -1);
}

/* A tile: rows x cols elements from (outer index, r0, c0). */
typedef struct {
  long outer[ACCEL_MAX_RANK + 1];
  long r0, c0, rows, cols;
  int done;
} tile;

static long min_of(long x, long y) { return x < y ? x : y; }

static void size_tile(const layout *l, tile *t) {
  long d0 = l->dims[l->rank - 1], d1 = l->dims[l->rank - 2];
  t->cols = min_of(d0 - t->c0, TileFloats);
  t->rows = t->cols == d0
                ? min_of(min_of(d1 - t->r0, TileFloats / d0), l->max_rows)
                : 1;
}

static void next_tile(const layout *l, tile *t) {
  long d0 = l->dims[l->rank - 1], d1 = l->dims[l->rank - 2];
  t->c0 += t->cols;
  if (t->c0 == d0) {
    t->c0 = 0;
    t->r0 += t->rows;
    if (t->r0 == d1) {
      t->r0 = 0;
      int d = l->rank - 3;
      for (; d >= 0 && ++t->outer[d] == l->dims[d]; --d)
        t->outer[d] = 0;
      t->done = d < 0;
    }
  }
  if (!t->done)
    size_tile(l, t);
}

/* Tensor k's element (outer, r0, c0). */
static float *tile_base(const layout *l, const tile *t, int k) {
  const long *st = l->strides[k];
  long off = t->r0 * st[l->rank - 2] + t->c0 * st[l->rank - 1];
  for (int d = 0; d < l->rank - 2; ++d)
    off += t->outer[d] * st[d];
  return l->data[k] + off;
}

/* ---------------------------------------------------------------- DMA */

/* Moves tensor k's part of tile t between DRAM and the dense tile buf
   (rows of t->cols floats) on channels ch .. ch + parts - 1, a part each
   (by rows, or by columns of whole vectors for a single row). Returns how
   many channels it used, from ch. */
static int move(const layout *l, const tile *t, int k, float *buf, int ch,
                int parts, int store) {
  float *p = tile_base(l, t, k);
  long rs = l->strides[k][l->rank - 2], cs = l->strides[k][l->rank - 1];
  long rows = t->rows, cols = t->cols;
  int by_rows = rows >= parts;
  long piece = by_rows ? rows / parts : cols / parts & ~15L;
  if (!by_rows && piece == 0)
    parts = 1, piece = cols;
  for (int part = 0; part < parts; ++part) {
    long from = part * piece;
    long count = part == parts - 1 ? (by_rows ? rows : cols) - from : piece;
    long pr = by_rows ? count : rows, pc = by_rows ? cols : count;
    float *pd = p + (by_rows ? from * rs : from * cs);
    float *pb = buf + (by_rows ? from * cols : from);
    if (store)
      accel_copy_matrix(ch + part, pd, rs, cs, pb, cols, 1, pr, pc);
    else
      accel_copy_matrix(ch + part, pb, cols, 1, pd, rs, cs, pr, pc);
  }
  return parts;
}

/* Which channels carry what. One step on one or two inputs, or a chain
   whose steps are all on the stream engine (which computes them faster
   than the DMA engine moves them): every tensor's part of a tile over all
   four channels, a quarter each, so that each channel carries the same
   bytes and the tile moves at the engine's full rate (one input a channel
   and the results alternating over the other two left a binary
   operation's inputs at 32 bytes a cycle each: 0.65 of the roofline). A
   chain with a step on the vector unit: inputs 0 and 1 on channels 0 and
   1, the others on 0 and 1 again but fetched after the first step
   (late), when the first two transfers are done: a transfer started on a
   busy channel would stall the issue until the channel is idle; results
   on 2 and 3 alternating between the two output buffers. One step on
   three inputs (where): channels 0-2, results on 3. A tensor of one tile
   with one or two inputs (the small tensors of a model) has nothing to
   overlap: each input over a pair of channels (0-1, 2-3) and the result
   over 2-3, so that each transfer takes half the time. */
typedef struct {
  int in_ch[MaxInputs], in_parts[MaxInputs];
  int first_late;       /* inputs from here on are fetched after step 0 */
  int out_ch, out_pair; /* with out_pair, buffer j's stores on out_ch + j */
  int out_parts;        /* the result over out_ch .. out_ch + parts - 1 */
  int waits; /* channels 0 .. waits - 1 end a tile's inputs' transfers */
} channels;

static channels assign_channels(int num_inputs, int num_steps, int single,
                                int on_engine) {
  channels c;
  c.first_late = MaxInputs;
  if (single && num_inputs <= 2) {
    for (int k = 0; k < num_inputs; ++k)
      c.in_ch[k] = 2 * k, c.in_parts[k] = 2;
    c.out_ch = 2, c.out_pair = 0, c.out_parts = 2, c.waits = 4;
    return c;
  }
  if (on_engine || (num_inputs <= 2 && num_steps == 1)) {
    for (int k = 0; k < num_inputs; ++k)
      c.in_ch[k] = 0, c.in_parts[k] = 4;
    c.out_ch = 0, c.out_pair = 0, c.out_parts = 4, c.waits = 4;
    return c;
  }
  c.out_parts = 1;
  int wide = num_inputs > 2 && num_steps == 1;
  for (int k = 0; k < num_inputs; ++k) {
    c.in_ch[k] = wide ? k % 3 : k % 2;
    c.in_parts[k] = num_inputs == 1 ? 2 : 1;
  }
  c.first_late = wide ? 3 : 2;
  c.out_pair = !wide;
  c.out_ch = wide ? 3 : 2;
  c.waits = wide ? 3 : 2;
  return c;
}

/* How an input's part of a tile arrives. DRAM moves whole bursts, so a
   transfer that repeats one element (a row of 4 bytes per element of the
   tile) costs a burst per element: an input that repeats one value along
   each row (a per-channel bias of [N, C, H W], a scalar) comes in as its
   values alone and the vector unit spreads them. */
typedef enum {
  InTile,   /* the tile, dense */
  InRow,    /* on the engine, one row that repeats down the tile's rows */
  InColumn, /* a value a row, staged and spread along the row */
  InScalar, /* one value for the whole call, spread once into buffer 0 */
} input_form;

typedef struct {
  input_form form[MaxInputs];
  /* The engine reads the input as one row for every row (stride 0). */
  int repeat_row[MaxInputs];
  int columns; /* some input is InColumn */
} inputs_plan;

static inputs_plan plan_inputs(layout *l, int on_engine) {
  inputs_plan p;
  p.columns = 0;
  int inner = l->rank - 1;
  for (int k = 0; k < l->num_inputs; ++k) {
    const long *st = l->strides[k];
    int scalar = 1;
    for (int d = 0; d < l->rank; ++d)
      scalar &= st[d] == 0;
    /* Input 0 is the first step's running value: a dense tile. */
    int by_row = on_engine && k > 0;
    p.form[k] = scalar                         ? InScalar
                : st[inner] == 0               ? InColumn
                : by_row && st[inner - 1] == 0 ? InRow
                                               : InTile;
    p.repeat_row[k] = by_row && (p.form[k] == InRow || p.form[k] == InScalar);
    if (p.form[k] == InColumn)
      l->max_rows = ColumnFloats, p.columns = 1;
  }
  return p;
}

/* dst (rows x cols, packed) = vals[r * vals_stride] along each row r. */
static void spread(float *restrict dst, const float *restrict vals,
                   long vals_stride, long rows, long cols) {
  enum { L = KERNEL_LANES };
  if (cols >= L) {
    for (long r = 0; r < rows; ++r) {
      ew_vf v = (ew_vf)vals[r * vals_stride];
      float *p = dst + r * cols;
      long i = 0;
      for (; i + 4 * L <= cols; i += 4 * L) { /* both load/store ports */
        accel_vstore(p + i, v);
        accel_vstore(p + i + L, v);
        accel_vstore(p + i + 2 * L, v);
        accel_vstore(p + i + 3 * L, v);
      }
      for (; i + L <= cols; i += L)
        accel_vstore(p + i, v);
      accel_vstore(p + cols - L, v); /* the row's last vector, again */
    }
  } else if (rows >= L && vals_stride) {
    /* A lane a row: 16 rows' values, stored down each column. */
    for (long r0 = 0; r0 < rows; r0 += L) {
      long r = r0 + L <= rows ? r0 : rows - L;
      ew_vf v = accel_vload(vals + r);
      for (long j = 0; j < cols; ++j)
        accel_vstore_strided(v, dst + r * cols + j, 4 * cols);
    }
  } else {
    for (long r = 0; r < rows; ++r)
      for (long j = 0; j < cols; ++j)
        dst[r * cols + j] = vals[r * vals_stride];
  }
}

/* Input k's buffer for buffer index buf. */
static float *input_buf(const inputs_plan *p, int k, int buf) {
  return spm_in[k][p->form[k] == InScalar ? 0 : buf];
}

/* Inputs first..last - 1 of tile t into buffer buf (a column input's
   values into its staging). */
static void fetch(const layout *l, const tile *t, const channels *c, int buf,
                  int first, int last, const inputs_plan *p) {
  tile row = *t;
  row.rows = 1;
  for (int k = first; k < last && k < l->num_inputs; ++k) {
    int ch = c->in_ch[k];
    switch (p->form[k]) {
    case InTile:
      move(l, t, k, spm_in[k][buf], ch, c->in_parts[k], 0);
      break;
    case InRow:
      move(l, &row, k, spm_in[k][buf], ch, c->in_parts[k], 0);
      break;
    case InColumn: {
      long rs = l->strides[k][l->rank - 2];
      long n = rs ? t->rows : 1;
      if (rs == 1 || n == 1) /* one row: bursts, not a burst a value */
        accel_dma_2d_on(ch, spm_column[k][buf], tile_base(l, t, k), 1, n * 4, 0,
                        0);
      else
        accel_dma_2d_on(ch, spm_column[k][buf], tile_base(l, t, k), n, 4, 4,
                        rs * 4);
      break;
    }
    case InScalar: /* spread once, before the first tile */
      break;
    }
  }
}

/* The column inputs of tile t, arrived in their staging, spread into
   their buffers. */
static void spread_columns(const layout *l, const tile *t, int buf,
                           const inputs_plan *p) {
  for (int k = 0; k < l->num_inputs; ++k)
    if (p->form[k] == InColumn)
      spread(spm_in[k][buf], spm_column[k][buf],
             l->strides[k][l->rank - 2] ? 1 : 0, t->rows, t->cols);
}

/* The scalar inputs, read once (a load from DRAM) and spread over the
   largest tile, the first: a row of it where the engine repeats the row. */
static void spread_scalars(const layout *l, const tile *first,
                           const inputs_plan *p) {
  for (int k = 0; k < l->num_inputs; ++k)
    if (p->form[k] == InScalar) {
      float value = *l->data[k];
      spread(spm_in[k][0], &value, 0, p->repeat_row[k] ? 1 : first->rows,
             first->cols);
    }
}

/* ---------------------------------------------------------------- run */

static void run(const accel_elementwise_step *steps, int num_steps, layout *l) {
  int on_engine = 1;
  for (int s = 0; s < num_steps; ++s)
    on_engine &= has_stream_operation(steps[s].op);
  /* On the engine, an operand that repeats one row across the tile's
     rows (a bias row, a scalar) comes in as that row, which the engine
     reads for every row (a row stride of 0): a tile's transfers are the
     full operands' only. */
  inputs_plan plan = plan_inputs(l, on_engine);
  tile cur = {{0}, 0, 0, 0, 0, 0}, next;
  size_tile(l, &cur);
  next = cur;
  next_tile(l, &next);
  channels c = assign_channels(l->num_inputs, num_steps, next.done, on_engine);
  fetch(l, &cur, &c, 0, 0, MaxInputs, &plan);
  spread_scalars(l, &cur, &plan);
  /* With every channel in the plan (c.waits == 4), the previous tile's
     results stay moving at a tile's start: channels [c.out_ch, c.out_ch +
     stored) end with them, and dma.wait.older waits for the rest (this
     tile's inputs, and the results two tiles ago, whose buffer this tile
     writes). */
  int stored = 0;
  for (int buf = 0; !cur.done; buf ^= 1) {
    for (int ch = 0; ch < c.waits; ++ch)
      if (c.waits == 4 && ch >= c.out_ch && ch < c.out_ch + stored)
        accel_dma_wait_older_on(ch);
      else
        accel_dma_wait_on(ch);
    next = cur;
    next_tile(l, &next);
    if (!next.done)
      fetch(l, &next, &c, buf ^ 1, 0, c.first_late, &plan);
    if (plan.columns)
      spread_columns(l, &cur, buf, &plan);
    /* The output buffer's previous store (two tiles ago, or the last one
       when stores share one channel), unless the waits above covered it. */
    int out_ch = c.out_ch + (c.out_pair ? buf : 0);
    if (out_ch >= c.waits)
      accel_dma_wait_on(out_ch);
    float *out = spm_out[buf];
    const float *r = input_buf(&plan, 0, buf);
    for (int s = 0; s < num_steps; ++s) {
      const accel_elementwise_step *st = &steps[s];
      /* A unary step's in and in2 are not checked: not used either. */
      int a = is_binary(st->op) || st->op == ACCEL_EW_WHERE ? st->in : 0;
      int b = st->op == ACCEL_EW_WHERE ? st->in2 : 0;
      float *dst = (num_steps - 1 - s) % 2 ? spm_spare : out;
      run_step(st, dst, r, input_buf(&plan, a, buf), input_buf(&plan, b, buf),
               cur.rows, cur.cols, plan.repeat_row[a] ? 0 : cur.cols);
      r = dst;
      if (s == 0 && !next.done)
        fetch(l, &next, &c, buf ^ 1, c.first_late, MaxInputs, &plan);
    }
    stored = move(l, &cur, l->num_inputs, out, out_ch, c.out_parts, 1);
    cur = next;
  }
  accel_dma_wait_all();
}

/* ------------------------------------------------- a map on dense memory */

enum { MapLine = 4096 }; /* elements a line of a dense map */

static void map_batch(float *lines, long first, long count, long n,
                      void *context) {
  (void)first;
  accel_elementwise_op op = *(const accel_elementwise_op *)context;
  long all = count * padded_length(n);
  ew_run_on_stream_engine(op, lines, lines, lines, 1, all, all, all);
}

/* One unary operation the stream engine has, from a contiguous x into a
   contiguous y: the tensor as lines of MapLine elements (and one line of
   the rest) through the line kernels' memory-bound batches, whose four
   buffers keep each channel's next transfer queued behind the one it
   waits for (lines.c; the tiles of run() wait for all four channels
   between tiles: exp 0.83 of the DMA roofline there). Returns whether it
   ran the call. */
static int run_dense_map(const accel_elementwise_step *steps, int num_steps,
                         const layout *l) {
  accel_elementwise_op op = steps[0].op;
  int r = l->rank - 1;
  if (num_steps != 1 || l->num_inputs != 1 || !is_unary(op) ||
      !has_stream_operation(op) || l->strides[0][r] != 1 ||
      l->strides[1][r] != 1)
    return 0;
  for (int d = 0; d < r; ++d)
    if (l->dims[d] != 1)
      return 0;
  long n = l->dims[r], count = n / MapLine, rest = n % MapLine;
  if (count) {
    lines_view x = {l->data[0], MapLine, 1, 1, {count}, {MapLine}, count};
    lines_view y = x;
    y.base = l->data[1];
    for_each_line_batch(&x, &y, map_batch, &op, LinesMemoryBound);
  }
  if (rest) {
    lines_view x = {l->data[0] + count * MapLine, rest, 1, 0, {0}, {0}, 1};
    lines_view y = x;
    y.base = l->data[1] + count * MapLine;
    for_each_line_batch(&x, &y, map_batch, &op, LinesMemoryBound);
  }
  return 1;
}

/* ---------------------------------------------------------------- checks */

/* Which entry point: the names of its arguments in the messages. */
typedef enum { Unary, Binary, Where, Chain } entry;

static const char *input_name(entry e, int k, char buf[32]) {
  static const char *const names[3][3] = {
      {"x"}, {"a", "b"}, {"cond", "a", "b"}};
  if (e != Chain)
    return names[e][k];
  return accel_indexed_name(buf, "inputs", k);
}

const char *ew_input_name(int e, int k, char buf[32]) {
  return input_name((entry)e, k, buf);
}

/* A step's argument name: built only for a message, as the literals are
   in DRAM (40 cycles a character). */
static const char *step_name(entry e, int index, char buf[32]) {
  return e == Chain ? accel_indexed_name(buf, "steps", index) : "op";
}

static accel_status check_step(const char *kernel, entry e,
                               const accel_elementwise_step *s, int index,
                               int num_inputs) {
  char name[32];
  if ((int)s->op < 0 || (s->op > ACCEL_EW_WHERE && !is_math_op(s->op)))
    return accel_kernel_error(
        ACCEL_ERR_ARGUMENT, kernel, step_name(e, index, name),
        "operation %d is not an accel_elementwise_op", (int)s->op);
  if (e == Unary && !is_unary(s->op))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel,
                              step_name(e, index, name),
                              "operation %d is not unary", (int)s->op);
  if (e == Binary && !is_binary(s->op))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel,
                              step_name(e, index, name),
                              "operation %d is not binary", (int)s->op);
  int uses = is_binary(s->op) + 2 * (s->op == ACCEL_EW_WHERE);
  if (uses && (s->in < 1 || s->in >= num_inputs))
    return accel_kernel_error(
        ACCEL_ERR_ARGUMENT, kernel, step_name(e, index, name),
        "input %d, expected 1 to %d", s->in, num_inputs - 1);
  if (uses == 2 && (s->in2 < 1 || s->in2 >= num_inputs))
    return accel_kernel_error(
        ACCEL_ERR_ARGUMENT, kernel, step_name(e, index, name),
        "input %d, expected 1 to %d", s->in2, num_inputs - 1);
  const accel_elementwise_options *o = &s->options;
  if (s->op == ACCEL_EW_LEAKY_RELU && o->alpha != o->alpha)
    return accel_kernel_error(
        ACCEL_ERR_ARGUMENT, kernel,
        e == Chain ? step_name(e, index, name) : "options", "alpha is NaN");
  if (s->op == ACCEL_EW_CLIP && !(o->lo <= o->hi))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel,
                              e == Chain ? step_name(e, index, name)
                                         : "options",
                              "clip bounds lo %g, hi %g are not ordered",
                              (double)o->lo, (double)o->hi);
  return ACCEL_OK;
}

/* Whether a call starting with a float math kind (elementwise_math.c) is on
   f32 tensors only: then it is this path's, not the typed one's. */
static int f32_math_call(const accel_elementwise_step *steps,
                         const accel_tensor *const *inputs, int num_inputs,
                         const accel_tensor *y) {
  if (!is_math_op(steps[0].op) || !y || y->dtype != ACCEL_F32)
    return 0;
  for (int k = 0; k < num_inputs; ++k)
    if (inputs[k] && inputs[k]->dtype != ACCEL_F32)
      return 0;
  return 1;
}

/* Whether x is y itself: the same elements in the same order. */
static int same_elements(const accel_tensor *x, const accel_tensor *y) {
  if (x->data != y->data || x->rank != y->rank)
    return 0;
  for (int d = 0; d < y->rank; ++d)
    if (x->dims[d] != y->dims[d] ||
        (y->dims[d] > 1 && x->strides[d] != y->strides[d]))
      return 0;
  return 1;
}

static accel_status check_tensors(const char *kernel, entry e,
                                  const accel_tensor *const *inputs,
                                  int num_inputs, const accel_tensor *y) {
  char names[MaxInputs][32];
  accel_status s;
  /* The names only for a message (input_name). */
  for (int k = 0; k < num_inputs; ++k)
    if (!accel_tensor_ok(inputs[k], 0, ACCEL_MAX_RANK, 0) &&
        (s = accel_check_tensor(kernel, input_name(e, k, names[k]), inputs[k],
                                0, ACCEL_MAX_RANK, 0)))
      return s;
  if ((s = accel_check_tensor(kernel, "y", y, 0, ACCEL_MAX_RANK, 1)))
    return s;
  for (int k = 0; k < num_inputs; ++k) {
    const accel_tensor *t = inputs[k];
    if (t->rank > y->rank)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel,
                                input_name(e, k, names[k]),
                                "rank %d is above y's %d (it must broadcast "
                                "to y)",
                                t->rank, y->rank);
    int offset = y->rank - t->rank;
    for (int d = 0; d < t->rank; ++d)
      if (t->dims[d] != 1 && t->dims[d] != y->dims[d + offset])
        return accel_kernel_error(
            ACCEL_ERR_ARGUMENT, kernel, input_name(e, k, names[k]),
            "dimension %d is %ld; y's dimension %d is "
            "%ld (it must match or be 1)",
            d, t->dims[d], d + offset, y->dims[d + offset]);
  }
  for (int k = 0; k < num_inputs; ++k)
    if (accel_tensors_overlap(inputs[k], y) && !same_elements(inputs[k], y))
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, kernel, "y",
                                "overlaps %s (only exactly in place is "
                                "allowed)",
                                input_name(e, k, names[k]));
  return ACCEL_OK;
}

/* ---------------------------------------------------------------- calls */

/* An entry point's arguments, in its caller's frame. */
typedef struct {
  const char *kernel;
  entry e;
  const accel_elementwise_step *steps;
  int num_steps;
  const accel_tensor *const *inputs;
  int num_inputs;
  accel_tensor *y;
} call;

/* The call and everything it points to, staged on the kernel stack. */
typedef struct {
  call c;
  accel_elementwise_step steps[MaxSteps];
  const accel_tensor *input_ptrs[MaxInputs];
  accel_tensor inputs[MaxInputs], y;
  const accel_tensor *in[MaxInputs];
  layout l;
} staged;

static long body(const void *arg, const void *unused1, const void *unused2,
                 const void *unused3) {
  staged s;
  ACCEL_STAGE(0, &s.c, (const call *)arg);
  accel_dma_wait(0);
  const char *kernel = s.c.kernel;
  int nsteps = s.c.num_steps, nin = s.c.num_inputs;
  if (!s.c.steps)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "steps",
                              "null pointer");
  if (nsteps < 1 || nsteps > MaxSteps)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "num_steps",
                              "%d, expected 1 to %d", nsteps, MaxSteps);
  if (!s.c.inputs)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "inputs",
                              "null pointer");
  if (nin < 1 || nin > MaxInputs)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "num_inputs",
                              "%d, expected 1 to %d", nin, MaxInputs);
  /* Read where they lie in the scratchpad (a graph program's records, an
     entry point's frame on the kernel stack); copied from DRAM, a
     transfer each. */
  const accel_elementwise_step *steps = s.c.steps;
  if (!accel_in_spm(steps)) {
    accel_dma_1d(1, s.steps, steps, nsteps * sizeof s.steps[0]);
    steps = s.steps;
  }
  const accel_tensor *const *ptrs = s.c.inputs;
  if (!accel_in_spm(ptrs)) {
    accel_dma_1d(2, s.input_ptrs, ptrs, nin * sizeof s.input_ptrs[0]);
    accel_dma_wait(2);
    ptrs = s.input_ptrs;
  }
  for (int k = 0; k < nin; ++k) {
    const accel_tensor *t = ptrs[k];
    s.in[k] = t;
    if (t && !accel_in_spm(t)) {
      accel_dma_1d(3, &s.inputs[k], t, sizeof s.inputs[k]);
      s.in[k] = &s.inputs[k];
    }
  }
  const accel_tensor *y = ACCEL_STAGE_READ(2, &s.y, s.c.y);
  accel_dma_wait_all();
  /* The types' OR by loads that issue at once, masked rather than
     branched on (an unused entry, or a null tensor, reads the f32 one: a
     null is the checks' to name). */
  static KERNEL_SPM_CONST const accel_tensor f32_tensor = {0};
  unsigned types = 0;
#pragma clang loop unroll(full)
  for (int k = 0; k <= MaxInputs; ++k) {
    const accel_tensor *t = k == MaxInputs ? y : k < nin ? s.in[k] : NULL;
    types |= (unsigned)(t ? t : &f32_tensor)->dtype;
  }
  if (ew_typed_call(steps, types) &&
      !f32_math_call(steps, s.in, nin, y))
    return ew_typed_run(kernel, s.c.e, steps, nsteps, s.in, nin, y, &s.l);
  if (accel_checking()) {
    accel_status st;
    for (int i = 0; i < nsteps; ++i)
      if ((st = check_step(kernel, s.c.e, &steps[i], i, nin)))
        return st;
    if ((st = check_tensors(kernel, s.c.e, s.in, nin, y)) ||
        accel_only_checking())
      return st;
  }
  long total; /* 0 when some dimension is */
  int dense = ew_contiguous(y, &total);
  if (total == 0)
    return ACCEL_OK;
  if (dense && total <= EW_SMALL_FLOATS &&
      ew_small_run(steps, nsteps, s.in, nin, y, total))
    return ACCEL_OK;
  make_layout(&s.l, s.in, nin, y, dense ? total : -1);
  if (!run_dense_map(steps, nsteps, &s.l))
    run(steps, nsteps, &s.l);
  return ACCEL_OK;
}

static accel_status enter(const call *c) {
  return (accel_status)accel_on_kernel_stack(body, c, NULL, NULL, NULL);
}

accel_status accel_elementwise_unary(accel_elementwise_op op,
                                     const accel_tensor *x, accel_tensor *y,
                                     const accel_elementwise_options *options) {
  accel_elementwise_step step = {op, 0, 0, 0, accel_elementwise_defaults()};
  if (options)
    step.options = *options;
  const accel_tensor *inputs[1] = {x};
  call c = {"accel_elementwise_unary", Unary, &step, 1, inputs, 1, y};
  return enter(&c);
}

accel_status accel_elementwise_binary(accel_elementwise_op op,
                                      const accel_tensor *a,
                                      const accel_tensor *b, accel_tensor *y) {
  accel_elementwise_step step = {op, 1, 0, 0, accel_elementwise_defaults()};
  const accel_tensor *inputs[2] = {a, b};
  call c = {"accel_elementwise_binary", Binary, &step, 1, inputs, 2, y};
  return enter(&c);
}

accel_status accel_elementwise_where(const accel_tensor *cond,
                                     const accel_tensor *a,
                                     const accel_tensor *b, accel_tensor *y) {
  accel_elementwise_step step = {ACCEL_EW_WHERE, 1, 2, 0,
                                 accel_elementwise_defaults()};
  const accel_tensor *inputs[3] = {cond, a, b};
  call c = {"accel_elementwise_where", Where, &step, 1, inputs, 3, y};
  return enter(&c);
}

accel_status accel_elementwise_chain(const accel_elementwise_step *steps,
                                     int num_steps,
                                     const accel_tensor *const *inputs,
                                     int num_inputs, accel_tensor *y) {
  call c = {"accel_elementwise_chain",
            Chain,
            steps,
            num_steps,
            inputs,
            num_inputs,
            y};
  return enter(&c);
}
