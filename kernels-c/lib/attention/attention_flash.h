/* attention_flash.h - accel_attention's streamed path: for each head,
   pass over o's columns and query block, the keys in chunks through the
   scratchpad, the next chunk arriving while this one computes
   (attention.c's overview; attention_internal.h). */

/* Part of attention.c's translation unit, included there alone: its
   functions inline into the kernel's body, which keeps the call's values
   in registers (in an object of its own, each call would pay a function call
   and reloads of the problem). */

#ifndef ACCEL_ATTENTION_FLASH_H
#define ACCEL_ATTENTION_FLASH_H

#include "attention/attention_internal.h"

/* The initial tile of S^T for a block whose keys from `rows` on are
   missing and whose key j is hidden from the queries i < kq + j: -inf
   there, 0 elsewhere. The mmac adds the scores to it, and -inf plus a
   finite score is -inf (k's rows past the last key are zeros: use_chunk).
   Made when (rows, kq) changes: once per call for causal attention. */
static const float *mask_tile(int rows, int kq) {
  const accel_v16i lane = {0, 1, 2,  3,  4,  5,  6,  7,
                           8, 9, 10, 11, 12, 13, 14, 15};
  if (spm->mask_rows != rows || spm->mask_kq != kq) {
    spm->mask_rows = rows, spm->mask_kq = kq;
    for (int j = 0; j < T; ++j) {
      int hidden_below = j < rows ? kq + j : T;
      accel_vstore(spm->mask + j * T, lane < (accel_v16i)hidden_below
                                          ? (accel_v16f)(-__builtin_inff())
                                          : (accel_v16f)0.0f);
    }
  }
  return spm->mask;
}

/* One chunk's keys (nkeys: k's rows at k, v's tiles at v) for the query
   block whose Q^T is at qt, its first block's S^T started (start_scores). kq is
   the chunk's first key minus the first query that sees it (causal; very
   negative otherwise); mask, if any, the mask's block (rows mask_rs apart). */
static void run_chunk(float *qt, long kd, const float *k, const float *v,
                      long nkeys, const float *mask, long mask_rs, long kq,
                      int ntiles) {
  long nblocks = (nkeys + T - 1) / T;
  /* The blocks without a mask, a missing key or a causally hidden key. */
  long nfull = mask ? 0 : nkeys / T;
  long visible = -kq - (T - 1); /* the last full block's first key */
  nfull = min_of(nfull, visible < 0 ? 0 : visible / T + 1);
  int rows_last = (int)(nkeys - (nblocks - 1) * T);
  mask = mask ? mask + nfull * T : NULL;
  kq += nfull * T;
  accel_mst(0, spm->s);
  /* One masked block after full ones (causal; there is no mask then) goes
     with them, its -inf from its initial tile. */
  if (nfull && nblocks - nfull == 1) {
    block_kind b = masked_kind(0, 1, rows_last, NULL, 0, kq);
    const float *tail = mask_tile(b.rows, b.kq);
    if (nfull == 1)
      accel_mld(0, tail);
    else
      accel_mzero(0);
    attention_run_full_blocks_tail(qt, kd, k, v, nfull, ntiles);
    return;
  }
  accel_mzero(0);
  if (nfull)
    attention_run_full_blocks(qt, kd, k, v, nfull, nfull < nblocks, ntiles);
  if (nfull < nblocks)
    attention_run_masked_blocks(qt, kd, k + nfull * T * kd, v + nfull * T * T,
                                nblocks - nfull, ntiles, rows_last, mask,
                                mask_rs, kq);
}

/* ------------------------------------------------------------- the call */

__attribute__((always_inline)) static inline view
head_of(problem *pb, int which, long head) {
  if (pb->view_head[which] != head) {
    /* k's and v's heads are k/v heads (cursor's kv), in their own batch
       dims; the others' q's. */
    int kv = which == K || which == V;
    pb->view_head[which] = head;
    pb->view[which] = head_view(&pb->t[which], &pb->t[kv ? which : Q], head);
  }
  return pb->view[which];
}

