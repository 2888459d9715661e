/* move_transpose.c - copies that transpose, through the scratchpad
   (move_transpose.h). */

#include "movement/move_transpose.h"
#include "core/kernel_dma.h"
#include "movement/move_plan.h"
#include <stddef.h>
#include <stdint.h>

enum {
  PanelRows = MOVE_PANEL_ROWS,
  PanelCols = MOVE_PANEL_COLS,
  Lanes = MOVE_LANES,
  /* move_transpose_group's columns come in eights. */
  ColumnStep = 8,
  BurstFloats = KERNEL_BURST_FLOATS,
};

_Static_assert(PanelRows % Lanes == 0, "a panel is whole groups of rows");
_Static_assert(MOVE_TILE == Lanes, "a tile's column is one strided load");
_Static_assert(MOVE_TILE_ROW_BYTES % KERNEL_BURST_BYTES == 0,
               "a tile's rows are whole DRAM bursts");
_Static_assert(PanelCols % ColumnStep == 0, "a panel is whole column steps");

/* move_transpose.S reads the rows' and tiles' fields by offset. */
#define FIELD_AT(type, field, offset)                                          \
  _Static_assert(offsetof(type, field) == offset, #type "." #field)
FIELD_AT(move_tile_row, in_slot, MOVE_ROW_IN_SLOT);
FIELD_AT(move_tile_row, out_slot, MOVE_ROW_OUT_SLOT);
FIELD_AT(move_tile_row, out_dst, MOVE_ROW_OUT_DST);
FIELD_AT(move_tile_row, out_step, MOVE_ROW_OUT_STEP);
FIELD_AT(move_tile_row, out_rc, MOVE_ROW_OUT_RC);
FIELD_AT(move_tile_row, out_rd, MOVE_ROW_OUT_RD);
FIELD_AT(move_tile_row, next_src, MOVE_ROW_NEXT_SRC);
FIELD_AT(move_tile_row, next_slot, MOVE_ROW_NEXT_SLOT);
FIELD_AT(move_tile_row, in_rc, MOVE_ROW_IN_RC);
FIELD_AT(move_tile_row, in_rd, MOVE_ROW_IN_RD);
FIELD_AT(move_tile_row, threes, MOVE_ROW_THREES);
FIELD_AT(move_tile, in_slot, MOVE_TILE_IN_SLOT);
FIELD_AT(move_tile, out_slot, MOVE_TILE_OUT_SLOT);
FIELD_AT(move_tile, next_slot, MOVE_TILE_NEXT_SLOT);
FIELD_AT(move_tile, next_src, MOVE_TILE_NEXT_SRC);
FIELD_AT(move_tile, next_rc, MOVE_TILE_NEXT_RC);
FIELD_AT(move_tile, next_rd, MOVE_TILE_NEXT_RD);
FIELD_AT(move_tile, out_dst, MOVE_TILE_OUT_DST);
FIELD_AT(move_tile, out_rc, MOVE_TILE_OUT_RC);
FIELD_AT(move_tile, out_rd, MOVE_TILE_OUT_RD);
FIELD_AT(move_tile, channel, MOVE_TILE_CHANNEL);
_Static_assert(sizeof(move_tile) == MOVE_TILE_SIZE, "move_tile's size");

int move_transpose_make(move_transpose *t, const move_dims *dims) {
  const move_dim *d = dims->d;
  int m = dims->m;
  t->dst_offset = dims->dst_offset;
  t->src_offset = dims->src_offset;
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

/* A panel grid's origin for a dimension of n split in panels of `size`:
   on the bursts unless that takes one panel more. */
static long panel_origin(const float *base, long pitch, long n, long size) {
  long o = grid_origin(base, pitch);
  return (n - o + size - 1) / size > (n + size - 1) / size ? 0 : o;
}

static void walk_matrix(panel_walk *w, const float *src, float *dst) {
  const move_transpose *t = w->t;
  w->src = src;
  w->dst = dst;
  w->r_origin = w->r = panel_origin(dst, t->dst_pitch, t->rows, PanelRows);
  w->c_origin = w->c = panel_origin(src, t->src_pitch, t->cols, PanelCols);
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
  return (panel){.src = w->src + r0 * t->src_pitch + c0,
                 .dst = w->dst + c0 * t->dst_pitch + r0,
                 .lr = r0 - w->r,
                 .lc = c0 - w->c,
                 .nr = r1 - r0,
                 .nc = c1 - c0};
}

/* The panel's source rows into the panel buffer, split between channels
   0 and 1. */
static move_halves load(const panel *p, const move_transpose *t, float *in) {
  long first = (p->nr + 1) / 2, second = p->nr - first;
  long src_stride = 4 * t->src_pitch, dst_stride = 4 * PanelCols;
  float *at = in + p->lr * PanelCols + p->lc;
  accel_dma_2d(0, at, p->src, first, 4 * p->nc, dst_stride, src_stride);
  if (second)
    accel_dma_2d(1, at + first * PanelCols, p->src + first * t->src_pitch,
                 second, 4 * p->nc, dst_stride, src_stride);
  return (move_halves){1, second > 0};
}

/* The panel's result rows out, split between channels 2 and 3. */
static move_halves store(const panel *p, const move_transpose *t,
                         const float *out) {
  long first = (p->nc + 1) / 2, second = p->nc - first;
  long src_stride = 4 * PanelRows, dst_stride = 4 * t->dst_pitch;
  const float *at = out + p->lc * PanelRows + p->lr;
  accel_dma_2d(2, p->dst, at, first, 4 * p->nr, dst_stride, src_stride);
  if (second)
    accel_dma_2d(3, p->dst + first * t->dst_pitch, at + first * PanelRows,
                 second, 4 * p->nr, dst_stride, src_stride);
  return (move_halves){1, second > 0};
}

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

static void run_panels(const move_transpose *t, float *dst, const float *src,
                       move_transpose_spm *spm) {
  panel_walk w = {t, {0}, 0, 0, 0, 0, 0, 0};
  walk_matrix(&w, src, dst);
  float(*in)[PanelRows * PanelCols] = spm->panels.in;
  float(*out)[PanelCols * PanelRows] = spm->panels.out;
  /* Panel k comes in on channels 0 and 1 while panel k - 1 is
     transposed, and leaves on 2 and 3 while panel k + 1 is: each channel
     holds at most its share of one panel beyond the one waited for. */
  panel cur = panel_at(&w);
  move_halves stored = {0, 0};
  load(&cur, t, in[0]);
  for (int k = 0;; ++k) {
    int more = walk_next(&w);
    panel next;
    move_halves next_loaded = {0, 0};
    if (more) {
      next = panel_at(&w);
      next_loaded = load(&next, t, in[(k + 1) & 1]);
    }
    MOVE_WAIT_BUT(0, 1, next_loaded);
    MOVE_WAIT_BUT(2, 3, stored);
    transpose_panel(&cur, in[k & 1], out[k & 1]);
    stored = store(&cur, t, out[k & 1]);
    if (!more)
      break;
    cur = next;
  }
}

/* The tile stream of one matrix: its tiles in a grid of MOVE_TILE whose
   lines fall on DRAM bursts on both sides (the pitches are whole
   bursts), by rows of tiles. The row's full tiles from ka to kb, whole
   groups of GroupTiles, go through move_transpose_row; the others (a
   partial tile at either end, the tiles left over from the groups) one
   at a time here, on the same channels. */
enum {
  Tile = MOVE_TILE,
  TileFloats = MOVE_TILE * MOVE_TILE,
  GroupTiles = 3,
  QueueDepth = KERNEL_DMA_QUEUE_DEPTH,
  /* The channel windows the stream relies on: a transfer is retired once
     QueueDepth more have started on its channel (a start on a full
     channel waits for its oldest). A row's tiles come in on channels 0
     and 1 and leave on 2 and 3, a transfer a tile, alternating. The tile
     read with the fewest transfers started after its own is the last
     group's third, after the next row's tiles before that group: half of
     them on its channel, QueueDepth with RowTilesMin tiles in a row. A
     result's slot is written again two rows later, after the next row's
     transfers out. */
  RowTilesMin = 2 * QueueDepth + GroupTiles + 1,
};
_Static_assert(MOVE_ROW_TILES_MAX >= RowTilesMin, "rows of tiles fit");

typedef struct {
  const float *src;
  float *dst;
  long rows, cols, sp, dp;
  long r_origin, c_origin; /* the grid's first line, in (-Tile, 0] */
  long strips, tiles;      /* rows of tiles, tiles in a row */
  long ka, kb;             /* move_transpose_row's tiles of a row */
} tile_grid;

static int tile_grid_make(tile_grid *g, const move_transpose *t,
                          const float *src, float *dst) {
  if (t->src_pitch % Tile || t->dst_pitch % Tile)
    return 0;
  g->src = src;
  g->dst = dst;
  g->rows = t->rows, g->cols = t->cols;
  g->sp = t->src_pitch, g->dp = t->dst_pitch;
  g->r_origin = grid_origin(dst, t->dst_pitch);
  g->c_origin = grid_origin(src, t->src_pitch);
  g->strips = (g->rows - g->r_origin + Tile - 1) / Tile;
  g->tiles = (g->cols - g->c_origin + Tile - 1) / Tile;
  g->ka = g->c_origin < 0;
  long full = (g->cols - g->c_origin) / Tile - g->ka;
  g->kb = g->ka + full / GroupTiles * GroupTiles;
  return g->tiles <= MOVE_ROW_TILES_MAX && g->tiles >= RowTilesMin &&
         g->kb > g->ka;
}

/* Tile (s, k)'s rows [*r0, *r0 + *nr) and columns [*c0, *c0 + *nc). */
static void tile_rows(const tile_grid *g, long s, long *r0, long *nr) {
  long a = g->r_origin + s * Tile, b = a + Tile;
  a = a > 0 ? a : 0;
  *r0 = a;
  *nr = (b < g->rows ? b : g->rows) - a;
}

static void tile_cols(const tile_grid *g, long k, long *c0, long *nc) {
  long a = g->c_origin + k * Tile, b = a + Tile;
  a = a > 0 ? a : 0;
  *c0 = a;
  *nc = (b < g->cols ? b : g->cols) - a;
}

/* A row of tiles' work: the tiles outside the groups (up to one before,
   up to GroupTiles after) and the groups'. Consecutive rows of the same
   height whose next rows are too differ only in their slots (the rings'
   halves swap) and their addresses (a row of tiles further on). */
typedef struct {
  long nr, next_nr; /* the row's and the next row's heights (0: none) */
  long before, after;
  move_tile tiles[1 + GroupTiles];
  move_tile_row row;
} row_plan;

/* Tile k of row s as move_transpose_tiles takes it: on the channels of
   its place from ka, as the groups' tiles. */
static move_tile edge_tile(const tile_grid *g, const row_plan *p, long r0,
                           long next_r0, long k, float (*in)[TileFloats],
                           float (*next)[TileFloats],
                           float (*out)[TileFloats]) {
  long c0, nc;
  tile_cols(g, k, &c0, &nc);
  return (move_tile){
      .in_slot = in[k],
      .out_slot = out[k],
      .next_slot = next[k],
      .next_src = g->src + next_r0 * g->sp + c0,
      .next_rc = p->next_nr << 32 | 4 * nc,
      .next_rd = (long)MOVE_TILE_ROW_BYTES << 32 | 4 * g->sp,
      .out_dst = g->dst + c0 * g->dp + r0,
      .out_rc = nc << 32 | 4 * p->nr,
      .out_rd = 4 * g->dp << 32 | MOVE_TILE_ROW_BYTES,
      .channel = (k - g->ka) & 1,
  };
}

static void row_plan_make(row_plan *p, const tile_grid *g, long s,
                          float (*in)[TileFloats], float (*next)[TileFloats],
                          float (*out)[TileFloats]) {
  long r0, next_r0 = 0;
  tile_rows(g, s, &r0, &p->nr);
  p->next_nr = 0;
  if (s + 1 < g->strips)
    tile_rows(g, s + 1, &next_r0, &p->next_nr);
  p->before = g->ka;
  p->after = g->tiles - g->kb;
  move_tile *t = p->tiles;
  for (long k = 0; k < g->ka; ++k)
    *t++ = edge_tile(g, p, r0, next_r0, k, in, next, out);
  for (long k = g->kb; k < g->tiles; ++k)
    *t++ = edge_tile(g, p, r0, next_r0, k, in, next, out);
  long c0, nc;
  tile_cols(g, g->ka, &c0, &nc);
  p->row = (move_tile_row){
      .in_slot = in[g->ka],
      .out_slot = out[g->ka],
      .out_dst = g->dst + c0 * g->dp + r0,
      .out_step = MOVE_TILE_ROW_BYTES * g->dp,
      .out_rc = (long)Tile << 32 | 4 * p->nr,
      .out_rd = 4 * g->dp << 32 | MOVE_TILE_ROW_BYTES,
      .next_src = g->src + next_r0 * g->sp + c0,
      .next_slot = next[g->ka],
      .in_rc = p->next_nr << 32 | MOVE_TILE_ROW_BYTES,
      .in_rd = (long)MOVE_TILE_ROW_BYTES << 32 | 4 * g->sp,
      .threes = (g->kb - g->ka) / GroupTiles,
  };
}

/* The plan of the next row from this one's, when both rows and the
   rows after them have the same heights: out_step is the distance from
   this row's result slots to the next's, and changes sign (the ring's
   halves alternate). */
static void row_plan_step(row_plan *p, const tile_grid *g, long *out_step) {
  long n = p->before + p->after;
  for (long i = 0; i < n; ++i) {
    move_tile *t = &p->tiles[i];
    const float *in = t->in_slot;
    t->in_slot = t->next_slot;
    t->next_slot = (float *)in;
    t->out_slot += *out_step;
    t->next_src += Tile * g->sp;
    t->out_dst += Tile;
  }
  move_tile_row *r = &p->row;
  const float *in = r->in_slot;
  r->in_slot = r->next_slot;
  r->next_slot = (float *)in;
  r->out_slot += *out_step;
  r->next_src += Tile * g->sp;
  r->out_dst += Tile;
  *out_step = -*out_step;
}

/* Tile k of the first row in, on its channel. */
static void first_tile_in(const tile_grid *g, long r0, long nr, long k,
                          float (*in)[TileFloats]) {
  long c0, nc;
  tile_cols(g, k, &c0, &nc);
  accel_dma_2d_on((k - g->ka) & 1, in[k], g->src + r0 * g->sp + c0, nr, 4 * nc,
                  MOVE_TILE_ROW_BYTES, 4 * g->sp);
}

/* The first row's tiles in: the stream's start, with nothing else to do
   than issue them, the groups' tiles two at a time with constant channel
   numbers. */
static void first_row_in(const tile_grid *g, float (*in)[TileFloats]) {
  long r0, nr;
  tile_rows(g, 0, &r0, &nr);
  for (long k = 0; k < g->ka; ++k)
    first_tile_in(g, r0, nr, k, in);
  const float *src = g->src + r0 * g->sp + g->c_origin + g->ka * Tile;
  long k = g->ka;
  for (; k + 1 < g->kb; k += 2, src += 2 * Tile) {
    accel_dma_2d(0, in[k], src, nr, MOVE_TILE_ROW_BYTES, MOVE_TILE_ROW_BYTES,
                 4 * g->sp);
    accel_dma_2d(1, in[k + 1], src + Tile, nr, MOVE_TILE_ROW_BYTES,
                 MOVE_TILE_ROW_BYTES, 4 * g->sp);
  }
  for (; k < g->tiles; ++k)
    first_tile_in(g, r0, nr, k, in);
}

static void run_tiles(const tile_grid *g, move_transpose_spm *spm) {
  float(*in)[MOVE_ROW_TILES_MAX][TileFloats] = spm->tiles.in;
  float(*out)[MOVE_ROW_TILES_MAX][TileFloats] = spm->tiles.out;
  first_row_in(g, in[0]);
  long nr;
  row_plan p;
  long half = out[1][0] - out[0][0], out_step = half;
  row_plan_make(&p, g, 0, in[0], in[1], out[0]);
  for (long s = 0;;) {
    if (!p.next_nr) {
      /* No next row's transfers to retire the last row's. */
      accel_dma_wait(0);
      accel_dma_wait(1);
    }
    move_transpose_tiles(p.tiles, p.before);
    move_transpose_row(&p.row);
    move_transpose_tiles(p.tiles + p.before, p.after);
    if (++s == g->strips)
      return;
    long next_nr = 0, unused;
    tile_rows(g, s, &unused, &nr);
    if (s + 1 < g->strips)
      tile_rows(g, s + 1, &unused, &next_nr);
    if (nr == p.nr && next_nr == p.next_nr)
      row_plan_step(&p, g, &out_step);
    else {
      row_plan_make(&p, g, s, in[s & 1], in[(s + 1) & 1], out[s & 1]);
      out_step = s & 1 ? -half : half;
    }
  }
}

/* One matrix: by the tile stream, in blocks of columns where its rows
   have more tiles than the slots hold (each block's first column
   starting a burst), or by panels. */
static void run_matrix(const move_transpose *t, float *dst, const float *src,
                       move_transpose_spm *spm) {
  enum { BlockCols = (MOVE_ROW_TILES_MAX - 1) * Tile };
  move_transpose block = *t;
  block.loops = 0;
  long end = grid_origin(src, t->src_pitch) + BlockCols;
  for (long c = 0; c < t->cols; c = end, end += BlockCols) {
    block.cols = (end < t->cols ? end : t->cols) - c;
    tile_grid g;
    if (tile_grid_make(&g, &block, src + c, dst + c * t->dst_pitch))
      run_tiles(&g, spm);
    else
      run_panels(&block, dst + c * t->dst_pitch, src + c, spm);
    accel_dma_wait_all();
  }
}

void move_transpose_run(const move_transpose *t, float *dst, const float *src,
                        move_transpose_spm *spm) {
  accel_dma_wait_all();
  src += t->src_offset;
  dst += t->dst_offset;
  /* Many small matrices, each one row of move_rows: the innermost outer
     loop the rows, the others its loops. */
  move_rows rows;
  int last = t->loops - 1;
  if (last >= 0 && t->dst_pitch == t->rows &&
      move_rows_matrices(&rows, t->rows, t->cols, t->src_pitch, t->count[last],
                         t->src_step[last], t->dst_step[last],
                         spm->rows.offsets)) {
    rows.loops = last;
    for (int l = 0; l < last; ++l) {
      rows.count[l] = t->count[l];
      rows.src_step[l] = t->src_step[l];
      rows.dst_step[l] = t->dst_step[l];
    }
    move_rows_run(&rows, dst, src, &spm->rows);
    return;
  }
  /* Matrices too small for the tile stream (as the first one's first
     block of columns tells) go by panels, one stream of them across the
     outer loops. */
  tile_grid g;
  move_transpose first = *t;
  first.cols = t->cols < MOVE_ROW_TILES_MAX * Tile / 2
                   ? t->cols
                   : MOVE_ROW_TILES_MAX * Tile / 2;
  if (!tile_grid_make(&g, &first, src, dst)) {
    run_panels(t, dst, src, spm);
    accel_dma_wait_all();
    return;
  }
  long index[ACCEL_MAX_RANK] = {0};
  for (;;) {
    run_matrix(t, dst, src, spm);
    int l = t->loops - 1;
    for (; l >= 0; --l) {
      src += t->src_step[l];
      dst += t->dst_step[l];
      if (++index[l] < t->count[l])
        break;
      src -= t->count[l] * t->src_step[l];
      dst -= t->count[l] * t->dst_step[l];
      index[l] = 0;
    }
    if (l < 0)
      return;
  }
}
