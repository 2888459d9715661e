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

#include "attention/attention_decode.h"
#include "attention/attention_few_tiles.h"
#include "attention/attention_flash.h"
#include "attention/attention_internal.h"
#include "attention/attention_one_tile.h"
#include "core/kernel_stack.h"

/* t's dimension d (n of stride s) as two, [n / group, group] of strides
   [group s, s]: the dimensions after it move up one. */
static void split_dim(accel_tensor *t, int d, long group) {
  for (int i = t->rank; i > d + 1; --i)
    t->dims[i] = t->dims[i - 1], t->strides[i] = t->strides[i - 1];
  ++t->rank;
  long stride = t->strides[d];
  t->dims[d] /= group, t->strides[d] = group * stride;
  t->dims[d + 1] = group, t->strides[d + 1] = stride;
}

/* Grouped-query heads of one tile: q's heads [H] as [KVH, group] (and o's,
   and a mask's of H heads), k's and v's [KVH] as [KVH, 1], so that the
   one-tile walk repeats each k/v head over its group as it repeats a
   dimension of 1. 0 if q's rank leaves no room for the dimension. */
static int split_kv_heads(problem *pb) {
  int r = pb->t[Q].rank, h = r - 3;
  if (r >= ACCEL_MAX_RANK)
    return 0;
  long group = pb->group;
  split_dim(&pb->t[Q], h, group);
  split_dim(&pb->t[O], h, group);
  split_dim(&pb->t[K], h, 1);
  split_dim(&pb->t[V], h, 1);
  if (pb->has_mask) {
    accel_tensor *m = &pb->t[Mask];
    int mh = m->rank - 3;
    if (mh >= 0)
      split_dim(m, mh, m->dims[mh] == 1 ? 1 : group);
  }
  pb->group = 1;
  return 1;
}

static void run(problem *pb) {
  if (pb->heads == 0 || pb->Sq == 0 || pb->Dv == 0)
    return;
  /* Grouped-query heads of one tile walk their k/v heads as repeated
     dimensions; those of the streamed path keep the group, whose query
     heads read a chunk of keys once (decoding's come as one head of
     several queries: fold_group_into_queries). */
  if (one_tile_heads(pb) && (pb->group == 1 || split_kv_heads(pb))) {
    run_one_tile_heads(pb);
    return;
  }
  if (few_tile_heads(pb) && (pb->group == 1 || split_kv_heads(pb))) {
    run_few_tile_heads(pb);
    return;
  }
  run_flash(pb);
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

/* Grouped-query attention: k's and v's heads (the last batch dimension)
   are q's or a divisor of them, and the same. */
static accel_status check_kv_heads(const accel_tensor *q, const accel_tensor *k,
                                   const accel_tensor *v) {
  int h = q->rank - 3;
  long H = q->dims[h], KVH = k->dims[h];
  if (KVH != H && (KVH <= 0 || H % KVH))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "k",
                              "dimension %d is %ld, expected q's %ld or a "
                              "divisor of it (its heads)",
                              h, KVH, H);
  return check_dim("v", v, h, KVH, "k's heads");
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
    for (int d = 0; d < r - 2; ++d) {
      if (d == r - 3 && i < 2)
        continue; /* k's and v's heads: check_kv_heads */
      if ((s = check_dim(names[i], ts[i], d, q->dims[d], "q's batch")))
        return s;
    }
  }
  if (r >= 3 && (s = check_kv_heads(q, k, v)))
    return s;
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
  for (int d = 0; d < r - 3; ++d)
    ok &= (k->dims[d] == q->dims[d]) & (v->dims[d] == q->dims[d]) &
          (o->dims[d] == q->dims[d]);
  if (r >= 3) { /* the heads: k's (and v's) divide q's */
    long H = q->dims[r - 3], KVH = k->dims[r - 3];
    ok &= (v->dims[r - 3] == KVH) & (o->dims[r - 3] == H);
    ok &= KVH == H || (KVH > 0 && H % KVH == 0);
  }
  long Sq = q->dims[r - 2], Sk = k->dims[r - 2];
  ok &= (k->dims[r - 1] == q->dims[r - 1]) & (v->dims[r - 2] == Sk) &
        (o->dims[r - 2] == Sq) & (o->dims[r - 1] == v->dims[r - 1]) &
        (q->dims[r - 1] <= MaxD) & isfinite(opt->scale);
  accel_mask_kind kind = opt->mask_kind;
  ok &= (unsigned)kind <= ACCEL_MASK_CAUSAL_ADDITIVE;
  if (kind & ACCEL_MASK_ADDITIVE) {
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
  if ((unsigned)opt->mask_kind > ACCEL_MASK_CAUSAL_ADDITIVE)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "mask_kind %d is not a mask kind",
                              (int)opt->mask_kind);
  int additive = (opt->mask_kind & ACCEL_MASK_ADDITIVE) != 0;
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

