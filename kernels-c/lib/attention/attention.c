/* attention.c - o = softmax(q . k^T * scale + mask) . v, fused: the
   scores never leave the chip (docs/kernels.md, "accel_attention").

   Flash attention with the scores transposed. For each head, each pass
   over 64 columns of o and each block of 16 queries, the keys stream
   through the scratchpad in chunks (k on DMA channel 0, v on 1 to 3, the
   next chunk fetched while this one computes) and, 16 keys at a time:

     S^T = K_blk . Q^T - m    one mmac into tile 0, K = D + 1: k's rows
                              (with a 1 appended) are A as they lie, Q^T
                              (scaled, with -m appended: each query's
                              running max) is B, built once per query
                              block with vld.s
     P^T = exp(S^T)           on the vector unit, one vector per key: its
                              16 lanes are the 16 queries, so m and the
                              sum l are two registers and the block's max
                              15 lane-wise vmax, with no reductions or
                              broadcasts per row
     o^T += V^T_blk . P^T     into tiles 1..4, K = 16: P^T is stored as it
                              is computed, V^T made once per chunk

   The softmax rescales lazily: m only moves when a block's max passes it
   by more than Tau, so exp(s - m) <= e^Tau and o's tiles are rescaled
   (mst, multiply, mld) rarely, not at every block. The end divides by l
   and turns o^T back into o's layout. A query that sees no key has l = 0
   and comes out as zeros.

   Pipelining (block_step): S^T of block j + 1 computes while block j's
   softmax runs; then block j's four P . V mmacs, with block j + 1's S^T
   stored on the tile-move port and its rows loaded and reduced between
   them. The matrix unit is busy D + 1 + 16 * (o tiles) cycles a block:
   S^T's tile starts from zeros loaded by the tile-move port, not mzero.
   Causal blocks entirely above the diagonal are never computed; the
   diagonal block's hidden scores start as -inf in that tile, so that it
   costs what a full block does. */

#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_stack.h"
#include "core/kernel_machine.h"
#include "core/spm_arena.h"
#include <accel.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

enum {
  T = KERNEL_TILE,
  MaxD = KERNEL_MATMUL_MAX_K - 1, /* S^T is one mmac of K = D + 1 */
  OTiles = 4,                  /* accumulator tiles 1..4 hold o's block */
  ChunkKeys = 512,             /* keys per chunk, at most */
  VTileFloats = ChunkKeys * T, /* a chunk of one column block of v */
  PassCols = OTiles * T,       /* o's columns per pass */
  /* The arena less 16 KiB for the other buffers (KERNEL_SPM_FITS checks). */
  PoolFloats = (ACCEL_KERNEL_SPM_BYTES - 16384) / 4,
};

/* How far a block's max may exceed the running max before the running max
   moves: the exponentials stay below e^8, far from f32's range. */
static const float Tau = 8.0f;

/* The online softmax's state, per query (lane). m_exp is the running max
   the scores are taken from: the matrix unit computes s - m_exp (Q^T's
   last row). It is 0 while the query has seen no score above -inf (then
   exp(-inf - 0) = 0); thr is Tau once it has, -inf before, so that the
   first finite score moves m_exp. l is the sum of exp(s - m_exp). */
typedef struct {
  accel_v16f m_exp, l, thr;
} softmax_state;

/* The pool, laid out for one call's head dim. */
typedef struct {
  float *q[2]; /* q's block in column blocks of T x T: block b holds
                  columns 16b.. (the mmac operand A of Q^T's making) */
  float *qt;   /* scale * its transpose, D rows of T, and -m_exp; rows
                  up to a multiple of T (mst.t writes 16) */
  float *k[2]; /* a chunk of k: kc rows of D and a 1 */
  float *v[2]; /* a chunk of v: OTiles blocks of kc rows of T, each
                  VTileFloats long */
  float *vt;   /* v[] in use, transposed: 16 x 16 blocks, [column][key] */
  float *mask; /* the mask's block: T rows of kc */
  long kc;     /* keys per chunk, a multiple of T */
} layout;

/* One head's matrix: element (i, j) at base + i * rs + j * cs floats. */
typedef struct {
  float *base;
  long rows, cols, rs, cs;
} view;

/* Where the work is: a head, a pass over 64 columns of o, a query block. */
typedef struct {
  long head, col, q0;
} cursor;

/* A chunk of keys of one head for one pass. */
typedef struct {
  long head, col, chunk;
} chunk_id;

enum { Q, K, V, O, Mask, Tensors };

/* Everything one call works on, and where it is: in the scratchpad, where
   a load takes 3 cycles, not the stack's (DRAM's) 40. */
typedef struct {
  accel_tensor t[Tensors]; /* the descriptors (Mask's if has_mask) */
  long view_head[Tensors]; /* the head view[i] is of */
  view view[Tensors];
  int has_mask, causal;
  long heads, Sq, Sk, D, Dv;
  float scale;
  layout lay;
  cursor cur, next;   /* this query block, the one after */
  int more;           /* whether there is one after */
  int qbuf, kbuf;     /* the q and k/v buffers in use */
  chunk_id loaded[2]; /* what the k/v buffers hold */
  int v_pending;      /* loaded[!kbuf]'s last v block is not fetched yet */
} problem;

