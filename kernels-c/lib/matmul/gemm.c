/* gemm.c - c = act(alpha * op(a) . op(b) + beta * c + bias) on the matrix
   unit (docs/kernels.md, "accel_gemm").

   Tiling. The matrix unit multiplies a 16 x k block of A (rows of k
   floats) by a k x 16 block of B into a 16 x 16 accumulator tile, one
   rank-1 update per cycle. K goes in chunks of up to MatmulMaxK (4096).
   For each chunk, a panel of B (the chunk's rows, up to 64 column blocks of
   16) stays in the scratchpad while 16-row tiles of A stream past it,
   double-buffered on DMA channels 0 and 1: the next tile arrives while the
   current one meets every column block of the panel. Finished tiles leave
   through two output buffers on channels 2 and 3, waited for only before a
   buffer is reused. Edge tiles compute on whatever the buffers hold beyond
   the edge; those rows and columns are never stored.

   Any strides: an operand whose rows are contiguous comes in as one 2-D
   transfer, otherwise (a transposed or strided view) one transfer per row
   or column, each gathering a column into a row.

   Epilogue. With alpha = 1, beta = 0 and one K chunk (the common case)
   the bias is the accumulators' start value and the result leaves
   straight from the accumulator (mst, mst.relu), GELU and clip applied by
   the vector unit on the stored tile. Anything else goes through the
   vector unit on the stored tile: the scaled product, beta * c (c's tile
   read before it is overwritten), the bias, then the activation; with
   several K chunks, c holds the partial sum between them. */

#include "core/kernel_activation.h"
#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include <accel.h>
#include <stddef.h>
#include <stdint.h>

enum {
  T = KERNEL_TILE,
  KChunk = KERNEL_MATMUL_MAX_K, /* K of one mmac */
  PanelFloats = 128 * 1024,    /* 512 KiB of B, one of two */
  MaxPanelBlocks = 64,         /* 1024 columns */
};

