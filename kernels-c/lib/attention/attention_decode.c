/* attention_decode.c - accel_attention at one query a head (a decode
   step), the query heads a k/v head serves together (docs/kernels.md,
   "accel_attention", decoding).

   Per (batch, k/v head), its G query heads are the 16 query lanes of one
   pass over the keys, so the k/v head's keys and values are read once:

     S^T = K . Q^T        a mmac of K = D per block of 16 keys (A: k's rows
                          as they came, B: the group's q, scaled and
                          transposed, lanes past G zero), stored [key][query]
     P^T = exp(S^T + mask - m) / l
                          on the stream engine, a row of 16 per key: its
                          lanes are the queries, so the max m and the sum
                          l are lane-wise over the keys, by halving
     o = P . V            per block of 16 keys, P^T's block turned by the
                          tile-move port (mld, mst.t), then at D = 64 (32)
                          for up to 4 (8) query heads a mmac.4x64
                          (mmac.8x32) of K = 16 of the block's first rows
                          against 16 of v's rows as they came, o's rows in
                          one tile; otherwise a mmac of K = 16 into each of
                          o's D / 16 tiles, v in 16-column panels (as the
                          DMA brings them: rows of 64 bytes)

   k and v come as 2-D transfers of their rows, any row stride (a cache
   [B, KVH, Lmax, D] viewed at its first P rows); the next two (batch, k/v
   head)s' keys, values, queries and mask rows arrive while this one
   computes, and the next one's S^T is computed on the MXU while this
   one's softmax runs on the stream engine and its P blocks turn on the
   tile-move port.

   A cache past SegmentKeys keys is split into segments (flash-decoding),
   each an item as above with P left unnormalized, its rows o_s, max m_s
   and sum l_s folded into running ones on the vector unit
   (combine_segment), o = O / L after the last. */

#include "attention/attention_decode.h"

enum {
  MaxGroup = T,
  MaxDecodeD = 8 * T, /* o's tiles 2 .. 9 */
  /* Keys of one pass: a longer cache is split into segments of at most
     these (flash-decoding), their partial results combined. A group of
     one (whose one-tile and streamed paths share no k/v reads) stays on
     accel_attention's other paths. */
  SegmentKeys = 512,
};

/* The pool, for one call. */
enum { Sets = 3 }; /* items i - 1 (its PV), i + 1 (arrived), i + 2 (coming) */

typedef struct {
  float *k[Sets], *v[Sets], *q[Sets], *mask[Sets];
  float *qt, *st[2], *pblk, *o;
  float *rows; /* the exp's per-row bias and scale: skp zeros, skp ones */
  float *maskp; /* the mask's: skp slots (-mask at the end), skp ones */
  float *red;   /* the halvings' rows: the max's, then the sum's */
  float *cols;  /* 16 ones, -m, 1 / l, 16 zeros, then 0, -1: the column
                   operands and the mask's negation's row parameters */
  float *acc;   /* segments: o's rows so far (G x D), then the lane-wise
                   max m, sum l, this segment's l and the two weights */
  long skp;      /* a segment's keys rounded up to blocks of 16 */
  long seg, nseg; /* keys a segment (the last may have fewer), segments */
  long kvh, sk;   /* the problem's, read once for every item */
  int wide;       /* wide_pv's answer */
} decode_layout;

static long decode_floats(long skp, long D) {
  return Sets * (2 * skp * D + T * D + skp) + T * D + 2 * skp * T +
         skp * T + D * T + 2 * skp + 2 * skp + (skp / 2 + 1) * T + 4 * T + 2 +
         T * D + 5 * T;
}

/* Segments of at most SegmentKeys keys, all but the last a multiple of
   16: their count and keys. */
static long segment_keys(long Sk, long *nseg) {
  *nseg = (Sk + SegmentKeys - 1) / SegmentKeys;
  return round_up((Sk + *nseg - 1) / *nseg, T);
}

/* The mask's row for batch b (its key stride in *cs), or null. */
static const float *mask_row(const problem *pb, long b, long *cs) {
  const accel_tensor *m = &pb->t[Mask];
  int r = m->rank;
  *cs = m->strides[r - 1];
  const float *p = (const float *)m->data;
  if (r >= 4 && m->dims[r - 4] != 1)
    p += b * m->strides[r - 4];
  return p;
}

