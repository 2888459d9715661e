/* pad.c - y = np.pad(x, widths, mode) for the constant, reflect and edge
   modes (docs/kernels.md, "Data movement"): x is copied into y's
   interior, then the border is filled axis by axis as numpy does, each
   axis's border spanning the axes before it whole (so the corners come
   from the borders already made) and the axes after it only inside.

   Where the last axis is contiguous on both sides and padded, its border
   is made in the scratchpad instead, so that no transfer moves single
   elements: x's rows come in, the border elements are written beside
   them, and y's interior rows leave whole; then the other axes' borders
   copy whole rows, as they would after padding the last axis (numpy's
   order gives the same result: an outer border row padded along the last
   axis is the padded row it copies). */

#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include "movement/move_plan.h"
#include "movement/move_transpose.h"
#include <stddef.h>

static const char Kernel[] = "accel_pad";

/* accel_pad's scalar arguments, passed to its body by address. */
typedef struct {
  accel_pad_mode mode;
  float value;
} pad_mode_value;

/* Rows padded in the scratchpad: three buffers (one coming in, one
   being padded, one leaving) of up to RowBufferFloats, blocks of about
   RowBlockFloats (small enough that the first block's arrival and the
   last one's departure, when only half the channels work, are short). */
enum {
  L = KERNEL_LANES,
  RowBuffers = 3,
  RowBufferFloats = 24 * 1024,
  RowBlockFloats = 16 * 1024,
  RowAlign = L,
};

/* The fill buffer after the panels that a transposing copy of the
   interior or of a border uses (move_transpose.h), or the rows. */
typedef struct {
  union {
    move_transpose_spm transpose;
    float rows[RowBuffers][RowBufferFloats];
  } work;
  float fill[MOVE_FILL_FLOATS];
} pad_spm;
KERNEL_SPM_FITS(pad_spm);

static accel_status check(const accel_tensor *x, const accel_tensor *y,
                          const long *widths, accel_pad_mode mode) {
  accel_status s = move_check_same_rank(Kernel, x, y);
  if (s)
    return s;
  if (mode != ACCEL_PAD_CONSTANT && mode != ACCEL_PAD_REFLECT &&
      mode != ACCEL_PAD_EDGE)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "mode",
                              "%d is not an accel_pad_mode", (int)mode);
  if (!widths && x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "widths",
                              "null array");
  for (int d = 0; d < x->rank; ++d) {
    long before = widths[2 * d], after = widths[2 * d + 1];
    if (before < 0 || after < 0)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "widths",
                                "dimension %d: negative width (%ld, %ld)", d,
                                before, after);
    if (y->dims[d] - x->dims[d] != before + after)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "y",
                                "dimension %d is %ld, expected %ld + %ld + "
                                "%ld",
                                d, y->dims[d], before, x->dims[d], after);
    long most = before > after ? before : after;
    if (most && mode == ACCEL_PAD_EDGE && x->dims[d] == 0)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "x",
                                "dimension %d is empty: no edge to repeat", d);
    /* numpy reflects again past the far edge; one reflection is done. */
    if (most && mode == ACCEL_PAD_REFLECT && most > x->dims[d] - 1)
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "widths",
                                "dimension %d: width %ld, reflect takes at "
                                "most x's size - 1 = %ld",
                                d, most, x->dims[d] - 1);
  }
  if (accel_tensors_overlap(x, y))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y", "overlaps x");
  return ACCEL_OK;
}

/* Fills one side of axis d's border: `count` planes from index `at`
   along d, the axes before d whole and those after inside (but those
   from `padded` on whole: their borders are made already). */