/* gemm's buffers in the kernels' scratchpad arena. */
typedef struct {
  float a_tile[2][T * KChunk]; /* 2 x 256 KiB */
  float b_panel[2][PanelFloats]; /* one in use, the next arriving */
  float c_out[2][T * T];       /* finished tiles */
  float c_in[2][T * T];        /* c's old tiles */
  float bias_cols[MaxPanelBlocks * T];
  float bias_rows[2][T];
  float bias_tiles[MaxPanelBlocks][T * T]; /* accumulators' start values */
  float zero_row[T]; /* the per-row bias when there is none */
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

static view view_of(const accel_tensor *t, int transposed) {
  view v = {(float *)t->data, t->dims[0], t->dims[1], t->strides[0],
            t->strides[1]};
  if (transposed) {
    v.rows = t->dims[1], v.cols = t->dims[0];
    v.rs = t->strides[1], v.cs = t->strides[0];
  }
  return v;
}

static const float *at(view v, long r, long c) {
  return v.base + r * v.rs + c * v.cs;
}

static long min_of(long x, long y) { return x < y ? x : y; }

/* A tile of op(a) from row m0 as up to T rows of kc floats (rows beyond
   op(a)'s stay stale). */
static void fetch_a(int ch, float *dst, view a, long m0, long k0, long kc) {
  accel_copy_matrix(ch, dst, kc, 1, at(a, m0, k0), a.rs, a.cs,
              min_of(a.rows - m0, T), kc);
}

/* The columns of block j (16 wide) of a panel nb columns wide. */
static long block_cols(long nb, long j) { return min_of(nb - j * T, T); }

/* What the vector epilogue does to one tile. */
typedef struct {
  float alpha, beta;
  int first, last;     /* the first and last K chunk */
  int read_c;          /* c_in holds c's old tile (beta or a partial sum) */
  const float *bias_c; /* per-column bias for this tile's 16 columns */
  const float *bias_r; /* per-row bias for its 16 rows */
  const accel_activation *act;
} epilogue;

/* The epilogue's rows. add (alpha, the biases and, with read_c, beta *
   the old tile) and kind are constants at each call, so the unrolled loops
   have no branches. All 16 rows (rows beyond the view's hold stale values
   and are never stored), 8 at a time with every load before the first
   store, so that the rows' latencies overlap. */
static inline __attribute__((always_inline)) void
finish_rows(float *tile, const float *old_tile, int add, int read_c,
            const epilogue *e, accel_act_kind kind) {
  enum { Group = 8 };
  float alpha = e->alpha, beta = e->first ? e->beta : 1.0f;
  accel_v16f bias_c =
      add && e->first && e->bias_c ? accel_vload(e->bias_c) : 0.0f;
  const float *bias_r = e->first && e->bias_r ? e->bias_r : zero_row;
  accel_activation act = {kind, e->act->lo, e->act->hi};
  for (int r0 = 0; r0 < T; r0 += Group) {
    accel_v16f v[Group];
#pragma clang loop unroll(full)
    for (int r = 0; r < Group; ++r) {
      v[r] = accel_vload(tile + (r0 + r) * T);
      if (add)
        v[r] = v[r] * alpha + bias_c + bias_r[r0 + r];
      if (read_c)
        v[r] += beta * accel_vload(old_tile + (r0 + r) * T);
    }
#pragma clang loop unroll(full)
    for (int r = 0; r < Group; ++r)
      accel_vstore(tile + (r0 + r) * T, accel_activate(v[r], &act));
  }
  accel_activate_block(tile, T * T, kind);
}

#define FINISH_ROWS(add, read_c, kind)                                         \
  do {                                                                         \
    switch (kind) {                                                            \
    case ACCEL_ACT_RELU:                                                       \
      finish_rows(tile, old_tile, add, read_c, e, ACCEL_ACT_RELU);             \
      break;                                                                   \
    case ACCEL_ACT_GELU:                                                       \
      finish_rows(tile, old_tile, add, read_c, e, ACCEL_ACT_GELU);             \
      break;                                                                   \
    case ACCEL_ACT_CLIP:                                                       \
      finish_rows(tile, old_tile, add, read_c, e, ACCEL_ACT_CLIP);             \
      break;                                                                   \
    case ACCEL_ACT_GELU_ERF:                                                   \
      finish_rows(tile, old_tile, add, read_c, e, ACCEL_ACT_GELU_ERF);         \
      break;                                                                   \
    default:                                                                   \
      finish_rows(tile, old_tile, add, read_c, e, ACCEL_ACT_NONE);             \
      break;                                                                   \
    }                                                                          \
  } while (0)

/* The epilogue of one tile. Out of line: the common path keeps its
   registers. */
__attribute__((noinline)) static void
finish_tile(float *tile, const float *old_tile, const epilogue *e) {
  accel_act_kind kind = e->last ? e->act->kind : ACCEL_ACT_NONE;
  if (e->read_c)
    FINISH_ROWS(1, 1, kind);
  else
    FINISH_ROWS(1, 0, kind);
}

/* GELU or clip of a tile stored straight from the accumulator (the exact
   GELU on the stream engine alone). */
__attribute__((noinline)) static void activate_tile(float *tile,
                                                    const epilogue *e) {
  if (e->act->kind == ACCEL_ACT_GELU_ERF) {
    accel_activate_block(tile, T * T, ACCEL_ACT_GELU_ERF);
    return;
  }
  const float *old_tile = tile;
  FINISH_ROWS(0, 0, e->act->kind);
}
#undef FINISH_ROWS

/* Tile j's mmac into accumulator j % 2 (tile numbers are constants), and
   c's old tile fetched for its epilogue. */
static inline void start_tile(const float *a, const float *panel, long kc,
                              long j, int read_c, int buf, float *c, long c_rs,
                              long c_cs, long rows, long cols) {
  const float *b = panel + j * T * kc;
  if (read_c)
    accel_copy_matrix(buf, c_in[j & 1], T, 1, c, c_rs, c_cs, rows, cols);
  if (j & 1) {
    accel_mzero(1);
    if (kc)
      accel_mmac(1, a, b, kc);
  } else {
    accel_mzero(0);
    if (kc)
      accel_mmac(0, a, b, kc);
  }
}

/* One 16-row tile of A (at a, in channel buf's buffer) against every
   column block of the panel; c is the row's first element. Tile j + 1's
   mmac starts as soon as tile j's ends; tile j's mst then runs on the
   tile-move port beside it, and its epilogue and transfer out hide under
   that mmac too, so the matrix unit is busy K + 1 cycles per tile (the 1
   the mzero). Out of line with scalar arguments, so that the loop keeps
   its state in registers: the stack is in DRAM, 40 cycles a load. */
__attribute__((noinline)) static void
run_row(const float *a, const float *panel, long kc, long nb, int buf,
        long rows, float *c, long c_rs, long c_cs, int direct, int relu,
        int read_c, epilogue *e, int bias_per_column) {
  long nblocks = (nb + T - 1) / T;
  start_tile(a, panel, kc, 0, read_c, buf, c, c_rs, c_cs, rows,
             block_cols(nb, 0));
  for (long j = 0; j < nblocks; ++j) {
    int out = j & 1;
    float *tile = c_out[out];
    if (j + 1 < nblocks)
      start_tile(a, panel, kc, j + 1, read_c, buf, c + (j + 1) * T * c_cs,
                 c_rs, c_cs, rows, block_cols(nb, j + 1));
    accel_dma_wait_on(2 + out); /* the buffer's last tile has left */
    if (out) {
      if (relu)
        accel_mst_relu(1, tile);
      else
        accel_mst(1, tile);
    } else {
      if (relu)
        accel_mst_relu(0, tile);
      else
        accel_mst(0, tile);
    }
    if (!direct) {
      if (read_c)
        accel_dma_wait_on(buf);
      e->bias_c = bias_per_column ? bias_cols + j * T : NULL;
      finish_tile(tile, c_in[out], e);
    }
    accel_copy_matrix(2 + out, c + j * T * c_cs, c_rs, c_cs, tile, T, 1, rows,
                block_cols(nb, j));
  }
}

/* A bias as the accumulators' start values, so that the result leaves
   straight from the accumulator: tile j (16 x 16) at tiles + j * step. */
typedef struct {
  const float *tiles; /* null: the accumulators start at zero */
  long step;          /* T * T per column block, or 0: one tile */
} tile_start;

/* Starts tile t for column block j: mld of its bias tile on the tile-move
   port (beside the running mmac), or mzero. */
#define START_TILE(t, j, s)                                                    \
  do {                                                                         \
    if ((s).tiles)                                                             \
      accel_mld(t, (s).tiles + (j) * (s).step);                                \
    else                                                                       \
      accel_mzero(t);                                                          \
  } while (0)

/* Bias tiles: a per-row bias as every column of one tile (rows of it
   beyond the view's stay stale), a per-column one as every row of a tile
   per block of 16 columns. */
static void splat_rows(float *tile, const float *bias) {
  for (int i = 0; i < T; ++i)
    accel_vstore(tile + i * T, (accel_v16f)bias[i]);
}

static void splat_columns(float *__restrict tiles,
                          const float *__restrict bias, long nblocks) {
  /* The next block's load before this one's stores: a load's latency
     once, not once a block (about 50 cycles of a 12-block panel's 150,
     before its first mmac). */
  accel_v16f next = accel_vload(bias);
  for (long j = 0; j < nblocks; ++j) {
    accel_v16f v = next;
    next = accel_vload(bias + (j + 1 < nblocks ? j + 1 : j) * T);
#pragma clang loop unroll(full)
    for (int i = 0; i < T; ++i)
      accel_vstore(tiles + j * T * T + i * T, v);
  }
}

/* A panel whose last block has one column (N = 16 q + 1: the 49 pixels of
   a 7 x 7 image) would spend a whole mmac on it, one useful column in 16.
   Instead the vector unit computes that column of a row of tiles while
   the matrix unit runs the row's first two mmacs (one would not cover
   its loads: 17 a step of 16 vfma): 16 dot products in 16 vfma chains,
   half of k (kc a multiple of 16) under each mmac, the partial sums in
   column_sums between the halves. */
__attribute__((noinline)) static void last_column_half(const float *a, long kc,
                                                       int second) {
  long mid = kc / 2 / T * T;
  long k0 = second ? mid : 0, k1 = second ? kc : mid;
  accel_v16f sum[T];
#pragma clang loop unroll(full)
  for (int r = 0; r < T; ++r)
    sum[r] = second ? accel_vload(column_sums + r * T) : 0.0f;
  for (long k = k0; k < k1; k += T) {
    accel_v16f b = accel_vload(b_column + k);
#pragma clang loop unroll(full)
    for (int r = 0; r < T; ++r)
      sum[r] += accel_vload(a + r * kc + k) * b;
  }
#pragma clang loop unroll(full)
  for (int r = 0; r < T; ++r)
    accel_vstore(column_sums + r * T, sum[r]);
}

/* The column's sums with the bias (bias_r the row's per-row bias, zeros if
   none; bias_c the column's, or null) and the activation, sent from
   column_out[buf] to c (the column's first element) on channel buf. */
__attribute__((noinline)) static void
last_column_finish(const float *bias_r, const float *bias_c,
                   const accel_activation *act, float *c, long c_rs, long rows,
                   int buf) {
  float *out = column_out[buf];
#pragma clang loop unroll(full)
  for (int r = 0; r < T; ++r)
    out[r] = accel_vredsum(accel_vload(column_sums + r * T));
  accel_v16f v = accel_vload(out) + accel_vload(bias_r);
  if (bias_c)
    v += *bias_c;
  accel_vstore(out, accel_activate(v, act));
  accel_activate_block(out, T, act->kind);
  accel_dma_2d_on(buf, c, out, rows, 4, c_rs * 4, 4);
}

/* Block j of the next panel, in two halves of its rows on channels t and
   2 + t: it arrives at the four channels' rate while the matrix unit runs
   this block's mmac, and each channel is free when the next one starts. */
#define NEXT_BLOCK(t, j)                                                       \
  do {                                                                         \
    long half = kc / 2, cols = block_cols(next_nb, j) * 4;                     \
    float *dst = next_panel + (j) * T * kc;                                    \
    const float *src = next_b + (j) * T;                                       \
    accel_dma_2d(t, dst, src, half, cols, T * 4, next_b_rs * 4);               \
    accel_dma_2d(2 + t, dst + half * T, src + half * next_b_rs, kc - half,     \
                 cols, T * 4, next_b_rs * 4);                                  \
  } while (0)

/* Whether rows of a matrix at p, rs floats apart, start off a DRAM burst
   (a block's 64-byte rows then touch two bursts each). */
static inline int rows_straddle_bursts(const float *p, long rs) {
  return (((unsigned long)p | (unsigned long)rs * 4) &
          (__ACCEL_DRAM_BURST_BYTES__ - 1)) != 0;
}

/* A panel streamed under its first row of tiles, rather than loaded
   before it: the row's mmacs start once A's tile and the first block have
   arrived, not the whole panel (about 1 300 cycles for 100 x 300 x 77).
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
  accel_dma_2d_on(s & 3, dst, src, rows, bytes, dst_stride, src_stride);
}

/* The plan's last item: nblocks, then the second row's bias and its A
   tile. */
static inline long last_item(const stream_plan *p) {
  return p->nblocks + (p->bias1 != NULL) + (p->rows1 > 0);
}

/* Starts items first (1 or 2) .. 3, and 4 and 5 if ahead (those there
   are); each item's number a constant, which folds its choice of
   transfer. */
static inline __attribute__((always_inline)) void
stream_start(stream_plan *p, long first) {
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

/* run_row's common case (the result straight from the accumulator, c's
   rows contiguous), unrolled by two so that every tile and channel number
   is a constant: no branches and few live values between one tile's mmac
   and the next, where the matrix unit waits. Tile j + 1's mmac issues as
   soon as tile j's ends; tile j's mst and the start of tile j + 2 then run
   under it on the tile-move port. (The transfer out may start right after
   the mst: its 64-cycle start-up outlasts the mst's 16.) With a next row
   (nx), the tiles run on as one sequence: the row's last two tiles start
   the next row's first two (NEXT_ROW_START) and the last one issues the
   next row's first mmac, so that the matrix unit does not wait for the
   last tile's mst and the next row's set-up (about 65 cycles a row).
   Without one, with defer, the last tile is left in its accumulator for
   the caller to store after the next row's first mmac (rows_fast), so
   that the set-up runs under the last mmac instead. */
#define FAST_TILE(t, j)                                                        \
  do {                                                                         \
    if ((j) < next_nblocks)                                                    \
      NEXT_BLOCK(t, j);                                                        \
    if ((j) + 1 < nblocks) {                                                   \
      if (plan)                                                                \
        accel_dma_wait_on(((j) + 2) & 3); /* block j + 1 */                  \
      b += T * kc;                                                             \
      accel_mmac(1 - t, a, b, kc);                                             \
      if (plan)                                                                \
        stream_item(plan, (j) + 6);                                            \
    } else if (nx.a) {                                                         \
      accel_mmac(1 - t, nx.a, panel, kc);                                      \
    }                                                                          \
    if (column && (j) == 0)                                                    \
      last_column_half(a, kc, 1);                                              \
    if (!defer || (j) + 1 < nblocks)                                           \
      TILE_OUT(t, j, o, c, rows, (j) < next_nblocks);                          \
    if ((j) + 2 < nblocks) {                                                   \
      START_TILE(t, (j) + 2, s);                                               \
    } else if (nx.a && (j) + 2 == nblocks) {                                   \
      next_s = next_row_start(nx, s);                                          \
      START_TILE(t, 0, next_s);                                                \
    } else if (nx.a && (j) + 1 == nblocks) {                                   \
      START_TILE(t, 1, next_s);                                                \
    }                                                                          \
  } while (0)

/* Tile j of a row (accumulator t, a constant) out: stored where o puts
   it (c_out[t] or row_pairs), GELU or clip applied on the vector unit
   (vector_act), and sent to the row's c unless o keeps it. The store
   waits for the buffer's last tile to have left on channel 2 + t; with
   behind, the channel's newest transfer is a half of a next panel's
   block (NEXT_BLOCK), which it need not wait for (dma.wait.older): the
   tile leaves behind it. */
#define TILE_OUT(t, j, o, c, rows, behind)                                     \
  do {                                                                         \
    float *tile = (o).pairs ? (o).pairs + (j) * 2 * T * T : c_out[t];         \
    if ((o).send && (behind))                                                  \
      accel_dma_wait_older(2 + (t));                                           \
    else if ((o).send)                                                         \
      accel_dma_wait(2 + (t));                                                 \
    if (relu)                                                                  \
      accel_mst_relu(t, tile);                                                 \
    else                                                                       \
      accel_mst(t, tile);                                                      \
    if (vector_act)                                                            \
      activate_tile(tile, e);                                                  \
    if ((o).send)                                                              \
      accel_dma_2d(2 + (t), (c) + (j) * T - (o).above * c_rs,                 \
                   tile - (o).above * T, (rows) + (o).above,                   \
                   block_cols(nb, j) * 4, c_rs * 4, T * 4);                    \
  } while (0)

/* Where run_row_fast's tiles go: c_out[t], sent one at a time (pairs
   null, above 0); or a streamed panel's (stream_plan) first row, kept in
   row_pairs (pairs = row_pairs[0], send 0), and its second row, stored
   below them (pairs = row_pairs[0] + T * T) and sent with them (above
   T rows). */
typedef struct {
  float *pairs;
  int send;
  long above;
} row_out;


/* The row after run_row_fast's, chained to it (FAST_TILE): a null a, or
   its A tile, in buffer buf, which arrives on channel buf (with its bias
   rows, if bias) or, when plan, as items of a stream plan (all four
   channels). */
typedef struct {
  const float *a;
  int buf, plan, bias;
} next_row;

/* Waits for the next row's A tile and returns how its tiles start: its
   bias tile (made from its bias rows) or this row's start. */
static inline __attribute__((always_inline)) tile_start
next_row_start(next_row nx, tile_start s) {
  if (nx.plan)
    accel_dma_wait_all();
  else
    accel_dma_wait_on(nx.buf);
  if (!nx.bias)
    return s;
  splat_rows(bias_tiles[nx.buf], bias_rows[nx.buf]);
  return (tile_start){bias_tiles[nx.buf], 0};
}

/* Block 0's tile is started and its mmac issued by the caller, block 1's
   tile started, tile 0 in accumulator flip, block j's in flip ^ (j & 1)
   (two copies of the loop: accumulator numbers are constants). relu: store with mst.relu; vector_act: apply e's GELU or
   clip on the vector unit; column: the second half of last_column's
   work goes under block 1's mmac. The next panel's first next_nblocks
   blocks (of next_nb columns at next_b, rows next_b_rs apart) start
   under the mmacs, into next_panel (NEXT_BLOCK). plan: this row is a
   streamed panel's first, each block waited for before its mmac and the
   plan's next transfers started behind it (stream_item); o: where the
   tiles go (row_out); nx: the next row, whose first two tiles this one
   starts (next_row; nblocks at least 2); defer (without nx): the last
   tile is left in its accumulator, flip ^ ((nblocks - 1) & 1), for the
   caller to send out (TILE_OUT). */
static inline __attribute__((always_inline)) void
run_row_fast(int flip, const float *a, const float *panel, long kc, long nb,
             long rows, float *c, long c_rs, int relu, int vector_act,
             int column, const epilogue *e, tile_start s, float *next_panel,
             const float *next_b, long next_b_rs, long next_nb,
             long next_nblocks, const stream_plan *plan, row_out o,
             next_row nx, int defer) {
  long nblocks = (nb + T - 1) / T;
  const float *b = panel;
  tile_start next_s = s;
#define ROW_TILES(t0)                                                          \
  for (long j = 0; j < nblocks; j += 2) {                                      \
    FAST_TILE(t0, j);                                                          \
    if (j + 1 < nblocks)                                                       \
      FAST_TILE((1 - (t0)), j + 1);                                            \
  }
  if (flip)
    ROW_TILES(1)
  else
    ROW_TILES(0)
#undef ROW_TILES
}
#undef FAST_TILE
#undef NEXT_BLOCK

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

/* Every 16-row tile of op(a) (the first, and its bias rows, already on
   their way to buffer and channel buf0) against the panel, with
   run_row_fast; under the last row, the next panel's blocks arrive over
   the four channels, and its first row's A tile: in the other buffer, or
   with one row of tiles, it is the one already there. Returns the buffer
   of the next panel's first row. calls (a constant): whether the loops
   may call out of line (activate_tile, last_column), which costs
   registers. */
static inline __attribute__((always_inline)) int
rows_fast(const fast_job *f, int calls, int chain_rows) {
  /* Read once: each DMA start may write memory, for all the compiler
     knows, and a read after it would be repeated between the mmacs. */
  const epilogue *e = f->e;
  const float *panel = f->panel, *bias = f->bias;
  long M = f->M, kc = f->kc, nb = f->nb, c_rs = f->c_rs;
  float *c = f->c;
  int column = calls && f->column;
  view a = {(float *)f->a0, M, kc, f->a_rs, f->a_cs};
  int relu = e->act->kind == ACCEL_ACT_RELU;
  int vector_act = calls && (e->act->kind == ACCEL_ACT_GELU ||
                             e->act->kind == ACCEL_ACT_CLIP ||
                             e->act->kind == ACCEL_ACT_GELU_ERF);
  long next_nblocks = f->next_panel ? (f->next_nb + T - 1) / T : 0;
  /* Without a bias the tiles start from a zero tile, loaded on the
     tile-move port under the mmacs too, instead of an mzero on the
     matrix unit; unless the mmacs are shorter than the port's mst and
     mld together. */
  tile_start start = {f->col_tiles, T * T};
  int zero_start = !f->col_tiles && kc >= 2 * T;
  if (zero_start) {
    /* zero_row's value, which the compiler does not know: a loop of
       constant zeros becomes a call of memset, 150 cycles. */
    accel_v16f zero = accel_vload(zero_row);
#pragma clang loop unroll(full)
    for (int i = 0; i < T; ++i)
      accel_vstore(bias_tiles[2] + i * T, zero);
    start = (tile_start){bias_tiles[2], 0};
  }
  const stream_plan *plan = f->plan;
  int buf = f->buf0;
  /* Rows of at least two tiles run as one sequence (next_row): each row's
     first mmac issued by the previous row. With an odd number of tiles a
     row, the accumulators of even and odd tiles then swap from row to
     row: flip. chain_rows (a constant): whether to; a copy of its own,
     as the chain's state costs the other rows registers. Not with a
     lone column, whose vector work goes under a row's first two
     mmacs. */
  int chain = chain_rows && nb > T && !column;
  int chained = 0, flip = 0;
  long nblocks = (nb + T - 1) / T;
  /* Without the chain (calls: GELU, clip, a lone column), each row's last
     tile goes out after the next row's first mmac (run_row_fast's defer):
     held, in accumulator !flip. The row's set-up then comes between its
     first mmac and its second, about 130 cycles: only with kc >= 128. */
  int defer = calls && !chain_rows && kc >= 8 * T, held = 0;
  long held_j = 0, held_rows = 0;
  row_out held_o = {NULL, 1, 0};
  float *held_c = c;
  for (long m0 = 0; m0 < M; m0 += T, buf = !buf) {
    int last_row = m0 + T >= M;
    long rows = min_of(M - m0, T);
    tile_start s = bias ? (tile_start){bias_tiles[buf], 0} : start;
    if (!chained) {
      /* A streamed panel's first row waits for item 0 on channel 0 (buf0
         is 0), then for its first block, item 1 on channel 1 (items 4
         and 5 follow on those channels, stream_plan). */
      if (plan && !m0)
        wait_first_item(plan, plan->ahead, 0);
      else
        accel_dma_wait_on(buf);
      if (bias)
        splat_rows(bias_tiles[buf], bias_rows[buf]);
      /* The row's first mmac before the next row's fetch, which then
         overlaps it; then the last row's last tile out (held), whose
         accumulator is the one the row's second tile starts in. Its
         tile starts from an mzero when it would load zeros: the mld
         would take the port 16 cycles after the last row's last mst,
         with the matrix unit waiting. */
#define ROW_START(t)                                                           \
  do {                                                                         \
    if (zero_start && !bias)                                                   \
      accel_mzero(t);                                                          \
    else                                                                       \
      START_TILE(t, 0, s);                                                     \
    if (plan && !m0)                                                           \
      wait_first_item(plan, plan->ahead, 1);                                   \
    accel_mmac(t, a_tile[buf], panel, kc);                                     \
    if (plan && !m0 && !plan->ahead) {                                         \
      stream_item(plan, 4);                                                    \
      stream_item(plan, 5);                                                    \
    }                                                                          \
    if (held)                                                                  \
      TILE_OUT(1 - (t), held_j, held_o, held_c, held_rows, 0);                 \
    held = 0;                                                                  \
    if (nb > T)                                                                \
      START_TILE(1 - (t), 1, s);                                               \
  } while (0)
      /* (flip is 0 here but with defer.) */
      if (defer && flip)
        ROW_START(1);
      else
        ROW_START(0);
#undef ROW_START
    }
    /* The next row's A tile and bias, or the next panel's first (a
       streamed panel's second row's are items of its plan). */
    long next_m0 = last_row ? 0 : m0 + T;
    if ((!last_row || (f->next_panel && M > T)) && !(plan && !m0)) {
      long next_rows = min_of(M - next_m0, T);
      /* The short transfer first: the fetch's start waits for it under the
         mmac, where the other order would wait for the whole fetch. */
      if (bias)
        accel_dma_rows_on(!buf, bias_rows[!buf], bias + next_m0 * f->bias_cs,
                          next_rows, 4, 4, f->bias_cs * 4);
      /* Inline when A's rows are contiguous: a call here delays the
         row's second mmac. */
      if (a.cs == 1 && !calls)
        accel_dma_rows_on(!buf, a_tile[!buf], at(a, next_m0, 0), next_rows,
                          kc * 4, kc * 4, a.rs * 4);
      else
        fetch_a(!buf, a_tile[!buf], a, next_m0, 0, kc);
    }
    if (column)
      last_column_half(a_tile[buf], kc, 0);
    long stream = last_row ? next_nblocks : 0;
    row_out o = {NULL, 1, 0};
    if (plan && m0 < 2 * T)
      o = (row_out){row_pairs[0] + m0 * T, m0 > 0, m0};
    next_row nx = {NULL, 0, 0, 0};
    if (chain && !last_row)
      nx = (next_row){a_tile[!buf], !buf, plan && !m0, bias != NULL};
    run_row_fast(flip, a_tile[buf], panel, kc, nb, rows, c + m0 * c_rs, c_rs,
                 relu, vector_act, column, e, s, f->next_panel, f->next_b,
                 f->next_b_rs, f->next_nb, stream, m0 ? NULL : plan, o, nx,
                 defer);
    chained = nx.a != NULL;
    flip ^= chained & (int)(nblocks & 1) & chain_rows;
    if (defer) {
      /* The last tile is in accumulator flip ^ ((nblocks - 1) & 1); the
         next row's first starts in the other one. */
      held = 1, held_j = nblocks - 1, held_o = o, held_c = c + m0 * c_rs;
      held_rows = rows;
      flip ^= (int)(nblocks & 1);
    }
    /* Every item has been started and the last ones arrive under the
       row's last mmacs. */
    if (plan && !m0)
      accel_dma_wait_all();
    if (column)
      last_column_finish(bias ? bias_rows[buf] : zero_row, f->column_bias,
                         e->act, c + m0 * c_rs + nb, c_rs, rows, buf);
  }
  if (held) {
    if (flip)
      TILE_OUT(0, held_j, held_o, held_c, held_rows, 0);
    else
      TILE_OUT(1, held_j, held_o, held_c, held_rows, 0);
  }
  /* A streamed panel of one row of tiles (M <= 16): its tiles, kept in
     row_pairs for a second row there is not, leave now, a channel each
     by turns (every plan item has arrived). */
  if (plan && M <= T)
    for (long j = 0; j < nblocks; ++j)
      accel_dma_2d_on(j & 3, c + j * T, row_pairs[j], M, block_cols(nb, j) * 4,
                      c_rs * 4, T * 4);
  /* Blocks of the next panel beyond this one's (a lone column's). */
  for (long j = (nb + T - 1) / T; j < next_nblocks; ++j)
    accel_copy_matrix(j & 3, f->next_panel + j * T * kc, T, 1,
                      f->next_b + j * T, f->next_b_rs, 1, kc,
                      block_cols(f->next_nb, j));
  return M > T ? buf : f->buf0;
}
#undef START_TILE
#undef TILE_OUT

/* rows_fast without and with calls out of line; out of line themselves,
   so that nothing between one row's last mmac and the next row's first
   is a load from the stack. */
__attribute__((noinline)) static int rows_fast_plain(const fast_job *f) {
  return rows_fast(f, 0, 0);
}
__attribute__((noinline)) static int rows_fast_calling(const fast_job *f) {
  return rows_fast(f, 1, 0);
}
/* rows_fast with its rows as one sequence (next_row). The next row's
   set-up (about 160 cycles) then comes between its first mmac and its
   second, where without the chain 65 cycles of it came before the first
   and the rest under it: it pays when the first mmac covers about 90
   cycles (conv 1x1 56x56's kc = 64 loses 3 000 cycles with it). */
__attribute__((noinline)) static int rows_fast_chained(const fast_job *f) {
  return rows_fast(f, 0, 1);
}

/* rows_fast's copy for a panel: calls for a lone column, GELU or clip;
   the rows as one sequence with kc >= 128 and rows of at least two tiles,
   two rows or more. Returns its first A buffer for the next panel. */
static int rows_fast_any(const fast_job *f) {
  accel_act_kind act = f->e->act->kind;
  if (f->column || act == ACCEL_ACT_GELU || act == ACCEL_ACT_CLIP ||
      act == ACCEL_ACT_GELU_ERF)
    return rows_fast_calling(f);
  if (f->kc >= 8 * T && f->M > T && f->nb > T)
    return rows_fast_chained(f);
  return rows_fast_plain(f);
}

accel_gemm_options accel_gemm_defaults(void) {
  accel_gemm_options o = {0, 0, 1.0f, 0.0f, ACCEL_BIAS_NONE, NULL,
                          {ACCEL_ACT_NONE, 0.0f, 0.0f}};
  return o;
}

static int has_bias(const accel_gemm_options *o) {
  return o->bias_kind != ACCEL_BIAS_NONE;
}

/* Whether accel_gemm_check passes, decided in one run of loads and
   compares (accel_tensor_passes) without a message: about 60 cycles,
   where the checks one at a time (three tensors, their dimensions, the
   options, the overlaps) take about 650, half of 100 x 300 x 77's time
   before its first mmac. 0 for anything it does not accept; then the
   checks run and print the message. */
static int gemm_args_pass(const accel_tensor *a, const accel_tensor *b,
                          const accel_tensor *c, const accel_gemm_options *o) {
  unsigned long ab, ae, bb, be, cb, ce, xb = 0, xe = 0;
  int ok = accel_tensor_passes(a, 2, 0, &ab, &ae) &
           accel_tensor_passes(b, 2, 0, &bb, &be) &
           accel_tensor_passes(c, 2, 1, &cb, &ce);
  if (!ok)
    return 0;
  long m = a->dims[o->trans_a ? 1 : 0], ka = a->dims[o->trans_a ? 0 : 1];
  long kb = b->dims[o->trans_b ? 1 : 0], n = b->dims[o->trans_b ? 0 : 1];
  ok = (ka == kb) & (c->dims[0] == m) & (c->dims[1] == n);
  accel_bias_kind kind = o->bias_kind;
  if (kind != ACCEL_BIAS_NONE)
    ok &= ((kind == ACCEL_BIAS_PER_COLUMN) | (kind == ACCEL_BIAS_PER_ROW)) &&
          accel_tensor_passes(o->bias, 1, 0, &xb, &xe) &&
          o->bias->dims[0] == (kind == ACCEL_BIAS_PER_COLUMN ? n : m);
  accel_act_kind act = o->act.kind;
  ok &= ((unsigned)act <= ACCEL_ACT_GELU_ERF) &
        ((act != ACCEL_ACT_CLIP) | (o->act.lo <= o->act.hi));
  ok &= !(accel_footprints_overlap(cb, ce, ab, ae) |
          accel_footprints_overlap(cb, ce, bb, be) |
          accel_footprints_overlap(cb, ce, xb, xe));
  return ok;
}

accel_status accel_gemm_check(const char *K, const accel_tensor *a,
                              const accel_tensor *b, const accel_tensor *c,
                              const accel_gemm_options *o) {
  if (gemm_args_pass(a, b, c, o))
    return ACCEL_OK;
  accel_status s;
  if ((s = accel_check_tensor(K, "a", a, 2, 2, 0)) ||
      (s = accel_check_tensor(K, "b", b, 2, 2, 0)) ||
      (s = accel_check_tensor(K, "c", c, 2, 2, 1)))
    return s;
  view va = view_of(a, o->trans_a), vb = view_of(b, o->trans_b);
  if (va.cols != vb.rows)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "b",
                              "op(b) has %ld rows, op(a) has %ld columns",
                              vb.rows, va.cols);
  if (c->dims[0] != va.rows || c->dims[1] != vb.cols)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "c",
                              "dims [%ld, %ld] do not match op(a) . op(b) "
                              "[%ld, %ld]",
                              c->dims[0], c->dims[1], va.rows, vb.cols);
  if (has_bias(o)) {
    if (o->bias_kind != ACCEL_BIAS_PER_COLUMN &&
        o->bias_kind != ACCEL_BIAS_PER_ROW)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                                "bias_kind %d is not a bias kind",
                                (int)o->bias_kind);
    if ((s = accel_check_tensor(K, "bias", o->bias, 1, 1, 0)))
      return s;
    long want = o->bias_kind == ACCEL_BIAS_PER_COLUMN ? vb.cols : va.rows;
    if (o->bias->dims[0] != want)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "bias",
                                "%ld elements, expected %ld (%s)",
                                o->bias->dims[0], want,
                                o->bias_kind == ACCEL_BIAS_PER_COLUMN
                                    ? "N, one per column"
                                    : "M, one per row");
  }
  if (o->act.kind < ACCEL_ACT_NONE || o->act.kind > ACCEL_ACT_GELU_ERF)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "activation %d is not an activation",
                              (int)o->act.kind);
  if (o->act.kind == ACCEL_ACT_CLIP && !(o->act.lo <= o->act.hi))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "clip bounds [%g, %g] are not ordered",
                              (double)o->act.lo, (double)o->act.hi);
  return accel_gemm_check_overlap(K, a, b, c, o);
}

