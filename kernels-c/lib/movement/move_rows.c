/* move_rows.c - copies that pick each row's elements out of a row of the
   source, through the scratchpad (move_rows.h). */

#include "movement/move_rows.h"
#include "core/kernel_dma.h"
#include "movement/move_plan.h"

enum {
  Lanes = MOVE_ROWS_LANES,
  BufferFloats = MOVE_ROWS_BUFFER_FLOATS,
  /* A block: about this many floats of the longer side's rows (the first
     block's arrival and the last one's departure, when only half the
     channels work, stay short; the loop's own work a block stays small
     beside its transfers). */
  BlockFloats = 16 * 1024,
  /* Rows longer than a group of Lanes fits go by the DMA engine. */
  RowFloatsMax = BufferFloats / Lanes,
  /* Each element picked reads this many more of a row at most (a step's
     elements between): a DRAM burst's worth, what a transfer of the
     single element reads. */
  StepMax = KERNEL_BURST_FLOATS,
};

static long iabs(long v) { return v < 0 ? -v : v; }

/* The columns of x a row reads for t's n and step: [x_lo, x_lo + span),
   first counting from x_lo. */
static void set_span(move_rows *t) {
  t->span = iabs(t->step) * (t->n - 1) + 1;
  t->x_lo = t->step < 0 ? (t->n - 1) * t->step : 0;
  t->first = -t->x_lo;
}

int move_rows_make(move_rows *t, const move_dims *dims) {
  const move_dim *d = dims->d;
  int m = dims->m;
  t->dst_offset = dims->dst_offset;
  t->src_offset = dims->src_offset;
  if (m < 1)
    return 0;
  const move_dim *row = &d[m - 1];
  if (row->t != 1 || row->s == 1 || row->s == 0 || iabs(row->s) > StepMax)
    return 0;
  for (int i = 0; i < m - 1; ++i)
    if (d[i].s == 1 || (i == m - 2 && d[i].s < 0))
      return 0;
  t->n = row->n;
  t->step = row->s;
  t->offsets = 0;
  t->rows = m > 1 ? d[m - 2].n : 1;
  t->x_pitch = m > 1 ? d[m - 2].s : 0;
  t->y_pitch = m > 1 ? d[m - 2].t : 0;
  t->loops = 0;
  for (int i = 0; i < m - 2; ++i) {
    t->count[t->loops] = d[i].n;
    t->src_step[t->loops] = d[i].s;
    t->dst_step[t->loops] = d[i].t;
    ++t->loops;
  }
  /* A single row (the copy's dimensions merged into one) as rows of
     whole groups that fit, forward; the elements left over, a row of
     their own (run_rows). */
  t->tail = 0;
  long fit = (RowFloatsMax - 1) / iabs(row->s) + 1;
  if (m == 1 && row->s > 0 && row->n > fit) {
    t->n = fit / Lanes * Lanes;
    t->rows = row->n / t->n;
    t->tail = row->n % t->n;
    t->x_pitch = t->n * row->s;
    t->y_pitch = t->n;
  }
  set_span(t);
  return 1;
}

int move_rows_gather(move_rows *t, const accel_tensor *x, const accel_tensor *y,
                     long n) {
  int rank = x->rank, last = rank - 1;
  long cols = x->dims[last];
  if (x->strides[last] != 1 || y->strides[last] != 1 || n == 0 ||
      cols > RowFloatsMax || n > RowFloatsMax || n * 2 * StepMax < cols)
    return 0;
  for (int d = 0; d < rank; ++d)
    if (x->dims[d] == 0)
      return 0;
  t->n = n;
  t->tail = 0;
  t->x_lo = 0;
  t->span = cols;
  t->first = t->step = 0;
  t->offsets = 0;
  t->src_offset = t->dst_offset = 0;
  t->rows = rank > 1 ? x->dims[rank - 2] : 1;
  t->x_pitch = rank > 1 ? x->strides[rank - 2] : 0;
  t->y_pitch = rank > 1 ? y->strides[rank - 2] : 0;
  t->loops = rank > 2 ? rank - 2 : 0;
  for (int l = 0; l < t->loops; ++l) {
    t->count[l] = x->dims[l];
    t->src_step[l] = x->strides[l];
    t->dst_step[l] = y->strides[l];
  }
  return 1;
}

