/* attention_blocks.c - the online softmax over one chunk's key blocks,
   software-pipelined against the matrix unit (attention.c's overview,
   "Pipelining"; attention_internal.h). */

#include "attention/attention_internal.h"

/* How far a block's max may exceed the running max before the running max
   moves: the exponentials stay below e^8, far from f32's range. */
static const float Tau = 8.0f;

/* The running max moved: o^T's columns (queries) times alpha. Out of
   line and rare. */
__attribute__((noinline)) static void rescale_o(accel_v16f alpha, int ntiles) {
  FOR_TILES(ntiles, STORE_TILE);
  for (int t = 0; t < ntiles; ++t)
    for (int r = 0; r < T; ++r)
      accel_vstore(spm->tile[t] + r * T,
                   accel_vload(spm->tile[t] + r * T) * alpha);
  FOR_TILES(ntiles, LOAD_TILE);
}

/* The block's max (*bm, relative to m_exp) passed the threshold: m_exp
   moves to the new max, l and o are rescaled, the block's scores x and
   *bm are shifted, Q^T's last row becomes -m_exp, and the next block's
   S^T (next_k, in flight with the old m_exp) is computed again, from its
   initial tile next_init. Rare: at a chunk's first block (move_first),
   and when a query's max grows by more than Tau. */
__attribute__((always_inline)) static inline void
move_max(softmax_state *st, accel_v16f *x, accel_v16f *bm, int ntiles,
         const float *next_k, const float *next_init, float *qt, long kd,
         int first) {
  accel_v16f b = *bm;
  const accel_v16f ninf = -__builtin_inff();
  accel_v16i started = st->thr != ninf;
  accel_v16f m =
      __builtin_elementwise_max(started ? st->m_exp : ninf, b + st->m_exp);
  /* A query whose scores so far were all hidden by a mask's huge finite
     values (its running max one of them) meets a score: the matrix unit
     subtracted that max, and the scores lost their precision. The chunk
     is done again with those values hidden (run_query_block). */
  if (!first && any_lane(started & (st->m_exp <= HUGE_MASK) &
                         (b + st->m_exp > HUGE_MASK)))
    spm->redo = 1;
  accel_v16f m_exp = m == ninf ? (accel_v16f)0.0f : m;
  accel_v16f alpha = started ? accel_vexp(st->m_exp - m_exp) : (accel_v16f)0.0f;
  if (any_lane(started))
    rescale_o(alpha, ntiles);
  st->l *= alpha;
  accel_v16f shift = m_exp - st->m_exp;
#pragma clang loop unroll(full)
  for (int j = 0; j < T; ++j)
    x[j] -= shift;
  *bm = b - shift;
  st->m_exp = m_exp;
  st->thr = m == ninf ? ninf : (accel_v16f)Tau;
  /* Q^T must not change under a running mmac: the mst waits for it. */
  if (next_k)
    accel_mst(0, spm->s);
  IN_ORDER();
  accel_vstore(qt + (kd - 1) * T, -m_exp);
  IN_ORDER();
  if (next_k) {
    accel_mld(0, next_init);
    accel_mmac(0, next_k, qt, kd);
  }
}

/* Row j of a block's scores less m_exp: S^T's row (spm->s; lane i: query
   i) plus the mask's, -inf where the query does not see the key. */
__attribute__((always_inline)) static inline accel_v16f
score_row(int j, block_kind b) {
  const accel_v16i lane = {0, 1, 2,  3,  4,  5,  6,  7,
                           8, 9, 10, 11, 12, 13, 14, 15};
  accel_v16f x = accel_vload(spm->s + j * T);
  if (!b.general)
    return x;
  if (b.mask)
    x += vload_strided(b.mask + j, b.mask_rs);
  int hidden_below = j < b.rows ? b.kq + j : T;
  return lane < (accel_v16i)hidden_below ? (accel_v16f)(-__builtin_inff()) : x;
}