static layout make_layout(long D, long Sk) {
  layout l;
  float *p = spm->pool;
  long kd = D + 1;
  l.q[0] = p, p += T * round_up(D, T);
  l.q[1] = p, p += T * round_up(D, T);
  l.qt = p, p += T * round_up(kd, T);
  p += round_up(p - spm->pool, T) - (p - spm->pool);
  long left = PoolFloats - (p - spm->pool);
  long per_key = 2 * kd + T;
  left -= 3 * OTiles * VTileFloats;
  l.kc = min_of(min_of(left / per_key / T * T, ChunkKeys),
                round_up(Sk ? Sk : 1, T));
  l.v[0] = p, p += OTiles * VTileFloats;
  l.v[1] = p, p += OTiles * VTileFloats;
  l.vt = p, p += OTiles * VTileFloats;
  l.k[0] = p, p += l.kc * kd;
  l.k[1] = p, p += l.kc * kd;
  l.mask = p;
  return l;
}

static int advance(const problem *pb, cursor *c) {
  if ((c->q0 += T) < pb->Sq)
    return 1;
  c->q0 = 0;
  if ((c->col += PassCols) < pb->Dv)
    return 1;
  c->col = 0;
  ++c->head;
  c->kv = pb->group == 1 ? c->head : c->head / pb->group;
  return c->head < pb->heads;
}

/* The keys the query block sees: [0, key_end). */
static long key_end(const problem *pb, const cursor *c) {
  if (!pb->causal)
    return pb->Sk;
  long end = c->q0 + min_of(pb->Sq - c->q0, T) + (pb->Sk - pb->Sq);
  /* A max then a min, not a branch around the min: LLVM 19 may speculate
     the min out of the branch with the range it has there and fold the
     branch away (masked_kind, attention_internal.h). */
  long lo = end < 0 ? 0 : end;
  return min_of(lo, pb->Sk);
}

/* Chunk `chunk` of the keys the query block at c reads: its k/v head's,
   so that the query heads sharing a k/v head (grouped-query attention)
   find it loaded. */
static inline chunk_id chunk_at(const cursor *c, long chunk) {
  chunk_id id = {c->kv, c->col, chunk};
  return id;
}

static int same_chunk(chunk_id a, chunk_id b) {
  return a.head == b.head && a.col == b.col && a.chunk == b.chunk;
}

/* A q block's transfers: nq rows of D at src (rows rs, columns cs floats
   apart) into dst's column blocks of T x T (layout). In registers: a DMA
   start may write memory, so fields of *pb would be loaded again after
   each. */
typedef struct {
  const float *src;
  float *dst;
  long rs, cs, nq, D;
} q_fetch;

__attribute__((always_inline)) static inline q_fetch
q_fetch_of(problem *pb, const cursor *c, int buf) {
  view q = head_of(pb, Q, c->head);
  long nq = min_of(pb->Sq - c->q0, T);
  q_fetch f = {at(q, c->q0, 0), pb->lay.q[buf], q.rs, q.cs, nq, pb->D};
  return f;
}

/* Column block b on channel b % 4: a channel holds two transfers (a third
   start stalls the program), and a query block's q and o transfers are 8
   of about 100 cycles each. */
__attribute__((always_inline)) static inline void
fetch_q_block(const q_fetch *f, long b) {
  long d = b * T;
  copy_rows(KERNEL_CHANNEL((int)b), f->dst + d * T, T, 1, f->src + d * f->cs,
            f->rs, f->cs, f->nq, min_of(f->D - d, T));
}

/* v's column block t of chunk id into buffer buf, on channel ch. */
static void fetch_v_tile(problem *pb, chunk_id id, int buf, long t, int ch) {
  view v = head_of(pb, V, id.head);
  long kc = pb->lay.kc, key0 = id.chunk * kc;
  long nkeys = min_of(pb->Sk - key0, kc);
  if (id.col + t * T < pb->Dv)
    accel_copy_matrix(ch, pb->lay.v[buf] + t * VTileFloats, T, 1,
                      at(v, key0, id.col + t * T), v.rs, v.cs, nkeys,
                      min_of(pb->Dv - id.col - t * T, T));
}