int attention_decode_takes(const problem *pb) {
  const accel_tensor *q = &pb->t[Q], *k = &pb->t[K], *v = &pb->t[V],
                     *o = &pb->t[O];
  if (q->rank != 4 || pb->Sq != 1 || pb->causal || pb->D != pb->Dv ||
      pb->D % T || pb->D > MaxDecodeD || pb->D == 0 || pb->Sk < 1 ||
      pb->group > MaxGroup || pb->group < 2)
    return 0;
  if (q->strides[3] != 1 || k->strides[3] != 1 || v->strides[3] != 1 ||
      o->strides[3] != 1)
    return 0;
  if (pb->has_mask) {
    const accel_tensor *m = &pb->t[Mask];
    int r = m->rank;
    if (r < 1 || r > 4 || (r >= 3 && m->dims[r - 3] != 1) ||
        (r >= 2 && m->dims[r - 2] != 1) || m->dims[r - 1] != pb->Sk)
      return 0;
  }
  long nseg, skp = segment_keys(pb->Sk, &nseg);
  return decode_floats(skp, pb->D) <= PoolFloats;
}

/* In the scratchpad: a field's load takes 3 cycles there, 40 on the
   stack (DRAM). */
static ACCEL_SPM decode_layout lay;

/* Zeros in n floats (16 at a time), where memset's call and checks would
   take several times as long. */
__attribute__((no_builtin("memset"))) static void zero_pool(float *p, long n) {
  for (long i = 0; i < n; i += T)
    accel_vstore(p + i, (accel_v16f)0.0f);
}

static void lay_out(long skp, long D) {
  decode_layout *l = &lay;
  float *p = spm->pool;
  for (int i = 0; i < Sets; ++i) {
    l->k[i] = p, p += skp * D;
    l->v[i] = p, p += skp * D;
    l->q[i] = p, p += T * D;
    l->mask[i] = p, p += skp;
  }
  l->qt = p, p += D * T;
  l->st[0] = p, p += skp * T;
  l->st[1] = p, p += skp * T;
  l->pblk = p, p += skp * T;
  l->o = p, p += D * T;
  l->rows = p, p += 2 * skp;
  l->maskp = p, p += 2 * skp;
  l->red = p, p += (skp / 2 + 1) * T;
  l->cols = p, p += 4 * T + 2;
  l->acc = p;
  l->skp = skp;
}

/* Whether o = P . V runs on a wide mmac, the group's rows against V's
   rows as they come: D = 64 for up to 4 query heads (mmac.4x64), 32 for
   up to 8 (mmac.8x32). */
static int wide_pv(const problem *pb) {
  return (pb->D == 64 && pb->group <= 4) || (pb->D == 32 && pb->group <= 8);
}

/* Item i: batch b, k/v head h, and its segment's first key and keys. */
typedef struct {
  long b, h, seg, k0, len;
} item_at;

static item_at item_of(const decode_layout *l, long i) {
  long bh = l->nseg == 1 ? i : i / l->nseg;
  item_at it = {bh / l->kvh, 0, i - bh * l->nseg, 0, 0};
  it.h = bh - it.b * l->kvh;
  it.k0 = it.seg * l->seg;
  it.len = l->sk - it.k0 < l->seg ? l->sk - it.k0 : l->seg;
  return it;
}

/* Item i's (batch b = i / KVH, k/v head h = i % KVH) keys, values (in
   16-column panels), the group's queries and the mask's row, its
   segment's, into buffer set i % Sets. */
