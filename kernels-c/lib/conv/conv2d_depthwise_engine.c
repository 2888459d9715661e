/* conv2d_depthwise_engine.c - accel_conv2d with one input channel per
   group and one output channel per input channel, at stride 1, on the
   stream engine and the vector unit together (docs/kernels.md,
   "accel_conv2d").

   On the engine each kernel tap is two block operations over a work
   item's channels at once: the tap's products (vs.act.none, whose per-row
   scale is each channel's weight: a block row is a channel's plane) and
   their sum into the results (vs.add); the first tap's products are the
   results. That is 2 KH KW - 1 passes over the outputs at StreamLanes
   elements a cycle, where the vector unit takes one vfma per tap and 16
   outputs: half its time. At stride 1 output pixel (oh, ow) reads input
   pixel (oh + i dh, ow + j dw) of the zero-padded plane, so a plane's
   outputs over the padded width are one run from oh wp + ow, shifted by
   i dh wp + j dw for tap (i, j): one block row (the pad columns' outputs
   are computed and never sent). The bias and the activation are one to
   three more passes (engine_last, engine_rest).

   The vector unit, idle otherwise, takes a share of each item's channels
   (the first ones) with its own loops (conv2d_depthwise.c), so that both
   finish together; the core issues the engine's operations and the
   transfers a few at a time between pieces of that work. A load or store
   waits for the engine's operations in flight whose operands are near
   its bytes, so the two shares are apart in the buffers: the vector
   unit's loops read and write past a plane's run.

   Work items are groups of channels (with a band of rows when a plane is
   bigger than the scratchpad), double-buffered: item i + 1's rows arrive
   and item i - 1's results leave while item i computes; the transfers
   wait in their channels for the engine's operations on their bytes.
   Rows move whole: the image's rows into the padded rows, the results'
   rows (OW of each padded row) out to y. */

#include "conv/conv2d_depthwise_engine.h"
#include "core/kernel_dma.h"
#include <stddef.h>

enum {
  Channels = KERNEL_DMA_CHANNELS,
  TargetFloats = 16 * 1024,         /* an item's input, aimed at: small, as the
                                      first item's rows and the last one's
                                      results are not hidden */
  ChunkVectors = 16 * DwVectorStep, /* the vector unit's work between two
                                      rounds of issue */
  Lead = 2, /* engine operations issued ahead of the vector unit's work */
  MaxOpsAPiece = 3, /* engine operations due a piece of it, at most */
  IssueCycles = 64, /* the core's time to issue a channel's transfers */
  BoundRow = 256,   /* a clip's bounds: a row of each, repeated over the
                      results as rows of BoundRow floats */
  StageMaxPlane = 128,  /* the largest plane that goes by a staged run */
};

/* A work item: image n, channels c0 .. c0 + cn - 1, output rows oh0 ..
   oh0 + bo - 1, from bi padded input rows of which lo .. hi - 1 are the
   image's; the first nv channels on the vector unit. */
typedef struct {
  long n, c0, cn, oh0, bo, bi, lo, hi, nv;
} dw_item;

/* The buffers: two of input planes (chan floats apart) and two of
   results (plane floats apart), each with the vector unit's nv planes
   first and the engine's after a gap (in_gap, out_gap floats: the vector
   unit's loops read and write past a plane's run); one of a tap's
   products for the engine's planes; and the engine's parameters: per tap
   a block of 2 cn floats, zeros then the item's weights; then the
   bias's, minus the bias (or zeros) then ones; a clip's rows of its
   bounds (lo, then hi). For an item of fewer
   engine channels k the operand is a block plus cn - k, where k zeros
   (or biases) come before k scales. The engine's copies of the weights
   (taps outermost: a tap of an item's channels is one run) and of minus
   the bias, made once, are apart from what the vector unit reads: a load
   waits for the engine's operations whose operands are near it. */
typedef struct {
  float *in[2], *acc[2], *tmp, *params, *taps_w, *neg_bias, *bounds;
  float *stage; /* an item's planes as they arrive (or null) */
  long wp, chan, plane, taps, nv, in_gap, out_gap;
  int decimate; /* the plan's */
} dw_buffers;

static long max_l(long a, long b) { return a > b ? a : b; }

/* The engine's passes after the taps': vs.act with the per-row bias and
   the function the engine has for the activation (relu, gelu_tanh), or
   with none, then for SiLU the sigmoid's pass before it and the product
   after, for a clip maxNum and minNum with rows of its bounds (relu for
   a lower bound of 0). */
static long finish_passes(const conv_problem *p, int bias) {
  switch (p->act.kind) {
  case ACCEL_ACT_RELU:
  case ACCEL_ACT_GELU:
    return 1;
  case ACCEL_ACT_SILU:
    return 2 + bias;
  case ACCEL_ACT_CLIP:
    return (p->act.lo == 0.0f ? 1 : bias + 1) + 1;
  default:
    return bias;
  }
}