static void border(const accel_tensor *y, const long *widths, int d,
                   accel_pad_mode mode, long at, long count, long from,
                   long step, int padded, int *channel) {
  long dims[ACCEL_MAX_RANK], src_strides[ACCEL_MAX_RANK];
  float *dst = y->data;
  const float *src = y->data;
  for (int e = 0; e < y->rank; ++e) {
    int whole = e < d || e >= padded;
    long lo = whole ? 0 : widths[2 * e];
    dims[e] =
        whole ? y->dims[e] : y->dims[e] - widths[2 * e] - widths[2 * e + 1];
    dst += lo * y->strides[e];
    src += lo * y->strides[e];
    src_strides[e] = y->strides[e];
  }
  if (count == 0)
    return;
  dims[d] = count;
  dst += (at - widths[2 * d]) * y->strides[d];
  if (mode == ACCEL_PAD_CONSTANT) {
    long zero[ACCEL_MAX_RANK] = {0};
    move_plan p;
    move_plan_make(&p, y->rank, dims, y->strides, zero, MOVE_SRC_FILL);
    move_plan_run(&p, dst, KERNEL_SPM(pad_spm)->fill, channel);
    return;
  }
  src += (from - widths[2 * d]) * y->strides[d];
  src_strides[d] = step * y->strides[d];
  move_copy(y->rank, dims, dst, y->strides, src, src_strides, channel);
}

/* The borders of axes [0, axes), axis by axis (edge and reflect after
   the transfers of the axes before them), the axes from `padded` on
   padded already. */
static void borders(const accel_tensor *y, const long *widths, int axes,
                    accel_pad_mode mode, int padded, int *channel) {
  for (int d = 0; d < axes; ++d) {
    long before = widths[2 * d], after = widths[2 * d + 1];
    long end = y->dims[d] - after; /* one past the interior */
    /* Edge repeats the first or last plane; reflect mirrors about it. A
       constant border needs nothing written before it, the others read
       the planes the previous axes finished. */
    if (mode != ACCEL_PAD_CONSTANT)
      accel_dma_wait_all();
    long step = mode == ACCEL_PAD_EDGE ? 0 : -1;
    long first = mode == ACCEL_PAD_EDGE ? before : 2 * before;
    long last = mode == ACCEL_PAD_EDGE ? end - 1 : end - 2;
    border(y, widths, d, mode, 0, before, first, step, padded, channel);
    border(y, widths, d, mode, end, after, last, step, padded, channel);
  }
}

/* The fill buffer of a constant pad: MOVE_FILL_FLOATS copies of value. */
static void fill_buffer(float value) {
  accel_v16f v = value;
  float *fill = KERNEL_SPM(pad_spm)->fill;
  for (int i = 0; i < MOVE_FILL_FLOATS; i += 4 * L) {
    accel_vstore(fill + i, v);
    accel_vstore(fill + i + L, v);
    accel_vstore(fill + i + 2 * L, v);
    accel_vstore(fill + i + 3 * L, v);
  }
}

/* The row path's geometry: x's rows (its last axis) by a row axis (the
   one before, or a single row) and the outer axes before that. */
typedef struct {
  long w, before, after, wy, pitch; /* row lengths; the buffers' pitch */
  long rows, x_row, y_row;          /* the row axis: count, strides */
  int outer;
  long count[ACCEL_MAX_RANK], x_step[ACCEL_MAX_RANK], y_step[ACCEL_MAX_RANK];
  long block;                 /* rows a block */
  long row_before, row_after; /* the row axis's widths */
} row_shape;

/* The border of a row at row from its interior, along the row: L
   elements a vector (a reflection by strided loads of stride -4). */
static void pad_row(float *row, const row_shape *r, accel_pad_mode mode) {
  long b = r->before, a = r->after, w = r->w, i = 0;
  if (mode == ACCEL_PAD_EDGE) {
    float first = row[b], last = row[b + w - 1];
    accel_v16f vf = first, vl = last;
    for (i = 0; i + L <= b; i += L)
      accel_vstore(row + i, vf);
    for (; i < b; ++i)
      row[i] = first;
    for (i = 0; i + L <= a; i += L)
      accel_vstore(row + b + w + i, vl);
    for (; i < a; ++i)
      row[b + w + i] = last;
    return;
  }
  for (i = 0; i + L <= b; i += L)
    accel_vstore(row + b - L - i, accel_vload_strided(row + b + L + i, -4));
  for (; i < b; ++i)
    row[b - 1 - i] = row[b + 1 + i];
  for (i = 0; i + L <= a; i += L)
    accel_vstore(row + b + w + i, accel_vload_strided(row + b + w - 2 - i, -4));
  for (; i < a; ++i)
    row[b + w + i] = row[b + w - 2 - i];
}