/* attention's buffers in the kernels' scratchpad arena. */
typedef struct {
  float s[T * T];            /* S^T of one key block: [key][query] */
  float p[T * T];            /* its P: [query][key] */
  float tile[OTiles][T * T]; /* o's tiles on their way out or rescaled */
  float o[OTiles][T * T];    /* finished o: [column block][query][column] */
  float scale_diag[T * T];   /* scale * I: Q^T's blocks are q's times it */
  float rl_diag[T * T];      /* diag(1 / l): o's tiles are multiplied by it */
  float zero[T * T];         /* S^T's initial tile (block_step) */
  float mask[T * T];         /* a masked block's (mask_tile), for */
  int mask_rows, mask_kq;    /* these */
  softmax_state state;       /* between chunks */
  problem problem;           /* the call */
  float pool[PoolFloats];    /* q, Q^T, k, v and mask blocks (layout) */
} attention_spm;
KERNEL_SPM_FITS(attention_spm);
#define spm (KERNEL_SPM(attention_spm))

static long min_of(long x, long y) { return x < y ? x : y; }
static long round_up(long x, long to) { return (x + to - 1) / to * to; }

static void zero_floats(float *p, long n) {
  long i = 0;
  for (; i + T <= n; i += T)
    accel_vstore(p + i, (accel_v16f)0.0f);
  for (; i < n; ++i)
    p[i] = 0.0f;
}

/* Strided vector load and store: lane i at p + i * stride floats. */
static inline accel_v16f vload_strided(const float *p, long stride) {
  return accel_vload_strided(p, stride * 4);
}
static inline void vstore_strided(float *p, long stride, accel_v16f v) {
  accel_vstore_strided(v, p, stride * 4);
}

static int any_lane(accel_v16i mask) { return accel_vredsum_i(mask) != 0; }

/* The accumulator tiles besides S^T's (0): o^T's four, the four that make
   Q^T's blocks and the four that scale o's on the way out. */
enum { OTile = 1, QtTile = 5, OutTile = 9 };

/* op(i) for i = 0 .. n - 1 (n <= 4), i a constant: tile numbers must be. */
#define FOR_TILES(n, op)                                                       \
  do {                                                                         \
    op(0);                                                                     \
    if ((n) > 1)                                                               \
      op(1);                                                                   \
    if ((n) > 2)                                                               \
      op(2);                                                                   \
    if ((n) > 3)                                                               \
      op(3);                                                                   \
  } while (0)
#define STORE_TILE(i) accel_mst(OTile + i, spm->tile[i])
#define LOAD_TILE(i) accel_mld(OTile + i, spm->tile[i])
#define ZERO_TILE(i) accel_mzero(OTile + i)

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

/* Keeps the compiler from moving memory accesses (loads of S^T, mmacs)
   across: the matrix unit stalls everything behind an mmac that waits for
   it, so the loads go between the P . V mmacs, in their shadow. */
#define IN_ORDER() __asm__ volatile("" ::: "memory")

/* The block's max (*bm, relative to m_exp) passed the threshold: m_exp
   moves to the new max, l and o are rescaled, the block's scores x and
   *bm are shifted, Q^T's last row becomes -m_exp, and the next block's
   S^T (next_k, in flight with the old m_exp) is computed again, from its
   initial tile next_init. Rare: at a chunk's first block (move_first),
   and when a query's max grows by more than Tau. */
__attribute__((always_inline)) static inline void
move_max(softmax_state *st, accel_v16f *x, accel_v16f *bm, int ntiles,
         const float *next_k, const float *next_init, float *qt, long kd) {
  accel_v16f b = *bm;
  const accel_v16f ninf = -__builtin_inff();
  accel_v16i started = st->thr != ninf;
  accel_v16f m =
      __builtin_elementwise_max(started ? st->m_exp : ninf, b + st->m_exp);
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

/* Where a block's scores come from: with general set, rows from `rows` on
   are no keys, the mask block (row j at mask + j, lanes mask_rs apart) is
   added, and key j is hidden from the queries i < kq + j (causal). */
typedef struct {
  int general, rows, kq;
  const float *mask;
  long mask_rs;
} block_kind;

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
           const float *vb, int ntiles) {
  if (has_next)
    accel_mmac(0, next_k, qt, kd);
  if (any_lane(*bm > st->thr))
    move_max(st, x, bm, ntiles, has_next ? next_k : NULL, next_init, qt, kd);
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
    move_max(st, x, bm, ntiles, NULL, NULL, qt, kd);
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
               j + 2 == n ? last_init : zero, qt, kd, vb, ntiles);
  if (tail) {
    block_step(&st, x, &bm, 1, 1, k + T * kd, FullBlock, tail, NULL, qt, kd, vb,
               ntiles);
    block_step(&st, x, &bm, 0, 0, NULL, FullBlock, NULL, NULL, qt, kd,
               vb + T * T, ntiles);
  } else if (more) {
    block_step(&st, x, &bm, 1, 0, k + T * kd, FullBlock, zero, zero, qt, kd, vb,
               ntiles);
  } else {
    block_step(&st, x, &bm, 0, 0, NULL, FullBlock, NULL, NULL, qt, kd, vb,
               ntiles);
  }
  spm->state = st;
}

/* Out of line with scalar arguments, so that the loop keeps its state in
   registers (the stack is in DRAM, 40 cycles a load); o's usual four tiles
   without a test per tile. */
__attribute__((noinline)) static void run_full_blocks(float *qt, long kd,
                                                      const float *k,
                                                      const float *vb, long n,
                                                      int more, int ntiles) {
  if (ntiles == OTiles)
    full_blocks(qt, kd, k, vb, n, more, NULL, OTiles);
  else
    full_blocks(qt, kd, k, vb, n, more, NULL, ntiles);
}