static void fetch_item(const problem *pb, const decode_layout *l, long i) {
  const accel_tensor *q = &pb->t[Q], *k = &pb->t[K], *v = &pb->t[V];
  item_at it = item_of(l, i);
  long b = it.b, h = it.h, D = pb->D, Sk = it.len, G = pb->group;
  long s = i % Sets;
  const float *kp = (const float *)k->data + b * k->strides[0] +
                    h * k->strides[1] + it.k0 * k->strides[2];
  const float *vp = (const float *)v->data + b * v->strides[0] +
                    h * v->strides[1] + it.k0 * v->strides[2];
  long half = Sk / 2;
  if (half)
    accel_dma_2d(0, l->k[s], kp, half, D * 4, D * 4, k->strides[2] * 4);
  accel_dma_2d(1, l->k[s] + half * D, kp + half * k->strides[2], Sk - half,
               D * 4, D * 4, k->strides[2] * 4);
  if (l->wide) {
    if (half)
      accel_dma_2d(2, l->v[s], vp, half, D * 4, D * 4, v->strides[2] * 4);
    accel_dma_2d(3, l->v[s] + half * D, vp + half * v->strides[2], Sk - half,
                 D * 4, D * 4, v->strides[2] * 4);
  } else {
    for (long p = 0; p < D / T; ++p)
      accel_dma_2d_on(2 + (int)(p & 1), l->v[s] + p * l->skp * T, vp + p * T,
                      Sk, T * 4, T * 4, v->strides[2] * 4);
  }
  const float *qp = (const float *)q->data + b * q->strides[0] +
                    h * G * q->strides[1];
  accel_dma_2d(0, l->q[s], qp, G, D * 4, D * 4, q->strides[1] * 4);
  if (pb->has_mask) {
    long cs;
    const float *m = mask_row(pb, b, &cs);
    copy_rows(1, l->mask[s], 0, 1, m + it.k0 * cs, 0, cs, 1, Sk);
  }
}

/* The group's queries (G rows of D) scaled and transposed into qt's
   first G lanes (D rows of 16). */
static void transpose_queries(const decode_layout *l, const float *qrows,
                              long G, long D, float scale) {
  for (long g = 0; g < G; ++g)
    for (long d0 = 0; d0 < D; d0 += T)
      vstore_strided(l->qt + d0 * T + g, T,
                     accel_vload(qrows + g * D + d0) * scale);
}

static ACCEL_SPM volatile float sink;

/* Rows [0, n) of T floats at src (n > 1) reduced lane-wise by halving on
   the engine into red's first row: the max takes rows [0, n - n/2)
   against [n/2, n) (an odd n's middle row twice), the sum [0, n/2)
   against [n - n/2, n) and its middle row plus zeros. */
static void halve_rows(float *red, const float *src, long n, int max,
                       const float *zeros) {
  long h = n / 2;
  accel_vs_shape(1, (max ? n - h : h) * T);
  if (max) {
    accel_vs_max(red, src, src + h * T);
  } else {
    accel_vs_add(red, src, src + (n - h) * T);
    if (n & 1) {
      accel_vs_shape(1, T);
      accel_vs_add(red + h * T, src + h * T, zeros);
    }
  }
  for (n -= h; n > 1; n -= h) {
    h = n / 2;
    accel_vs_shape(1, h * T);
    if (max)
      accel_vs_max(red, red, red + (n - h) * T);
    else
      accel_vs_add(red, red, red + (n - h) * T);
  }
}

/* P^T = exp(S^T + mask - m) / l over the keys (rows of st), into pblk's
   rows, on the stream engine: the mask as each row's shift by -mask
   (vs.act.none), the lane-wise max m and sum l by halving the rows, s -
   m, the exponential and the division; the vector unit only reads m and
   l. In three parts, each ending where the next needs the engine's
   result, so that the caller issues other units' work between them. */
static void softmax_begin(const decode_layout *l, float *st,
                          const float *mask, long Sk) {
  long skp = l->skp;
  if (mask) {
    float *shift = l->maskp + (skp - Sk);
    accel_vs_shape(1, Sk);
    accel_vs_act_none(shift, mask, l->cols + 4 * T, NULL);
    accel_vs_shape(Sk, T);
    accel_vs_act_none(st, st, shift, NULL);
  }
  if (Sk > 1)
    halve_rows(l->red, st, Sk, 1, l->cols + 3 * T);
}

static void softmax_middle(const decode_layout *l, float *st, long Sk) {
  float *ones = l->cols, *negm = l->cols + T;
  /* A query whose every key is -inf: zeros, not NaN, before the sum. */
  accel_v16f m = __builtin_elementwise_max(
      accel_vload(Sk > 1 ? l->red : st), (accel_v16f)-3.0e38f);
  accel_vstore(negm, -m);
  accel_vs_shape(Sk, T);
  accel_vs_fma(st, st, ones, negm);
  accel_vs_act_exp(l->pblk, st, l->rows + (l->skp - Sk), NULL);
  if (Sk > 1)
    halve_rows(l->red, l->pblk, Sk, 0, l->cols + 3 * T);
}

/* With normalize 0 (a segment of several): P stays exp(s - m), its sum
   kept for combine_segment. */