/* Column `to` of n rows at buf from column `from`, L rows a strided load
   and store (the rest one at a time). */
static void copy_column(float *buf, long pitch, long n, long to, long from) {
  long stride = 4 * pitch, i = 0;
  for (; i + L <= n; i += L)
    accel_vstore_strided(accel_vload_strided(buf + i * pitch + from, stride),
                         buf + i * pitch + to, stride);
  for (; i < n; ++i)
    buf[i * pitch + to] = buf[i * pitch + from];
}

/* The borders of a block's n rows at buf: a column at a time (L rows
   an instruction) where they are narrow, else a row at a time. Not
   inlined: its loops' registers would be spilled in the block loop. */
__attribute__((noinline)) static void
pad_block(float *buf, long n, const row_shape *r, accel_pad_mode mode) {
  long b = r->before, a = r->after, w = r->w;
  if (b + a >= L) {
    for (long i = 0; i < n; ++i)
      pad_row(buf + i * r->pitch, r, mode);
    return;
  }
  int edge = mode == ACCEL_PAD_EDGE;
  for (long j = 0; j < b; ++j)
    copy_column(buf, r->pitch, n, b - 1 - j, edge ? b : b + 1 + j);
  for (long j = 0; j < a; ++j)
    copy_column(buf, r->pitch, n, b + w + j, edge ? b + w - 1 : b + w - 2 - j);
}

/* One block: rows [i, i + n) of the row axis, at x's and y's rows. */
typedef struct {
  const float *x;
  float *y;
  long n, i;
} row_block;

/* The blocks in order: the outer axes' odometer, the row axis in blocks,
   the last of all cut to LastRows rows: its rows leave while none come
   in, so the shorter the better. */
enum { LastRows = 2 };
typedef struct {
  const row_shape *r;
  long index[ACCEL_MAX_RANK], i, n; /* the block: rows [i, i + n) */
  const float *x;
  float *y;
} block_walk;

static row_block block_at(block_walk *w) {
  const row_shape *r = w->r;
  long left = r->rows - w->i, n = left < r->block ? left : r->block;
  int last = 1;
  for (int l = 0; l < r->outer; ++l)
    last &= w->index[l] == r->count[l] - 1;
  if (last && left <= r->block && left > 2 * LastRows)
    n = left - LastRows;
  w->n = n;
  return (row_block){w->x + w->i * r->x_row, w->y + w->i * r->y_row, n, w->i};
}

static int block_next(block_walk *w) {
  const row_shape *r = w->r;
  if ((w->i += w->n) < r->rows)
    return 1;
  w->i = 0;
  for (int l = r->outer - 1; l >= 0; --l) {
    w->x += r->x_step[l];
    w->y += r->y_step[l];
    if (++w->index[l] < r->count[l])
      return 1;
    w->x -= r->count[l] * r->x_step[l];
    w->y -= r->count[l] * r->y_step[l];
    w->index[l] = 0;
  }
  return 0;
}

/* A block's x rows into buf (at each row's interior), over channels 0
   and 1. */
static move_halves rows_in(const row_block *k, const row_shape *r, float *buf) {
  long first = (k->n + 1) / 2, second = k->n - first;
  accel_dma_2d(0, buf + r->before, k->x, first, 4 * r->w, 4 * r->pitch,
               4 * r->x_row);
  if (second)
    accel_dma_2d(1, buf + first * r->pitch + r->before, k->x + first * r->x_row,
                 second, 4 * r->w, 4 * r->pitch, 4 * r->x_row);
  return (move_halves){1, second > 0};
}

/* A block's padded rows from buf to y, over channels 2 and 3. */
/* The row axis's border rows that copy rows of this block (edge and
   reflect: numpy's y[j] = x[before - j] before and y[before + rows + j] =
   x[rows - 2 - j] after, or the edge rows), each from the buffer, on
   channels 2 and 3 in turn. */
