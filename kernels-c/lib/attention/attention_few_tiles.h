/* attention_few_tiles.h - accel_attention for short heads of a few tiles.

   Heads of up to four tiles each way (Sq, Sk, D and Dv up to 64: a small
   ViT's 17 tokens of 32, an audio encoder's 32 frames of 16), without a
   mask: the streamed path (attention_flash.h) pays its query blocks,
   chunks and online softmax per head, some 1 500 bundles for a query
   block of 16, against a hundred cycles of matrix work. Here the heads go
   in groups of up to FewGroupHeads, as the one-tile path's do
   (attention_one_tile.h), each unit taking the whole group in turn:

     S = Q . K^T      per head, a tile per query and key block (K^T's
                      blocks transposed by the vector unit meanwhile), the
                      tiles stored in slabs: slab j holds key block j of
                      every row of the group, one row of 16 below the other
     P = softmax(S)   every row of the group in a few passes of the stream
                      engine: each slab's row maxima, their max, e^((s -
                      max) * scale) with each slab's row sums, their sum,
                      times 1 / sum
     o = P . V        per head and tile of o, the slabs' blocks times v's
                      (K = 16 each), stored and sent

   while the next group's q, k and v arrive. q and k come as rows of the
   padded head dim (S's A operand; K^T's columns), v in column blocks of
   16 (P . V's B operand). Padding that no transfer writes is zeroed
   once per call: k's and v's rows past Sk (a zero P times stale NaN is
   NaN), q's and k's columns past D; a score past Sk is -inf. */

/* Part of attention.c's translation unit, included there alone, after
   attention_one_tile.h (its head walk). */

#ifndef ACCEL_ATTENTION_FEW_TILES_H
#define ACCEL_ATTENTION_FEW_TILES_H

#include "attention/attention_internal.h"
#include "attention/attention_one_tile.h"

/* S's tiles 0..3 and 12..15, o's 4..7 and 8..11, by turns. */
enum {
  FewMaxBlocks = 4,
  FewGroupHeads = 8,
  FewSTile = 0,
  FewOTile = 4,
  FewSTile2 = 12,
  FewZeros = 4 * T * T, /* the longest run of padding: 15 rows of 64 */
};

_Static_assert(FewMaxBlocks == 4,
               "few_out's chain of mmacs is written for four key blocks");

/* Heads this path takes: no mask, and every dimension 1 to 4 tiles. */
static inline int few_tile_heads(const problem *pb) {
  long most = FewMaxBlocks * T;
  return !pb->has_mask && !pb->causal && pb->Sq >= 1 && pb->Sq <= most &&
         pb->Sk >= 1 && pb->Sk <= most && pb->D >= 1 && pb->D <= most &&
         pb->Dv >= 1 && pb->Dv <= most;
}

/* The plan and the buffers, at the pool's start (the scratchpad: the
   stack is in DRAM). Dimensions padded to tiles: sqp queries, skp keys,
   dp and dvp columns; kb key blocks, cb and vb column blocks of k and v.
   A group of G heads has R = G sqp rows. Layouts (floats):
     q[b]  [G][sqp][dp]          k[b]  [G][skp][dp]
     v[b]  [vb][G][skp][T]       kt    [G][kb][dp][T]
     s     [kb][R][T] (slabs)    o[b]  [vb][R][T]
     ep    R maxima, R scales (vs.act.exp's bias and scale)
     mx    (kb - 1) R more maxima; sums kb R
     rp    R zeros, R reciprocals (vs.act.none's bias and scale) */
typedef struct {
  long G, R, sqp, skp, dp, kb, cb, vb;
  float *q[2], *k[2], *v[2], *o[2];
  float *kt, *s, *ep, *mx, *sums, *rp, *zeros, *hidden, *scale_row;
  float *o_at[2][FewGroupHeads]; /* where each head of a group's o goes */
  /* The heads in order: with at most one batch dimension of q above 1
     (simple), head x of tensor i at head0[i] + x hstep[i] floats; else
     the one-tile path's walk. */
  view head0[O + 1];
  long hstep[O + 1], next_head;
  int simple;
  head_walk in;
} few_plan;