static void softmax_end(const decode_layout *l, long Sk, long D,
                        int normalize) {
  float *rl = l->cols + 2 * T, *zeros = l->cols + 3 * T;
  accel_v16f sum = accel_vload(Sk > 1 ? l->red : l->pblk);
  if (!normalize) {
    accel_vstore(l->acc + T * D + 2 * T, sum);
    sink = l->pblk[(Sk - 1) * T];
    return;
  }
  accel_v16f r = accel_vrcp(sum);
  accel_vstore(rl, r * (2.0f - sum * r));
  accel_vs_shape(Sk, T);
  accel_vs_fma(l->pblk, l->pblk, rl, zeros);
  /* The tile-move port reads pblk next: the operation's results first (a
     load waits for the operations in flight whose operands it touches). */
  sink = l->pblk[(Sk - 1) * T];
}

/* S^T of an item, block by block on tiles 0 and 1: block j's mmac, then
   block j - 1's mst (its mmac has ended when block j's starts). */
typedef struct {
  const float *kb;
  float *st;
  long next, blocks, D;
} scores_at;

static void scores_upto(scores_at *a, long upto) {
  if (upto > a->blocks)
    upto = a->blocks;
  for (; a->next < upto; ++a->next) {
    long j = a->next;
    const float *kb = a->kb + j * T * a->D;
    if (j & 1) {
      accel_mzero(1);
      accel_mmac(1, kb, lay.qt, a->D);
      accel_mst(0, a->st + (j - 1) * T * T);
    } else {
      accel_mzero(0);
      accel_mmac(0, kb, lay.qt, a->D);
      if (j)
        accel_mst(1, a->st + (j - 1) * T * T);
    }
  }
  if (a->next == a->blocks && a->blocks) {
    long j = a->blocks - 1;
    if (j & 1)
      accel_mst(1, a->st + j * T * T);
    else
      accel_mst(0, a->st + j * T * T);
    ++a->next;
  }
}

/* Item i + 1's scores (its queries turned into qt first) into st, up to
   the first `upto` blocks; none past the last item. */
static scores_at scores_start(const problem *pb, const decode_layout *l,
                              long item, long items, float *st) {
  scores_at a = {l->k[item % Sets], st, 0, 0, pb->D};
  if (item >= items)
    return a.next = 1, a;
  a.blocks = round_up(item_of(l, item).len, T) / T;
  transpose_queries(l, l->q[item % Sets], pb->group, pb->D, pb->scale);
  return a;
}

/* CALL(t) on o's tile t = p + 2 (of 2 .. 9), a constant in each
   instruction. */
#define ON_O_TILE(p, CALL)                                                     \
  switch ((p) + 2) {                                                           \
  case 2:                                                                      \
    CALL(2);                                                                   \
    break;                                                                     \
  case 3:                                                                      \
    CALL(3);                                                                   \
    break;                                                                     \
  case 4:                                                                      \
    CALL(4);                                                                   \
    break;                                                                     \
  case 5:                                                                      \
    CALL(5);                                                                   \
    break;                                                                     \
  case 6:                                                                      \
    CALL(6);                                                                   \
    break;                                                                     \
  case 7:                                                                      \
    CALL(7);                                                                   \
    break;                                                                     \
  case 8:                                                                      \
    CALL(8);                                                                   \
    break;                                                                     \
  default:                                                                     \
    CALL(9);                                                                   \
    break;                                                                     \
  }

/* o = P . V of an item (set s, blocks of keys), issued: the group's rows
   of D in tile 2 (a wide mmac), or D / 16 tiles 2 .. 9 of 16 rows. */
static void pv_issue(const problem *pb, const decode_layout *l, int s,
                     long blocks) {
  long D = pb->D;
  if (l->wide) {
    /* P's first rows (the group's queries) of each turned block against
       16 rows of V. */
    accel_mzero(2);
    for (long jb = 0; jb < blocks; ++jb) {
      if (D == 64)
        accel_mmac_4x64(2, l->pblk + jb * T * T, l->v[s] + jb * T * D, T);
      else
        accel_mmac_8x32(2, l->pblk + jb * T * T, l->v[s] + jb * T * D, T);
    }
    return;
  }
  for (long p = 0; p < D / T; ++p) {
    const float *vp = l->v[s] + p * l->skp * T;
#define ISSUE(t)                                                               \
  do {                                                                         \
    accel_mzero(t);                                                            \
    for (long jb = 0; jb < blocks; ++jb)                                       \
      accel_mmac(t, l->pblk + jb * T * T, vp + jb * T * T, T);                 \
  } while (0)
    ON_O_TILE(p, ISSUE);
#undef ISSUE
  }
}

