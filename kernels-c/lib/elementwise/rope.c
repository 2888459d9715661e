/* rope.c - rotary position embedding in one pass over x on the stream
   engine (docs/kernels.md, "accel_rope").

   y = x * cos + rotate_half(x) * sin along x's last dimension D, with
   rotate_half(x) = [-x[D/2:], x[:D/2]] (Llama's and GPT-NeoX's pairing):
   for the halves x1 = x[:h] and x2 = x[h:] (h = D/2),

     y[:h] = x1 * cos[:h] - x2 * sin[:h]
     y[h:] = x2 * cos[h:] + x1 * sin[h:]

   which rounds as PyTorch's export does (two products, then their sum;
   the negation is exact). x comes in as lines of D (lines.h), a batch
   at a time; cos and sin are loaded whole into the scratchpad once, each
   of their lines the table of the lines of x it broadcasts over (tables
   larger than that are cut into parts, each with its part of x:
   rope_parts). A batch is cut into runs of lines whose tables are
   equally spaced (the positions along S, or one table for every head):
   each run is six engine operations on blocks of rows x h, the tables'
   rows read with the run's stride (0 repeats one). */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "core/lines.h"
#include "elementwise/elementwise_direct.h"
#include <stddef.h>

enum {
  /* The two products the engine keeps between its operations: the
     per-line arrays' part of the lines buffers, which rope does not use
     otherwise. */
  RopeTempFloats = LinesStreamFloats / 2,
  /* An x of at most this many floats (its lines padded) is one batch in
     two halves (rope_small): for_each_line_batch's quarters cost more to
     issue than they save in transfer time below about 64 KiB. */
  RopeSmallFloats = 16 * 1024,
  /* Below this many, the whole x as one chunk: a second one's transfers
     and operations would cost more to issue than it overlaps. */
  RopeOneChunkFloats = 1024,
};
_Static_assert(ACCEL_ROPE_MAX_TABLE_FLOATS == LinesParamFloats,
               "each table is one of the lines buffers' parameter vectors");

/* x's lines as the tables see them: the dimensions that number them
   (dimensions of 1 left out, neighbours merged where the tables step
   through them alike), and for each the step between table lines. */
typedef struct {
  int rank;
  long dims[ACCEL_MAX_RANK], table_steps[ACCEL_MAX_RANK];
  long half;     /* h = D / 2 */
  long table_np; /* floats between table lines in the scratchpad */
  long table_hi; /* where a table line's second half starts: h, or 0 for
                    a half table */
  long max_rows; /* lines an operation takes: its products fit the temps */
} rope_plan;

/* The six operations on `rows` lines from p (np floats apart) and the
   tables' lines from table line t, step lines apart. */
static void rope_block(const rope_plan *pl, float *p, long rows, long np,
                       long t, long step) {
  long h = pl->half, tr = step * pl->table_np;
  float *x1 = p, *x2 = p + h;
  const float *c = LINES_SPM->params[0] + t * pl->table_np;
  const float *s = LINES_SPM->params[1] + t * pl->table_np;
  float *t1 = LINES_SPM->stream, *t2 = t1 + RopeTempFloats;
  accel_vs_shape(rows, h);
  accel_vs_stride(h, np, tr);
  accel_vs_mul(t1, x2, s);                /* x2 sin[:h] */
  accel_vs_mul(t2, x1, s + pl->table_hi); /* x1 sin[h:] */
  accel_vs_stride(np, np, tr);
  accel_vs_mul(x1, x1, c);
  accel_vs_mul(x2, x2, c + pl->table_hi);
  accel_vs_stride(np, np, h);
  accel_vs_sub(x1, x1, t1);
  accel_vs_add(x2, x2, t2);
}

/* A batch of lines [first, first + count): their runs, each cut to
   max_rows. */
static void rope_batch(float *lines, long first, long count, long n,
                       void *context) {
  const rope_plan *pl = context;
  long np = padded_length(n);
  int last = pl->rank - 1;
  long idx[ACCEL_MAX_RANK] = {0}, t = 0, rest = first;
  for (int d = last; d >= 0 && rest; --d) {
    idx[d] = rest % pl->dims[d];
    rest /= pl->dims[d];
    t += idx[d] * pl->table_steps[d];
  }
  long run = pl->dims[last], step = pl->table_steps[last];
  for (long k = 0; k < count;) {
    long rows = run - idx[last];
    if (rows > count - k)
      rows = count - k;
    if (rows > pl->max_rows)
      rows = pl->max_rows;
    rope_block(pl, lines + k * np, rows, np, t, step);
    k += rows, idx[last] += rows, t += rows * step;
    /* The next line's table: carry into the outer dimensions. */
    for (int d = last; d > 0 && idx[d] == pl->dims[d]; --d) {
      t -= pl->dims[d] * pl->table_steps[d];
      idx[d] = 0;
      ++idx[d - 1];
      t += pl->table_steps[d - 1];
    }
  }
}