accel_status accel_gemm_check_overlap(const char *K, const accel_tensor *a,
                                      const accel_tensor *b,
                                      const accel_tensor *c,
                                      const accel_gemm_options *o) {
  /* Writing c while reading an input would be order-dependent. */
  const accel_tensor *inputs[3] = {a, b, has_bias(o) ? o->bias : NULL};
  static const char *const names[3] = {"a", "b", "bias"};
  for (int i = 0; i < 3; ++i)
    if (inputs[i] && accel_tensors_overlap(c, inputs[i]))
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "c", "overlaps %s",
                                names[i]);
  return ACCEL_OK;
}

void accel_gemm_stage_args(accel_gemm_args *g, const accel_tensor *a,
                           const accel_tensor *b, const accel_tensor *c,
                           const accel_gemm_options *options) {
  /* The bias's descriptor comes with the others, its address read from
     the caller's options (a load or two, where staging the options
     before it cost a transfer's round trip, about 70 cycles). */
  const accel_tensor *bias =
      options && has_bias(options) ? options->bias : NULL;
  g->a = ACCEL_STAGE_READ(1, &g->a_copy, a);
  g->b = ACCEL_STAGE_READ(2, &g->b_copy, b);
  g->c = ACCEL_STAGE_READ(3, &g->c_copy, c);
  g->o = accel_gemm_defaults();
  ACCEL_STAGE(0, &g->o, options);
  const accel_tensor *staged_bias = ACCEL_STAGE_READ(0, &g->bias_copy, bias);
  accel_dma_wait_all();
  if (bias)
    g->o.bias = staged_bias;
}