/* The vector unit's cycles for an activation of a vector (beyond its
   store). */
static long act_vector_cycles(const conv_problem *p) {
  switch (p->act.kind) {
  case ACCEL_ACT_CLIP:
    return 1;
  case ACCEL_ACT_SILU:
    return 4;
  case ACCEL_ACT_GELU:
    return 8;
  default:
    return 0;
  }
}

/* A plane's time on the vector unit (a step about Step vfmas a tap and
   a fifth more, 3 x 3; twice that for other kernels) and on the engine
   (a pass StreamLanes outputs a cycle). */
static void plane_cycles(const conv_problem *p, long bo, long wp, long *tv,
                         long *te) {
  long taps = p->KH * p->KW;
  long vectors = ceil_div((bo - 1) * wp + p->OW, T);
  long passes = 2 * taps - 1 + finish_passes(p, p->bias != NULL);
  /* planes3x3's taps are immediate offsets; planes_taps's loop over
     them, measured at 7 x 7, about twice as long a vfma. */
  long tap = p->KH == 3 && p->KW == 3 ? 6 : 12;
  *tv = ceil_div(vectors, DwVectorStep) * DwVectorStep *
        (taps * tap + 5 * act_vector_cycles(p)) / 5;
  *te = max_l(passes * bo * wp / KERNEL_STREAM_LANES, 1);
}

/* Of cn channels, how many the vector unit takes so that the core's
   work (its planes, and issuing every channel's transfers) takes about
   as long as the engine's planes. */
static long vector_share(const conv_problem *p, long bo, long wp, long cn) {
  long tv, te;
  plane_cycles(p, bo, wp, &tv, &te);
  long v = (cn * te - cn * IssueCycles + (tv + te) / 2) / (tv + te);
  return v < 0 ? 0 : v;
}

/* The gaps between the shares: whole padded rows in the input (so that
   a buffer's pad columns stay one block of rows). */
static long in_gap(const conv_problem *p, long wp) {
  return ceil_div(dw_vector_in_slack(p), wp) * wp;
}

/* Floats of an input and of a result buffer beyond their planes: the
   gaps, and what the last planes' operations read or write past them. */
static long in_extra(const conv_problem *p, long wp) {
  return in_gap(p, wp) + dw_vector_in_slack(p) + (p->KW - 1) * p->dw;
}

enum { OutExtra = 2 * DwVectorOutSlack };

int dw_stride2_as_stride1(const conv_problem *p, conv_problem *p1) {
  if (p->sh != 2 || p->sw != 2 || p->Coutg != 1 || !p->OH || !p->OW)
    return 0;
  *p1 = *p;
  p1->sh = p1->sw = 1;
  p1->OH = 2 * p->OH - 1, p1->OW = 2 * p->OW - 1;
  p1->pr += (p->pl + p->W + p->pr) & 1;
  return 1;
}

int dw_engine_plan(const conv_problem *p, long avail, depthwise_plan *pl) {
  if (p->sh != 1 || p->sw != 1 || p->Coutg != 1)
    return 0;
  long taps = p->KH * p->KW, span = (p->KH - 1) * p->dh;
  long wp = p->pl + p->W + p->pr;
  pl->lanes = 0, pl->wp = wp, pl->decimate = 0;
  /* Two input buffers, two result buffers, the products (a result
     buffer's size) and the parameters: per channel 2 bi wp + 3 bo wp +
     2 (taps + 1) floats, and the extras; the engine's weights and bias,
     and the bounds' rows. */
  avail -= 2 * in_extra(p, wp) + 3 * OutExtra + (taps + 1) * p->C +
           (p->act.kind == ACCEL_ACT_CLIP ? 2 * BoundRow : 0);
  /* Whole planes, as many as the target takes and enough that the vector
     unit's share is about right; else one channel and bands of rows. */
  long bo = p->OH, bi = bo + span;
  long per = 2 * bi * wp + 3 * bo * wp + 2 * (taps + 1);
  long tv, te;
  plane_cycles(p, bo, wp, &tv, &te);
  /* Items twice the target where planes are large (fewer items, the
     first's rows and the last's results a smaller share) or, at 3 x 3,
     where that is the whole image (measured: 32 x 32 and 4 x 4 to 8 x 8
     planes faster so, 16 x 16 and kernels past 3 x 3 slower). */
  long target = TargetFloats;
  if (bi * wp >= 1024 || (taps <= 9 && p->C * bi * wp <= 2 * TargetFloats))
    target = 2 * TargetFloats;
  long cn = max_l(target / (bi * wp), (tv + te + te / 2) / te);
  /* Small planes of a dense x arrive as one run an item, and the
     engine puts their rows in place (an operation an image row a
     share), where a transfer a channel would cost the core more to
     issue than the planes' work. */
  long hw = p->H * p->W;
  int stage = p->xs[3] == 1 && p->xs[2] == p->W && p->xs[1] == hw &&
              hw <= StageMaxPlane && avail / (per + hw) >= min_of(cn, p->C);
  per += stage ? hw : 0;
  pl->stage = 0;
  cn = min_of(min_of(cn, p->C), avail / per);
  if (cn < 1) {
    cn = 1;
    bo = (avail - 2 * (taps + 1) - 2 * span * wp) / (5 * wp);
    if (bo < 1)
      return 0;
    bi = bo + span;
  }
  pl->cn = cn, pl->bo = bo, pl->bi = bi;
  if (stage && bo == p->OH)
    pl->stage = cn * hw;
  pl->in_floats = cn * bi * wp + in_extra(p, wp);
  pl->out_floats = cn * bo * wp + OutExtra;
  return 1;
}

