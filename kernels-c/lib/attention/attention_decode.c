/* attention_decode.c - accel_attention at one query a head (a decode
   step), the query heads a k/v head serves together (docs/kernels.md,
   "accel_attention", decoding).

   Per (batch, k/v head), its G query heads are the 16 query lanes of one
   pass over the keys, so the k/v head's keys and values are read once:

     S^T = K . Q^T        a mmac of K = D per block of 16 keys (A: k's rows
                          as they came, B: the group's q, turned by the
                          DMA: a transfer of D lone floats a query), each
                          block stored turned by mst.t ([query][key])
     P = exp(scale (S + mask / scale - m)) / l
                          on the stream engine, P's G rows of Sk keys
                          packed: the blocks' rows gathered with the mask
                          (divided by the scale) added, a strided vs.add a
                          query, the row max m (vs.redmax), the
                          exponential with its row sums l, the division
     o = P . V            at D = 64 (32) for up to 4 (8) query heads one
                          mmac.4x64 (mmac.8x32) of K = Sk, P's rows against
                          v's as they came, o's rows in one tile;
                          otherwise one mmac of K = Sk into each of o's
                          D / 16 tiles, v in 16-column panels (as the DMA
                          brings them: rows of 64 bytes)

   k and v come as 2-D transfers of their rows, any row stride (a cache
   [B, KVH, Lmax, D] viewed at its first P rows); the next two (batch, k/v
   head)s' keys, values, queries and mask rows arrive while this one
   computes, and the next one's S^T is computed on the MXU while this
   one's softmax runs on the stream engine.

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

/* Item i: batch b, k/v head h, and its segment's first key and keys. */
typedef struct {
  long b, h, seg, k0, len;
} item_at;

typedef struct {
  item_at items[4]; /* items i - 1 .. i + 2, item i's at i & 3 */
  float *k[Sets], *v[Sets], *mask[Sets];
  float *qt[2], *st[2], *o; /* qt and st by parity */
  float *p[2];    /* P's rows (16 of skp, the first G written), by parity */
  float *prm[2];  /* the exponential's row parameters: m, then G scales */
  float *sums[2]; /* its row sums l */
  float *nrm;     /* the division's row parameters: G zeros, then 1 / l */
  float *cols;    /* 16 zeros, 16 of -3e38 (m's floor), then 0, 1 (the
                     reciprocal's parameters), 0, 1 / scale (the mask's) */
  float *acc;     /* segments: o's rows so far (G x D), then the running
                     max M, sum L and the two weights, lane g query g */
  long skp;       /* a segment's keys rounded up to blocks of 16 */
  long seg, nseg; /* keys a segment (the last may have fewer), segments */
  long kvh, sk;   /* the problem's, read once for every item */
  int wide;       /* wide_pv's answer */
} decode_layout;

static long decode_floats(long skp, long D) {
  return Sets * (2 * skp * D + skp) + 2 * D * T + 2 * skp * T + 2 * T * skp +
         D * T + 2 * 2 * T + 2 * T + 2 * T + 2 * T + 4 + T * D + 4 * T;
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
      pb->group > MaxGroup || pb->group < 2 || !(pb->scale > 0.0f))
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

static void lay_out(long skp, long D) {
  decode_layout *l = &lay;
  float *p = spm->pool;
  for (int i = 0; i < Sets; ++i) {
    l->k[i] = p, p += skp * D;
    l->v[i] = p, p += skp * D;
    l->mask[i] = p, p += skp;
  }
  for (int i = 0; i < 2; ++i) {
    l->qt[i] = p, p += D * T;
    l->st[i] = p, p += skp * T;
    l->p[i] = p, p += T * skp;
    l->prm[i] = p, p += 2 * T;
    l->sums[i] = p, p += T;
  }
  l->o = p, p += D * T;
  l->nrm = p, p += 2 * T;
  l->cols = p, p += 2 * T + 4;
  l->acc = p;
  l->skp = skp;
}

/* Whether o = P . V runs on a wide mmac, the group's rows against V's
   rows as they come: D = 64 for up to 4 query heads (mmac.4x64), 32 for
   up to 8 (mmac.8x32). */