/* The block's max over its rows (per query), a tree of depth 4, done at
   this point in the program: the asm ties it here, before the mmac that
   follows. */
__attribute__((always_inline)) static inline accel_v16f
block_max(const accel_v16f *x) {
  accel_v16f y[T];
#pragma clang loop unroll(full)
  for (int j = 0; j < T; ++j)
    y[j] = x[j];
#pragma clang loop unroll(full)
  for (int w = T / 2; w > 0; w /= 2)
#pragma clang loop unroll(full)
    for (int i = 0; i < w; ++i)
      y[i] = __builtin_elementwise_max(y[i], y[i + w]);
  __asm__ volatile("" : "+v"(y[0])::"memory");
  return y[0];
}

/* A block's scores (after its mst) and their max. */
__attribute__((always_inline)) static inline accel_v16f
load_block(accel_v16f *x, block_kind b) {
#pragma clang loop unroll(full)
  for (int j = 0; j < T; ++j)
    x[j] = score_row(j, b);
  return block_max(x);
}

/* One key block, software-pipelined: x holds its scores less m_exp and
   bm their max, in registers. S^T of the next block (next_k, if has_next)
   starts on the matrix unit; while it computes, this block's max is
   checked and P^T = exp(x) stored with l summed; then this block's P . V
   is issued tile by tile (v's transposed tiles at vb, VTileFloats apart)
   and, between the mmacs, the next S^T stored (mst) and the next block's
   rows loaded and reduced (if load_next; otherwise the next block is
   another function's, which loads it). k's rows and Q^T have kd = D + 1
   elements: the last, 1 and -m_exp, subtract the running max on the
   matrix unit. Tile 0 starts each S^T from an initial tile (scratchpad,
   loaded by mld): the next block's was next_init; after_init (if any),
   the one after it's, is loaded on the tile-move port once the next S^T
   is stored, so that the matrix unit spends no mzero on it, and a masked
   block's -inf come from its initial tile (mask_tile). */
__attribute__((always_inline)) static inline void
block_step(softmax_state *st, accel_v16f *x, accel_v16f *bm, int has_next,
           int load_next, const float *next_k, block_kind next,
           const float *next_init, const float *after_init, float *qt, long kd,
           const float *vb, int ntiles, int masked) {
  if (has_next)
    accel_mmac(0, next_k, qt, kd);
  if (any_lane(*bm > st->thr))
    move_max(st, x, bm, ntiles, has_next ? next_k : NULL, next_init, qt, kd,
             !masked);
  /* Four running sums, not a tree of 16: few vector registers live (for
     the next block's scores), chains of 4. */
  accel_v16f l4[4] = {st->l, 0.0f, 0.0f, 0.0f};
#pragma clang loop unroll(full)
  for (int j = 0; j < T; ++j) {
    accel_v16f e = accel_vexp(x[j]);
    accel_vstore(spm->p + j * T, e);
    l4[j % 4] += e;
  }
  st->l = (l4[0] + l4[1]) + (l4[2] + l4[3]);
  /* A store of l, which the next loads may not pass: the sums finish
     here, before the next block's 16 scores take their registers. */
  spm->state.l = st->l;
  IN_ORDER();
  /* The mst runs on the tile-move port, beside the P . V mmacs. */
  accel_mmac(1, vb, spm->p, T);
  if (has_next)
    accel_mst(0, spm->s);
  IN_ORDER();
  if (load_next) {
#pragma clang loop unroll(full)
    for (int j = 0; j < T / 2; ++j)
      x[j] = score_row(j, next);
  }
  IN_ORDER();
  if (ntiles > 1)
    accel_mmac(2, vb + VTileFloats, spm->p, T);
  IN_ORDER();
  if (load_next) {
#pragma clang loop unroll(full)
    for (int j = T / 2; j < T; ++j)
      x[j] = score_row(j, next);
  }
  IN_ORDER();
  /* After the mst (the port's 16 cycles have passed under an mmac). */
  if (has_next && after_init)
    accel_mld(0, after_init);
  if (ntiles > 2)
    accel_mmac(3, vb + 2 * VTileFloats, spm->p, T);
  if (load_next)
    *bm = block_max(x);
  if (ntiles > 3)
    accel_mmac(4, vb + 3 * VTileFloats, spm->p, T);
}

