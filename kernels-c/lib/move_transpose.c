/* move_transpose.c - copies that transpose, through the scratchpad
   (move_transpose.h). */

#include "move_transpose.h"
#include "kernel_dma.h"
#include "move_plan.h"
#include <stdint.h>

enum {
  PanelRows = MOVE_PANEL_ROWS,
  PanelCols = MOVE_PANEL_COLS,
  Lanes = MOVE_LANES,
  /* move_transpose_group's columns come in eights. */
  ColumnStep = 8,
  BurstFloats = __ACCEL_DRAM_BURST_BYTES__ / 4,
};

_Static_assert(PanelRows % Lanes == 0, "a panel is whole groups of rows");
_Static_assert(PanelCols % ColumnStep == 0, "a panel is whole column steps");

int move_transpose_make(move_transpose *t, int rank, const long *dims,
                        const long *dst_strides, const long *src_strides) {
  move_dim d[ACCEL_MAX_RANK];
  int m = move_dims_normalize(rank, dims, dst_strides, src_strides, d,
                              &t->dst_offset, &t->src_offset);
  if (m < 2)
    return 0;
  /* The destination's contiguous dimension runs down the source's rows
     (a forward stride: DMA strides are unsigned), and the source is
     contiguous along another. */
  const move_dim *row = &d[m - 1];
  if (row->t != 1 || row->s <= 1)
    return 0;
  int col = -1;
  for (int i = 0; i < m - 1 && col < 0; ++i)
    if (d[i].s == 1)
      col = i;
  if (col < 0)
    return 0;
  t->rows = row->n;
  t->src_pitch = row->s;
  t->cols = d[col].n;
  t->dst_pitch = d[col].t;
  t->loops = 0;
  for (int i = 0; i < m - 1; ++i)
    if (i != col) {
      t->count[t->loops] = d[i].n;
      t->src_step[t->loops] = d[i].s;
      t->dst_step[t->loops] = d[i].t;
      ++t->loops;
    }
  return 1;
}

/* The panels, matrix by matrix (the outer loops' odometer), each
   matrix's source rows and columns in a grid of PanelRows by PanelCols
   whose lines fall on DRAM bursts where the pitches let them: the result's
   rows then start a burst (r_origin), and so do the source's (c_origin). */
typedef struct {
  const move_transpose *t;
  long index[ACCEL_MAX_RANK];
  const float *src; /* the current matrix's element (0, 0) */
  float *dst;
  long r_origin, c_origin; /* in (-BurstFloats, 0] */
  long r, c;               /* the panel's grid position */
} panel_walk;

/* A panel: source rows [r0, r0 + nr) by columns [c0, c0 + nc), which sit
   at row lr, column lc of the panel's grid cell. */
typedef struct {
  const float *src; /* source element (r0, c0) */
  float *dst;       /* destination element (c0, r0) */
  long lr, lc, nr, nc;
} panel;

/* How far below index 0 the grid starts for a matrix at base whose other
   dimension steps by pitch: the first index whose line starts a burst. */
static long grid_origin(const float *base, long pitch) {
  if (pitch % BurstFloats)
    return 0;
  return -(long)((uintptr_t)base / 4 % BurstFloats);
}

static void walk_matrix(panel_walk *w, const float *src, float *dst) {
  w->src = src;
  w->dst = dst;
  w->r_origin = w->r = grid_origin(dst, w->t->dst_pitch);
  w->c_origin = w->c = grid_origin(src, w->t->src_pitch);
}

/* Advances to the next panel; 0 after the last. */
static int walk_next(panel_walk *w) {
  const move_transpose *t = w->t;
  if ((w->c += PanelCols) < t->cols)
    return 1;
  w->c = w->c_origin;
  if ((w->r += PanelRows) < t->rows)
    return 1;
  int l = t->loops - 1;
  for (; l >= 0; --l) {
    if (++w->index[l] < t->count[l])
      break;
    w->index[l] = 0;
  }
  if (l < 0)
    return 0;
  const float *src = w->src;
  float *dst = w->dst;
  for (int k = t->loops - 1; k >= l; --k) {
    long back = k == l ? 1 : 1 - t->count[k];
    src += back * t->src_step[k];
    dst += back * t->dst_step[k];
  }
  walk_matrix(w, src, dst);
  return 1;
}