static int wide_pv(const problem *pb) {
  return (pb->D == 64 && pb->group <= 4) || (pb->D == 32 && pb->group <= 8);
}

/* Item i's place, set when its transfers start: items start in order,
   each the one after i - 1's (no division on the way). */
static void place_item(long i) {
  decode_layout *l = &lay;
  item_at it = {0, 0, 0, 0, 0};
  if (i > 0) {
    it = l->items[(i - 1) & 3];
    if (++it.seg == l->nseg) {
      it.seg = 0;
      if (++it.h == l->kvh)
        it.h = 0, ++it.b;
    }
  }
  it.k0 = it.seg * l->seg;
  it.len = min_of(l->sk - it.k0, l->seg);
  l->items[i & 3] = it;
}

static item_at item_of(const decode_layout *l, long i) {
  return l->items[i & 3];
}

/* rows of n floats (src_rs floats apart) packed at dst, a quarter a
   channel. */
static inline __attribute__((always_inline)) void
rows_on_channels(float *dst, const float *src, long rows, long n, long src_rs) {
  long q = rows / 4, rb = n * 4, sb = src_rs * 4;
  if (q) {
    accel_dma_2d(0, dst, src, q, rb, rb, sb);
    accel_dma_2d(1, dst + q * n, src + q * src_rs, q, rb, rb, sb);
    accel_dma_2d(2, dst + 2 * q * n, src + 2 * q * src_rs, q, rb, rb, sb);
  }
  accel_dma_2d(3, dst + 3 * q * n, src + 3 * q * src_rs, rows - 3 * q, rb, rb,
               sb);
}

/* Item i's (batch b, k/v head h) keys, values (in 16-column panels) and
   the mask's row, its segment's, into buffer set i % Sets, the group's
   queries into qt[i & 1]: the keys and queries with part 0, the values
   and the mask with part 1 (the set's values are read until item
   i - 3's o = P . V has ended). */
static inline __attribute__((always_inline)) void
fetch_item(const problem *pb, const decode_layout *l, long i, int part) {
  if (part == 0)
    place_item(i);
  item_at it = item_of(l, i);
  long b = it.b, h = it.h, D = pb->D, Sk = it.len, G = pb->group;
  long s = i % Sets;
  if (part == 0) {
    const accel_tensor *q = &pb->t[Q], *k = &pb->t[K];
    const float *kp = (const float *)k->data + b * k->strides[0] +
                      h * k->strides[1] + it.k0 * k->strides[2];
    rows_on_channels(l->k[s], kp, Sk, D, k->strides[2]);
    const float *qp =
        (const float *)q->data + b * q->strides[0] + h * G * q->strides[1];
    /* Query g's D floats into lane g of qt's D rows of 16. */
    for (long g = 0; g < G; ++g)
      accel_dma_2d_on((int)(g & 3), l->qt[i & 1] + g, qp + g * q->strides[1], D,
                      4, T * 4, 4);
    return;
  }
  const accel_tensor *v = &pb->t[V];
  const float *vp = (const float *)v->data + b * v->strides[0] +
                    h * v->strides[1] + it.k0 * v->strides[2];
  if (l->wide) {
    rows_on_channels(l->v[s], vp, Sk, D, v->strides[2]);
  } else {
    for (long c = 0; c < D / T; ++c)
      accel_dma_2d_on((int)(c & 3), l->v[s] + c * l->skp * T, vp + c * T, Sk,
                      T * 4, T * 4, v->strides[2] * 4);
  }
  if (pb->has_mask) {
    long cs;
    const float *m = mask_row(pb, b, &cs);
    copy_rows(1, l->mask[s], 0, 1, m + it.k0 * cs, 0, cs, 1, Sk);
  }
}

static ACCEL_SPM volatile float sink;

/* Item i's S^T blocks (st, [query][key] each) gathered into P's G rows
   of Sk keys (packed) with the mask row divided by the scale added, on
   the engine: a query's full blocks as one strided operation, its last
   partial block another. */
