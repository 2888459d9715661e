/* attention_internal.h - what accel_attention's parts share
   (attention.c): the problem and its scratchpad layout, the accumulator
   tiles' roles, head views, and the key blocks' online softmax
   (attention_blocks.c), which the streamed path over chunks of keys
   (attention_flash.h) runs; the one-tile heads (attention_one_tile.h). */

#ifndef ACCEL_ATTENTION_INTERNAL_H
#define ACCEL_ATTENTION_INTERNAL_H

#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/spm_arena.h"
#include <accel.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

/* Mask values at or below this (finfo(float32).min, as Hugging Face's
   padding masks) hide a key as -inf does where the query sees another key
   (attention_flash.h, hide_masked_keys). */
#define HUGE_MASK (-1e30f)

enum {
  T = KERNEL_TILE,
  MaxD = KERNEL_MATMUL_MAX_K - 1, /* S^T is one mmac of K = D + 1 */
  OTiles = 4,                     /* accumulator tiles 1..4 hold o's block */
  ChunkKeys = 512,                /* keys per chunk, at most */
  VTileFloats = ChunkKeys * T,    /* a chunk of one column block of v */
  PassCols = OTiles * T,          /* o's columns per pass */
  /* The arena less 16 KiB for the other buffers (KERNEL_SPM_FITS checks). */
  PoolFloats = (ACCEL_KERNEL_SPM_BYTES - 16384) / 4,
};

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

/* Where the work is: a head, a pass over 64 columns of o, a query block;
   and the head's k/v head (kv, in k's batch dims: head / group). */
typedef struct {
  long head, col, q0, kv;
} cursor;

/* A chunk of keys of one k/v head for one pass. */
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
  long group; /* query heads a k/v head serves (grouped-query attention) */
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
  int redo;        /* a query's running max left a mask's huge finite values */
  problem problem; /* the call */
  float pool[PoolFloats]; /* q, Q^T, k, v and mask blocks (layout) */
} attention_spm;
KERNEL_SPM_FITS(attention_spm);
#define spm (KERNEL_SPM(attention_spm))

static inline long min_of(long x, long y) { return x < y ? x : y; }
static inline long round_up(long x, long to) { return (x + to - 1) / to * to; }

static inline void zero_floats(float *p, long n) {
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

static inline int any_lane(accel_v16i mask) {
  return accel_vredsum_i(mask) != 0;
}

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

/* Keeps the compiler from moving memory accesses (loads of S^T, mmacs)
   across: the matrix unit stalls everything behind an mmac that waits for
   it, so the loads go between the P . V mmacs, in their shadow. */
#define IN_ORDER() __asm__ volatile("" ::: "memory")

/* Where a block's scores come from: with general set, rows from `rows` on
   are no keys, the mask block (row j at mask + j, lanes mask_rs apart) is
   added, and key j is hidden from the queries i < kq + j (causal). */
typedef struct {
  int general, rows, kq;
  const float *mask;
  long mask_rs;
} block_kind;

/* Block j's kind among n masked blocks: the last has rows_last keys, the
   mask block (if any) starts at mask, and kq is the first block's first
   key minus the first query that sees it (causal). */
static inline block_kind masked_kind(long j, long n, int rows_last,
                                     const float *mask, long mask_rs, long kq) {
  kq += j * T;
  /* Clamped: below -T no lane is hidden, from T on every lane. A max then
     a min, not a branch around the min: LLVM 19 hoists the min out of
     such a branch keeping the range it had there (kq >= -T), and then
     folds the branch away (a very negative kq came out as garbage). */
  long lo = kq < -T ? -T : kq;
  block_kind b = {1, j + 1 < n ? T : rows_last, (int)min_of(lo, T),
                  mask ? mask + j * T : NULL, mask_rs};
  return b;
}

/* ---------------------------------------------------------------- views */

static inline const float *at(view v, long r, long c) {
  return v.base + r * v.rs + c * v.cs;
}

/* Head 0 of t (every batch index 0); a dimension of 1 repeats. */
static inline view first_head(const accel_tensor *t) {
  int r = t->rank;
  view v = {(float *)t->data, t->dims[r - 2], t->dims[r - 1],
            t->dims[r - 2] == 1 ? 0 : t->strides[r - 2],
            t->dims[r - 1] == 1 ? 0 : t->strides[r - 1]};
  return v;
}

/* Head `index` (q's batch dims, the last fastest) of t, whose dims align
   with q's from the right; a dimension of 1 repeats. */
static inline view head_view(const accel_tensor *t, const accel_tensor *q,
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

/* Heads whose queries, keys and head dims all fit one tile
   (attention_one_tile.h). */
static inline int one_tile_heads(const problem *pb) {
  return pb->Sq <= T && pb->Sk >= 1 && pb->Sk <= T && pb->D >= 1 &&
         pb->D <= T && pb->Dv <= T;
}

/* The key blocks of a chunk (attention_blocks.c): all full (with a last
   one following, more), the same with a last block whose initial tile is
   spm->mask (mask_tile), or masked
   ones (masked_kind). Out of line with scalar arguments, so that the loop
   keeps its state in registers (the stack is in DRAM, 40 cycles a load). */
void attention_run_full_blocks(float *qt, long kd, const float *k,
                               const float *vb, long n, int more, int ntiles);
void attention_run_full_blocks_tail(float *qt, long kd, const float *k,
                                    const float *vb, long n, int ntiles);
void attention_run_masked_blocks(float *qt, long kd, const float *k,
                                 const float *vb, long n, int ntiles,
                                 int rows_last, const float *mask, long mask_rs,
                                 long kq);

#endif