/* pv_issue's tiles into l->o (each mst waits for its tile). */
static void pv_store(const problem *pb, const decode_layout *l) {
  if (l->wide) {
    accel_mst(2, l->o);
    return;
  }
  for (long p = 0; p < pb->D / T; ++p) {
    float *op = l->o + p * T * T;
#define STORE(t) accel_mst(t, op)
    ON_O_TILE(p, STORE);
#undef STORE
  }
}

/* Row g's 16 floats from d0 of l->o in pv_store's layout. */
static float *o_row(const problem *pb, const decode_layout *l, long g,
                    long d0) {
  return l->wide ? l->o + g * pb->D + d0 : l->o + d0 * T + g * T;
}

/* l->o's rows out to the item's rows of o. */
static void store_o(const problem *pb, const decode_layout *l, item_at it) {
  const accel_tensor *o = &pb->t[O];
  long D = pb->D, G = pb->group;
  float *od =
      (float *)o->data + it.b * o->strides[0] + it.h * G * o->strides[1];
  if (l->wide) {
    accel_dma_2d(0, od, l->o, G, D * 4, o->strides[1] * 4, D * 4);
    return;
  }
  for (long p = 0; p < D / T; ++p)
    accel_dma_2d_on((int)(p & 3), od + p * T, l->o + p * T * T, G, T * 4,
                    o->strides[1] * 4, T * 4);
}

/* A segment's o (P = exp(s - m_s) unnormalized, l_s its sum) into the
   running max M, sum L and rows O, lane g the group's query g: M' =
   max(M, m_s), O = O e^(M - M') + o_s e^(m_s - M') and L likewise; after
   the last segment, O / L into l->o (zeros where L is 0: every key
   masked). */
static void combine_segment(const problem *pb, const decode_layout *l,
                            int first, int last) {
  long G = pb->group, D = pb->D;
  float *run_m = l->acc + T * D, *run_l = run_m + T, *seg_l = run_l + T,
        *wa = seg_l + T, *wb = wa + T;
  accel_v16f ms = -accel_vload(l->cols + T), ls = accel_vload(seg_l);
  accel_v16f m = ms, a = 0.0f, sum = 0.0f;
  if (!first) {
    accel_v16f mo = accel_vload(run_m);
    m = __builtin_elementwise_max(mo, ms);
    a = accel_vexp(mo - m);
    sum = a * accel_vload(run_l);
  }
  accel_v16f bw = accel_vexp(ms - m);
  accel_vstore(run_m, m);
  accel_vstore(run_l, sum + bw * ls);
  accel_vstore(wa, a);
  accel_vstore(wb, bw);
  for (long g = 0; g < G; ++g) {
    float ag = wa[g], bg = wb[g];
    for (long d0 = 0; d0 < D; d0 += T) {
      float *acc = l->acc + g * D + d0;
      accel_v16f v = accel_vload(o_row(pb, l, g, d0)) * bg;
      accel_vstore(acc, first ? v : v + accel_vload(acc) * ag);
    }
  }
  if (!last)
    return;
  for (long g = 0; g < G; ++g) {
    float lg = run_l[g], r = lg > 0.0f ? 1.0f / lg : 0.0f;
    for (long d0 = 0; d0 < D; d0 += T)
      accel_vstore(o_row(pb, l, g, d0), accel_vload(l->acc + g * D + d0) * r);
  }
}

/* Item i's o = P . V out (its tiles stored, a segment folded into the
   running rows, the last one's rows sent). */
static void pv_out(const problem *pb, const decode_layout *l, long i) {
  item_at it = item_of(l, i);
  pv_store(pb, l);
  if (l->nseg > 1)
    combine_segment(pb, l, it.seg == 0, it.seg == l->nseg - 1);
  if (it.seg == l->nseg - 1)
    store_o(pb, l, it);
}