static const block_kind FullBlock = {0, T, 0, NULL, 0};

/* A chunk's first block, whose max block_step would check after starting
   the next S^T: a query block's first always moves the max (no score seen
   yet), so that check goes first here, and the next S^T needs no second
   computation. */
__attribute__((always_inline)) static inline void
move_first(softmax_state *st, accel_v16f *x, accel_v16f *bm, int ntiles,
           float *qt, long kd) {
  if (any_lane(*bm > st->thr))
    move_max(st, x, bm, ntiles, NULL, NULL, qt, kd, 1);
}

/* n blocks of 16 keys that every query sees (k's rows at k, v's tiles at
   vb), the last followed by another block (its S^T computed and stored)
   if `more`. With tail (mask_tile's initial tile for it), that block is
   the chunk's last and is done here too, as a full one: its hidden
   scores are -inf from the matrix unit (causal: a query block's diagonal
   block; or a last partial block). Tile 0 starts block 1's S^T from
   tail when n = 1, else from zeros (run_chunk). */
__attribute__((always_inline)) static inline void
full_blocks(float *qt, long kd, const float *k, const float *vb, long n,
            int more, const float *tail, int ntiles) {
  softmax_state st = spm->state;
  accel_v16f x[T];
  const float *zero = spm->zero, *last_init = tail ? tail : zero;
  accel_v16f bm = load_block(x, FullBlock);
  move_first(&st, x, &bm, ntiles, qt, kd);
  for (long j = 0; j + 1 < n; ++j, k += T * kd, vb += T * T)
    block_step(&st, x, &bm, 1, 1, k + T * kd, FullBlock, zero,
               j + 2 == n ? last_init : zero, qt, kd, vb, ntiles, 0);
  if (tail) {
    block_step(&st, x, &bm, 1, 1, k + T * kd, FullBlock, tail, NULL, qt, kd, vb,
               ntiles, 0);
    block_step(&st, x, &bm, 0, 0, NULL, FullBlock, NULL, NULL, qt, kd,
               vb + T * T, ntiles, 0);
  } else if (more) {
    block_step(&st, x, &bm, 1, 0, k + T * kd, FullBlock, zero, zero, qt, kd, vb,
               ntiles, 0);
  } else {
    block_step(&st, x, &bm, 0, 0, NULL, FullBlock, NULL, NULL, qt, kd, vb,
               ntiles, 0);
  }
  spm->state = st;
}

/* Out of line with scalar arguments, so that the loop keeps its state in
   registers (the stack is in DRAM, 40 cycles a load); o's usual four tiles
   without a test per tile. */
__attribute__((noinline)) void
attention_run_full_blocks(float *qt, long kd, const float *k, const float *vb,
                          long n, int more, int ntiles) {
  if (ntiles == OTiles)
    full_blocks(qt, kd, k, vb, n, more, NULL, OTiles);
  else
    full_blocks(qt, kd, k, vb, n, more, NULL, ntiles);
}

/* The same with a tail, whose initial tile mask_tile made in spm->mask:
   a copy of its own, so that the loop without one keeps its code. */
__attribute__((noinline)) void
attention_run_full_blocks_tail(float *qt, long kd, const float *k,
                               const float *vb, long n, int ntiles) {
  const float *tail = spm->mask;
  if (ntiles == OTiles)
    full_blocks(qt, kd, k, vb, n, 1, tail, OTiles);
  else
    full_blocks(qt, kd, k, vb, n, 1, tail, ntiles);
}