static void border_rows_out(const row_block *k, const row_shape *r,
                            const float *buf, accel_pad_mode mode) {
  long b = r->row_before, a = r->row_after, n = r->rows;
  float *plane = k->y - k->i * r->y_row; /* interior row 0 */
  int ch = 0;
  for (long j = 0; j < b + a; ++j) {
    long to = j < b ? j - b : n + j - b;
    long from = mode == ACCEL_PAD_EDGE ? (j < b ? 0 : n - 1)
                : j < b                ? b - j
                                       : n - 2 - (j - b);
    if (from < k->i || from >= k->i + k->n)
      continue;
    accel_dma_2d_on(2 + (ch++ & 1), plane + to * r->y_row,
                    buf + (from - k->i) * r->pitch, 1, 4 * r->wy, 0, 0);
  }
}

static move_halves rows_out(const row_block *k, const row_shape *r,
                            const float *buf) {
  long first = (k->n + 1) / 2, second = k->n - first;
  /* Rows packed on both sides go as one: a row's DRAM bursts are shared
     with the next's. */
  int packed = r->y_row == r->wy && r->pitch == r->wy;
  long bytes = 4 * r->wy;
  accel_dma_2d(2, k->y, buf, packed ? 1 : first, packed ? first * bytes : bytes,
               4 * r->y_row, 4 * r->pitch);
  if (second)
    accel_dma_2d(3, k->y + first * r->y_row, buf + first * r->pitch,
                 packed ? 1 : second, packed ? second * bytes : bytes,
                 4 * r->y_row, 4 * r->pitch);
  return (move_halves){1, second > 0};
}

/* y's interior rows padded along the last axis, where that axis is
   contiguous in x and y and padded and a padded row fits a buffer:
   block k comes in on channels 0 and 1 while block k - 1 is padded and
   leaves on 2 and 3, each channel holding at most its share of one block
   beyond the one waited for; the row axis's borders too (edge and
   reflect: copies of padded rows, from the buffers), and a constant pad's
   other axes' borders. Returns whether it did (and left every channel
   idle). */