/* The pool's floats a group of g heads takes. */
static long few_group_floats(long g, long sqp, long skp, long dp, long dvp) {
  long R = g * sqp, kb = skp / T;
  return 2 * g * (sqp * dp + skp * dp + skp * dvp) + g * skp * dp + kb * R * T +
         2 * dvp * R + (2 + kb + kb + 2) * R;
}

static few_plan *few_make_plan(const problem *pb) {
  few_plan *L = (few_plan *)spm->pool;
  long sqp = round_up(pb->Sq, T), skp = round_up(pb->Sk, T);
  long dp = round_up(pb->D, T), dvp = round_up(pb->Dv, T);
  long head = 1 + sizeof(few_plan) / 4 + FewZeros + 2 * T;
  long G = min_of(pb->heads, FewGroupHeads);
  while (G > 1 && head + few_group_floats(G, sqp, skp, dp, dvp) > PoolFloats)
    --G;
  long R = G * sqp;
  L->G = G, L->R = R, L->sqp = sqp, L->skp = skp, L->dp = dp;
  L->kb = skp / T, L->cb = dp / T, L->vb = dvp / T;
  float *p = spm->pool + round_up(sizeof(few_plan) / 4 + 1, T);
  L->zeros = p, p += FewZeros;
  L->hidden = p, p += T;
  L->scale_row = p, p += T;
  for (int b = 0; b < 2; ++b) {
    L->q[b] = p, p += G * sqp * dp;
    L->k[b] = p, p += G * skp * dp;
    L->v[b] = p, p += G * skp * dvp;
    L->o[b] = p, p += R * dvp;
  }
  L->kt = p, p += G * skp * dp;
  L->s = p, p += L->kb * R * T;
  L->ep = p, p += 2 * R;
  L->mx = p, p += L->kb * R;
  L->sums = p, p += L->kb * R;
  L->rp = p;
  return L;
}

/* dst's rows rows of len floats, rs apart, set to zero by the stream
   engine (len at most FewZeros: a zero row repeated). */
static void few_zero(const few_plan *L, float *dst, long rows, long len,
                     long rs) {
  if (rows <= 0 || len <= 0)
    return;
  accel_vs_shape(rows, len);
  accel_vs_stride(rs, 0, 0);
  accel_vs_add(dst, L->zeros, L->zeros);
}

/* The padding no transfer writes, in the buffers used, and the constant
   rows: the zero rows, -inf past Sk's last block, the scale. */
static void few_prepare(const problem *pb, few_plan *L) {
  const accel_v16f lane = {0, 1, 2,  3,  4,  5,  6,  7,
                           8, 9, 10, 11, 12, 13, 14, 15};
  /* One store at a time: a loop of them becomes a call of memset. */
  float *zeros = L->zeros;
  for (long i = 0; i < T * T; i += T) {
    accel_vstore(zeros + i, (accel_v16f)0.0f);
    IN_ORDER();
  }
  few_zero(L, L->zeros + T * T, FewZeros / (T * T) - 1, T * T, T * T);
  long last = pb->Sk - (L->kb - 1) * T;
  accel_vstore(L->hidden, lane < (accel_v16f)(float)last
                              ? (accel_v16f)0.0f
                              : (accel_v16f)(-__builtin_inff()));
  accel_vstore(L->scale_row, (accel_v16f)pb->scale);
  long G = L->G, skp = L->skp, pad = skp - pb->Sk, dcol = pb->D % T;
  few_zero(L, L->rp, L->R / T, T, T);
  /* The second buffers only if a second group comes. */
  int nbuf = pb->heads > G ? 2 : 1;
  for (int b = 0; b < nbuf; ++b) {
    few_zero(L, L->k[b] + pb->Sk * L->dp, G, pad * L->dp, skp * L->dp);
    few_zero(L, L->v[b] + pb->Sk * T, L->vb * G, pad * T, skp * T);
    if (dcol) {
      few_zero(L, L->k[b] + pb->D, G * skp, L->dp - pb->D, L->dp);
      few_zero(L, L->q[b] + pb->D, G * L->sqp, L->dp - pb->D, L->dp);
    }
  }
  /* The engine's last operation, which a load of hidden waits for. */
  accel_vs_shape(1, T);
  accel_vs_max(L->hidden, L->hidden, L->hidden);
}