/* The masked blocks (see masked_kind), from the state in spm->state. */
__attribute__((always_inline)) static inline void
masked_blocks(float *qt, long kd, const float *k, const float *vb, long n,
              int ntiles, int rows_last, const float *mask, long mask_rs,
              long kq) {
  softmax_state st = spm->state;
  accel_v16f x[T];
  accel_v16f bm =
      load_block(x, masked_kind(0, n, rows_last, mask, mask_rs, kq));
  move_first(&st, x, &bm, ntiles, qt, kd);
  const float *zero = spm->zero;
  for (long j = 0; j < n; ++j, k += T * kd, vb += T * T) {
    if (j + 1 < n)
      block_step(&st, x, &bm, 1, 1, k + T * kd,
                 masked_kind(j + 1, n, rows_last, mask, mask_rs, kq), zero,
                 zero, qt, kd, vb, ntiles, 1);
    else
      block_step(&st, x, &bm, 0, 0, NULL, FullBlock, NULL, NULL, qt, kd, vb,
                 ntiles, 1);
  }
  spm->state = st;
}

/* The mask block's values at or below HUGE_MASK as -inf in the rows of
   the queries that see a key above it (row i sees keys j <= i - kq of the
   nkeys): exact, such keys' weights being 0 either way. A block of one
   row for all queries (mask_rs 0) is made rows of the layout's kc first.
   Returns the rows' stride. A rare path, scalar. */
static long hide_masked_keys(float *mask, long mask_rs, long nkeys, long kq) {
  long kc = spm->problem.lay.kc;
  if (mask_rs == 0)
    for (long i = 1; i < T; ++i)
      for (long j = 0; j < nkeys; ++j)
        mask[i * kc + j] = mask[j];
  for (long i = 0; i < T; ++i) {
    float *row = mask + i * kc;
    long seen = min_of(nkeys, i - kq + 1 < 0 ? 0 : i - kq + 1);
    int other = 0;
    for (long j = 0; j < seen; ++j)
      other |= row[j] > HUGE_MASK;
    if (other)
      for (long j = 0; j < nkeys; ++j)
        if (row[j] <= HUGE_MASK)
          row[j] = -__builtin_inff();
  }
  return kc;
}

/* The chunk's other blocks (see masked_kind). A query whose scores were
   all hidden by a mask's huge finite values (finfo.min) before it meets
   one that is not has lost that score's precision (move_max): if the
   chunk started from the initial state (no score seen: its first, or
   every one before hidden by -inf), the chunk is done again from the
   start with those values -inf where the query sees another key. */
__attribute__((noinline)) void
attention_run_masked_blocks(float *qt, long kd, const float *k, const float *vb,
                            long n, int ntiles, int rows_last,
                            const float *mask, long mask_rs, long kq) {
  if (!mask) {
    masked_blocks(qt, kd, k, vb, n, ntiles, rows_last, NULL, 0, kq);
    return;
  }
  int fresh = !any_lane(spm->state.thr != -__builtin_inff());
  spm->redo = 0;
  masked_blocks(qt, kd, k, vb, n, ntiles, rows_last, mask, mask_rs, kq);
  if (!fresh || !spm->redo)
    return;
  mask_rs =
      hide_masked_keys((float *)mask, mask_rs, (n - 1) * T + rows_last, kq);
  spm->state.m_exp = 0.0f;
  IN_ORDER();
  spm->state.l = 0.0f;
  spm->state.thr = -__builtin_inff();
  /* o's tiles and S^T's from zeros (an mzero waits for the matrix unit),
     the first block's S^T again with -m_exp = 0. */
  accel_mzero(0);
  FOR_TILES(ntiles, ZERO_TILE);
  IN_ORDER();
  accel_vstore(qt + (kd - 1) * T, (accel_v16f)0.0f);
  IN_ORDER();
  accel_mmac(0, k, qt, kd);
  accel_mst(0, spm->s);
  accel_mzero(0);
  IN_ORDER();
  masked_blocks(qt, kd, k, vb, n, ntiles, rows_last, mask, mask_rs, kq);
}