/* Chunk id into buffer buf. A channel holds two transfers, and a third
   start stalls the program (behind a block of v at 512 keys, about 1 100
   cycles), so a prefetch, which shares the channels with q's and o's
   transfers, leaves one a channel. With defer_last (a
   prefetch, under a query block's work): k on channel 0, v's blocks on
   1, 2 and 3, the last left to the next query block (fetch_rest).
   Otherwise, waited for at once: k's halves on 0 and 1, v's blocks on 2,
   3, 2, 3, so that the wait is for about half of the bytes a channel. */
static void fetch_chunk(problem *pb, chunk_id id, int buf, int defer_last) {
  view k = head_of(pb, K, id.head);
  long kc = pb->lay.kc, key0 = id.chunk * kc;
  long nkeys = min_of(pb->Sk - key0, kc), kd = pb->D + 1;
  long half = defer_last ? nkeys : nkeys / 2;
  accel_copy_matrix(0, pb->lay.k[buf], kd, 1, at(k, key0, 0), k.rs, k.cs, half,
                    pb->D);
  pb->loaded[buf] = id;
  pb->v_pending = defer_last;
  if (defer_last) {
    for (long t = 0; t < OTiles - 1; ++t)
      fetch_v_tile(pb, id, buf, t, 1 + (int)t);
    return;
  }
  accel_copy_matrix(1, pb->lay.k[buf] + half * kd, kd, 1, at(k, key0 + half, 0),
                    k.rs, k.cs, nkeys - half, pb->D);
  for (long t = 0; t < OTiles; ++t)
    fetch_v_tile(pb, id, buf, t, 2 + (int)(t % 2));
}

/* The v block a prefetch left (fetch_chunk), on channel 1. */
static void fetch_rest(problem *pb) {
  int buf = !pb->kbuf;
  fetch_v_tile(pb, pb->loaded[buf], buf, OTiles - 1, 1);
  pb->v_pending = 0;
}

/* n 16 x 16 blocks, one after the other, transposed from src to dst: the
   A operand of P . V is v's column block transposed. Two ways at once,
   about 33 cycles a block each: even blocks by the vector unit (16 loads,
   then 16 stores: a store keeps the later loads behind it; vld.s, an asm
   statement, goes alone in its bundle), odd ones by the tile-move port
   (mld and mst.t of tile 13, which nothing else uses), a move between
   the loads and before them, 16 cycles apart, so that the port does not
   stall the program. */
static void transpose_blocks(float *dst, const float *src, long n) {
  enum { Tile = 13 };
  for (long b = 0; b < n; b += 2) {
    float *d = dst + b * T * T;
    const float *s = src + b * T * T;
    accel_v16f x[T];
    if (b)
      accel_mst_t(Tile, d - T * T);
    IN_ORDER();
#pragma clang loop unroll(full)
    for (int c = 0; c < T; ++c)
      x[c] = vload_strided(s + c, T);
    IN_ORDER();
    if (b + 1 < n)
      accel_mld(Tile, s + T * T);
    IN_ORDER();
#pragma clang loop unroll(full)
    for (int c = 0; c < T; ++c)
      accel_vstore(d + c * T, x[c]);
    IN_ORDER();
  }
  if (n && n % 2 == 0)
    accel_mst_t(Tile, dst + (n - 1) * T * T);
}

/* Makes chunk id the one in use, fetching it unless prefetched. Then k's
   rows end in a 1 (times Q^T's last row, -m_exp), and v's rows past the
   last key are zero, so that the zero P of those keys adds nothing to o
   (stale rows could hold NaN). */