static int pad_rows(const accel_tensor *x, const accel_tensor *y,
                    const long *widths, accel_pad_mode mode, float value) {
  int rank = x->rank, last = rank - 1;
  if (rank < 1 || x->strides[last] != 1 || y->strides[last] != 1 ||
      widths[2 * last] + widths[2 * last + 1] == 0)
    return 0;
  for (int d = 0; d < rank; ++d)
    if (x->dims[d] == 0)
      return 0;
  row_shape r;
  r.w = x->dims[last];
  r.before = widths[2 * last];
  r.after = widths[2 * last + 1];
  r.wy = y->dims[last];
  r.rows = rank > 1 ? x->dims[rank - 2] : 1;
  r.x_row = rank > 1 ? x->strides[rank - 2] : 0;
  r.y_row = rank > 1 ? y->strides[rank - 2] : 0;
  /* The buffers' rows packed as y's where y's are, else a vector's
     multiple apart. */
  r.pitch =
      r.y_row == r.wy ? r.wy : (r.wy + RowAlign - 1) / RowAlign * RowAlign;
  if (r.pitch > RowBufferFloats)
    return 0;
  r.outer = rank > 2 ? rank - 2 : 0;
  r.row_before = rank > 1 ? widths[2 * (rank - 2)] : 0;
  r.row_after = rank > 1 ? widths[2 * (rank - 2) + 1] : 0;
  const float *xs = x->data;
  float *ys = y->data;
  for (int d = 0; d < rank; ++d)
    ys += widths[2 * d] * y->strides[d];
  ys -= r.before;
  for (int l = 0; l < r.outer; ++l) {
    r.count[l] = x->dims[l];
    r.x_step[l] = x->strides[l];
    r.y_step[l] = y->strides[l];
  }
  /* Rows a block: whole groups of L (the border's columns are padded L
     rows an instruction) where they fit, else an even number (halves of
     one size on the channels of each side). */
  long group = RowBufferFloats / r.pitch >= L ? L : 2;
  r.block = (RowBlockFloats / r.pitch + group - 1) / group * group;
  r.block =
      r.block * r.pitch > RowBufferFloats ? RowBufferFloats / r.pitch : r.block;
  r.block = r.block < 1 ? 1 : r.block > r.rows ? r.rows : r.block;
  float(*buf)[RowBufferFloats] = KERNEL_SPM(pad_spm)->work.rows;
  accel_dma_wait_all();
  block_walk w = {&r, {0}, 0, 0, xs, ys};
  row_block cur = block_at(&w);
  move_halves stored = {0, 0};
  rows_in(&cur, &r, buf[0]);
  int constant = mode == ACCEL_PAD_CONSTANT;
  for (int k = 0;; ++k) {
    /* Block k + 1's buffer held block k - 2, which has left. */
    MOVE_WAIT_BUT(2, 3, stored);
    int more = block_next(&w);
    row_block next;
    move_halves next_loaded = {0, 0};
    if (more) {
      next = block_at(&w);
      next_loaded = rows_in(&next, &r, buf[(k + 1) % RowBuffers]);
    }
    /* A constant border, the same in every row, is written once in each
       buffer beside the interiors the transfers bring; the outer axes'
       borders, from the fill buffer, leave behind the first rows. Both
       while blocks come in, where the loop would wait for them. */
    if (constant && k == 0)
      for (int b = 0; b < RowBuffers; ++b)
        for (long i = 0; i < r.block; ++i) {
          float *row = buf[b] + i * r.pitch;
          for (long j = 0; j < r.before; ++j)
            row[j] = value;
          for (long j = r.before + r.w; j < r.wy; ++j)
            row[j] = value;
        }
    if (constant && (k == 1 || (k == 0 && !more))) {
      fill_buffer(value);
      int channel = 2;
      borders(y, widths, last, mode, last, &channel);
    }
    MOVE_WAIT_BUT(0, 1, next_loaded);
    float *b = buf[k % RowBuffers];
    if (!constant) {
      pad_block(b, cur.n, &r, mode);
      border_rows_out(&cur, &r, b, mode);
    }
    stored = rows_out(&cur, &r, b);
    if (!more)
      break;
    cur = next;
  }
  accel_dma_wait_all();
  return 1;
}

static long pad(const void *xp, const void *yp, const void *widthsp,
                const void *modep) {
  accel_tensor xc, yc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)xp);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)yp);
  const pad_mode_value *mv = modep;
  accel_dma_wait_all();
  int rank = move_arg_rank(x);
  long widths[2 * ACCEL_MAX_RANK];
  for (int i = 0; widthsp && i < 2 * rank; ++i)
    widths[i] = ((const long *)widthsp)[i];
  accel_pad_mode mode = mv->mode;
  accel_status s = check(x, y, widthsp ? widths : 0, mode);
  if (s || accel_only_checking())
    return s;
  long total = 1;
  for (int d = 0; d < rank; ++d)
    total *= y->dims[d];
  if (total == 0)
    return ACCEL_OK;
  int channel = 0;
  if (pad_rows(x, y, widths, mode, mv->value)) {
    if (mode != ACCEL_PAD_CONSTANT && rank > 2)
      borders(y, widths, rank - 2, mode, rank - 2, &channel);
  } else {
    if (mode == ACCEL_PAD_CONSTANT)
      fill_buffer(mv->value);
    float *interior = y->data;
    for (int d = 0; d < rank; ++d)
      interior += widths[2 * d] * y->strides[d];
    move_copy(rank, x->dims, interior, y->strides, x->data, x->strides,
              &channel);
    borders(y, widths, rank, mode, rank, &channel);
  }
  accel_dma_wait_all();
  return ACCEL_OK;
}

accel_status accel_pad(const accel_tensor *x, accel_tensor *y,
                       const long *widths, accel_pad_mode mode, float value) {
  pad_mode_value mv = {mode, value};
  return (accel_status)accel_on_kernel_stack(pad, x, y, widths, &mv);
}
