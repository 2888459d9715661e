/* attention_one_tile.h - accel_attention for heads that fit one tile.

   Heads whose queries, keys and head dims all fit one tile (Sq, Sk, D and
   Dv up to 16: a small encoder's 16 x 16 heads of 16): the streamed
   path (attention_flash.c) spends about 1 100 bundles a head on chunks, query
   blocks and the lazy rescaling, against some 50 cycles of matrix work, and one
   head at a time leaves each unit waiting for the others. Here the heads go in
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

/* Part of attention.c's translation unit, included there alone: its
   functions inline into the kernel's body, which keeps the call's values
   in registers (in an object of its own, each call would pay a function call
   and reloads of the problem). */

#ifndef ACCEL_ATTENTION_ONE_TILE_H
#define ACCEL_ATTENTION_ONE_TILE_H

#include "attention/attention_internal.h"

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
  int hide;         /* add hidden */
  int prescale;     /* multiply S by the scale before the max */
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
static long batch_stride(const accel_tensor *t, const accel_tensor *q, int d) {
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
static void fetch_group(const problem *pb, const group_buffers *b, head_walk *w,
                        int buf, long n) {
  int d = pb->t[Q].rank - 3;
  const view *h = w->head0;
  if (!pb->has_mask && pb->D == T && pb->Dv == T && d >= 0 &&
      n <= pb->t[Q].dims[d] - w->index[d] && h[Q].cs == 1 && h[Q].rs == T &&
      h[K].cs == 1 && h[K].rs == T && h[V].cs == 1 && h[V].rs == T) {
    accel_dma_rows_on(0, b->q[buf], walk_view(w, Q).base, n, pb->Sq * T * 4,
                      TileFloats * 4, w->step[d][Q] * 4);
    accel_dma_rows_on(1, b->k[buf], walk_view(w, K).base, n, pb->Sk * T * 4,
                      TileFloats * 4, w->step[d][K] * 4);
    accel_dma_rows_on(2, b->v[buf], walk_view(w, V).base, n, pb->Sk * T * 4,
                      TileFloats * 4, w->step[d][V] * 4);
    for (long i = 0; i < n; ++i)
      step_head(pb, w);
    return;
  }
  for (long i = 0; i < n; ++i, step_head(pb, w)) {
    view q = walk_view(w, Q), k = walk_view(w, K), v = walk_view(w, V);
    long at = i * TileFloats;
    copy_rows(0, b->q[buf] + at, pb->D, 1, q.base, q.rs, q.cs, pb->Sq, pb->D);
    copy_rows(1, b->k[buf] + at, T, 1, k.base, k.rs, k.cs, pb->Sk, pb->D);
    copy_rows(2, b->v[buf] + at, T, 1, v.base, v.rs, v.cs, pb->Sk, pb->Dv);
    if (pb->has_mask) {
      view m = walk_view(w, Mask);
      copy_rows((int)i & 1, b->mask[buf] + at, T, 1, m.base, m.rs, m.cs, pb->Sq,
                pb->Sk);
    }
  }
}

/* S = Q . K^T of n heads into b->s, one tile below the other. Each K^T
   is made while the mmac before runs; the stores follow the mmacs. */
#define GROUP_SCORES(i)                                                        \
  do {                                                                         \
    accel_mld(GroupKtTile + ((i)&1), b->k[buf] + (i)*TileFloats);              \
    accel_mst_t(GroupKtTile + ((i)&1), b->kt + (i)*TileFloats);                \
    accel_mzero(GroupSTile + (i));                                             \
    accel_mmac(GroupSTile + (i), b->q[buf] + (i)*TileFloats,                   \
               b->kt + (i)*TileFloats, pb->D);                                 \
  } while (0)
#define STORE_SCORES(i) accel_mst(GroupSTile + (i), b->s + (i)*TileFloats)

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
    accel_mmac(GroupOTile + (i), b->s + (i)*TileFloats,                        \
               b->v[buf] + (i)*TileFloats, T);                                 \
  } while (0)
#define STORE_OUT(i)                                                           \
  do {                                                                         \
    view o = walk_view(w, O);                                                  \
    accel_mst(GroupOTile + (i), b->o[buf] + (i)*TileFloats);                   \
    copy_rows(3, o.base, o.rs, o.cs, b->o[buf] + (i)*TileFloats, T, 1, pb->Sq, \
              pb->Dv);                                                         \
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
    float last =
        pb->causal ? (float)min_of(i + shift, pb->Sk - 1) : (float)(pb->Sk - 1);
    accel_v16f row = lane > last ? -inf : (accel_v16f)0.0f;
    for (long h = 0; h < GroupHeads; ++h)
      accel_vstore(hidden + h * TileFloats + i * T, row);
  }
}

static void run_one_tile_heads(problem *pb) {
  group_buffers b;
  float *p = spm->pool;
  const long Group = GroupHeads * TileFloats;
  float **inputs[] = {&b.k[0],    &b.k[1],    &b.v[0], &b.v[1],
                      &b.mask[0], &b.mask[1], &b.q[0], &b.q[1]};
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

#endif