static void use_chunk(problem *pb, chunk_id id) {
  if (same_chunk(pb->loaded[pb->kbuf], id))
    return;
  int buf = !pb->kbuf;
  if (!same_chunk(pb->loaded[buf], id))
    fetch_chunk(pb, id, buf, 0);
  else if (pb->v_pending)
    fetch_rest(pb);
  accel_dma_wait_all();
  pb->kbuf = buf;
  long kc = pb->lay.kc, nkeys = min_of(pb->Sk - id.chunk * kc, kc);
  long kd = pb->D + 1;
  float *k = pb->lay.k[buf], *v = pb->lay.v[buf];
  /* Rows past the last key: zeros, so that their scores are finite
     (hidden by the initial tile, mask_tile), not stale data's. */
  zero_floats(k + nkeys * kd, (round_up(nkeys, T) - nkeys) * kd);
  for (long key = 0; key < kc; key += T)
    vstore_strided(k + key * kd + kd - 1, kd, (accel_v16f)1.0f);
  int ntiles = (int)min_of((pb->Dv - id.col + T - 1) / T, OTiles);
  /* The last chunk's P . V may still read vt: an mzero waits for the
     matrix unit to finish. */
  accel_mzero(0);
  IN_ORDER();
  for (long t = 0; t < ntiles; ++t) {
    for (long key = nkeys; key < round_up(nkeys, T); ++key)
      accel_vstore(v + t * VTileFloats + key * T, (accel_v16f)0.0f);
    transpose_blocks(pb->lay.vt + t * VTileFloats, v + t * VTileFloats,
                     (nkeys + T - 1) / T);
  }
}

/* Starts the chunk that comes after chunk `ch` of nchunks in the order of
   work into the other buffer, unless it is there or is this one. */
static void prefetch_after(problem *pb, long ch, long nchunks) {
  chunk_id id = chunk_at(&pb->cur, ch);
  chunk_id after = chunk_at(&pb->cur, ch + 1);
  int buf = !pb->kbuf;
  if (pb->v_pending) {
    fetch_rest(pb);
    return;
  }
  if (ch + 1 == nchunks) {
    if (!pb->more || key_end(pb, &pb->next) == 0)
      return;
    after = chunk_at(&pb->next, 0);
  }
  if (!same_chunk(after, id)) {
    if (!same_chunk(pb->loaded[buf], after))
      fetch_chunk(pb, after, buf, 0);
    return;
  }
  /* One chunk, which the next query block uses too, and that block is its
     pass's last: the next pass's first chunk (if any) comes now, into the
     free buffer, its last v block with the next query block. */
  if (pb->next.q0 + T < pb->Sq)
    return;
  cursor c = pb->next;
  if (!advance(pb, &c) || key_end(pb, &c) == 0 ||
      same_chunk(chunk_at(&c, 0), id))
    return;
  fetch_chunk(pb, chunk_at(&c, 0), buf, 1);
}

/* The mask's block for the query block and chunk (nq rows of nkeys, the
   rows past nq zeroed); returns its rows' stride. A mask of one row for
   every query (a padding mask [B, 1, 1, Sk]) comes as that row alone,
   which every lane reads (stride 0). */
static long fetch_mask(problem *pb, long key0, long nq, long nkeys) {
  view m = head_of(pb, Mask, pb->cur.head);
  long kc = pb->lay.kc, rows = m.rs == 0 ? 1 : nq;
  accel_dma_wait(2);
  accel_copy_matrix(2, pb->lay.mask, kc, 1, at(m, pb->cur.q0, key0), m.rs, m.cs,
                    rows, nkeys);
  if (rows == nq)
    zero_floats(pb->lay.mask + nq * kc, (T - nq) * kc);
  accel_dma_wait(2);
  return rows == 1 ? 0 : kc;
}

/* o's block: o^T's tiles times diag(1 / l) on the matrix unit (its
   columns are the queries), stored transposed, in o's layout, then out,
   tile t on channel t: tile t's mmac, then tile t - 1's mst.t and
   transfer, so that the program does not wait in order for the matrix
   unit or the port. The last block's o has left spm->o if o_sent (a wait
   for every channel since); otherwise this waits for it. */