int move_rows_matrices(move_rows *t, long rows, long cols, long src_pitch,
                       long count, long src_step, long dst_step, int *offsets) {
  long n = rows * cols, span = (rows - 1) * src_pitch + cols;
  if (count < Lanes || src_step < 0 || dst_step < n || n > RowFloatsMax ||
      span > RowFloatsMax)
    return 0;
  /* y's element c * rows + r is x's r * src_pitch + c. */
  int *o = offsets;
  for (long c = 0; c < cols; ++c)
    for (long r = 0; r < rows; ++r)
      *o++ = (int)(4 * (r * src_pitch + c));
  *t = (move_rows){.rows = count,
                   .n = n,
                   .x_pitch = src_step,
                   .y_pitch = dst_step,
                   .span = span,
                   .offsets = offsets};
  return 1;
}

/* The blocks: the outer loops' odometer, each matrix's rows in blocks,
   the last of all cut to LastRows rows: its rows leave while none come
   in, so the shorter the better. */
enum { LastRows = 2 };
typedef struct {
  const move_rows *t;
  long rows;                         /* a block's */
  long index[ACCEL_MAX_RANK], r, nr; /* the block: rows [r, r + nr) */
  const float *x;                    /* the matrix's row 0, column x_lo */
  float *y;
} block_walk;

/* A block: rows [r, r + nr) of a matrix. */
typedef struct {
  const float *x;
  float *y;
  long nr;
} block;

static block block_at(block_walk *w) {
  const move_rows *t = w->t;
  long left = t->rows - w->r, nr = left < w->rows ? left : w->rows;
  int last = 1;
  for (int l = 0; l < t->loops; ++l)
    last &= w->index[l] == t->count[l] - 1;
  if (last && left <= w->rows && left > 2 * LastRows)
    nr = left - LastRows;
  w->nr = nr;
  return (block){w->x + w->r * t->x_pitch, w->y + w->r * t->y_pitch, nr};
}

static int block_next(block_walk *w) {
  const move_rows *t = w->t;
  if ((w->r += w->nr) < t->rows)
    return 1;
  w->r = 0;
  for (int l = t->loops - 1; l >= 0; --l) {
    w->x += t->src_step[l];
    w->y += t->dst_step[l];
    if (++w->index[l] < t->count[l])
      return 1;
    w->x -= t->count[l] * t->src_step[l];
    w->y -= t->count[l] * t->dst_step[l];
    w->index[l] = 0;
  }
  return 0;
}

/* The buffers' row pitches: packed where the rows are packed on the DRAM
   side too (a block is then one transfer a half), else a vector's
   multiple. */
typedef struct {
  long x, y;
} pitches;

static long round_up(long v, long to) { return (v + to - 1) / to * to; }

/* A block's x rows in on channels 0 and 1, a half each (one transfer a
   half where both sides are packed). */
static move_halves load(const block *b, const move_rows *t, pitches p,
                        float *buf) {
  long first = (b->nr + 1) / 2, second = b->nr - first;
  int packed = t->x_pitch == t->span && p.x == t->span;
  long bytes = 4 * t->span;
  accel_dma_2d(0, buf, b->x, packed ? 1 : first, packed ? first * bytes : bytes,
               4 * p.x, 4 * t->x_pitch);
  if (second)
    accel_dma_2d(1, buf + first * p.x, b->x + first * t->x_pitch,
                 packed ? 1 : second, packed ? second * bytes : bytes, 4 * p.x,
                 4 * t->x_pitch);
  return (move_halves){1, second > 0};
}