/* The item of image n, up to cn channels from c0, output rows from
   oh0. */
static dw_item item_of(const conv_problem *p, const depthwise_plan *pl, long nv,
                       long n, long c0, long cn, long oh0) {
  dw_item it = {n, c0, min_of(cn, p->C - c0), oh0, min_of(pl->bo, p->OH - oh0)};
  it.bi = it.bo + (p->KH - 1) * p->dh;
  long top = it.oh0 - p->pt; /* the image row of band row 0 */
  it.lo = min_of(top < 0 ? -top : 0, it.bi);
  it.hi = max_l(min_of(p->H - top, it.bi), it.lo);
  it.nv = min_of(nv, it.cn);
  return it;
}

static dw_item first_item(const conv_problem *p, const depthwise_plan *pl,
                          long nv) {
  return item_of(p, pl, nv, 0, 0, pl->cn, 0);
}

/* The item after it (bands, then channel groups, then images; n = N
   past the last), without divisions: the core makes one at every item
   boundary, while the engine's queue drains. */
static dw_item item_after(const conv_problem *p, const depthwise_plan *pl,
                          long nv, const dw_item *it) {
  long n = it->n, c0 = it->c0, cn = it->cn, oh0 = it->oh0 + pl->bo;
  if (oh0 >= p->OH) {
    oh0 = 0, c0 += cn, cn = pl->cn;
    if (c0 >= p->C)
      c0 = 0, ++n;
  }
  return item_of(p, pl, nv, n, c0, cn, oh0);
}

/* dst = src for rows x len floats, rows dst_stride and src_stride apart
   (maxNum(x, x) = x). */
static void engine_copy(float *dst, long dst_stride, const float *src,
                        long src_stride, long rows, long len) {
  accel_vs_shape(rows, len);
  accel_vs_stride(dst_stride, src_stride, src_stride);
  accel_vs_max(dst, src, src);
}

/* Zeroes rows x cols floats at dst (rows dst_rs apart). */
static void engine_zero(float *dst, long rows, long cols, long dst_rs,
                        const float *zeros) {
  for (long c0 = 0; c0 < cols && rows; c0 += ZeroFloats)
    engine_copy(dst + c0, dst_rs, zeros, 0, rows,
                min_of(cols - c0, ZeroFloats));
}

/* The largest count up to `want` that divides `units` (the transfers
   of a stream are equal). */
static long pieces_of(long units, long want) {
  long k = max_l(min_of(want, units), 1);
  while (k > 1 && units % k)
    --k;
  return k;
}

/* Pieces a transfer of n channels is cut into, so that every DMA channel
   takes a share. */
static long pieces_for(long n) {
  return n >= Channels ? 1 : ceil_div(Channels, max_l(n, 1));
}

/* A share of an item: its first channel (of the item) and how many, and
   where its planes are in an input and a result buffer. */
typedef struct {
  long c, cn;
  long in_off, acc_off;
} dw_share;

static dw_share share_of(const dw_buffers *b, const dw_item *it, int q) {
  dw_share s = {0, it->nv, 0, 0};
  if (q)
    s = (dw_share){b->nv, it->cn - it->nv, b->nv * b->chan + b->in_gap,
                   b->nv * b->plane + b->out_gap};
  return s;
}

/* A sequence of equal 2-D transfers, outer x inner of them, transfer
   (i, j) at dst + i dst_outer + j dst_inner (src likewise, bytes), each
   rows x row_bytes with the given row strides, issued a few at a time
   (dma_stream.h's, without its lane groups: the issue loop is a few
   bundles a transfer, the core's share of this lowering's work). */
typedef struct {
  char *dst;
  const char *src;
  long outer, inner, dst_outer, src_outer, dst_inner, src_inner;
  long rows, row_bytes, dst_stride, src_stride;
  long left, j; /* transfers not issued; the next one's inner index */
} dw_transfers;

/* Issues up to n more of t's transfers, on channels *channel, *channel
   + 1, ... (cyclically). */