static long gemm(const void *a, const void *b, const void *c,
                 const void *options) {
  accel_gemm_args g;
  accel_gemm_stage_args(&g, a, b, c, options);
  if (accel_checking()) {
    accel_status s = accel_gemm_check("accel_gemm", g.a, g.b, g.c, &g.o);
    if (s || accel_only_checking())
      return s;
  }
  accel_gemm_run(g.a, g.b, g.c, &g.o);
  return ACCEL_OK;
}

accel_status accel_gemm(const accel_tensor *a, const accel_tensor *b,
                        accel_tensor *c, const accel_gemm_options *options) {
  return (accel_status)accel_on_kernel_stack(gemm, a, b, c, options);
}

/* The general path's rows of tiles against one panel (run_row), A's first
   tile (and bias rows) on their way to buffer 0. Out of line: its values
   would cost accel_gemm_run registers, and the fast path's set-up with
   them. */
__attribute__((noinline)) static void
rows_general(const accel_gemm_options *op, const view *vap, const view *biasp,
             const float *panel, long k0, long kc, long nb, float *c_panel,
             long c_rs, long c_cs, int first, int last, int read_c,
             int direct) {
  accel_gemm_options o = *op;
  view va = *vap, bias = *biasp;
  long M = va.rows;
  for (long m0 = 0, mt = 0; m0 < M; m0 += T, ++mt) {
    int buf = mt & 1;
    long rows = min_of(M - m0, T);
    if (m0 && first && o.bias_kind == ACCEL_BIAS_PER_ROW)
      accel_copy_matrix(buf, bias_rows[buf], 0, 1, at(bias, 0, m0), 0,
                        bias.cs, 1, rows);
    accel_dma_wait_on(buf);
    if (kc && m0 + T < M)
      fetch_a(!buf, a_tile[!buf], va, m0 + T, k0, kc);

    epilogue e = {o.alpha, o.beta, first, last, read_c, NULL,
                  o.bias_kind == ACCEL_BIAS_PER_ROW ? bias_rows[buf] : NULL,
                  &o.act};
    run_row(a_tile[buf], panel, kc, nb, buf, rows, c_panel + m0 * c_rs, c_rs,
            c_cs, direct, direct && o.act.kind == ACCEL_ACT_RELU, read_c, &e,
            o.bias_kind == ACCEL_BIAS_PER_COLUMN);
  }
}

