/* gemm_internal.h - what accel_gemm's parts share (gemm.c): the
   scratchpad layout, matrix views, the epilogue's and the streamed
   panel's descriptions, and the rows' entry points: the general path
   (gemm_rows_general.c), the fast path (gemm_rows_fast.c) and the
   epilogue on the vector unit (gemm_epilogue.c), which accel_gemm_run
   (gemm_run.c) drives. */

#ifndef ACCEL_GEMM_INTERNAL_H
#define ACCEL_GEMM_INTERNAL_H

#include "core/kernel_activation.h"
#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/spm_arena.h"
#include <accel.h>
#include <stddef.h>
#include <stdint.h>

enum {
  T = KERNEL_TILE,
  KChunk = KERNEL_MATMUL_MAX_K, /* K of one mmac */
  PanelFloats = 128 * 1024,     /* 512 KiB of B, one of two */
  MaxPanelBlocks = 64,          /* 1024 columns */
};

/* gemm's buffers in the kernels' scratchpad arena. */
typedef struct {
  float a_tile[2][T * KChunk];   /* 2 x 256 KiB */
  float b_panel[2][PanelFloats]; /* one in use, the next arriving */
  float c_out[2][T * T];         /* finished tiles */
  float c_in[2][T * T];          /* c's old tiles */
  float bias_cols[MaxPanelBlocks * T];
  float bias_rows[2][T];
  float bias_tiles[MaxPanelBlocks][T * T]; /* accumulators' start values */
  float zero_row[T];      /* the per-row bias when there is none */
  float b_column[KChunk]; /* a lone last column of the panel (last_column) */
  float column_sums[T * T];
  float column_out[2][T];
  /* A streamed panel's first row of tiles, each beside the second row's
     tile below it, so that both leave in one transfer (stream_plan). */
  float row_pairs[MaxPanelBlocks][2 * T * T];
} gemm_spm;
KERNEL_SPM_FITS(gemm_spm);
#define a_tile (KERNEL_SPM(gemm_spm)->a_tile)
#define b_panel (KERNEL_SPM(gemm_spm)->b_panel)
#define c_out (KERNEL_SPM(gemm_spm)->c_out)
#define c_in (KERNEL_SPM(gemm_spm)->c_in)
#define bias_cols (KERNEL_SPM(gemm_spm)->bias_cols)
#define bias_rows (KERNEL_SPM(gemm_spm)->bias_rows)
#define bias_tiles (KERNEL_SPM(gemm_spm)->bias_tiles)
#define zero_row (KERNEL_SPM(gemm_spm)->zero_row)
#define b_column (KERNEL_SPM(gemm_spm)->b_column)
#define column_sums (KERNEL_SPM(gemm_spm)->column_sums)
#define column_out (KERNEL_SPM(gemm_spm)->column_out)
#define row_pairs (KERNEL_SPM(gemm_spm)->row_pairs)

/* A matrix view: element (i, j) at base + i * rs + j * cs floats. */
typedef struct {
  float *base;
  long rows, cols, rs, cs;
} view;

static inline view view_of(const accel_tensor *t, int transposed) {
  view v = {(float *)t->data, t->dims[0], t->dims[1], t->strides[0],
            t->strides[1]};
  if (transposed) {
    v.rows = t->dims[1], v.cols = t->dims[0];
    v.rs = t->strides[1], v.cs = t->strides[0];
  }
  return v;
}

static inline const float *at(view v, long r, long c) {
  return v.base + r * v.rs + c * v.cs;
}

static inline long min_of(long x, long y) { return x < y ? x : y; }

/* A tile of op(a) from row m0 as up to T rows of kc floats (rows beyond
   op(a)'s stay stale). */
static inline void fetch_a(int ch, float *dst, view a, long m0, long k0,
                           long kc) {
  accel_copy_matrix(ch, dst, kc, 1, at(a, m0, k0), a.rs, a.cs,
                    min_of(a.rows - m0, T), kc);
}

/* The columns of block j (16 wide) of a panel nb columns wide. */
static inline long block_cols(long nb, long j) { return min_of(nb - j * T, T); }