/* Item i, its scores already in st: its softmax on the engine while the
   MXU computes item i + 1's scores into the other st, P's blocks turned
   by the tile-move port ([query][key], tile 10) between those mmacs, then
   o = P . V issued. Item i - 1's o leaves once this item's first engine
   operations are queued, before its exponential overwrites P (the mst
   waits for the MXU, which then has ended item i - 1's o). */
static void compute_item(const problem *pb, const decode_layout *l, long i,
                         long items) {
  item_at it = item_of(l, i);
  long Sk = it.len, blocks = round_up(Sk, T) / T, s = i % Sets, D = pb->D;
  float *st = l->st[i & 1];
  /* A short last segment: v's rows past its keys held an earlier
     segment's, which P's rows there (finite) would meet. */
  if (l->nseg > 1 && Sk % T)
    for (long r = Sk; r < blocks * T; ++r)
      for (long d0 = 0; d0 < D; d0 += T)
        accel_vstore(l->wide ? l->v[s] + r * D + d0
                             : l->v[s] + d0 * l->skp + r * T,
                     (accel_v16f)0.0f);
  scores_at next = scores_start(pb, l, i + 1, items, l->st[(i + 1) & 1]);
  softmax_begin(l, st, pb->has_mask ? l->mask[s] : NULL, Sk);
  if (i > 0)
    pv_out(pb, l, i - 1);
  scores_upto(&next, blocks / 4);
  softmax_middle(l, st, Sk);
  scores_upto(&next, blocks / 2);
  softmax_end(l, Sk, D, l->nseg == 1);
  for (long jb = 0; jb < blocks; ++jb) {
    accel_mld(10, l->pblk + jb * T * T);
    accel_mst_t(10, l->pblk + jb * T * T);
    scores_upto(&next, blocks / 2 + jb + 1);
  }
  scores_upto(&next, blocks);
  pv_issue(pb, l, (int)s, blocks);
}

void attention_decode_run(problem *pb) {
  long KVH = pb->t[K].dims[1], D = pb->D, nseg;
  long seg = segment_keys(pb->Sk, &nseg);
  long items = pb->t[Q].dims[0] * KVH * nseg;
  lay_out(seg, D);
  lay.seg = seg, lay.nseg = nseg, lay.kvh = KVH, lay.sk = pb->Sk;
  lay.wide = wide_pv(pb);
  const decode_layout *l = &lay;
  /* The first item's transfers start before the set-up below, which
     touches none of their rows. */
  fetch_item(pb, l, 0);
  /* Lanes past the group stay zero; v's rows past Sk are zero (in one
     segment; compute_item zeroes a short last one's), so that P's zeros
     there meet no NaN. */
  zero_pool(l->qt, D * T);
  zero_pool(l->pblk, l->skp * T);
  zero_pool(l->rows, l->skp);
  for (long j = 0; j < l->skp; j += T)
    accel_vstore(l->rows + l->skp + j, (accel_v16f)1.0f);
  accel_vstore(l->cols, (accel_v16f)1.0f);
  accel_vstore(l->cols + 3 * T, (accel_v16f)0.0f);
  l->cols[4 * T] = 0.0f, l->cols[4 * T + 1] = -1.0f;
  for (long j = 0; j < l->skp; j += T)
    accel_vstore(l->maskp + l->skp + j, (accel_v16f)1.0f);
  for (int s = 0; s < Sets && nseg == 1 && l->skp > pb->Sk; ++s) {
    if (l->wide)
      zero_pool(l->v[s] + pb->Sk * D, (l->skp - pb->Sk) * D);
    else
      for (long p = 0; p < D / T; ++p)
        zero_pool(l->v[s] + p * l->skp * T + pb->Sk * T,
                  (l->skp - pb->Sk) * T);
  }
  /* Item i + 1 has arrived and item i + 2 is on its way while item i
     computes (three buffer sets: item i - 1's V was read by its PV). */
  accel_dma_wait_all();
  if (items > 1)
    fetch_item(pb, l, 1);
  scores_at first = scores_start(pb, l, 0, items, l->st[0]);
  scores_upto(&first, first.blocks);
  for (long i = 0; i < items; ++i) {
    accel_dma_wait_all();
    if (i + 2 < items)
      fetch_item(pb, l, i + 2);
    compute_item(pb, l, i, items);
  }
  accel_dma_wait_all(); /* the item before's rows have left l->o */
  pv_out(pb, l, items - 1);
  accel_dma_wait_all();
}