static void finish_block(problem *pb, long nq, int ntiles, int o_sent) {
  FOR_TILES(ntiles, STORE_TILE);
  accel_v16f l = spm->state.l;
  accel_v16f rl = l > 0.0f ? accel_vrcp(l) : (accel_v16f)0.0f;
  vstore_strided(spm->rl_diag, T + 1, rl);
  if (!o_sent)
    accel_dma_wait_all();
  view o = head_of(pb, O, pb->cur.head);
  float *dst = (float *)at(o, pb->cur.q0, pb->cur.col); /* as in q_fetch */
  long cols = pb->Dv - pb->cur.col;
#define STORE_O(i)                                                             \
  do {                                                                         \
    accel_mst_t(OutTile + (i), spm->o[i]);                                     \
    copy_rows(i, dst + (i)*T * o.cs, o.rs, o.cs, spm->o[i], T, 1, nq,          \
              min_of(cols - (i)*T, T));                                        \
  } while (0)
#define O_STEP(i)                                                              \
  do {                                                                         \
    accel_mzero(OutTile + i);                                                  \
    accel_mmac(OutTile + i, spm->tile[i], spm->rl_diag, T);                    \
    if (i)                                                                     \
      STORE_O(i - 1);                                                          \
  } while (0)
#define STORE_LAST_O(i)                                                        \
  do {                                                                         \
    if (i == ntiles - 1)                                                       \
      STORE_O(i);                                                              \
  } while (0)
  FOR_TILES(ntiles, O_STEP);
  FOR_TILES(ntiles, STORE_LAST_O);
}

/* Q^T of the query block at c from q's buffer buf (rows past nq zeroed:
   their scores are 0, not stale data), once its transfers (and all
   others) have finished, and m_exp = 0 below it: on the matrix unit, each
   column block times scale * I (exact: one product and additions of
   zeros), stored transposed as 16 rows of Q^T. Columns past D are zero
   (run), so the last block's extra rows are zero or overwritten. The q
   block after it (if any) is fetched into the other buffer meanwhile:
   block b's mmac, its transfer, then block b - 1's mst.t, so that the
   program does not wait in order for the matrix unit or the port. */
static void make_qt(problem *pb, int buf, const cursor *c,
                    const cursor *after) {
  accel_dma_wait_all();
  float *q = pb->lay.q[buf], *qt = pb->lay.qt;
  long nq = min_of(pb->Sq - c->q0, T), nb = (pb->D + T - 1) / T;
  q_fetch next;
  if (after)
    next = q_fetch_of(pb, after, !buf);
  if (nq < T)
    for (long b = 0; b < nb; ++b)
      zero_floats(q + b * T * T + nq * T, (T - nq) * T);
  for (long b = 0; b < nb; b += 4) {
    int n = (int)min_of(nb - b, 4);
#define STORE_QT(i) accel_mst_t(QtTile + (i), qt + (b + (i)) * T * T)
#define QT_STEP(i)                                                             \
  do {                                                                         \
    accel_mzero(QtTile + i);                                                   \
    accel_mmac(QtTile + i, q + (b + i) * T * T, spm->scale_diag, T);           \
    if (after)                                                                 \
      fetch_q_block(&next, b + (i));                                           \
    if (i)                                                                     \
      STORE_QT(i - 1);                                                         \
  } while (0)
#define STORE_LAST_QT(i)                                                       \
  do {                                                                         \
    if (i == n - 1)                                                            \
      STORE_QT(i);                                                             \
  } while (0)
    FOR_TILES(n, QT_STEP);
    FOR_TILES(n, STORE_LAST_QT);
  }
  accel_vstore(qt + pb->D * T, (accel_v16f)0.0f); /* m_exp = 0 */
}

/* S^T of the first block of the chunk in use starts on the matrix unit
   (run_chunk stores it). */
static void start_scores(const problem *pb) {
  accel_mzero(0);
  accel_mmac(0, pb->lay.k[pb->kbuf], pb->lay.qt, pb->D + 1);
}

/* The chunks of kend keys; without a division (12 cycles) in the usual
   case of one. */
static long chunks_for(const problem *pb, long kend) {
  long kc = pb->lay.kc;
  return kend <= kc ? kend > 0 : (kend + kc - 1) / kc;
}

/* The query block at pb->cur (its Q^T made, the next block's q fetched),
   every key it sees; if `started`, its first S^T is already under way.
   When the next query block reads the same single chunk, its Q^T is made,
   the block after it fetched and its first S^T started before this
   block's o is finished, so the matrix unit works under the finishing
   (and o's transfers start after q's); returns whether it did. */