static inline __attribute__((always_inline)) void
softmax_gather(const decode_layout *l, const float *st, float *mask, float *p,
               long G, long Sk) {
  long nb = Sk / T, rem = Sk % T;
  const float *zeros = l->cols;
  if (mask) {
    accel_vs_shape(1, Sk);
    accel_vs_act_none(mask, mask, l->cols + 2 * T + 2, NULL);
  }
  for (long g = 0; g < G; ++g) {
    if (nb) {
      accel_vs_shape(nb, T);
      accel_vs_stride(T, T * T, mask ? T : 0);
      accel_vs_add(p + g * Sk, st + g * T, mask ? mask : zeros);
    }
    if (rem) {
      accel_vs_shape(1, rem);
      accel_vs_add(p + g * Sk + nb * T, st + nb * T * T + g * T,
                   mask ? mask + nb * T : zeros);
    }
  }
}

/* P = exp(scale (S - m)) with its row sums l (m floored, so that a query
   whose every key is -inf gets zeros, not NaN), then with normalize P / l. */
static inline __attribute__((always_inline)) void
softmax_rows(const decode_layout *l, float *p, float *prm, float *sums, long G,
             long Sk, int normalize) {
  accel_vs_shape(G, Sk);
  accel_vs_redmax(prm, p);
  accel_vs_shape(1, G);
  accel_vs_max(prm, prm, l->cols + T);
  accel_vs_shape(G, Sk);
  accel_vs_act_exp(p, p, prm, sums);
  if (!normalize)
    return;
  accel_vs_shape(1, G);
  accel_vs_act_rcp(l->nrm + G, sums, l->cols + 2 * T, NULL);
  accel_vs_shape(G, Sk);
  accel_vs_act_none(p, p, l->nrm, NULL);
}

/* S^T of an item, block by block on tiles 0 and 1: block j's mmac, then
   block j - 1's mst.t (its mmac has ended when block j's starts); the
   last block's mst.t by scores_last, after the MXU's next instruction
   (which then does not wait for it). */
typedef struct {
  const float *kb, *qt;
  float *st;
  long next, blocks, D;
} scores_at;

static inline __attribute__((always_inline)) void scores_upto(scores_at *a,
                                                              long upto) {
  if (upto > a->blocks)
    upto = a->blocks;
  for (; a->next < upto; ++a->next) {
    long j = a->next;
    const float *kb = a->kb + j * T * a->D;
    if (j & 1) {
      accel_mzero(1);
      accel_mmac(1, kb, a->qt, a->D);
      accel_mst_t(0, a->st + (j - 1) * T * T);
    } else {
      accel_mzero(0);
      accel_mmac(0, kb, a->qt, a->D);
      if (j)
        accel_mst_t(1, a->st + (j - 1) * T * T);
    }
  }
}

static inline __attribute__((always_inline)) void scores_last(scores_at *a) {
  if (a->next == a->blocks && a->blocks) {
    long j = a->blocks - 1;
    if (j & 1)
      accel_mst_t(1, a->st + j * T * T);
    else
      accel_mst_t(0, a->st + j * T * T);
    ++a->next;
  }
}

/* An item's scores (its queries in qt) into st; none past the last
   item. */