/* What the vector epilogue does to one tile. */
typedef struct {
  float alpha, beta;
  int first, last;     /* the first and last K chunk */
  int read_c;          /* c_in holds c's old tile (beta or a partial sum) */
  const float *bias_c; /* per-column bias for this tile's 16 columns */
  const float *bias_r; /* per-row bias for its 16 rows */
  const accel_activation *act;
} epilogue;

/* A bias as the accumulators' start values, so that the result leaves
   straight from the accumulator: tile j (16 x 16) at tiles + j * step. */
typedef struct {
  const float *tiles; /* null: the accumulators start at zero */
  long step;          /* T * T per column block, or 0: one tile */
} tile_start;

/* Whether rows of a matrix at p, rs floats apart, start off a DRAM burst
   (a block's 64-byte rows then touch two bursts each). */
static inline int rows_straddle_bursts(const float *p, long rs) {
  return (((unsigned long)p | (unsigned long)rs * 4) &
          (KERNEL_BURST_BYTES - 1)) != 0;
}

/* A panel streamed under its first row of tiles, rather than loaded
   before it: the row's mmacs start once A's tile and the first block have
   arrived, not the whole panel.
   The row's transfers are numbered: item 0 is A's first tile (after its
   bias), item 1 + j the panel's block j, then the second row's bias (if
   any) and A tile. Item s goes on channel s % 4 once item s - 4 has been
   waited for, so a wait on a block's channel waits for that block alone.
   A block takes a channel 64 + 2 kc cycles, so four channels bring one
   every 16 + kc / 2, within its mmac's kc, items 4 and 5 started after
   the first mmac; but 64 + 4 kc when its 64-byte rows straddle DRAM
   bursts (b's rows not a burst's multiple, or b misaligned), and then
   items 4 and 5 start with the first four (ahead), queued behind items 0
   and 1, which the first row waits for with dma.wait.older. A tile
   leaving takes another
   96, which would make them too slow for small kc, so the first row's
   tiles stay in row_pairs and leave with the second row's (row_out). */
typedef struct {
  float *panel;
  const float *b; /* the panel's first column of op(b); rows b_rs apart */
  long b_rs, nb, nblocks, kc;
  const float *a1; /* the second row of tiles of op(a), rows a_rs apart */
  long a_rs, rows1;
  const float *bias1; /* its per-row bias (bias_cs apart), or null */
  long bias_cs;
  int ahead; /* items 4 and 5 start with the first four */
} stream_plan;

/* Starts plan's item s (s >= 1) on channel s % 4, if there is one. */
static inline void stream_item(const stream_plan *p, long s) {
  float *dst;
  const float *src;
  long rows, bytes, dst_stride, src_stride;
  long bias_items = p->bias1 != NULL;
  if (s <= p->nblocks) {
    dst = p->panel + (s - 1) * T * p->kc, src = p->b + (s - 1) * T;
    rows = p->kc, bytes = block_cols(p->nb, s - 1) * 4;
    dst_stride = T * 4, src_stride = p->b_rs * 4;
  } else if (bias_items && s == p->nblocks + 1) {
    dst = bias_rows[1], src = p->bias1;
    rows = p->rows1, bytes = 4, dst_stride = 4, src_stride = p->bias_cs * 4;
  } else if (s == p->nblocks + 1 + bias_items && p->rows1 > 0) {
    dst = a_tile[1], src = p->a1;
    rows = p->rows1, bytes = p->kc * 4;
    dst_stride = p->kc * 4, src_stride = p->a_rs * 4;
  } else {
    return;
  }
  accel_dma_2d_on(KERNEL_CHANNEL(s), dst, src, rows, bytes, dst_stride,
                  src_stride);
}

/* The plan's last item: nblocks, then the second row's bias and its A
   tile. */
static inline long last_item(const stream_plan *p) {
  return p->nblocks + (p->bias1 != NULL) + (p->rows1 > 0);
}

/* Starts items first (1 or 2) .. 3, and 4 and 5 if ahead (those there
   are); each item's number a constant, which folds its choice of
   transfer. */
