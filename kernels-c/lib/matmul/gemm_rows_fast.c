/* gemm_rows_fast.c - accel_gemm's fast path: the result straight from
   the accumulator (the bias its start value), one K chunk, rows of tiles
   against a panel with the next panel arriving under the last row, or
   the first panel streamed under the first row (gemm_internal.h). */

#include "matmul/gemm_internal.h"

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
    float *dst = next_panel + (j)*T * kc;                                      \
    const float *src = next_b + (j)*T;                                         \
    accel_dma_2d(t, dst, src, half, cols, T * 4, next_b_rs * 4);               \
    accel_dma_2d(2 + t, dst + half * T, src + half * next_b_rs, kc - half,     \
                 cols, T * 4, next_b_rs * 4);                                  \
  } while (0)

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
        accel_dma_wait_on(KERNEL_CHANNEL((j) + 2)); /* block j + 1 */          \
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
    float *tile = (o).pairs ? (o).pairs + (j)*2 * T * T : c_out[t];            \
    if ((o).send && (behind))                                                  \
      accel_dma_wait_older(2 + (t));                                           \
    else if ((o).send)                                                         \
      accel_dma_wait(2 + (t));                                                 \
    if (relu)                                                                  \
      accel_mst_relu(t, tile);                                                 \
    else                                                                       \
      accel_mst(t, tile);                                                      \
    if (vector_act)                                                            \
      gemm_activate_tile(tile, e);                                             \
    if ((o).send)                                                              \
      accel_dma_2d(2 + (t), (c) + (j)*T - (o).above * c_rs,                    \
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
   (two copies of the loop: accumulator numbers are constants). relu: store with
   mst.relu; vector_act: apply e's GELU or clip on the vector unit; column: the
   second half of last_column's work goes under block 1's mmac. The next panel's
   first next_nblocks blocks (of next_nb columns at next_b, rows next_b_rs
   apart) start under the mmacs, into next_panel (NEXT_BLOCK). plan: this row is
   a streamed panel's first, each block waited for before its mmac and the
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
             long next_nblocks, const stream_plan *plan, row_out o, next_row nx,
             int defer) {
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

/* Row next_m0's A tile (and bias rows) into the buffer after buf, on its
   channel. */
static inline __attribute__((always_inline)) void
fetch_row(const fast_job *f, const view *ap, const float *bias, long M, long kc,
          long next_m0, int buf, int calls) {
  view a = *ap;
  long next_rows = min_of(M - next_m0, T);
  /* The short transfer first: the fetch's start waits for it under the
     mmac, where the other order would wait for the whole fetch. */
  if (bias)
    accel_dma_rows_on(!buf, bias_rows[!buf], bias + next_m0 * f->bias_cs,
                      next_rows, 4, 4, f->bias_cs * 4);
  /* Inline when A's rows are contiguous: a call here delays the row's
     second mmac. */
  if (a.cs == 1 && !calls)
    accel_dma_rows_on(!buf, a_tile[!buf], at(a, next_m0, 0), next_rows, kc * 4,
                      kc * 4, a.rs * 4);
  else
    fetch_a(!buf, a_tile[!buf], a, next_m0, 0, kc);
}

/* After the rows: a streamed panel of one row of tiles (M <= T) sends its
   tiles, kept in row_pairs for a second row there is not, a channel each
   by turns (every plan item has arrived); the next panel's blocks beyond
   this one's (a lone column's) start. */
static inline __attribute__((always_inline)) void
finish_panel(const fast_job *f, const stream_plan *plan, float *c, long c_rs,
             long M, long nb, long kc, long next_nblocks) {
  if (plan && M <= T)
    for (long j = 0; j < (nb + T - 1) / T; ++j)
      accel_dma_2d_on(KERNEL_CHANNEL(j), c + j * T, row_pairs[j], M,
                      block_cols(nb, j) * 4, c_rs * 4, T * 4);
  for (long j = (nb + T - 1) / T; j < next_nblocks; ++j)
    accel_copy_matrix(KERNEL_CHANNEL(j), f->next_panel + j * T * kc, T, 1,
                      f->next_b + j * T, f->next_b_rs, 1, kc,
                      block_cols(f->next_nb, j));
}

/* A zero tile in bias_tiles[2], for tiles to start from on the tile-move
   port; from zero_row's value, which the compiler does not know: a loop
   of constant zeros becomes a call of memset, 150 cycles. */
static inline __attribute__((always_inline)) tile_start zero_tile_start(void) {
  accel_v16f zero = accel_vload(zero_row);
#pragma clang loop unroll(full)
  for (int i = 0; i < T; ++i)
    accel_vstore(bias_tiles[2] + i * T, zero);
  return (tile_start){bias_tiles[2], 0};
}

/* rows_fast's start of a row not chained to the last one, in accumulator
   t (a constant): the row's first mmac before the next row's fetch, which
   then overlaps it; then the last row's last tile out (held), whose
   accumulator is the one the row's second tile starts in. Its tile
   starts from an mzero when it would load zeros: the mld would take the
   port 16 cycles after the last row's last mst, with the matrix unit
   waiting. */
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

/* Every T-row tile of op(a) (the first, and its bias rows, already on
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
                             e->act->kind == ACCEL_ACT_GELU_ERF ||
                             e->act->kind == ACCEL_ACT_SILU);
  long next_nblocks = f->next_panel ? (f->next_nb + T - 1) / T : 0;
  /* Without a bias the tiles start from a zero tile, loaded on the
     tile-move port under the mmacs too, instead of an mzero on the
     matrix unit; unless the mmacs are shorter than the port's mst and
     mld together. */
  tile_start start = {f->col_tiles, T * T};
  int zero_start = !f->col_tiles && kc >= 2 * T;
  if (zero_start)
    start = zero_tile_start();
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
      /* (flip is 0 here but with defer.) */
      if (defer && flip)
        ROW_START(1);
      else
        ROW_START(0);
    }
    /* The next row's A tile and bias, or the next panel's first (a
       streamed panel's second row's are items of its plan). */
    long next_m0 = last_row ? 0 : m0 + T;
    if ((!last_row || (f->next_panel && M > T)) && !(plan && !m0)) {
      fetch_row(f, &a, bias, M, kc, next_m0, buf, calls);
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
  finish_panel(f, plan, c, c_rs, M, nb, kc, next_nblocks);
  return M > T ? buf : f->buf0;
}
#undef ROW_START
#undef START_TILE
#undef TILE_OUT

/* rows_fast without and with calls out of line; out of line themselves,
   so that nothing between one row's last mmac and the next row's first
   is a load from the stack. */
__attribute__((noinline)) int gemm_rows_fast_plain(const fast_job *f) {
  return rows_fast(f, 0, 0);
}
__attribute__((noinline)) int gemm_rows_fast_calling(const fast_job *f) {
  return rows_fast(f, 1, 0);
}
/* rows_fast with its rows as one sequence (next_row). The next row's
   set-up (about 160 cycles) then comes between its first mmac and its
   second, where without the chain 65 cycles of it came before the first
   and the rest under it: it pays when the first mmac covers about 90
   cycles, not with a short kc. */
__attribute__((noinline)) int gemm_rows_fast_chained(const fast_job *f) {
  return rows_fast(f, 0, 1);
}