static void few_start_heads(const problem *pb, few_plan *L) {
  const accel_tensor *q = &pb->t[Q];
  int d1 = -1, many = 0;
  for (int d = 0; d < q->rank - 2; ++d)
    if (q->dims[d] > 1)
      many |= d1 >= 0, d1 = d;
  L->simple = !many;
  L->next_head = 0;
  if (many) {
    start_walk(pb, &L->in);
    return;
  }
  for (int i = Q; i <= O; ++i) {
    L->head0[i] = first_head(&pb->t[i]);
    L->hstep[i] = d1 >= 0 ? batch_stride(&pb->t[i], q, d1) : 0;
  }
}

/* The next head's q, k, v and o views. */
__attribute__((always_inline)) static inline void
few_next_head(const problem *pb, few_plan *L, view v[O + 1]) {
  if (L->simple) {
    long x = L->next_head++;
    for (int i = Q; i <= O; ++i) {
      v[i] = L->head0[i];
      v[i].base += x * L->hstep[i];
    }
    return;
  }
  for (int i = Q; i <= O; ++i)
    v[i] = walk_view(&L->in, i);
  step_head(pb, &L->in);
}

/* n heads' q, k and v from the walk's head on into the buffers `buf`,
   the transfers over the four channels by turns, and where their o goes;
   the walk moves past them. */
static void few_fetch(const problem *pb, few_plan *L, int buf, long n) {
  int ch = 0;
  long G = L->G, skp = L->skp, dp = L->dp;
  for (long h = 0; h < n; ++h) {
    view hv[O + 1];
    few_next_head(pb, L, hv);
    view q = hv[Q], k = hv[K], v = hv[V];
    L->o_at[buf][h] = hv[O].base;
    copy_rows(ch, L->q[buf] + h * L->sqp * dp, dp, 1, q.base, q.rs, q.cs,
              pb->Sq, pb->D);
    ch = (ch + 1) & 3;
    copy_rows(ch, L->k[buf] + h * skp * dp, dp, 1, k.base, k.rs, k.cs, pb->Sk,
              pb->D);
    ch = (ch + 1) & 3;
    for (long c = 0; c < L->vb; ++c, ch = (ch + 1) & 3)
      copy_rows(ch, L->v[buf] + (c * G + h) * skp * T, T, 1,
                v.base + c * T * v.cs, v.rs, v.cs, pb->Sk,
                min_of(pb->Dv - c * T, T));
  }
}

/* K^T's block at dst (16 rows of 16) from the 16 x 16 block of k at src
   (rows dp apart), by the vector unit: 16 strided loads (vld.s) of k's
   columns, then 16 stores. */
__attribute__((always_inline)) static inline void
few_transpose(const float *src, float *dst, long dp) {
  accel_v16f x[T];
  IN_ORDER();
#pragma clang loop unroll(full)
  for (int d = 0; d < T; ++d)
    x[d] = vload_strided(src + d, dp);
  IN_ORDER();
#pragma clang loop unroll(full)
  for (int d = 0; d < T; ++d)
    accel_vstore(dst + d * T, x[d]);
  IN_ORDER();
}

/* S of n heads into the slabs: a block of 16 rows takes its kb tiles
   from one set (0..3 or 12..15, by turns), each tile's mmac followed by
   the store of the last block's tile from the other set and one of the
   next head's K^T blocks, so that the matrix unit, the tile-move port and
   the vector unit work at once. A head's K^T blocks (j, c), in that
   order, lie one after the other in kt: [kb][dp][T]. */