/* The same with a tail: a copy of its own, so that the loop without one
   keeps its code. */
__attribute__((noinline)) static void
run_full_blocks_tail(float *qt, long kd, const float *k, const float *vb,
                     long n, const float *tail, int ntiles) {
  if (ntiles == OTiles)
    full_blocks(qt, kd, k, vb, n, 1, tail, OTiles);
  else
    full_blocks(qt, kd, k, vb, n, 1, tail, ntiles);
}

/* Block j's kind among n masked blocks: the last has rows_last keys, the
   mask block (if any) starts at mask, and kq is the first block's first
   key minus the first query that sees it (causal). */
static block_kind masked_kind(long j, long n, int rows_last, const float *mask,
                              long mask_rs, long kq) {
  kq += j * T;
  /* Clamped: below -T no lane is hidden, from T on every lane. */
  block_kind b = {1, j + 1 < n ? T : rows_last,
                  (int)(kq < -T ? -T : min_of(kq, T)),
                  mask ? mask + j * T : NULL, mask_rs};
  return b;
}

/* The chunk's other blocks (see masked_kind). */
__attribute__((noinline)) static void
run_masked_blocks(float *qt, long kd, const float *k, const float *vb, long n,
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
                 zero, qt, kd, vb, ntiles);
    else
      block_step(&st, x, &bm, 0, 0, NULL, FullBlock, NULL, NULL, qt, kd, vb,
                 ntiles);
  }
  spm->state = st;
}

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
    run_full_blocks_tail(qt, kd, k, v, nfull, tail, ntiles);
    return;
  }
  accel_mzero(0);
  if (nfull)
    run_full_blocks(qt, kd, k, v, nfull, nfull < nblocks, ntiles);
  if (nfull < nblocks)
    run_masked_blocks(qt, kd, k + nfull * T * kd, v + nfull * T * T,
                      nblocks - nfull, ntiles, rows_last, mask, mask_rs, kq);
}

/* ---------------------------------------------------------------- views */

static const float *at(view v, long r, long c) {
  return v.base + r * v.rs + c * v.cs;
}

/* Head 0 of t (every batch index 0); a dimension of 1 repeats. */
static view first_head(const accel_tensor *t) {
  int r = t->rank;
  view v = {(float *)t->data, t->dims[r - 2], t->dims[r - 1],
            t->dims[r - 2] == 1 ? 0 : t->strides[r - 2],
            t->dims[r - 1] == 1 ? 0 : t->strides[r - 1]};
  return v;
}

/* Head `index` (q's batch dims, the last fastest) of t, whose dims align
   with q's from the right; a dimension of 1 repeats. */
static view head_view(const accel_tensor *t, const accel_tensor *q,
                      long index) {
  long offset = 0;
  int shift = q->rank - t->rank;
  for (int d = q->rank - 3; d >= 0; --d) {
    long i = index % q->dims[d];
    index /= q->dims[d];
    int td = d - shift;
    if (td >= 0 && t->dims[td] != 1)
      offset += i * t->strides[td];
  }
  view v = first_head(t);
  v.base += offset;
  return v;
}

/* ------------------------------------------------------------- the call */

static view head_of(problem *pb, int which, long head) {
  if (pb->view_head[which] != head) {
    pb->view_head[which] = head;
    pb->view[which] = head_view(&pb->t[which], &pb->t[Q], head);
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
  return ++c->head < pb->heads;
}

/* The keys the query block sees: [0, key_end). */
static long key_end(const problem *pb, const cursor *c) {
  if (!pb->causal)
    return pb->Sk;
  long end = c->q0 + min_of(pb->Sq - c->q0, T) + (pb->Sk - pb->Sq);
  return end < 0 ? 0 : min_of(end, pb->Sk);
}

static int same_chunk(chunk_id a, chunk_id b) {
  return a.head == b.head && a.col == b.col && a.chunk == b.chunk;
}

/* rows x cols floats on channel ch: accel_copy_matrix, with its common
   case (rows contiguous on both sides, one 2-D transfer) inline. */
static inline void copy_rows(int ch, float *dst, long dst_rs, long dst_cs,
                             const float *src, long src_rs, long src_cs,
                             long rows, long cols) {
  if (dst_cs == 1 && src_cs == 1)
    accel_dma_2d_on(ch, dst, src, rows, cols * 4, dst_rs * 4, src_rs * 4);
  else
    accel_copy_matrix(ch, dst, dst_rs, dst_cs, src, src_rs, src_cs, rows, cols);
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
  copy_rows((int)b & 3, f->dst + d * T, T, 1, f->src + d * f->cs, f->rs, f->cs,
            f->nq, min_of(f->D - d, T));
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
  chunk_id id = {pb->cur.head, pb->cur.col, ch};
  chunk_id after = {pb->cur.head, pb->cur.col, ch + 1};
  int buf = !pb->kbuf;
  if (pb->v_pending) {
    fetch_rest(pb);
    return;
  }
  if (ch + 1 == nchunks) {
    if (!pb->more || key_end(pb, &pb->next) == 0)
      return;
    after = (chunk_id){pb->next.head, pb->next.col, 0};
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
  if (!advance(pb, &c) || key_end(pb, &c) == 0)
    return;
  fetch_chunk(pb, (chunk_id){c.head, c.col, 0}, buf, 1);
}

/* The mask's block for the query block and chunk (nq rows of nkeys, the
   rows past nq zeroed). */
static void fetch_mask(problem *pb, long key0, long nq, long nkeys) {
  view m = head_of(pb, Mask, pb->cur.head);
  long kc = pb->lay.kc;
  accel_dma_wait(2);
  accel_copy_matrix(2, pb->lay.mask, kc, 1, at(m, pb->cur.q0, key0), m.rs, m.cs,
                    nq, nkeys);
  zero_floats(pb->lay.mask + nq * kc, (T - nq) * kc);
  accel_dma_wait(2);
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
      use_chunk(pb, (chunk_id){pb->cur.head, pb->cur.col, ch});
      start_scores(pb);
    }
    prefetch_after(pb, ch, nchunks);
    long key0 = ch * kc, nkeys = min_of(kend - key0, kc);
    if (pb->has_mask)
      fetch_mask(pb, key0, nq, nkeys);
    long kq = pb->causal ? key0 - pb->cur.q0 - (pb->Sk - pb->Sq) : -(1L << 40);
    run_chunk(pb->lay.qt, pb->D + 1, pb->lay.k[pb->kbuf], pb->lay.vt, nkeys,
              pb->has_mask ? pb->lay.mask : NULL, kc, kq, ntiles);
  }
  int overlap = pb->more && nchunks == 1 &&
                chunks_for(pb, key_end(pb, &pb->next)) == 1 &&
                pb->next.head == pb->cur.head && pb->next.col == pb->cur.col;
  if (overlap) {
    cursor after = pb->next;
    make_qt(pb, !pb->qbuf, &pb->next, advance(pb, &after) ? &after : NULL);
    start_scores(pb);
  }
  finish_block(pb, nq, ntiles, overlap);
  return overlap;
}