/* ------------------------------------------------------------- checks */

static const char K[] = "accel_rope";

/* cos or sin: checked, broadcasting over x's dimensions (right-aligned)
   but the last, D or D / 2. */
static accel_status check_table(const char *name, const accel_tensor *x,
                                const accel_tensor *t) {
  accel_status s;
  if ((s = accel_check_tensor(K, name, t, 1, x->rank, 0)))
    return s;
  long d = x->dims[x->rank - 1], dt = t->dims[t->rank - 1];
  if (dt != d && 2 * dt != d)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                              "last dimension %ld; x's is %ld (D or D / 2)", dt,
                              d);
  for (int i = 0; i + 1 < t->rank; ++i) {
    long xd = x->dims[x->rank - t->rank + i];
    if (t->dims[i] != 1 && t->dims[i] != xd)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                                "dimension %d is %ld; x's is %ld (or 1 to "
                                "broadcast)",
                                i, t->dims[i], xd);
  }
  return ACCEL_OK;
}

static int same_layout(const accel_tensor *a, const accel_tensor *b) {
  for (int d = 0; d < a->rank; ++d)
    if (a->dims[d] > 1 && a->strides[d] != b->strides[d])
      return 0;
  return 1;
}

static accel_status check_args(const accel_tensor *x, const accel_tensor *c,
                               const accel_tensor *s, const accel_tensor *y) {
  accel_status st;
  if ((st = accel_check_tensor(K, "x", x, 1, ACCEL_MAX_RANK, 0)) ||
      (st = accel_check_tensor(K, "y", y, 1, ACCEL_MAX_RANK, 1)))
    return st;
  long d = x->dims[x->rank - 1];
  if (d % 2)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "x",
                              "last dimension %ld is odd", d);
  if (d / 2 > RopeTempFloats)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "last dimension %ld; at most %d", d,
                              2 * RopeTempFloats);
  if (y->rank != x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y", "rank %d, x's is %d",
                              y->rank, x->rank);
  for (int i = 0; i < x->rank; ++i)
    if (y->dims[i] != x->dims[i])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                                "dimension %d is %ld, x's is %ld", i,
                                y->dims[i], x->dims[i]);
  if ((st = check_table("cos", x, c)) || (st = check_table("sin", x, s)))
    return st;
  for (int i = 0; i < c->rank || i < s->rank; ++i)
    if (c->rank != s->rank || c->dims[i] != s->dims[i])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "sin",
                                "dims differ from cos's");
  if (accel_tensors_overlap(y, x) && (y->data != x->data || !same_layout(x, y)))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y",
                              "overlaps x (only y = x in place is allowed)");
  if (accel_tensors_overlap(y, c) || accel_tensors_overlap(y, s))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                              "overlaps cos or sin");
  return ACCEL_OK;
}

/* The floats table t takes in the scratchpad: its lines padded. */
static long table_floats(const accel_tensor *t) {
  long lines = 1;
  for (int d = 0; d + 1 < t->rank; ++d)
    lines *= t->dims[d];
  return lines * padded_length(t->dims[t->rank - 1]);
}

/* The plan of x's lines against tables t (checked, and fitting the
   scratchpad). */
static void plan_rope(const accel_tensor *x, const accel_tensor *t,
                      rope_plan *pl) {
  int outer = x->rank - 1, shift = x->rank - t->rank;
  long d = x->dims[outer], dt = t->dims[t->rank - 1];
  pl->half = d / 2;
  pl->table_np = padded_length(dt);
  pl->table_hi = dt == d ? d / 2 : 0;
  pl->max_rows = pl->half ? RopeTempFloats / pl->half : 1;
  /* The table's lines are numbered row-major over its dimensions but the
     last; a dimension x broadcasts it over steps 0. */
  long steps[ACCEL_MAX_RANK], lines = 1;
  for (int i = outer - 1; i >= 0; --i) {
    int ti = i - shift;
    long n = ti >= 0 ? t->dims[ti] : 1;
    steps[i] = n == 1 ? 0 : lines;
    lines *= n;
  }
  /* Dimensions of 1 out; a dimension merged into the one after it when
     the tables step through the pair as through one. */
  pl->rank = 0;
  for (int i = 0; i < outer; ++i) {
    long n = x->dims[i];
    if (n == 1)
      continue;
    int r = pl->rank;
    if (r && pl->table_steps[r - 1] == n * steps[i]) {
      pl->dims[r - 1] *= n;
      pl->table_steps[r - 1] = steps[i];
      continue;
    }
    pl->dims[r] = n, pl->table_steps[r] = steps[i];
    pl->rank = r + 1;
  }
  if (!pl->rank)
    pl->dims[0] = 1, pl->table_steps[0] = 0, pl->rank = 1;
}