/* A lone last column goes to the vector unit (last_column) when two whole
   blocks' mmacs cover it. */
static int lone_column(long nb, long kc) {
  return (nb % T == 1) & (nb > 2 * T) & (kc % T == 0);
}

/* Whether to compute c^T = op(b)^T . op(a)^T instead: fewer rows than a
   tile against B's columns contiguous and its rows not (a Linear layer's
   y = x W^T at batch 1). W's rows are then A's tiles, one transfer each,
   where each row of B took a transfer per element (ResNet-18's fc, 1 x
   1000 x 512: 76 567 cycles). */
static int transposed_pays(view va, view vb, view vc) {
  (void)va;
  return vc.rows < T && vc.cols > vc.rows && vb.rs == 1 && vb.cs != 1;
}

void accel_gemm_run(const accel_tensor *a, const accel_tensor *b,
                    const accel_tensor *c, const accel_gemm_options *options) {
  accel_gemm_options o = *options;
  view va = view_of(a, o.trans_a), vb = view_of(b, o.trans_b);
  view vc = view_of(c, 0);
  long M = vc.rows, N = vc.cols, K = va.cols;
  if (M == 0 || N == 0)
    return;
  if (transposed_pays(va, vb, vc)) {
    accel_tensor at = {vb.base, ACCEL_F32, 2, {N, K}, {vb.cs, vb.rs}};
    accel_tensor bt = {va.base, ACCEL_F32, 2, {K, M}, {va.cs, va.rs}};
    accel_tensor ct = {vc.base, ACCEL_F32, 2, {N, M}, {vc.cs, vc.rs}};
    o.trans_a = o.trans_b = 0;
    if (o.bias_kind != ACCEL_BIAS_NONE)
      o.bias_kind = o.bias_kind == ACCEL_BIAS_PER_ROW ? ACCEL_BIAS_PER_COLUMN
                                                      : ACCEL_BIAS_PER_ROW;
    accel_gemm_run(&at, &bt, &ct, &o);
    return;
  }
  /* One K chunk and one panel (N <= panel_cols_for(K), without its
     division) that the fast path streams (stream, below): its first
     transfers start at once, before the loop's set-up (about 250 cycles),
     and its rows run from here. Decided in one run of compares and one
     branch (the asm keeps the compiler from making a branch of each). */
  long blocks = (N + T - 1) / T;
  /* One row of tiles (M <= 16) has no last row to load a next panel
     under: its panel may fill both halves of b_panel (an MLP's 8 x 256 x
     784: 18 905 -> 14 923 cycles, its first 160 columns no longer loaded
     before the first mmac). */
  long panel_floats = M > T ? PanelFloats : 2 * PanelFloats;
  int streams_at_once =
      (K > 0) & (K <= KChunk) & (blocks <= MaxPanelBlocks) &
      (blocks * K <= panel_floats / T) & (o.alpha == 1.0f) &
      (o.beta == 0.0f) & (vc.cs == 1) & (vb.cs == 1) & (va.cs == 1) &
      !lone_column(N, K);
  __asm__("" : "+r"(streams_at_once));
  view bias = {0};
  if (has_bias(&o))
    bias = (view){(float *)o.bias->data, 1, o.bias->dims[0], 0,
                  o.bias->strides[0]};
  int per_column = o.bias_kind == ACCEL_BIAS_PER_COLUMN;
  /* A's first tile and B's first block start before the rest of the
     set-up (100 x 300 x 77's first mmac came 225 cycles after them and
     83 after the call): they are the first transfers of every path with
     one K chunk (the general one skips them for its first panel). The
     streamed path's per-column bias follows at once, on channel 3 before
     the plan's item 3 (so that dma.wait.older waits for it alone): its
     tiles are made while A and B arrive. */
  int early = (K > 0) & (K <= KChunk) & (va.cs == 1) & (vb.cs == 1);
  if (early) {
    accel_dma_rows_on(0, a_tile[0], va.base, min_of(M, T), K * 4, K * 4,
                      va.rs * 4);
    accel_dma_2d(1, b_panel[0], vb.base, K, block_cols(N, 0) * 4, T * 4,
                 vb.rs * 4);
    if (streams_at_once && per_column)
      accel_copy_matrix(3, bias_cols, 0, 1, bias.base, 0, bias.cs, 1, N);
  }
  accel_vstore(zero_row, (accel_v16f)0.0f);
  if (streams_at_once) {
    int per_row = o.bias_kind == ACCEL_BIAS_PER_ROW;
    /* Items 0 and 1 (stream_plan), the first mmac's operands, are on
       their way (early), and a per-column bias. */
    if (per_row)
      accel_copy_matrix(0, bias_rows[0], 0, 1, bias.base, 0, bias.cs, 1,
                        min_of(M, T));
    /* One row of tiles (M <= 16) has no second row to fetch. */
    int two_rows = M > T;
    stream_plan plan = {b_panel[0], vb.base,        vb.rs, N,
                        blocks,     K,              at(va, T, 0),
                        va.rs,      two_rows ? min_of(M - T, T) : 0,
                        per_row && two_rows ? at(bias, 0, T) : NULL,
                        bias.cs};
    stream_start(&plan, 2);
    accel_vstore(zero_row, (accel_v16f)0.0f);
    /* The bias tiles, made while A's first tile and B's first blocks
       arrive: each tile starts from its block's (START_TILE). */
    if (per_column) {
      wait_column_bias(&plan);
      splat_columns(bias_tiles[0], bias_cols, blocks);
    }
    epilogue e = {1.0f, 0.0f, 1, 1, 0, NULL, NULL, &o.act};
    fast_job f = {va.base, va.rs, va.cs, M, K, b_panel[0], N, vc.base, vc.rs,
                  &e, per_row ? bias.base : NULL, bias.cs,
                  per_column ? bias_tiles[0] : NULL, 0, NULL, NULL, NULL, 0,
                  0, 0, &plan};
    rows_fast_any(&f);
    accel_dma_wait_all();
    return;
  }

  /* K = 0 still computes beta * c + bias: one empty chunk. */
  long k0 = 0;
  do {
    long kc = min_of(K - k0, KChunk);
    int first = k0 == 0, last = k0 + kc >= K;
    /* Straight from the accumulator: with the bias as its start value
       (rows_fast), or without a bias (run_row). */
    int fast = first && last && o.alpha == 1.0f && o.beta == 0.0f;
    int direct = fast && !has_bias(&o) &&
                 (o.act.kind == ACCEL_ACT_NONE || o.act.kind == ACCEL_ACT_RELU);
    int read_c = !first || o.beta != 0.0f;
    long panel_cols =
        T * (kc ? min_of(PanelFloats / (T * kc), MaxPanelBlocks)
                : MaxPanelBlocks);

    /* The fast path loads each panel but the first under the previous
       one's last row of tiles, into the other half of b_panel, when B's
       rows are contiguous (one transfer a block). */
    int streams = fast && vc.cs == 1 && kc && vb.cs == 1;
    int loaded = 0; /* the panel is in b_panel[half] already, and its first
                       row's A tile (and bias) in a_tile[a_buf] */
    int a_buf = 0;
    for (long n0 = 0, half = 0; n0 < N; n0 += panel_cols, half = !half) {
      long nb = min_of(N - n0, panel_cols);
      long nblocks = (nb + T - 1) / T;
      float *panel = b_panel[half];
      int column = lone_column(nb, kc);
      /* The fast path's first panel streams under its first row of tiles
         when each block and A tile is one transfer and nothing else
         needs a channel: two rows of tiles or more, no lone column. A
         per-column bias goes on channel 3 before the plan's item 3
         (dma.wait.older then waits for it alone); without the stream,
         on channel 2 with the panel (128 x 768 x 256 with a bias, a
         BERT-mini projection: 106 551 -> 102 153 cycles streamed). */
      stream_plan plan;
      int stream = streams && !loaded && va.cs == 1 && M > T && !column;
      int column_bias = first && per_column;
      if (column_bias && stream)
        accel_copy_matrix(3, bias_cols, 0, 1, at(bias, 0, n0), 0, bias.cs, 1,
                          nb);
      /* A's first tile on channel 0, then the panel over all four
         channels: block j holds kc rows of its 16 columns. */
      if (!loaded)
        a_buf = 0;
      if (!loaded && first && o.bias_kind == ACCEL_BIAS_PER_ROW)
        accel_copy_matrix(0, bias_rows[0], 0, 1, bias.base, 0, bias.cs, 1,
                          min_of(M, T));
      int issued = early && n0 == 0; /* A's first tile, B's first block */
      if (!loaded && kc && !issued)
        fetch_a(0, a_tile[0], va, 0, k0, kc);
      if (stream) {
        plan = (stream_plan){panel, at(vb, k0, n0), vb.rs, nb, nblocks, kc,
                             at(va, T, k0), va.rs, min_of(M - T, T),
                             o.bias_kind == ACCEL_BIAS_PER_ROW
                                 ? at(bias, 0, T)
                                 : NULL,
                             bias.cs};
        stream_start(&plan, issued ? 2 : 1);
      }
      for (long j = issued; j < nblocks && kc && !loaded && !stream; ++j)
        accel_copy_matrix((j + 1) & 3, panel + j * T * kc, T, 1,
                          at(vb, k0, n0 + j * T), vb.rs, vb.cs, kc,
                          block_cols(nb, j));
      if (column_bias && !stream)
        accel_copy_matrix(2, bias_cols, 0, 1, at(bias, 0, n0), 0, bias.cs, 1,
                          nb);
      if (!stream)
        accel_dma_wait_all();

      float *c_panel = (float *)at(vc, 0, n0);
      if (fast && vc.cs == 1 && kc) {
        epilogue e = {1.0f, 0.0f, 1, 1, 0, NULL, NULL, &o.act};
        if (per_column) {
          if (stream)
            wait_column_bias(&plan);
          splat_columns(bias_tiles[0], bias_cols, nblocks);
        }
        if (column) {
          accel_copy_matrix(0, b_column, 1, 1, panel + (nblocks - 1) * T * kc,
                            T, 1, kc, 1);
          accel_dma_wait_on(0);
        }
        long next_n0 = n0 + panel_cols;
        loaded = streams && next_n0 < N;
        fast_job f = {
            at(va, 0, k0), va.rs, va.cs, M, kc, panel, nb - column, c_panel,
            vc.rs, &e, o.bias_kind == ACCEL_BIAS_PER_ROW ? bias.base : NULL,
            bias.cs, per_column ? bias_tiles[0] : NULL, column,
            per_column ? bias_cols + nb - column : NULL,
            loaded ? b_panel[!half] : NULL, at(vb, k0, next_n0), vb.rs,
            min_of(N - next_n0, panel_cols), a_buf, stream ? &plan : NULL};
        a_buf = rows_fast_any(&f);
        accel_dma_wait_on(2);
        accel_dma_wait_on(3);
        continue;
      }
      rows_general(&o, &va, &bias, panel, k0, kc, nb, c_panel, vc.rs, vc.cs,
                   first, last, read_c, direct);
      accel_dma_wait_on(2);
      accel_dma_wait_on(3);
    }
    k0 += KChunk;
  } while (k0 < K);
  /* c's last tiles are still on their way out. */
  accel_dma_wait_all();
}