/* ---------------------------------------------------- one-tile heads */

/* Heads whose queries, keys and head dims all fit one tile (Sq, Sk, D and
   Dv up to 16: a small encoder's 16 x 16 heads of 16): the streaming
   above spends about 1 100 bundles a head on chunks, query blocks and the
   lazy rescaling, against some 50 cycles of matrix work, and one head at
   a time leaves each unit waiting for the others. Here the heads go in
   groups of up to GroupHeads, each unit taking the whole group in turn:

     S = Q . K^T      per head, one mmac (K^T made on the tile-move port:
                      mld, mst.t), the group's S tiles stored one below
                      the other
     P = softmax(S)   the group's 16 GroupHeads rows in one pass of the
                      stream engine: scaled, masked, each row's max,
                      e^(s - max) with the rows' sums, times 1 / sum
     o = P . V        per head, one mmac, stored as it lies and sent

   while the next group's q, k, v and mask blocks arrive. A query that
   sees no key (causal, or every mask entry -inf) has the sum 0 and comes
   out as zeros, as in the streaming path. */
static int one_tile_heads(const problem *pb) {
  return pb->Sq <= T && pb->Sk >= 1 && pb->Sk <= T && pb->D >= 1 &&
         pb->D <= T && pb->Dv <= T;
}

/* FOR_TILES unrolls up to four: tile numbers are constants. The tiles:
   S's four, K^T's two (one made while the other's mmac runs), o's four. */
enum { GroupHeads = 4, GroupRows = GroupHeads * T, TileFloats = T * T };
enum { GroupSTile = 0, GroupKtTile = 4, GroupOTile = 8 };

/* The group path's buffers in the pool, a tile (16 x 16 floats) a head:
   q (rows of D floats), k, v and the mask's block, double-buffered by
   group; K^T; the group's S, which becomes P in place; o, double-buffered
   for its transfers out; the hidden block (-inf where a query may not see
   a key: past Sk, or causal), and the engine's per-row arrays. */
typedef struct {
  float *q[2], *k[2], *v[2], *mask[2], *o[2];
  float *kt, *s, *hidden;
  float *row_max; /* vs.act.exp's bias (each row's max), then its scale */
  float *row_rcp; /* vs.act.none's bias (0), then its scale (1 / sum) */
  float *sums;
  float *scale_row; /* the scale, 16 times (vs.mul's row) */
  int hide;      /* add hidden */
  int prescale;  /* multiply S by the scale before the max */
} group_buffers;

/* The heads in order without divisions (a division is 12 cycles, two a
   batch dimension, for each tensor and head): each tensor's head 0 view, its
   offset at the head `index` in q's batch dimensions, and its strides
   along them. */
typedef struct {
  view head0[Tensors];
  long offset[Tensors];
  long index[ACCEL_MAX_RANK];
  long step[ACCEL_MAX_RANK][Tensors];
} head_walk;

/* The stride of t along q's batch dimension d: t's dims align with q's
   from the right, and a dimension t lacks or has as 1 repeats. */
static long batch_stride(const accel_tensor *t, const accel_tensor *q,
                         int d) {
  int td = d - (q->rank - t->rank);
  return td >= 0 && t->dims[td] != 1 ? t->strides[td] : 0;
}

/* At head 0: only the fields the walk reads are set (not the whole
   struct), and the views without head_view's divisions. */
static void start_walk(const problem *pb, head_walk *w) {
  const accel_tensor *q = &pb->t[Q];
  for (int d = 0; d < q->rank - 2; ++d)
    w->index[d] = 0;
  for (int i = 0; i < Tensors; ++i) {
    int used = i != Mask || pb->has_mask;
    if (used)
      w->head0[i] = first_head(&pb->t[i]);
    w->offset[i] = 0;
    for (int d = 0; d < q->rank - 2; ++d)
      w->step[d][i] = used ? batch_stride(&pb->t[i], q, d) : 0;
  }
}