static void transfers_issue(dw_transfers *t, long n, int *channel) {
  n = min_of(n, t->left);
  if (n <= 0)
    return;
  t->left -= n;
  char *dst = t->dst;
  const char *src = t->src;
  long j = t->j, inner = t->inner, rows = t->rows, bytes = t->row_bytes;
  long ds = t->dst_stride, ss = t->src_stride;
  long di = t->dst_inner, si = t->src_inner;
  long dw = t->dst_outer - (inner - 1) * di,
       sw = t->src_outer - (inner - 1) * si;
  int ch = *channel;
  for (; n > 0; --n) {
    accel_dma_2d_on(ch, dst, src, rows, bytes, ds, ss);
    ch = ch + 1 == Channels ? 0 : ch + 1;
    if (++j < inner) {
      dst += di, src += si;
    } else {
      j = 0, dst += dw, src += sw;
    }
  }
  t->dst = dst, t->src = src, t->j = j;
  *channel = ch;
}

/* The transfers of a share's image rows into their places in the padded
   planes of in: a transfer a channel (or, with fewer channels than DMA
   channels, a piece of its rows each), of whole rows; single floats
   where x's rows are element-strided. */
static void load_stream(dw_transfers *s, const conv_problem *p,
                        const dw_item *it, const dw_share *sh,
                        const dw_buffers *b, long wp, float *in) {
  long rows = it->hi - it->lo;
  const float *x = p->x + it->n * p->xs[0] + (it->c0 + sh->c) * p->xs[1] +
                   (it->oh0 - p->pt + it->lo) * p->xs[2];
  *s = (dw_transfers){.dst = (char *)(in + sh->in_off + it->lo * wp + p->pl),
                      .src = (const char *)x,
                      .outer = rows && p->W ? sh->cn : 0,
                      .dst_outer = 4 * b->chan,
                      .src_outer = 4 * p->xs[1]};
  if (p->xs[3] == 1) {
    long k = pieces_of(rows, pieces_for(sh->cn));
    s->inner = k, s->rows = rows / k, s->row_bytes = 4 * p->W;
    s->dst_inner = 4 * wp * s->rows, s->src_inner = 4 * p->xs[2] * s->rows;
    s->dst_stride = 4 * wp, s->src_stride = 4 * p->xs[2];
  } else {
    s->inner = rows, s->rows = p->W, s->row_bytes = 4;
    s->dst_inner = 4 * wp, s->src_inner = 4 * p->xs[2];
    s->dst_stride = 4, s->src_stride = 4 * p->xs[3];
  }
  s->left = s->outer * s->inner;
}

/* The transfers of a share's results (OW of each padded row) out to y:
   one run of rows when y's planes follow each other, in a piece per DMA
   channel; else a transfer a channel (or pieces of one); single floats
   where y's rows are element-strided. */
static void store_stream(dw_transfers *s, const conv_problem *p,
                         const dw_item *it, const dw_share *sh,
                         const dw_buffers *b, long wp, const float *acc) {
  /* Decimated, y's rows and columns are half p's (rounded up), a share's
     planes half as far apart (engine_decimate). */
  int d = b->decimate;
  long OW = (p->OW + d) >> d;
  long bo = (it->bo + d) >> d;
  float *y = p->y + it->n * p->ys[0] + (it->c0 + sh->c) * p->ys[1] +
             (it->oh0 >> d) * p->ys[2];
  *s = (dw_transfers){.dst = (char *)y,
                      .src = (const char *)(acc + sh->acc_off),
                      .outer = OW ? sh->cn : 0,
                      .dst_outer = 4 * p->ys[1],
                      .src_outer = 4 * (b->plane >> d)};
  long rows = bo;
  if (!d && p->ys[3] == 1 && it->bo == p->OH && p->ys[1] == p->OH * p->ys[2]) {
    s->outer = p->OW && sh->cn ? 1 : 0;
    rows = sh->cn * it->bo;
  }
  if (p->ys[3] == 1) {
    long k = pieces_of(rows, pieces_for(s->outer));
    s->inner = k, s->rows = rows / k, s->row_bytes = 4 * OW;
    s->dst_inner = 4 * p->ys[2] * s->rows, s->src_inner = 4 * wp * s->rows;
    s->dst_stride = 4 * p->ys[2], s->src_stride = 4 * wp;
  } else {
    s->inner = rows, s->rows = OW, s->row_bytes = 4;
    s->dst_inner = 4 * p->ys[2], s->src_inner = 4 * wp;
    s->dst_stride = 4 * p->ys[3], s->src_stride = 4;
  }
  s->left = s->outer * s->inner;
}

/* The transfers under an item (up to 4 streams), issued a few at a time
   between its pieces of work: each stream's transfers over the pieces,
   rounded up. A start on a busy channel stalls the issue. */
typedef struct {
  dw_transfers *q;
  int *channel;
  long per[4];
} dw_pacer;