static void few_scores(const few_plan *L, int buf, long n) {
  const long R = L->R, sqp = L->sqp, skp = L->skp, dp = L->dp, kb = L->kb;
  const long cb = L->cb, blocks = kb * L->cb;
  const float *k = L->k[buf], *a = L->q[buf];
  float *kt = L->kt, *prev = NULL;
  const float *tsrc = k;
  float *tdst = kt;
  long tleft = blocks, tc = 0, rb = 0;
#define FEW_NEXT_KT()                                                          \
  do {                                                                         \
    few_transpose(tsrc, tdst, dp);                                             \
    --tleft, tdst += T * T;                                                    \
    if (++tc == cb)                                                            \
      tc = 0, tsrc += (T - 1) * dp + T;                                        \
    else                                                                       \
      tsrc += T;                                                               \
  } while (0)
  while (tleft)
    FEW_NEXT_KT();
  for (long h = 0; h < n; ++h) {
    const float *kth = kt + h * kb * dp * T;
    tleft = h + 1 < n ? blocks : 0;
    tsrc = k + (h + 1) * skp * dp;
    float *dst = L->s + h * sqp * T;
    for (long qi = 0; qi < sqp; qi += T, a += T * dp, dst += T * T, ++rb) {
#define FEW_SCORE_STEP(cur, old, j)                                            \
  do {                                                                         \
    accel_mzero((cur) + (j));                                                  \
    accel_mmac((cur) + (j), a, kth + (j)*dp * T, dp);                          \
    if (prev)                                                                  \
      accel_mst((old) + (j), prev + (j)*R * T);                                \
    if (tleft)                                                                 \
      FEW_NEXT_KT();                                                           \
  } while (0)
#define FEW_SCORE_A(j) FEW_SCORE_STEP(FewSTile, FewSTile2, j)
#define FEW_SCORE_B(j) FEW_SCORE_STEP(FewSTile2, FewSTile, j)
      if (rb & 1)
        FOR_TILES(kb, FEW_SCORE_B);
      else
        FOR_TILES(kb, FEW_SCORE_A);
      prev = dst;
    }
    while (tleft)
      FEW_NEXT_KT();
  }
#define FEW_SCORE_LAST_A(j) accel_mst(FewSTile + (j), prev + (j)*R * T)
#define FEW_SCORE_LAST_B(j) accel_mst(FewSTile2 + (j), prev + (j)*R * T)
  if (rb & 1)
    FOR_TILES(kb, FEW_SCORE_LAST_A);
  else
    FOR_TILES(kb, FEW_SCORE_LAST_B);
}

/* P = softmax(S * scale) over the first rows rows of the slabs; the last
   slab's keys past Sk are hidden. A scale of 0 or less multiplies S
   first (then the max of the scaled scores is the one to take). */
static void few_softmax(const problem *pb, const few_plan *L, long rows) {
  long R = L->R, kb = L->kb;
  float *s = L->s, *ep = L->ep;
  int prescale = pb->scale <= 0.0f;
  accel_v16f exp_scale = (accel_v16f)(prescale ? 1.0f : pb->scale);
  for (long r = 0; r < rows; r += T)
    accel_vstore(ep + rows + r, exp_scale);
  accel_vs_shape(rows, T);
  accel_vs_stride(T, T, 0);
  if (prescale)
    for (long j = 0; j < kb; ++j)
      accel_vs_mul(s + j * R * T, s + j * R * T, L->scale_row);
  if (pb->Sk % T)
    accel_vs_add(s + (kb - 1) * R * T, s + (kb - 1) * R * T, L->hidden);
  accel_vs_shape(rows, T);
  accel_vs_redmax(ep, s);
  for (long j = 1; j < kb; ++j)
    accel_vs_redmax(L->mx + (j - 1) * R, s + j * R * T);
  if (kb > 1) {
    accel_vs_shape(1, rows);
    for (long j = 1; j < kb; ++j)
      accel_vs_max(ep, ep, L->mx + (j - 1) * R);
    accel_vs_shape(rows, T);
  }
  for (long j = 0; j < kb; ++j)
    accel_vs_act_exp(s + j * R * T, s + j * R * T, ep, L->sums + j * R);
  accel_vs_shape(1, rows);
  for (long j = 1; j < kb; ++j)
    accel_vs_add(L->sums, L->sums, L->sums + j * R);
  accel_vs_act_rcp(L->rp + rows, L->sums, rcp_params, NULL);
  accel_vs_shape(rows, T);
  for (long j = 0; j < kb; ++j)
    accel_vs_act_none(s + j * R * T, s + j * R * T, L->rp, NULL);
}