static void step_head(const problem *pb, head_walk *w) {
  const accel_tensor *q = &pb->t[Q];
  for (int d = q->rank - 3; d >= 0; --d) {
    int carry = ++w->index[d] == q->dims[d];
    long times = carry ? 1 - q->dims[d] : 1;
    for (int i = 0; i < Tensors; ++i)
      w->offset[i] += times * w->step[d][i];
    if (!carry)
      return;
    w->index[d] = 0;
  }
}

static view walk_view(const head_walk *w, int which) {
  view v = w->head0[which];
  v.base += w->offset[which];
  return v;
}

/* n heads' q and mask blocks (channels 0 and 1 by turns), k (1) and v
   (2) into the buffers `buf`, from the walk's head on; the walk moves
   past them. Rows and columns past Sq, Sk, D and Dv are not written.
   Without a mask, where each head's q, k and v are runs of memory that
   fill their tiles' rows (D = Dv = 16) and the n heads lie along q's
   last batch dimension (16 x 16 heads of 16 in [B, H, S, D]), each
   tensor comes as one transfer over the heads, not one a head: each of a
   head's 64-byte rows was a request of its own, touching two DRAM bursts
   where the rows straddle them. */
static void fetch_group(const problem *pb, const group_buffers *b,
                        head_walk *w, int buf, long n) {
  int d = pb->t[Q].rank - 3;
  const view *h = w->head0;
  if (!pb->has_mask && pb->D == T && pb->Dv == T && d >= 0 &&
      n <= pb->t[Q].dims[d] - w->index[d] && h[Q].cs == 1 &&
      h[Q].rs == T && h[K].cs == 1 && h[K].rs == T && h[V].cs == 1 &&
      h[V].rs == T) {
    accel_dma_rows_on(0, b->q[buf], walk_view(w, Q).base, n,
                      pb->Sq * T * 4, TileFloats * 4, w->step[d][Q] * 4);
    accel_dma_rows_on(1, b->k[buf], walk_view(w, K).base, n,
                      pb->Sk * T * 4, TileFloats * 4, w->step[d][K] * 4);
    accel_dma_rows_on(2, b->v[buf], walk_view(w, V).base, n,
                      pb->Sk * T * 4, TileFloats * 4, w->step[d][V] * 4);
    for (long i = 0; i < n; ++i)
      step_head(pb, w);
    return;
  }
  for (long i = 0; i < n; ++i, step_head(pb, w)) {
    view q = walk_view(w, Q), k = walk_view(w, K), v = walk_view(w, V);
    long at = i * TileFloats;
    copy_rows(0, b->q[buf] + at, pb->D, 1, q.base, q.rs, q.cs, pb->Sq,
              pb->D);
    copy_rows(1, b->k[buf] + at, T, 1, k.base, k.rs, k.cs, pb->Sk, pb->D);
    copy_rows(2, b->v[buf] + at, T, 1, v.base, v.rs, v.cs, pb->Sk, pb->Dv);
    if (pb->has_mask) {
      view m = walk_view(w, Mask);
      copy_rows((int)i & 1, b->mask[buf] + at, T, 1, m.base, m.rs, m.cs,
                pb->Sq, pb->Sk);
    }
  }
}

/* S = Q . K^T of n heads into b->s, one tile below the other. Each K^T
   is made while the mmac before runs; the stores follow the mmacs. */
#define GROUP_SCORES(i)                                                        \
  do {                                                                         \
    accel_mld(GroupKtTile + ((i) & 1), b->k[buf] + (i) * TileFloats);          \
    accel_mst_t(GroupKtTile + ((i) & 1), b->kt + (i) * TileFloats);            \
    accel_mzero(GroupSTile + (i));                                             \
    accel_mmac(GroupSTile + (i), b->q[buf] + (i) * TileFloats,                 \
               b->kt + (i) * TileFloats, pb->D);                               \
  } while (0)
#define STORE_SCORES(i) accel_mst(GroupSTile + (i), b->s + (i) * TileFloats)

static void group_scores(const problem *pb, const group_buffers *b, int buf,
                         long n) {
  FOR_TILES(n, GROUP_SCORES);
  FOR_TILES(n, STORE_SCORES);
}

/* The lowest max a row keeps: a row whose every score is hidden (-inf)
   then gives e^(-inf) = 0, not NaN. The bias of 1 / sum: a row of sum 0
   gets a large finite scale, and its zeros stay zeros; a sum of 1 or
   more (the max's own e^0) rounds as without it. */
static KERNEL_SPM_CONST const float lowest_max = -__FLT_MAX__;
static KERNEL_SPM_CONST const float rcp_params[2] = {-1e-30f, 1.0f};