/* Table t's lines into buf, padded_length(D') floats apart, on channel
   ch: one transfer when they lie packed and need no padding (HF's
   tables), else by lines. */
static void load_table(int ch, const accel_tensor *t, float *buf) {
  long span = 1;
  int packed = t->dims[t->rank - 1] % LineAlign == 0;
  for (int d = t->rank - 1; d >= 0 && packed; --d) {
    packed = t->dims[d] == 1 || t->strides[d] == span;
    span *= t->dims[d];
  }
  if (packed) {
    accel_dma_rows_on(ch, buf, t->data, 1, span * 4, span * 4, span * 4);
    return;
  }
  lines_view v;
  lines_of(t, t->rank - 1, t->rank - 1, &v);
  lines_move(ch, &v, buf, 0, v.count, 0);
}

/* Lines [first, first + count) of v between the view and buf (lines
   padded_length(n) floats apart) on channel ch, as lines_move, one 2-D
   transfer a run of v's innermost outer dimension: the runs found by
   counting, where lines_move divides for each (a transposed view's runs
   cost more to find by division than to count). */
static void move_runs(int ch, const lines_view *v, float *buf, long first,
                      long count, int to_view) {
  int r = v->outer_rank;
  if (v->step != 1 || r == 0) {
    lines_move(ch, v, buf, first, count, to_view);
    return;
  }
  long np = padded_length(v->n), idx[ACCEL_MAX_RANK] = {0}, off = 0;
  for (long d = r - 1, rest = first; d >= 0 && rest; --d) {
    idx[d] = rest % v->outer_dims[d];
    rest /= v->outer_dims[d];
    off += idx[d] * v->outer_strides[d];
  }
  long run = v->outer_dims[r - 1], spacing = v->outer_strides[r - 1];
  /* Whole runs of back-to-back lines (packed in buf too) along the next
     outer dimension: one 2-D transfer, a run a row (a batch's heads of a
     fused q/k/v product, a transfer's start-up a batch row otherwise). */
  if (r >= 2 && spacing == v->n && np == v->n && idx[r - 1] == 0 &&
      count % run == 0 && idx[r - 2] + count / run <= v->outer_dims[r - 2]) {
    long rows = count / run, rb = run * np * 4;
    long vs = v->outer_strides[r - 2] * 4;
    float *line = v->base + off;
    if (to_view)
      accel_dma_2d_on(ch, line, buf, rows, rb, vs, rb);
    else
      accel_dma_2d_on(ch, buf, line, rows, rb, rb, vs);
    return;
  }
  for (long k = 0; k < count;) {
    long m = run - idx[r - 1] < count - k ? run - idx[r - 1] : count - k;
    float *line = v->base + off, *b = buf + k * np;
    if (to_view)
      accel_dma_rows_on(ch, line, b, m, v->n * 4, spacing * 4, np * 4);
    else
      accel_dma_rows_on(ch, b, line, m, v->n * 4, np * 4, spacing * 4);
    k += m, idx[r - 1] += m, off += m * spacing;
    for (int d = r - 1; d > 0 && idx[d] == v->outer_dims[d]; --d) {
      off += v->outer_strides[d - 1] - idx[d] * v->outer_strides[d];
      idx[d] = 0;
      ++idx[d - 1];
    }
  }
}

/* Whether v's lines lie back to back, unpadded: as the batch holds
   them. */
static int packed_lines(const lines_view *v) {
  if (v->step != 1 || padded_length(v->n) != v->n)
    return 0;
  long expected = v->n;
  for (int d = v->outer_rank - 1; d >= 0; --d) {
    if (v->outer_dims[d] != 1 && v->outer_strides[d] != expected)
      return 0;
    expected *= v->outer_dims[d];
  }
  return 1;
}

/* A small x: its halves in on channels 0 and 1 behind the tables on 2
   and 3, each half's operations issued once it has arrived and its
   results sent out on 2 or 3 behind them (the transfer waits for the
   engine). */