/* o = P . V of n heads into o[buf], then sent, each head's column
   blocks over the channels by turns, to where few_fetch found their o.
   A block of 16 rows of o takes its vb tiles from one set (4..7 or
   8..11, by turns), each tile's mmacs followed by the store of the
   last block's tile from the other set, long ready: the port works
   under the matrix unit. The matrix unit reads P from the scratchpad
   without waiting for the stream engine: the load of P's last row first
   waits for the engine's last write. */
static void few_out(const problem *pb, few_plan *L, int buf, long n) {
  long R = L->R, sqp = L->sqp, skp = L->skp, kb = L->kb, G = L->G;
  long vb = L->vb, vstep = G * skp * T, rb = 0;
  float *o = L->o[buf], *dst = o, *prev = NULL;
  const float *p = L->s;
  (void)*(volatile float *)(L->s + ((kb - 1) * R + n * sqp - 1) * T);
  for (long h = 0; h < n; ++h) {
    const float *v = L->v[buf] + h * skp * T;
    for (long qi = 0; qi < sqp; qi += T, ++rb, p += T * T, dst += T * T) {
#define FEW_PV_STEP(cur, old, i)                                               \
  do {                                                                         \
    const float *vi = v + (i)*vstep;                                           \
    accel_mzero((cur) + (i));                                                  \
    accel_mmac((cur) + (i), p, vi, T);                                         \
    if (kb > 1)                                                                \
      accel_mmac((cur) + (i), p + R * T, vi + T * T, T);                       \
    if (kb > 2)                                                                \
      accel_mmac((cur) + (i), p + 2 * R * T, vi + 2 * T * T, T);               \
    if (kb > 3)                                                                \
      accel_mmac((cur) + (i), p + 3 * R * T, vi + 3 * T * T, T);               \
    if (prev)                                                                  \
      accel_mst((old) + (i), prev + (i)*R * T);                                \
  } while (0)
#define FEW_PV_A(i) FEW_PV_STEP(FewOTile, FewOTile + 4, i)
#define FEW_PV_B(i) FEW_PV_STEP(FewOTile + 4, FewOTile, i)
      if (rb & 1)
        FOR_TILES(vb, FEW_PV_B);
      else
        FOR_TILES(vb, FEW_PV_A);
      prev = dst;
    }
  }
#define FEW_LAST_A(i) accel_mst(FewOTile + (i), prev + (i)*R * T)
#define FEW_LAST_B(i) accel_mst(FewOTile + 4 + (i), prev + (i)*R * T)
  if (rb & 1)
    FOR_TILES(vb, FEW_LAST_A);
  else
    FOR_TILES(vb, FEW_LAST_B);
  int ch = 0;
  view o0 = L->simple ? L->head0[O] : L->in.head0[O];
  long rs = o0.rs, cs = o0.cs;
  for (long h = 0; h < n; ++h) {
    float *out = L->o_at[buf][h];
    for (long c = 0; c < vb; ++c, ch = (ch + 1) & 3)
      copy_rows(ch, out + c * T * cs, rs, cs, o + (c * R + h * sqp) * T, T, 1,
                pb->Sq, min_of(pb->Dv - c * T, T));
  }
}

__attribute__((noinline)) static void run_few_tile_heads(problem *pb) {
  few_plan *L = few_make_plan(pb);
  few_start_heads(pb, L);
  long G = L->G;
  /* The first group's transfers first; the padding they do not write is
     zeroed meanwhile, before any mmac reads it. */
  few_fetch(pb, L, 0, min_of(pb->heads, G));
  few_prepare(pb, L);
  (void)*(volatile float *)L->hidden;
  for (long h = 0, g = 0; h < pb->heads; h += G, ++g) {
    int buf = g & 1;
    long n = min_of(pb->heads - h, G);
    /* The group's blocks are in, the last group's o has left o[buf]'s
       twin, and the last group's mmacs have read the buffers the next
       group's come into (an mzero waits for the matrix unit). */
    accel_mzero(FewSTile);
    accel_dma_wait_all();
    if (h + n < pb->heads)
      few_fetch(pb, L, !buf, min_of(pb->heads - h - n, G));
    few_scores(L, buf, n);
    few_softmax(pb, L, n * L->sqp);
    few_out(pb, L, buf, n);
  }
  accel_dma_wait_all();
}

#endif