/* P = softmax(S * scale + hidden + mask) on the n heads' rows of b->s. */
static void group_softmax(const problem *pb, const group_buffers *b, int buf,
                          long n) {
  long rows = n * T;
  float *s = b->s;
  float exp_scale = b->prescale ? 1.0f : pb->scale;
  for (long r = 0; r < rows; r += T)
    accel_vstore(b->row_max + rows + r, (accel_v16f)exp_scale);
  accel_vs_shape(rows, T);
  if (b->prescale && pb->scale != 1.0f) {
    accel_vs_stride(T, T, 0);
    accel_vs_mul(s, s, b->scale_row);
    accel_vs_shape(rows, T);
  }
  if (b->hide)
    accel_vs_add(s, s, b->hidden);
  if (pb->has_mask)
    accel_vs_add(s, s, b->mask[buf]);
  accel_vs_redmax(b->row_max, s);
  if (b->hide || pb->has_mask) {
    accel_vs_shape(rows, 1);
    accel_vs_stride(1, 1, 0);
    accel_vs_max(b->row_max, b->row_max, &lowest_max);
    accel_vs_shape(rows, T);
  }
  accel_vs_act_exp(s, s, b->row_max, b->sums);
  accel_vs_shape(1, rows);
  accel_vs_act_rcp(b->row_rcp + rows, b->sums, rcp_params, NULL);
  accel_vs_shape(rows, T);
  accel_vs_act_none(s, s, b->row_rcp, NULL);
}

/* o = P . V of n heads, each stored as it lies and sent on channel 3 to
   the walk's head, which moves past them. The matrix unit reads P from
   the scratchpad without waiting for the stream engine: the load of P's
   last row first waits for the engine's last write. */
#define GROUP_OUT(i)                                                           \
  do {                                                                         \
    accel_mzero(GroupOTile + (i));                                             \
    accel_mmac(GroupOTile + (i), b->s + (i) * TileFloats,                      \
               b->v[buf] + (i) * TileFloats, T);                               \
  } while (0)
#define STORE_OUT(i)                                                           \
  do {                                                                         \
    view o = walk_view(w, O);                                                  \
    accel_mst(GroupOTile + (i), b->o[buf] + (i) * TileFloats);                 \
    copy_rows(3, o.base, o.rs, o.cs, b->o[buf] + (i) * TileFloats, T, 1,       \
              pb->Sq, pb->Dv);                                                 \
    step_head(pb, w);                                                          \
  } while (0)

static void group_out(const problem *pb, const group_buffers *b, int buf,
                      long n, head_walk *w) {
  (void)*(volatile float *)(b->s + n * TileFloats - T);
  FOR_TILES(n, GROUP_OUT);
  FOR_TILES(n, STORE_OUT);
}

/* The hidden block: -inf at the keys past Sk and, causal, at key j for
   the queries i < j - shift (i + shift the last key query i sees), 0
   elsewhere, for each head of a group. */
static void make_hidden(const problem *pb, float *hidden) {
  const accel_v16f lane = {0, 1, 2,  3,  4,  5,  6,  7,
                           8, 9, 10, 11, 12, 13, 14, 15};
  const float inf = __builtin_inff();
  long shift = pb->Sk - pb->Sq;
  for (long i = 0; i < T; ++i) {
    float last = pb->causal ? (float)min_of(i + shift, pb->Sk - 1)
                            : (float)(pb->Sk - 1);
    accel_v16f row = lane > last ? -inf : (accel_v16f)0.0f;
    for (long h = 0; h < GroupHeads; ++h)
      accel_vstore(hidden + h * TileFloats + i * T, row);
  }
}

static void run_one_tile_heads(problem *pb) {
  group_buffers b;
  float *p = spm->pool;
  const long Group = GroupHeads * TileFloats;
  float **inputs[] = {&b.k[0], &b.k[1], &b.v[0], &b.v[1], &b.mask[0],
                      &b.mask[1], &b.q[0], &b.q[1]};
  for (int i = 0; i < 8; ++i, p += Group)
    *inputs[i] = p;
  b.o[0] = p, p += Group;
  b.o[1] = p, p += Group;
  b.kt = p, p += Group;
  b.s = p, p += Group;
  b.hidden = p, p += Group;
  b.row_max = p, p += 2 * GroupRows;
  b.row_rcp = p, p += 2 * GroupRows;
  b.sums = p, p += GroupRows;
  b.scale_row = p;
  /* Past Sk, k's rows (S's columns, then hidden) and v's (P's columns
     there are 0) must be finite, and so must the mask's columns. */
  if (pb->Sk < T)
    zero_floats(b.k[0], (4 + 2 * pb->has_mask) * Group);
  zero_floats(b.row_rcp, GroupRows);
  b.hide = pb->causal || pb->Sk < T;
  if (b.hide)
    make_hidden(pb, b.hidden);
  b.prescale = pb->has_mask || pb->scale <= 0.0f;
  accel_vstore(b.scale_row, (accel_v16f)pb->scale);
  head_walk in, out;
  start_walk(pb, &in);
  out = in;
  fetch_group(pb, &b, &in, 0, min_of(pb->heads, GroupHeads));
  for (long h = 0, g = 0; h < pb->heads; h += GroupHeads, ++g) {
    int buf = g & 1;
    long n = min_of(pb->heads - h, GroupHeads);
    /* The group's blocks are in, and the last group's mmacs have read
       the buffers the next group's come into (an mzero waits for the
       matrix unit). */
    accel_mzero(GroupSTile);
    accel_dma_wait_on(0);
    accel_dma_wait_on(1);
    accel_dma_wait_on(2);
    if (h + n < pb->heads)
      fetch_group(pb, &b, &in, !buf, min_of(pb->heads - h - n, GroupHeads));
    group_scores(pb, &b, buf, n);
    group_softmax(pb, &b, buf, n);
    accel_dma_wait_on(3); /* o[buf]'s transfers of two groups ago */
    group_out(pb, &b, buf, n, &out);
  }
  accel_dma_wait_all();
}