static dw_pacer pacer_start(dw_transfers *q, int *channel, long pieces) {
  dw_pacer e = {q, channel, {0}};
  for (int i = 0; i < 4; ++i)
    e.per[i] = ceil_div(q[i].left, max_l(pieces, 1));
  return e;
}

static inline __attribute__((always_inline)) void pacer_step(dw_pacer *e) {
  for (int i = 0; i < 4; ++i)
    if (e->q[i].left)
      transfers_issue(&e->q[i], e->per[i], e->channel);
}

/* The engine's work on an item's share: its operations in order, issued
   one at a time (next of ops), after the weights' and bias's
   (engine_setup). The next tap's source and parameters are kept as
   pointers (a tap is a weight block and a shift of the planes). */
typedef struct {
  const conv_problem *p;
  const dw_buffers *b;
  const float *src, *pt, *pb; /* the next tap's; the bias's block */
  float *acc;
  long cn, len, block, next, ops;
  long tap, col; /* the next tap, its kernel column */
  int add;       /* the next operation adds the products */
  int bias;      /* whether there is a bias */
} dw_engine_work;

static dw_engine_work engine_setup(const conv_problem *p,
                                   const depthwise_plan *pl, const dw_item *it,
                                   const dw_buffers *b, const float *bias,
                                   const float *in, float *acc) {
  dw_share sh = share_of(b, it, 1);
  long skip = pl->cn - sh.cn, c = it->c0 + sh.c;
  dw_engine_work w = {.p = p,
                      .b = b,
                      .src = in + sh.in_off,
                      .pt = b->params + skip,
                      .acc = acc + sh.acc_off,
                      .cn = sh.cn,
                      .len = it->bo * pl->wp,
                      .block = 2 * pl->cn};
  if (!sh.cn)
    return w;
  w.bias = bias != NULL;
  w.ops = 2 * b->taps - 1 + (bias || p->act.kind != ACCEL_ACT_NONE);
  engine_copy(b->params + pl->cn, w.block, b->taps_w + c, p->C, b->taps, sh.cn);
  w.pb = b->params + b->taps * w.block + skip;
  if (bias)
    engine_copy((float *)w.pb, 0, b->neg_bias + c, 0, 1, sh.cn);
  return w;
}

/* acc = op(acc, bound) over the share's results, one run of cn len
   floats (planes of a band of fewer rows than plane are one channel's),
   as rows of BoundRow floats and the rest, the bound's row repeated. */
static void engine_bound(const dw_engine_work *w, const float *row, int max) {
  long n = w->cn * w->len, rows = n / BoundRow, rest = n - rows * BoundRow;
  for (int k = 0; k < 2; ++k) {
    if (!(k ? rest : rows))
      continue;
    float *at = w->acc + (k ? rows * BoundRow : 0);
    accel_vs_shape(k ? 1 : rows, k ? rest : BoundRow);
    accel_vs_stride(BoundRow, BoundRow, 0);
    if (max)
      accel_vs_max(at, at, row);
    else
      accel_vs_min(at, at, row);
  }
}

/* The share's pass after its taps, vs.act with the bias: the
   activation's function where the engine has it, relu for a clip from
   0, the sigmoid (into tmp) for SiLU. */
static inline __attribute__((always_inline)) void
engine_last(const dw_engine_work *w) {
  const conv_problem *p = w->p;
  const dw_buffers *b = w->b;
  accel_act_kind kind = p->act.kind;
  accel_vs_stride(b->plane, b->plane, b->plane);
  if (kind == ACCEL_ACT_RELU || (kind == ACCEL_ACT_CLIP && p->act.lo == 0.0f))
    accel_vs_act_relu(w->acc, w->acc, w->pb, NULL);
  else if (kind == ACCEL_ACT_GELU)
    accel_vs_act_gelu_tanh(w->acc, w->acc, w->pb, NULL);
  else if (kind == ACCEL_ACT_SILU)
    accel_vs_act_sigmoid(b->tmp, w->acc, w->pb, NULL);
  else
    accel_vs_act_none(w->acc, w->acc, w->pb, NULL);
}

/* The passes after that one (issued with the share's last operations):
   SiLU's bias and its product with the sigmoid, a clip's bounds. */
__attribute__((noinline)) static void engine_rest(const dw_engine_work *w) {
  const conv_problem *p = w->p;
  const dw_buffers *b = w->b;
  if (!w->cn)
    return;
  if (p->act.kind == ACCEL_ACT_SILU) {
    accel_vs_shape(w->cn, w->len);
    accel_vs_stride(b->plane, b->plane, b->plane);
    if (w->bias)
      accel_vs_act_none(w->acc, w->acc, w->pb, NULL);
    accel_vs_mul(w->acc, w->acc, b->tmp);
  } else if (p->act.kind == ACCEL_ACT_CLIP) {
    if (p->act.lo != 0.0f)
      engine_bound(w, b->bounds, 1);
    engine_bound(w, b->bounds + BoundRow, 0);
  }
}