/* t's heads (dimension h, H of them, stride s) as group rows of H / group
   k/v heads: dimension h becomes H / group of stride group s, and
   dimension h + 1 (of size 1: one query, or a mask's one row) group of
   stride s. */
static void split_heads(accel_tensor *t, int h, long group) {
  long stride = t->strides[h];
  t->dims[h] /= group, t->strides[h] = group * stride;
  t->dims[h + 1] = group, t->strides[h + 1] = stride;
}

/* Decoding with grouped-query attention (one query a head): the query
   heads that share a k/v head become that head's queries, group rows of
   one query block, so that each block of k and v is read once for them
   all, not once a head. The one query sees every key (causal too: key j
   <= 0 + Sk - 1), so the rows need no causal mask of their own; a mask
   of one row a head follows the heads, one for all heads stays. */
static void fold_group_into_queries(problem *pb) {
  int h = pb->t[Q].rank - 3;
  long group = pb->group;
  split_heads(&pb->t[Q], h, group);
  split_heads(&pb->t[O], h, group);
  if (pb->has_mask) {
    accel_tensor *m = &pb->t[Mask];
    int mh = m->rank - 3;
    if (mh >= 0 && m->dims[mh] != 1)
      split_heads(m, mh, group);
  }
  pb->causal = 0;
  pb->heads /= group;
  pb->Sq = group;
  pb->group = 1;
}

/* o and the options: the fourth argument of the body. */
typedef struct {
  const accel_tensor *o;
  const accel_attention_options *options;
} out_args;

/* The body, on the kernels' scratchpad stack, its descriptors and options
   staged (ACCEL_STAGE): the checks read each field at 3 cycles, not
   DRAM's 40. The descriptors arrive where the problem keeps them, not in
   copies that would then be copied there a word at a time. */
static long attention(const void *qp, const void *kp, const void *vp,
                      const void *out) {
  accel_attention_options opt;
  const out_args *args = out;
  const accel_attention_options *po = args->options;
  problem *pb = &spm->problem;
  const accel_tensor *q = ACCEL_STAGE(0, &pb->t[Q], (const accel_tensor *)qp);
  const accel_tensor *k = ACCEL_STAGE(1, &pb->t[K], (const accel_tensor *)kp);
  const accel_tensor *v = ACCEL_STAGE(2, &pb->t[V], (const accel_tensor *)vp);
  const accel_tensor *o = ACCEL_STAGE(3, &pb->t[O], args->o);
  if (!ACCEL_STAGE(0, &opt, po))
    opt = accel_attention_defaults();
  accel_dma_wait_all();
  /* An additive mask's descriptor, its address read from the staged
     options: a second transfer where it is used, not two reads of the
     caller's options in DRAM (40 cycles each) before any transfer. */
  if (opt.mask_kind & ACCEL_MASK_ADDITIVE) {
    opt.mask = ACCEL_STAGE(1, &pb->t[Mask], opt.mask);
    accel_dma_wait(1);
  }
  if (accel_checking()) {
    accel_status s = check(q, k, v, o, &opt);
    if (s || accel_only_checking())
      return s;
  }
  int r = q->rank;
  pb->has_mask = (opt.mask_kind & ACCEL_MASK_ADDITIVE) != 0;
  pb->causal = (opt.mask_kind & ACCEL_MASK_CAUSAL) != 0;
  pb->heads = 1;
  for (int d = 0; d < r - 2; ++d)
    pb->heads *= q->dims[d];
  pb->group = 1;
  if (r >= 3 && k->dims[r - 3] != q->dims[r - 3] && k->dims[r - 3] > 0)
    pb->group = q->dims[r - 3] / k->dims[r - 3];
  pb->Sq = q->dims[r - 2], pb->Sk = k->dims[r - 2];
  pb->D = q->dims[r - 1], pb->Dv = v->dims[r - 1];
  pb->scale = opt.scale;
  if (pb->scale == 0.0f)
    pb->scale = pb->D ? 1.0f / sqrtf((float)pb->D) : 1.0f;
  if (pb->Sq == 1 && attention_decode_takes(pb)) {
    attention_decode_run(pb);
    return ACCEL_OK;
  }
  if (pb->group > 1 && pb->Sq == 1)
    fold_group_into_queries(pb);
  run(pb);
  return ACCEL_OK;
}

accel_status accel_attention(const accel_tensor *q, const accel_tensor *k,
                             const accel_tensor *v, accel_tensor *o,
                             const accel_attention_options *options) {
  out_args out = {o, options};
  return (accel_status)accel_on_kernel_stack(attention, q, k, v, &out);
}