static void run(problem *pb) {
  if (pb->heads == 0 || pb->Sq == 0 || pb->Dv == 0)
    return;
  if (one_tile_heads(pb)) {
    run_one_tile_heads(pb);
    return;
  }
  pb->lay = make_layout(pb->D, pb->Sk);
  for (int i = 0; i < Tensors; ++i)
    pb->view_head[i] = -1;
  pb->cur = (cursor){0, 0, 0};
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
        use_chunk(pb, (chunk_id){pb->cur.head, pb->cur.col, 0});
      make_qt(pb, pb->qbuf, &pb->cur, pb->more ? &pb->next : NULL);
    }
    started = run_query_block(pb, started);
    pb->cur = pb->next;
    pb->qbuf = !pb->qbuf;
  } while (pb->more);
  accel_dma_wait_all();
}

/* ----------------------------------------------------------- the checks */

static const char *const Kernel = "accel_attention";

accel_attention_options accel_attention_defaults(void) {
  accel_attention_options o = {0.0f, ACCEL_MASK_NONE, NULL};
  return o;
}

/* t's dim d (of rank r) against the one it must equal. */
static accel_status check_dim(const char *name, const accel_tensor *t, int d,
                              long want, const char *what) {
  if (t->dims[d] == want)
    return ACCEL_OK;
  return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, name,
                            "dimension %d is %ld, expected %ld (%s)", d,
                            t->dims[d], want, what);
}

static accel_status check_shapes(const accel_tensor *q, const accel_tensor *k,
                                 const accel_tensor *v, const accel_tensor *o) {
  const accel_tensor *ts[3] = {k, v, o};
  static const char *const names[3] = {"k", "v", "o"};
  int r = q->rank;
  accel_status s;
  for (int i = 0; i < 3; ++i) {
    if (ts[i]->rank != r)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, names[i],
                                "rank %d, q's is %d", ts[i]->rank, r);
    for (int d = 0; d < r - 2; ++d)
      if ((s = check_dim(names[i], ts[i], d, q->dims[d], "q's batch")))
        return s;
  }
  if ((s = check_dim("k", k, r - 1, q->dims[r - 1], "q's head dim")) ||
      (s = check_dim("v", v, r - 2, k->dims[r - 2], "k's keys")) ||
      (s = check_dim("o", o, r - 2, q->dims[r - 2], "q's queries")) ||
      (s = check_dim("o", o, r - 1, v->dims[r - 1], "v's head dim")))
    return s;
  if (q->dims[r - 1] > MaxD)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "q",
                              "head dim %ld is above %d (one mmac's K, "
                              "less one)",
                              q->dims[r - 1], MaxD);
  return ACCEL_OK;
}

/* The mask broadcasts to [..., Sq, Sk]: aligned from the right, each of
   its dims 1 or the one it meets. */
static accel_status check_mask(const accel_tensor *mask, const accel_tensor *q,
                               long Sk) {
  accel_status s = accel_check_tensor(Kernel, "mask", mask, 2, q->rank, 0);
  if (s)
    return s;
  int shift = q->rank - mask->rank;
  for (int d = 0; d < mask->rank; ++d) {
    long want = d == mask->rank - 1 ? Sk : q->dims[d + shift];
    if (mask->dims[d] != 1 && mask->dims[d] != want)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "mask",
                                "dimension %d is %ld, expected 1 or %ld", d,
                                mask->dims[d], want);
  }
  return ACCEL_OK;
}

/* Whether the common call passes every check below at once, decided in
   one run of loads and compares (accel_tensor_passes): q, k, v and o
   (an output) f32 tensors of one rank in DRAM with matching dims, the
   head dim at most MaxD, a finite scale, a mask kind and an additive
   mask that broadcasts, o overlapping no input. About 250 cycles, where
   the checks one at a time take about 800 (a third of 8 heads of 16 x
   16). 0 for anything else: the checks then run and name the problem. */
static int attention_args_pass(const accel_tensor *q, const accel_tensor *k,
                               const accel_tensor *v, const accel_tensor *o,
                               const accel_attention_options *opt) {
  if (!q || !k || !v || !o)
    return 0;
  int r = q->rank;
  if (r < 2 || r > ACCEL_MAX_RANK)
    return 0;
  unsigned long qb, qe, kb, ke, vb, ve, ob, oe, mb = 0, me = 0;
  int ok = accel_tensor_passes(q, r, 0, &qb, &qe) &
           accel_tensor_passes(k, r, 0, &kb, &ke) &
           accel_tensor_passes(v, r, 0, &vb, &ve) &
           accel_output_passes(o, r, &ob, &oe);
  for (int d = 0; d < r - 2; ++d)
    ok &= (k->dims[d] == q->dims[d]) & (v->dims[d] == q->dims[d]) &
          (o->dims[d] == q->dims[d]);
  long Sq = q->dims[r - 2], Sk = k->dims[r - 2];
  ok &= (k->dims[r - 1] == q->dims[r - 1]) & (v->dims[r - 2] == Sk) &
        (o->dims[r - 2] == Sq) & (o->dims[r - 1] == v->dims[r - 1]) &
        (q->dims[r - 1] <= MaxD) & isfinite(opt->scale);
  accel_mask_kind kind = opt->mask_kind;
  ok &= (kind == ACCEL_MASK_NONE) | (kind == ACCEL_MASK_CAUSAL) |
        (kind == ACCEL_MASK_ADDITIVE);
  if (kind == ACCEL_MASK_ADDITIVE) {
    const accel_tensor *m = opt->mask;
    int mr = m ? m->rank : 0;
    if (mr < 2 || mr > r)
      return 0;
    ok &= accel_tensor_passes(m, mr, 0, &mb, &me);
    for (int d = 0; d < mr; ++d) {
      long want = d == mr - 1 ? Sk : q->dims[d + r - mr];
      ok &= (m->dims[d] == 1) | (m->dims[d] == want);
    }
  }
  ok &= !(accel_footprints_overlap(ob, oe, qb, qe) |
          accel_footprints_overlap(ob, oe, kb, ke) |
          accel_footprints_overlap(ob, oe, vb, ve) |
          accel_footprints_overlap(ob, oe, mb, me));
  return ok;
}