/* Operation w->next of the share: tap 0's products into the results,
   then per tap its products and their sum, then the bias and the
   activation. */
static inline __attribute__((always_inline)) void
engine_next(dw_engine_work *w) {
  const conv_problem *p = w->p;
  const dw_buffers *b = w->b;
  ++w->next;
  accel_vs_shape(w->cn, w->len);
  if (w->tap == b->taps) {
    engine_last(w);
    return;
  }
  if (w->add) {
    accel_vs_stride(b->plane, b->plane, b->plane);
    accel_vs_add(w->acc, w->acc, b->tmp);
  } else {
    accel_vs_stride(b->plane, b->chan, b->chan);
    accel_vs_act_none(w->tap ? b->tmp : w->acc, w->src, w->pt, NULL);
    if (w->tap) {
      w->add = 1;
      return;
    }
  }
  /* The next tap: the next kernel column, or the next row's first. */
  w->add = 0, ++w->tap, w->pt += w->block, w->src += p->dw;
  if (++w->col == p->KW)
    w->col = 0, w->src += p->dh * b->wp - p->KW * p->dw;
}

/* The share's operations up to `upto` (at most all of them). */
static void engine_upto(dw_engine_work *w, long upto) {
  while (w->next < min_of(upto, w->ops))
    engine_next(w);
}

/* Past 3 x 3 (many passes a tap set), a piece's vectors of a plane
   for run_item: parts of a plane even where a plane is less than a
   piece, so that each piece is due at most MaxOpsAPiece of the ops
   engine operations (nv planes of `vectors` on the vector unit); at
   3 x 3 the pieces' own cost outweighs it. */
__attribute__((noinline)) static long wide_piece_vectors(long vectors, long nv,
                                                         long ops) {
  long chunk = min_of(ChunkVectors, ceil_div(vectors, DwVectorStep) *
                                        DwVectorStep);
  while (chunk > DwVectorStep &&
         nv * ceil_div(vectors, chunk) * MaxOpsAPiece < ops)
    chunk = ceil_div(chunk / 2, DwVectorStep) * DwVectorStep;
  return chunk;
}

/* Item it from in into acc: the engine's share issued an operation at a
   time between pieces of the vector unit's (a piece ChunkVectors of a
   plane's run of vectors, or as many small planes), in proportion, Lead
   ahead; the transfers likewise. Without a vector share, a few transfers
   after each operation. */
static void run_item(const conv_problem *p, const depthwise_plan *pl,
                     const dw_item *it, const dw_buffers *b, const float *bias,
                     const float *in, float *acc, dw_transfers *q,
                     int *channel) {
  dw_engine_work w = engine_setup(p, pl, it, b, bias, in, acc);
  long vectors = ceil_div((it->bo - 1) * pl->wp + p->OW, T);
  /* Pieces small enough that each is due at most MaxOpsAPiece of the
     engine's operations: more would fill the engine's queue, and the
     core would wait for the engine instead of working beside it. */
  long chunk = ChunkVectors; /* a piece's vectors of a plane */
  while (chunk > DwVectorStep && ceil_div(vectors, chunk) > 1 &&
         it->nv * ceil_div(vectors, chunk) * MaxOpsAPiece < w.ops)
    chunk /= 2;
  if (b->taps > 9)
    chunk = wide_piece_vectors(vectors, it->nv, w.ops);
  long per_plane = ceil_div(vectors, chunk);
  long planes = max_l(ChunkVectors / vectors, 1); /* a piece's */
  if (per_plane == 1)
    planes = max_l(min_of(planes, it->nv * MaxOpsAPiece / max_l(w.ops, 1)), 1);
  long pieces = per_plane > 1 ? it->nv * per_plane : ceil_div(it->nv, planes);
  if (!pieces) {
    dw_pacer e = pacer_start(q, channel, w.ops);
    while (w.next < w.ops) {
      engine_next(&w);
      pacer_step(&e);
    }
    engine_rest(&w);
    return;
  }
  dw_pacer e = pacer_start(q, channel, pieces);
  /* Operations due before piece k: ops (k + 1) / pieces, kept as a
     quotient and a remainder (no division a piece). */
  long due = Lead, rest = 0;
  for (long j = 0; j<it->nv; j += per_plane> 1 ? 1 : planes)
    for (long v0 = 0; v0 < vectors; v0 += chunk) {
      for (rest += w.ops; rest >= pieces; rest -= pieces)
        ++due;
      engine_upto(&w, due);
      pacer_step(&e);
      if (per_plane > 1)
        dw_vector_planes(in + j * b->chan + v0 * T, acc + j * b->plane + v0 * T,
                         it->c0 + j, 1, min_of(chunk, vectors - v0), b->chan,
                         b->plane);
      else
        dw_vector_planes(in + j * b->chan, acc + j * b->plane, it->c0 + j,
                         min_of(planes, it->nv - j), vectors, b->chan,
                         b->plane);
    }
  engine_upto(&w, w.ops);
  engine_rest(&w);
}