static scores_at scores_start(const problem *pb, const decode_layout *l,
                              long item, long items, float *st) {
  scores_at a = {l->k[item % Sets], l->qt[item & 1], st, 0, 0, pb->D};
  if (item >= items)
    return a.next = 1, a;
  a.blocks = round_up(item_of(l, item).len, T) / T;
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

/* o = P . V of an item (set s, its Sk keys, P's rows at p) issued: the
   group's rows of D in tile 2 (a wide mmac), or D / 16 tiles 2 .. 9 of 16
   rows. */
static void pv_issue(const problem *pb, const decode_layout *l, int s,
                     const float *p, long Sk) {
  long D = pb->D;
  if (l->wide) {
    accel_mzero(2);
    if (D == 64)
      accel_mmac_4x64(2, p, l->v[s], Sk);
    else
      accel_mmac_8x32(2, p, l->v[s], Sk);
    return;
  }
  for (long c = 0; c < D / T; ++c) {
    const float *vp = l->v[s] + c * l->skp * T;
#define ISSUE(t)                                                               \
  do {                                                                         \
    accel_mzero(t);                                                            \
    accel_mmac(t, p, vp, Sk);                                                  \
  } while (0)
    ON_O_TILE(c, ISSUE);
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
static void combine_segment(const problem *pb, const decode_layout *l, long i,
                            int first, int last) {
  long G = pb->group, D = pb->D;
  float *run_m = l->acc + T * D, *run_l = run_m + T, *wa = run_l + T,
        *wb = wa + T;
  accel_v16f ms = accel_vload(l->prm[i & 1]) * pb->scale,
             ls = accel_vload(l->sums[i & 1]);
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
    combine_segment(pb, l, i, it.seg == 0, it.seg == l->nseg - 1);
  if (it.seg == l->nseg - 1)
    store_o(pb, l, it);
}

/* Item i, its scores already in st: its softmax on the engine while the
   MXU computes item i + 1's scores into the other st, then o = P . V
   issued. Between the MXU's instructions (it takes one at a time): item
   i + 2's transfers, once item i - 1's o = P . V (reading the set they
   fill) has ended, and item i - 1's o out. */
static void compute_item(const problem *pb, const decode_layout *l, long i,
                         long items) {
  item_at it = item_of(l, i);
  long Sk = it.len, G = pb->group;
  int s = (int)(i % Sets), par = (int)(i & 1);
  float *p = l->p[par];
  if (i + 2 < items)
    fetch_item(pb, l, i + 2, 0);
  scores_at next = scores_start(pb, l, i + 1, items, l->st[par ^ 1]);
  scores_upto(&next, 1);
  if (i + 2 < items)
    fetch_item(pb, l, i + 2, 1);
  scores_upto(&next, 2);
  softmax_gather(l, l->st[par], pb->has_mask ? l->mask[s] : NULL, p, G, Sk);
  scores_upto(&next, 3);
  if (i > 0)
    pv_out(pb, l, i - 1);
  scores_upto(&next, 4);
  softmax_rows(l, p, l->prm[par], l->sums[par], G, Sk, l->nseg == 1);
  scores_upto(&next, next.blocks);
  /* The MXU reads P next: the engine's results first (a load waits for
     the operations in flight whose operands it touches). */
  sink = p[G * Sk - 1];
  pv_issue(pb, l, s, p, Sk);
  scores_last(&next);
}

void attention_decode_run(problem *pb) {
  long KVH = pb->t[K].dims[1], D = pb->D, G = pb->group, nseg;
  long seg = segment_keys(pb->Sk, &nseg);
  long items = pb->t[Q].dims[0] * KVH * nseg;
  lay_out(seg, D);
  lay.seg = seg, lay.nseg = nseg, lay.kvh = KVH, lay.sk = pb->Sk;
  lay.wide = wide_pv(pb);
  const decode_layout *l = &lay;
  /* The first item's transfers start before the set-up below, which
     touches none of their rows. Lanes and rows past the group (qt's, P's)
     are left as they are: they make only o's rows past the group. */
  fetch_item(pb, l, 0, 0);
  fetch_item(pb, l, 0, 1);
  for (int par = 0; par < 2; ++par)
    for (long g = 0; g < G; g += T)
      accel_vstore(l->prm[par] + G + g, (accel_v16f)pb->scale);
  accel_vstore(l->nrm, (accel_v16f)0.0f);
  accel_vstore(l->cols, (accel_v16f)0.0f);
  accel_vstore(l->cols + T, (accel_v16f)-3.0e38f);
  l->cols[2 * T] = 0.0f, l->cols[2 * T + 1] = 1.0f;
  l->cols[2 * T + 2] = 0.0f, l->cols[2 * T + 3] = 1.0f / pb->scale;
  /* Item i + 1 has arrived and item i + 2 is on its way while item i
     computes (three buffer sets: item i - 1's V was read by its PV). */
  accel_dma_wait_all();
  if (items > 1) {
    fetch_item(pb, l, 1, 0);
    fetch_item(pb, l, 1, 1);
  }
  scores_at first = scores_start(pb, l, 0, items, l->st[0]);
  scores_upto(&first, first.blocks);
  scores_last(&first);
  for (long i = 0; i < items; ++i) {
    accel_dma_wait_all();
    compute_item(pb, l, i, items);
  }
  accel_dma_wait_all(); /* the item before's rows have left l->o */
  pv_out(pb, l, items - 1);
  accel_dma_wait_all();
}