static inline __attribute__((always_inline)) void stream_start(stream_plan *p,
                                                               long first) {
  p->ahead = rows_straddle_bursts(p->b, p->b_rs);
  if (first <= 1)
    stream_item(p, 1);
  stream_item(p, 2);
  stream_item(p, 3);
  if (p->ahead) {
    stream_item(p, 4);
    stream_item(p, 5);
  }
}

/* Waits for item s (0 or 1) on channel s: for it alone if item s + 4
   follows it there (ahead). */
static inline __attribute__((always_inline)) void
wait_first_item(const stream_plan *p, int ahead, int s) {
  if (ahead && s + 4 <= last_item(p))
    accel_dma_wait_older_on(s);
  else
    accel_dma_wait_on(s);
}

/* Waits for the per-column bias, which went on channel 3 ahead of the
   plan's item 3: for it alone if item 3 follows it there. */
static inline void wait_column_bias(const stream_plan *p) {
  if (3 <= last_item(p))
    accel_dma_wait_older(3);
  else
    accel_dma_wait_on(3);
}

/* The fast path's work on one panel (rows_fast). */
typedef struct {
  const float *a0; /* op(a)'s first row of the chunk: M rows of kc floats */
  long a_rs, a_cs, M, kc;
  const float *panel; /* the panel's blocks, nb columns */
  long nb;
  float *c; /* the panel's first element of c; rows c_rs apart */
  long c_rs;
  const epilogue *e;
  const float *bias; /* a per-row bias (bias_cs apart), or null */
  long bias_cs;
  const float *col_tiles; /* the per-column bias tiles, or null */
  int column;             /* a lone column after the nb (last_column) */
  const float *column_bias;
  float *next_panel; /* the next panel, loaded under the last row, or null */
  const float *next_b;
  long next_b_rs, next_nb;
  int buf0; /* the A buffer (and channel) of the first row */
  /* The panel streamed under the first row (items 0 to 3 started), or
     null: the panel and the first row's A tile are there. */
  const stream_plan *plan;
} fast_job;

static inline int has_bias(const accel_gemm_options *o) {
  return o->bias_kind != ACCEL_BIAS_NONE;
}

/* The epilogue of one tile (gemm_epilogue.c). Out of line: the common
   path keeps its registers. */
void gemm_finish_tile(float *tile, const float *old_tile, const epilogue *e);

/* GELU or clip of a tile stored straight from the accumulator (the exact
   GELU on the stream engine alone). */
void gemm_activate_tile(float *tile, const epilogue *e);

/* The fast path's rows against one panel (gemm_rows_fast.c): without
   calls out of line, with them (GELU, clip, a lone column), and with the
   rows as one sequence. Each returns its first A buffer for the next
   panel. */
int gemm_rows_fast_plain(const fast_job *f);
int gemm_rows_fast_calling(const fast_job *f);
int gemm_rows_fast_chained(const fast_job *f);

/* rows_fast's copy for a panel: calls for a lone column, GELU or clip;
   the rows as one sequence with kc >= 128 and rows of at least two tiles,
   two rows or more. Returns its first A buffer for the next panel. */
static inline int rows_fast_any(const fast_job *f) {
  accel_act_kind act = f->e->act->kind;
  if (f->column || act == ACCEL_ACT_GELU || act == ACCEL_ACT_CLIP ||
      act == ACCEL_ACT_GELU_ERF || act == ACCEL_ACT_SILU)
    return gemm_rows_fast_calling(f);
  if (f->kc >= 8 * T && f->M > T && f->nb > T)
    return gemm_rows_fast_chained(f);
  return gemm_rows_fast_plain(f);
}

/* The general path's rows of tiles against one panel
   (gemm_rows_general.c). */
void gemm_rows_general(const accel_gemm_options *op, const view *vap,
                       const view *biasp, const float *panel, long k0, long kc,
                       long nb, float *c_panel, long c_rs, long c_cs, int first,
                       int last, int read_c, int direct);

#endif