static accel_status check(const accel_tensor *q, const accel_tensor *k,
                          const accel_tensor *v, const accel_tensor *o,
                          const accel_attention_options *opt) {
  if (attention_args_pass(q, k, v, o, opt))
    return ACCEL_OK;
  accel_status s;
  if ((s = accel_check_tensor(Kernel, "q", q, 2, ACCEL_MAX_RANK, 0)) ||
      (s = accel_check_tensor(Kernel, "k", k, 2, ACCEL_MAX_RANK, 0)) ||
      (s = accel_check_tensor(Kernel, "v", v, 2, ACCEL_MAX_RANK, 0)) ||
      (s = accel_check_tensor(Kernel, "o", o, 2, ACCEL_MAX_RANK, 1)) ||
      (s = check_shapes(q, k, v, o)))
    return s;
  if (!isfinite(opt->scale))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "scale %g is not finite", (double)opt->scale);
  int additive = opt->mask_kind == ACCEL_MASK_ADDITIVE;
  if (opt->mask_kind != ACCEL_MASK_NONE &&
      opt->mask_kind != ACCEL_MASK_CAUSAL && !additive)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "mask_kind %d is not a mask kind",
                              (int)opt->mask_kind);
  if (additive && (s = check_mask(opt->mask, q, k->dims[k->rank - 2])))
    return s;
  /* Writing o while reading an input would be order-dependent. */
  const accel_tensor *inputs[4] = {q, k, v, additive ? opt->mask : NULL};
  static const char *const names[4] = {"q", "k", "v", "mask"};
  for (int i = 0; i < 4; ++i)
    if (inputs[i] && accel_tensors_overlap(o, inputs[i]))
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "o",
                                "overlaps %s", names[i]);
  return ACCEL_OK;
}

/* o and the options: the fourth argument of the body. */
typedef struct {
  const accel_tensor *o;
  const accel_attention_options *options;
} out_args;

/* The body, on the kernels' scratchpad stack, its descriptors and options
   staged (ACCEL_STAGE_READ, ACCEL_STAGE): the checks read each field at
   3 cycles, not DRAM's 40. */
static long attention(const void *qp, const void *kp, const void *vp,
                      const void *out) {
  accel_tensor qc, kc, vc, oc, mc;
  accel_attention_options opt;
  const out_args *args = out;
  /* An additive mask's descriptor comes with the others, its address
     read from the caller's options (else unused, unread). */
  const accel_attention_options *po = args->options;
  const accel_tensor *mask =
      po && po->mask_kind == ACCEL_MASK_ADDITIVE ? po->mask : NULL;
  const accel_tensor *q = ACCEL_STAGE_READ(0, &qc, (const accel_tensor *)qp);
  const accel_tensor *k = ACCEL_STAGE_READ(1, &kc, (const accel_tensor *)kp);
  const accel_tensor *v = ACCEL_STAGE_READ(2, &vc, (const accel_tensor *)vp);
  const accel_tensor *o = ACCEL_STAGE_READ(3, &oc, args->o);
  if (!ACCEL_STAGE(0, &opt, po))
    opt = accel_attention_defaults();
  const accel_tensor *staged_mask = ACCEL_STAGE_READ(1, &mc, mask);
  accel_dma_wait_all();
  if (mask)
    opt.mask = staged_mask;
  if (accel_checking()) {
    accel_status s = check(q, k, v, o, &opt);
    if (s || accel_only_checking())
      return s;
  }
  int r = q->rank;
  problem *pb = &spm->problem;
  pb->t[Q] = *q, pb->t[K] = *k, pb->t[V] = *v, pb->t[O] = *o;
  pb->has_mask = opt.mask_kind == ACCEL_MASK_ADDITIVE;
  if (pb->has_mask)
    pb->t[Mask] = *opt.mask;
  pb->causal = opt.mask_kind == ACCEL_MASK_CAUSAL;
  pb->heads = 1;
  for (int d = 0; d < r - 2; ++d)
    pb->heads *= q->dims[d];
  pb->Sq = q->dims[r - 2], pb->Sk = k->dims[r - 2];
  pb->D = q->dims[r - 1], pb->Dv = v->dims[r - 1];
  pb->scale = opt.scale;
  if (pb->scale == 0.0f)
    pb->scale = pb->D ? 1.0f / sqrtf((float)pb->D) : 1.0f;
  run(pb);
  return ACCEL_OK;
}

accel_status accel_attention(const accel_tensor *q, const accel_tensor *k,
                             const accel_tensor *v, accel_tensor *o,
                             const accel_attention_options *options) {
  out_args out = {o, options};
  return (accel_status)accel_on_kernel_stack(attention, q, k, v, &out);
}