static void rope_small(const lines_view *lx, const lines_view *ly,
                       const rope_plan *pl) {
  float *buf = LINES_SPM->batch[0];
  long np = padded_length(lx->n), half = (lx->count + 1) / 2;
  if (lx->count * np <= RopeOneChunkFloats) /* too little to overlap */
    half = lx->count;
  long rest = lx->count - half;
  move_runs(0, lx, buf, 0, half, 0);
  if (rest)
    move_runs(1, lx, buf + half * np, half, rest, 0);
  accel_dma_wait(2);
  accel_dma_wait(3);
  accel_dma_wait(0);
  rope_batch(buf, 0, half, lx->n, (void *)pl);
  if (!rest && packed_lines(ly) &&
      half * np * 4 <= EW_DIRECT_STORE_BYTES) { /* by the core's stores */
    ew_store_direct(ly->base, buf, half * np);
    return;
  }
  move_runs(2, ly, buf, 0, half, 1);
  if (rest) {
    accel_dma_wait(1);
    rope_batch(buf + half * np, half, rest, lx->n, (void *)pl);
    move_runs(3, ly, buf + half * np, half, rest, 1);
  }
  accel_dma_wait_all();
}

/* One pass over x with the tables whole in the scratchpad. */
static void rope_pass(const accel_tensor *x, const accel_tensor *c,
                      const accel_tensor *s, const accel_tensor *y) {
  rope_plan pl;
  plan_rope(x, c, &pl);
  lines_view lx, ly;
  int last = x->rank - 1;
  lines_of(x, last, last, &lx);
  lines_of(y, last, last, &ly);
  if (!lx.n || !lx.count)
    return;
  /* The tables on channels 2 and 3, ahead of x's first batch there:
     for_each_line_batch's wait for that batch covers them. */
  load_table(2, c, LINES_SPM->params[0]);
  load_table(3, s, LINES_SPM->params[1]);
  if (lx.count * padded_length(lx.n) <= RopeSmallFloats)
    rope_small(&lx, &ly, &pl);
  else
    for_each_line_batch(&lx, &ly, rope_batch, &pl, LinesMemoryBound);
}

/* t's indices [first, first + n) of dimension d, as a view. */
static accel_tensor part_of(const accel_tensor *t, int d, long first, long n) {
  accel_tensor p = *t;
  p.data = (float *)t->data + first * t->strides[d];
  p.dims[d] = n;
  return p;
}

/* Tables larger than the scratchpad holds (a long prompt's positions)
   are cut along their outermost dimension of more than one index, as
   many indices a part as fit (one, cut further, if none does), and each
   part of x, y and the tables is a pass of its own: x is still read
   once. */
static void rope_parts(const accel_tensor *x, const accel_tensor *c,
                       const accel_tensor *s, const accel_tensor *y) {
  long floats = table_floats(c);
  if (floats <= ACCEL_ROPE_MAX_TABLE_FLOATS) {
    rope_pass(x, c, s, y);
    return;
  }
  int d = 0;
  while (c->dims[d] == 1) /* one exists: D / 2 alone fits */
    ++d;
  int dx = d + x->rank - c->rank;
  long per = ACCEL_ROPE_MAX_TABLE_FLOATS / (floats / c->dims[d]);
  if (per < 1)
    per = 1;
  for (long first = 0; first < c->dims[d]; first += per) {
    long n = c->dims[d] - first < per ? c->dims[d] - first : per;
    accel_tensor xp = part_of(x, dx, first, n), yp = part_of(y, dx, first, n);
    accel_tensor cp = part_of(c, d, first, n), sp = part_of(s, d, first, n);
    rope_parts(&xp, &cp, &sp, &yp);
  }
}

/* accel_rope's arguments (kernel_stack.h, "a body's arguments"). */
typedef struct {
  const accel_tensor *x, *c, *s, *y;
} rope_args;

static long rope(const void *args, const void *unused1, const void *unused2,
                 const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  rope_args a = *(const rope_args *)args;
  accel_tensor xc, cc, sc, yc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, a.x);
  const accel_tensor *c = ACCEL_STAGE_READ(1, &cc, a.c);
  const accel_tensor *s = ACCEL_STAGE_READ(2, &sc, a.s);
  const accel_tensor *y = ACCEL_STAGE_READ(3, &yc, a.y);
  accel_dma_wait_all();
  accel_status st;
  if (accel_checking() && (st = check_args(x, c, s, y)))
    return st;
  if (!accel_only_checking())
    rope_parts(x, c, s, y);
  return ACCEL_OK;
}

accel_status accel_rope(const accel_tensor *x, const accel_tensor *cos,
                        const accel_tensor *sin, accel_tensor *y) {
  static ACCEL_SPM rope_args args;
  args = (rope_args){x, cos, sin, y};
  return (accel_status)accel_on_kernel_stack(rope, &args, NULL, NULL, NULL);
}