/* A block's y rows out on channels 2 and 3. */
static move_halves store(const block *b, const move_rows *t, pitches p,
                         const float *buf) {
  long first = (b->nr + 1) / 2, second = b->nr - first;
  int packed = t->y_pitch == t->n && p.y == t->n;
  long bytes = 4 * t->n;
  accel_dma_2d(2, b->y, buf, packed ? 1 : first, packed ? first * bytes : bytes,
               4 * t->y_pitch, 4 * p.y);
  if (second)
    accel_dma_2d(3, b->y + first * t->y_pitch, buf + first * p.y,
                 packed ? 1 : second, packed ? second * bytes : bytes,
                 4 * t->y_pitch, 4 * p.y);
  return (move_halves){1, second > 0};
}

/* The block's y rows from its x rows, Lanes rows at a time (the last
   group's lanes past the block read and write the buffers' spare rows). */
static void pick(const block *b, const move_rows *t, pitches p, const float *x,
                 float *y) {
  for (long g = 0; g < b->nr; g += Lanes, x += Lanes * p.x, y += Lanes * p.y)
    if (t->offsets)
      move_rows_pick(y, 4 * p.y, x, 4 * p.x, t->offsets, t->n);
    else
      move_rows_step(y, 4 * p.y, x + t->first, 4 * p.x, 4 * t->step, t->n);
}

/* The blocks of a plan whose rows fit the buffers, x00 and y00 its
   element (0, 0). */
static void run_blocks(const move_rows *t, float *y00, const float *x00,
                       move_rows_spm *spm) {
  pitches p = {t->x_pitch == t->span ? t->span : round_up(t->span, Lanes),
               t->y_pitch == t->n ? t->n : round_up(t->n, Lanes)};
  long longer = p.x > p.y ? p.x : p.y;
  long rows = BlockFloats / longer / Lanes * Lanes;
  rows = rows < Lanes ? Lanes : rows;
  rows = rows * longer > BufferFloats ? BufferFloats / longer / Lanes * Lanes
                                      : rows;
  block_walk w = {t, rows, {0}, 0, 0, x00 + t->x_lo, y00};
  /* Block k comes in on channels 0 and 1 while block k - 1 is picked, and
     leaves on 2 and 3 while block k + 1 is: each channel holds at most its
     share of one block beyond the one waited for. */
  block cur = block_at(&w);
  move_halves stored = {0, 0};
  load(&cur, t, p, spm->x[0]);
  for (int k = 0;; ++k) {
    int more = block_next(&w);
    block next;
    move_halves next_loaded = {0, 0};
    if (more) {
      next = block_at(&w);
      next_loaded = load(&next, t, p, spm->x[(k + 1) & 1]);
    }
    MOVE_WAIT_BUT(0, 1, next_loaded);
    MOVE_WAIT_BUT(2, 3, stored);
    pick(&cur, t, p, spm->x[k & 1], spm->y[k & 1]);
    stored = store(&cur, t, p, spm->y[k & 1]);
    if (!more)
      break;
    cur = next;
  }
  accel_dma_wait_all();
}

void move_rows_run(const move_rows *t, float *dst, const float *src,
                   move_rows_spm *spm) {
  accel_dma_wait_all();
  float *y00 = dst + t->dst_offset;
  const float *x00 = src + t->src_offset;
  if (t->span <= RowFloatsMax)
    run_blocks(t, y00, x00, spm);
  else {
    /* Rows longer than the buffers take in blocks of columns (steps: the
       indices' rows are checked to fit). */
    move_rows b = *t;
    long cols = ((RowFloatsMax - 1) / iabs(t->step) + 1) / Lanes * Lanes;
    for (long j = 0; j < t->n; j += cols) {
      b.n = t->n - j < cols ? t->n - j : cols;
      set_span(&b);
      run_blocks(&b, y00 + j, x00 + j * t->step, spm);
    }
  }
  if (t->tail) {
    move_rows b = *t;
    b.rows = 1, b.n = t->tail;
    set_span(&b);
    run_blocks(&b, y00 + t->rows * t->y_pitch, x00 + t->rows * t->x_pitch, spm);
  }
}