/* Zeroes the padding of an input buffer's shares: the pad columns of
   every row, and the pad rows of every channel (once, with one band for
   the whole image: zero rows of a band elsewhere take zero_band_rows). */
static void zero_padding(const conv_problem *p, const depthwise_plan *pl,
                         const dw_buffers *b, float *in, const float *zeros) {
  long wp = pl->wp, rows = pl->cn * pl->bi + b->in_gap / wp;
  engine_zero(in, rows, p->pl, wp, zeros);
  engine_zero(in + p->pl + p->W, rows, p->pr, wp, zeros);
  if (pl->bo < p->OH)
    return;
  long hi = min_of(p->pt + p->H, pl->bi);
  dw_item all = {.cn = pl->cn, .nv = b->nv};
  for (int q = 0; q < 2; ++q) {
    dw_share sh = share_of(b, &all, q);
    engine_zero(in + sh.in_off, sh.cn, p->pt * wp, b->chan, zeros);
    engine_zero(in + sh.in_off + hi * wp, sh.cn, (pl->bi - hi) * wp, b->chan,
                zeros);
  }
}

/* With bands, an item's rows outside the image zeroed. */
static void zero_band_rows(const conv_problem *p, const depthwise_plan *pl,
                           const dw_item *it, const dw_buffers *b, float *in,
                           const float *zeros) {
  if (pl->bo >= p->OH || (it->lo == 0 && it->hi == it->bi))
    return;
  for (int q = 0; q < 2; ++q) {
    dw_share sh = share_of(b, it, q);
    engine_zero(in + sh.in_off, sh.cn, it->lo * pl->wp, b->chan, zeros);
    engine_zero(in + sh.in_off + it->hi * pl->wp, sh.cn,
                (it->bi - it->hi) * pl->wp, b->chan, zeros);
  }
}

/* The loads of item it's shares into in (q[2], q[3]), or its stores from
   acc (q[0], q[1]). */
static void item_loads(dw_transfers *q, const conv_problem *p,
                       const dw_item *it, const dw_buffers *b, long wp,
                       float *in) {
  if (b->stage) {
    /* The item's planes, one run, in a piece per DMA channel. */
    long hw = p->H * p->W, k = pieces_of(it->cn, Channels);
    long bytes = it->cn / k * hw * 4;
    q[0] = (dw_transfers){
        .dst = (char *)b->stage,
        .src = (const char *)(p->x + it->n * p->xs[0] + it->c0 * p->xs[1]),
        .outer = hw ? 1 : 0,
        .inner = k,
        .dst_inner = bytes,
        .src_inner = bytes,
        .rows = 1,
        .row_bytes = bytes};
    q[0].left = q[0].outer * q[0].inner;
    q[1].left = 0;
    return;
  }
  for (int k = 0; k < 2; ++k) {
    dw_share sh = share_of(b, it, k);
    load_stream(&q[k], p, it, &sh, b, wp, in);
  }
}

static void item_stores(dw_transfers *q, const conv_problem *p,
                        const dw_item *it, const dw_buffers *b, long wp,
                        const float *acc) {
  for (int k = 0; k < 2; ++k) {
    dw_share sh = share_of(b, it, k);
    store_stream(&q[k], p, it, &sh, b, wp, acc);
  }
}

/* Decimated, each share's results at stride 2 from those at stride 1
   in place: a plane's even rows' even columns, row r of the share's
   plane k at k plane / 2 + r wp (plane and wp even), by one pass over
   the run as single-float rows (dst[e] = src[2 e]: the element 2 e of a
   run of rows wp apart is row 2 (e / wp)'s column 2 (e % wp) for e % wp
   < wp / 2). */
static void engine_decimate(const conv_problem *p, const dw_buffers *b,
                            const dw_item *it, float *acc) {
  long rows = (it->bo + 1) / 2, ow = (p->OW + 1) / 2;
  for (int q = 0; q < 2; ++q) {
    dw_share sh = share_of(b, it, q);
    if (!sh.cn)
      continue;
    float *at = acc + sh.acc_off;
    accel_vs_shape((sh.cn - 1) * (b->plane / 2) + (rows - 1) * b->wp + ow, 1);
    accel_vs_stride(1, 2, 2);
    accel_vs_max(at, at, at);
  }
}

/* With a stage, item it's planes from it into their padded places in
   in: an engine operation an image row a share (the item's rows are
   the image's: one band). */