static panel panel_at(const panel_walk *w) {
  const move_transpose *t = w->t;
  long r0 = w->r > 0 ? w->r : 0, c0 = w->c > 0 ? w->c : 0;
  long r1 = w->r + PanelRows, c1 = w->c + PanelCols;
  r1 = r1 < t->rows ? r1 : t->rows;
  c1 = c1 < t->cols ? c1 : t->cols;
  return (panel){w->src + r0 * t->src_pitch + c0,
                 w->dst + c0 * t->dst_pitch + r0,
                 r0 - w->r,
                 c0 - w->c,
                 r1 - r0,
                 c1 - c0};
}

/* Which channels a panel's transfer went to, for the waits after it. */
typedef struct {
  int first, second;
} halves;

/* The panel's source rows into the panel buffer, split between channels
   0 and 1. */
static halves load(const panel *p, const move_transpose *t, float *in) {
  long first = (p->nr + 1) / 2, second = p->nr - first;
  long src_stride = 4 * t->src_pitch, dst_stride = 4 * PanelCols;
  float *at = in + p->lr * PanelCols + p->lc;
  accel_dma_2d(0, at, p->src, first, 4 * p->nc, dst_stride, src_stride);
  if (second)
    accel_dma_2d(1, at + first * PanelCols, p->src + first * t->src_pitch,
                 second, 4 * p->nc, dst_stride, src_stride);
  return (halves){1, second > 0};
}

/* The panel's result rows out, split between channels 2 and 3. */
static halves store(const panel *p, const move_transpose *t,
                    const float *out) {
  long first = (p->nc + 1) / 2, second = p->nc - first;
  long src_stride = 4 * PanelRows, dst_stride = 4 * t->dst_pitch;
  const float *at = out + p->lc * PanelRows + p->lr;
  accel_dma_2d(2, p->dst, at, first, 4 * p->nr, dst_stride, src_stride);
  if (second)
    accel_dma_2d(3, p->dst + first * t->dst_pitch, at + first * PanelRows,
                 second, 4 * p->nr, dst_stride, src_stride);
  return (halves){1, second > 0};
}

/* Waits for every transfer of a channel pair but the one of `newer` on
   each channel that took one. */
#define WAIT_BUT(ch0, ch1, newer)                                              \
  do {                                                                         \
    if ((newer).first)                                                         \
      accel_dma_wait_older(ch0);                                               \
    else                                                                       \
      accel_dma_wait(ch0);                                                     \
    if ((newer).second)                                                        \
      accel_dma_wait_older(ch1);                                               \
    else                                                                       \
      accel_dma_wait(ch1);                                                     \
  } while (0)

/* The panel's groups of Lanes rows that hold its rows, over the column
   steps that hold its columns. */
static void transpose_panel(const panel *p, const float *in, float *out) {
  long g0 = p->lr / Lanes, g1 = (p->lr + p->nr - 1) / Lanes;
  long c0 = p->lc / ColumnStep * ColumnStep;
  long c1 = (p->lc + p->nc + ColumnStep - 1) / ColumnStep * ColumnStep;
  for (long g = g0; g <= g1; ++g)
    move_transpose_group(out + c0 * PanelRows + g * Lanes,
                         in + g * Lanes * PanelCols + c0, 4 * PanelCols,
                         c1 - c0);
}

void move_transpose_run(const move_transpose *t, float *dst, const float *src,
                        move_transpose_spm *spm) {
  accel_dma_wait_all();
  panel_walk w = {t, {0}, 0, 0, 0, 0, 0, 0};
  walk_matrix(&w, src + t->src_offset, dst + t->dst_offset);
  /* Panel k comes in on channels 0 and 1 while panel k - 1 is
     transposed, and leaves on 2 and 3 while panel k + 1 is: each channel
     holds at most its share of one panel beyond the one waited for. */
  panel cur = panel_at(&w);
  halves loaded = load(&cur, t, spm->in[0]), stored = {0, 0};
  (void)loaded;
  for (int k = 0;; ++k) {
    int more = walk_next(&w);
    panel next;
    halves next_loaded = {0, 0};
    if (more) {
      next = panel_at(&w);
      next_loaded = load(&next, t, spm->in[(k + 1) & 1]);
    }
    WAIT_BUT(0, 1, next_loaded);
    WAIT_BUT(2, 3, stored);
    transpose_panel(&cur, spm->in[k & 1], spm->out[k & 1]);
    stored = store(&cur, t, spm->out[k & 1]);
    if (!more)
      break;
    cur = next;
  }
  accel_dma_wait_all();
}