static int run_query_block(problem *pb, int started) {
  long nq = min_of(pb->Sq - pb->cur.q0, T);
  int ntiles = (int)min_of((pb->Dv - pb->cur.col + T - 1) / T, OTiles);
  FOR_TILES(ntiles, ZERO_TILE);
  /* Three vector stores, kept apart: merged, they become a call of
     memset. */
  spm->state.m_exp = 0.0f;
  IN_ORDER();
  spm->state.l = 0.0f;
  spm->state.thr = -__builtin_inff();
  long kc = pb->lay.kc, kend = key_end(pb, &pb->cur);
  long nchunks = chunks_for(pb, kend);
  for (long ch = 0; ch < nchunks; ++ch) {
    if (ch || !started) {
      use_chunk(pb, chunk_at(&pb->cur, ch));
      start_scores(pb);
    }
    prefetch_after(pb, ch, nchunks);
    long key0 = ch * kc, nkeys = min_of(kend - key0, kc);
    long mask_rs = kc;
    if (pb->has_mask)
      mask_rs = fetch_mask(pb, key0, nq, nkeys);
    long kq = pb->causal ? key0 - pb->cur.q0 - (pb->Sk - pb->Sq) : -(1L << 40);
    run_chunk(pb->lay.qt, pb->D + 1, pb->lay.k[pb->kbuf], pb->lay.vt, nkeys,
              pb->has_mask ? pb->lay.mask : NULL, mask_rs, kq, ntiles);
  }
  int overlap = pb->more && nchunks == 1 &&
                chunks_for(pb, key_end(pb, &pb->next)) == 1 &&
                pb->next.kv == pb->cur.kv && pb->next.col == pb->cur.col;
  if (overlap) {
    cursor after = pb->next;
    make_qt(pb, !pb->qbuf, &pb->next, advance(pb, &after) ? &after : NULL);
    start_scores(pb);
  }
  finish_block(pb, nq, ntiles, overlap);
  return overlap;
}

/* The streamed path (attention.c): every head, pass over o's columns
   and query block in turn. */
static void run_flash(problem *pb) {
  pb->lay = make_layout(pb->D, pb->Sk);
  for (int i = 0; i < Tensors; ++i)
    pb->view_head[i] = -1;
  pb->cur = (cursor){0, 0, 0, 0};
  pb->qbuf = pb->kbuf = 0;
  pb->loaded[0] = pb->loaded[1] = (chunk_id){-1, -1, -1};
  pb->v_pending = 0;
  /* q's columns past D are zero: no DMA writes them, and stale NaNs would
     spread through Q^T's mmac. */
  if (pb->D % T)
    zero_floats(pb->lay.q[0], 2 * T * round_up(pb->D, T));
  /* The first transfers start before the rest of the set-up: the first q
     block, then the first chunk, into the buffer use_chunk looks in. */
  q_fetch first = q_fetch_of(pb, &pb->cur, 0);
  for (long b = 0; b * T < pb->D; ++b)
    fetch_q_block(&first, b);
  if (key_end(pb, &pb->cur) > 0)
    fetch_chunk(pb, (chunk_id){0, 0, 0}, !pb->kbuf, 0);
  /* The diagonal matrices' zeros. */
  zero_floats(spm->scale_diag, T * T);
  zero_floats(spm->rl_diag, T * T);
  zero_floats(spm->zero, T * T);
  spm->mask_rows = -1;
  vstore_strided(spm->scale_diag, T + 1, (accel_v16f)pb->scale);
  int started = 0;
  do {
    pb->next = pb->cur;
    pb->more = advance(pb, &pb->next);
    if (!started) {
      /* The first chunk before Q^T: its wait covers q's transfers (they
         share its channels), and would otherwise be make_qt's, for the
         chunk. run_query_block finds it in use. */
      if (key_end(pb, &pb->cur) > 0)
        use_chunk(pb, chunk_at(&pb->cur, 0));
      make_qt(pb, pb->qbuf, &pb->cur, pb->more ? &pb->next : NULL);
    }
    started = run_query_block(pb, started);
    pb->cur = pb->next;
    pb->qbuf = !pb->qbuf;
  } while (pb->more);
  accel_dma_wait_all();
}

#endif