static void unstage(const conv_problem *p, const dw_item *it,
                    const dw_buffers *b, float *in) {
  long hw = p->H * p->W;
  for (int q = 0; q < 2; ++q) {
    dw_share sh = share_of(b, it, q);
    if (!sh.cn || !p->W)
      continue;
    float *dst = in + sh.in_off + it->lo * b->wp + p->pl;
    const float *src = b->stage + sh.c * hw;
    accel_vs_shape(sh.cn, p->W);
    accel_vs_stride(b->chan, hw, hw);
    for (long h = 0; h < it->hi - it->lo; ++h)
      accel_vs_max(dst + h * b->wp, src + h * p->W, src + h * p->W);
  }
}

static void pace_all(dw_transfers *q, int *channel) {
  for (int k = 0; k < 4; ++k)
    transfers_issue(&q[k], q[k].left, channel);
}

void dw_engine_run(const conv_problem *p, const depthwise_plan *pl,
                   const float *weights, const float *bias, float *pool,
                   const float *zeros) {
  if (!p->N || !p->C || !p->OH)
    return;
  dw_buffers b;
  b.taps = p->KH * p->KW;
  b.wp = pl->wp;
  b.chan = pl->bi * pl->wp;
  b.plane = pl->bo * pl->wp;
  b.nv = vector_share(p, pl->bo, pl->wp, pl->cn);
  b.in_gap = in_gap(p, pl->wp);
  b.out_gap = DwVectorOutSlack;
  b.decimate = pl->decimate;
  b.in[0] = pool, b.in[1] = pool + pl->in_floats;
  b.acc[0] = b.in[1] + pl->in_floats, b.acc[1] = b.acc[0] + pl->out_floats;
  b.tmp = b.acc[1] + pl->out_floats;
  b.params = b.tmp + pl->out_floats;
  b.taps_w = b.params + (b.taps + 1) * 2 * pl->cn;
  b.neg_bias = b.taps_w + b.taps * p->C;
  b.bounds = b.neg_bias + p->C;
  b.stage = pl->stage
                ? b.bounds + (p->act.kind == ACCEL_ACT_CLIP ? 2 * BoundRow : 0)
                : NULL;
  /* The parameters' constant halves: zeros before each tap's weights
     and before the bias, ones after it. */
  long block = 2 * pl->cn;
  conv_fill(b.params, b.taps * block + pl->cn, 0.0f);
  conv_fill(b.params + b.taps * block + pl->cn, pl->cn, 1.0f);
  if (p->act.kind == ACCEL_ACT_CLIP) {
    conv_fill(b.bounds, BoundRow, p->act.lo);
    conv_fill(b.bounds + BoundRow, BoundRow, p->act.hi);
  }
  zero_padding(p, pl, &b, b.in[0], zeros);
  zero_padding(p, pl, &b, b.in[1], zeros);
  int ch = 0;
  dw_item cur = first_item(p, pl, b.nv), prev = cur, next = cur;
  /* Item i - 1's results (its shares), item i + 1's rows. */
  dw_transfers q[4];
  zero_band_rows(p, pl, &cur, &b, b.in[0], zeros);
  item_loads(&q[2], p, &cur, &b, pl->wp, b.in[0]);
  q[0].left = q[1].left = 0;
  pace_all(q, &ch);
  accel_dma_wait_all(); /* item 0's rows, the weights and the bias */
  if (b.stage)
    unstage(p, &cur, &b, b.in[0]);
  for (long t = 0; t < b.taps; ++t)
    engine_copy(b.taps_w + t * p->C, 1, weights + t, b.taps, p->C, 1);
  if (bias) {
    accel_vs_shape(p->C, 1);
    accel_vs_stride(1, 0, 1);
    accel_vs_sub(b.neg_bias, zeros, bias);
  }
  long i = 0;
  for (; cur.n < p->N; ++i) {
    /* Item i + 1's rows and item i - 1's results move while item i
       computes; each waits in its channel for the engine to have
       finished with its bytes. */
    next = item_after(p, pl, b.nv, &cur);
    if (next.n < p->N) {
      zero_band_rows(p, pl, &next, &b, b.in[(i + 1) & 1], zeros);
      item_loads(&q[2], p, &next, &b, pl->wp, b.in[(i + 1) & 1]);
    }
    if (i > 0)
      item_stores(q, p, &prev, &b, pl->wp, b.acc[(i - 1) & 1]);
    run_item(p, pl, &cur, &b, bias, b.in[i & 1], b.acc[i & 1], q, &ch);
    if (b.decimate)
      engine_decimate(p, &b, &cur, b.acc[i & 1]);
    pace_all(q, &ch);
    accel_dma_wait_all();
    if (b.stage && next.n < p->N)
      unstage(p, &next, &b, b.in[(i + 1) & 1]);
    prev = cur, cur = next;
  }
  item_stores(q, p, &prev, &b, pl->wp, b.acc[(i - 1) & 1]);
  q[2].left = q[3].left = 0;
  pace_all(q, &ch);
  accel_dma_wait_all();
}
