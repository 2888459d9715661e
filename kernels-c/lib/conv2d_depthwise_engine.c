/* conv2d_depthwise_engine.c - accel_conv2d with one input channel per
   group and one output channel per input channel, at stride 1, on the
   stream engine (docs/kernels.md, "accel_conv2d").

   Each kernel tap is two block operations over a work item's channels at
   once: the tap's products (vs.act.none, whose per-row scale is each
   channel's weight: a block row is a channel's plane) and their sum into
   the results (vs.add); the first tap's products are the results. That
   is 2 KH KW - 1 passes over the outputs at StreamLanes elements a cycle,
   where the vector unit takes one vfma per tap and 16 outputs: half its
   time. At stride 1 output pixel (oh, ow) reads input pixel (oh + i dh,
   ow + j dw) of the zero-padded plane, so a plane's outputs over the
   padded width are one run from oh wp + ow, shifted by i dh wp + j dw for
   tap (i, j): one block row (the pad columns' outputs are computed and
   never sent). A bias or ReLU is one more pass (vs.act's per-row bias).

   Work items are groups of channels (with a band of rows when a plane is
   bigger than the scratchpad), double-buffered: item i + 1's rows arrive
   and item i - 1's results leave while the engine works through item i.
   The core only issues: the transfers wait in their channels for the
   engine's operations on their bytes, and go out a few after each
   operation, while the engine's queue holds the next. Rows move whole:
   the image's rows into the padded rows, the results' rows (OW of each
   padded row) out to y. */

#include "conv2d_depthwise_engine.h"
#include "dma_stream.h"
#include <stddef.h>

enum {
  Channels = __ACCEL_DMA_CHANNELS__,
  TargetFloats = 16 * 1024, /* an item's input, aimed at: small, as the
                              first item's rows and the last one's
                              results are not hidden */
};

/* A work item: image n, channels c0 .. c0 + cn - 1, output rows oh0 ..
   oh0 + bo - 1, from bi padded input rows of which lo .. hi - 1 are the
   image's. */
typedef struct {
  long n, c0, cn, oh0, bo, bi, lo, hi;
} dw_item;

/* The buffers: two of input planes (chan floats apart), two of results
   and one of a tap's products (plane floats apart), and the operations'
   parameters: per tap a block of 2 cn floats, zeros then the item's
   weights; then the bias's, minus the bias (or zeros) then ones. For an
   item of fewer channels k the operand is a block plus cn - k, where k
   zeros (or biases) come before k scales. */
typedef struct {
  float *in[2], *acc[2], *tmp, *params;
  long chan, plane, taps;
} dw_buffers;

static long max_l(long a, long b) { return a > b ? a : b; }

int dw_engine_plan(const conv_problem *p, long avail, depthwise_plan *pl) {
  if (p->sh != 1 || p->sw != 1 || p->Coutg != 1 ||
      (p->act.kind != ACCEL_ACT_NONE && p->act.kind != ACCEL_ACT_RELU))
    return 0;
  long taps = p->KH * p->KW, span = (p->KH - 1) * p->dh;
  long wp = p->pl + p->W + p->pr, slack = (p->KW - 1) * p->dw;
  pl->lanes = 0, pl->wp = wp;
  /* Whole planes, as many as the target takes (at least one); else one
     channel and bands of rows. Per channel: two input planes, two result
     planes, the products and the parameters. */
  long bo = p->OH, bi = bo + span;
  long per = 2 * bi * wp + 3 * bo * wp + 2 * (taps + 1);
  long cn = min_of(p->C, max_l(1, TargetFloats / (bi * wp)));
  cn = min_of(cn, (avail - 2 * slack) / per);
  if (cn < 1) {
    cn = 1;
    /* 2 (bo + span) wp + 3 bo wp + 2 (taps + 1) + 2 slack <= avail */
    bo = (avail - 2 * slack - 2 * (taps + 1) - 2 * span * wp) / (5 * wp);
    if (bo < 1)
      return 0;
    bi = bo + span;
  }
  pl->cn = cn, pl->bo = bo, pl->bi = bi;
  pl->in_floats = cn * bi * wp + slack;
  pl->out_floats = cn * bo * wp;
  return 1;
}

static dw_item item_at(const conv_problem *p, const depthwise_plan *pl,
                       long i) {
  long bands = ceil_div(p->OH, pl->bo), groups = ceil_div(p->C, pl->cn);
  long band = i % bands, cg = i / bands % groups, n = i / bands / groups;
  dw_item it = {n, cg * pl->cn, min_of(pl->cn, p->C - cg * pl->cn),
                band * pl->bo, min_of(pl->bo, p->OH - band * pl->bo)};
  it.bi = it.bo + (p->KH - 1) * p->dh;
  long top = it.oh0 - p->pt; /* the image row of band row 0 */
  it.lo = min_of(top < 0 ? -top : 0, it.bi);
  it.hi = max_l(min_of(p->H - top, it.bi), it.lo);
  return it;
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
  while (units % k)
    --k;
  return k;
}

/* The transfers of item it's image rows into their places in the padded
   planes at in: a transfer a channel (or, with fewer channels than DMA
   channels, a piece of its rows each), of whole rows; single floats
   where x's rows are element-strided. */
static void load_stream(dma_stream *s, const conv_problem *p,
                        const dw_item *it, const dw_buffers *b, long wp,
                        float *in) {
  long rows = it->hi - it->lo;
  const float *x = p->x + it->n * p->xs[0] + it->c0 * p->xs[1] +
                   (it->oh0 - p->pt + it->lo) * p->xs[2];
  *s = (dma_stream){.dst = (char *)(in + it->lo * wp + p->pl),
                    .src = (const char *)x,
                    .outer = rows && p->W ? it->cn : 0,
                    .dst_outer = 4 * b->chan,
                    .src_outer = 4 * p->xs[1]};
  if (p->xs[3] == 1) {
    long k = pieces_of(rows, ceil_div(Channels, it->cn));
    s->inner = k, s->rows = rows / k, s->row_bytes = 4 * p->W;
    s->dst_inner = 4 * wp * s->rows, s->src_inner = 4 * p->xs[2] * s->rows;
    s->dst_stride = 4 * wp, s->src_stride = 4 * p->xs[2];
  } else {
    s->inner = rows, s->rows = p->W, s->row_bytes = 4;
    s->dst_inner = 4 * wp, s->src_inner = 4 * p->xs[2];
    s->dst_stride = 4, s->src_stride = 4 * p->xs[3];
  }
}

/* The transfers of item it's results (OW of each padded row) out to y:
   one run of rows when y's planes follow each other, in a piece per DMA
   channel; else a transfer a channel (or pieces of one); single floats
   where y's rows are element-strided. */
static void store_stream(dma_stream *s, const conv_problem *p,
                         const dw_item *it, const dw_buffers *b, long wp,
                         const float *acc) {
  float *y = p->y + it->n * p->ys[0] + it->c0 * p->ys[1] +
             it->oh0 * p->ys[2];
  *s = (dma_stream){.dst = (char *)y, .src = (const char *)acc,
                    .outer = p->OW ? it->cn : 0,
                    .dst_outer = 4 * p->ys[1], .src_outer = 4 * b->plane};
  long rows = it->bo;
  if (p->ys[3] == 1 && it->bo == p->OH && p->ys[1] == p->OH * p->ys[2]) {
    s->outer = p->OW ? 1 : 0;
    rows = it->cn * it->bo;
  }
  if (p->ys[3] == 1) {
    long k = pieces_of(rows, ceil_div(Channels, s->outer));
    s->inner = k, s->rows = rows / k, s->row_bytes = 4 * p->OW;
    s->dst_inner = 4 * p->ys[2] * s->rows, s->src_inner = 4 * wp * s->rows;
    s->dst_stride = 4 * p->ys[2], s->src_stride = 4 * wp;
  } else {
    s->inner = rows, s->rows = p->OW, s->row_bytes = 4;
    s->dst_inner = 4 * p->ys[2], s->src_inner = 4 * wp;
    s->dst_stride = 4 * p->ys[3], s->src_stride = 4;
  }
}

/* The transfers under an item, issued in step with its operations: after
   each, each stream's next few (its transfers over the operations,
   rounded up). A start on a busy channel stalls the issue, and so does
   an operation on a full engine queue: one operation, then a few
   transfers, keeps the engine's queue from running dry while the core
   issues transfers. */
typedef struct {
  dma_stream *q;
  int *channel;
  long per[2];
} op_pacer;

static op_pacer op_pacer_start(dma_stream *q, int *channel, long ops) {
  op_pacer e = {q, channel, {ceil_div(dma_stream_left(&q[0]), ops),
                             ceil_div(dma_stream_left(&q[1]), ops)}};
  return e;
}

static void op_pacer_step(op_pacer *e) {
  dma_stream_issue(&e->q[0], e->per[0], e->channel);
  dma_stream_issue(&e->q[1], e->per[1], e->channel);
}

/* Item it from in into acc: its weights and bias into the parameter
   blocks, then a tap at a time over all its channels; the transfers
   under it issued in step with the operations (e: 2 taps - 1). */
static void item_ops(op_pacer *e, const conv_problem *p,
                     const depthwise_plan *pl, const dw_item *it,
                     const dw_buffers *b, const float *weights,
                     const float *bias, const float *zeros, const float *in,
                     float *acc) {
  long cn = it->cn, taps = b->taps, block = 2 * pl->cn;
  long skip = pl->cn - cn, len = it->bo * pl->wp;
  for (long t = 0; t < taps; ++t)
    engine_copy(b->params + t * block + pl->cn, 1,
                weights + it->c0 * taps + t, taps, cn, 1);
  float *pb = b->params + taps * block + skip;
  if (bias) {
    accel_vs_shape(cn, 1);
    accel_vs_stride(1, 0, 1);
    accel_vs_sub(pb, zeros, bias + it->c0);
  }
  for (long t = 0; t < taps; ++t) {
    const float *src = in + t / p->KW * p->dh * pl->wp + t % p->KW * p->dw;
    const float *pt = b->params + t * block + skip;
    accel_vs_shape(cn, len);
    accel_vs_stride(b->plane, b->chan, b->chan);
    if (t == 0) {
      accel_vs_act_none(acc, src, pt, NULL);
      op_pacer_step(e);
      continue;
    }
    accel_vs_act_none(b->tmp, src, pt, NULL);
    op_pacer_step(e);
    accel_vs_stride(b->plane, b->plane, b->plane);
    accel_vs_add(acc, acc, b->tmp);
    op_pacer_step(e);
  }
  if (p->act.kind == ACCEL_ACT_RELU)
    accel_vs_act_relu(acc, acc, pb, NULL);
  else if (bias)
    accel_vs_act_none(acc, acc, pb, NULL);
}

/* Zeroes the padding of an input buffer: the pad columns of every row,
   and the pad rows of every channel (once, with one band for the whole
   image: zero rows of a band elsewhere take zero_band_rows). */
static void zero_padding(const conv_problem *p, const depthwise_plan *pl,
                         const dw_buffers *b, float *in,
                         const float *zeros) {
  long wp = pl->wp, rows = pl->cn * pl->bi;
  engine_zero(in, rows, p->pl, wp, zeros);
  engine_zero(in + p->pl + p->W, rows, p->pr, wp, zeros);
  if (pl->bo < p->OH)
    return;
  long hi = min_of(p->pt + p->H, pl->bi);
  engine_zero(in, pl->cn, p->pt * wp, b->chan, zeros);
  engine_zero(in + hi * wp, pl->cn, (pl->bi - hi) * wp, b->chan, zeros);
}

/* With bands, an item's rows outside the image zeroed. */
static void zero_band_rows(const conv_problem *p, const depthwise_plan *pl,
                           const dw_item *it, const dw_buffers *b, float *in,
                           const float *zeros) {
  if (pl->bo >= p->OH || (it->lo == 0 && it->hi == it->bi))
    return;
  engine_zero(in, it->cn, it->lo * pl->wp, b->chan, zeros);
  engine_zero(in + it->hi * pl->wp, it->cn, (it->bi - it->hi) * pl->wp,
              b->chan, zeros);
}

/* dst[0 .. n) = v (vector stores where whole). */
static void fill(float *dst, long n, float v) {
  long k = 0;
  for (; k + Lanes <= n; k += Lanes)
    accel_vstore(dst + k, (accel_v16f)v);
  for (; k < n; ++k)
    dst[k] = v;
}

void dw_engine_run(const conv_problem *p, const depthwise_plan *pl,
                   const float *weights, const float *bias, float *pool,
                   const float *zeros) {
  long items = p->N * ceil_div(p->C, pl->cn) * ceil_div(p->OH, pl->bo);
  if (!items)
    return;
  dw_buffers b;
  b.taps = p->KH * p->KW;
  b.chan = pl->bi * pl->wp;
  b.plane = pl->bo * pl->wp;
  b.in[0] = pool, b.in[1] = pool + pl->in_floats;
  b.acc[0] = b.in[1] + pl->in_floats, b.acc[1] = b.acc[0] + pl->out_floats;
  b.tmp = b.acc[1] + pl->out_floats;
  b.params = b.tmp + pl->out_floats;
  /* The parameters' constant halves: zeros before each tap's weights
     and before the bias, ones after it. */
  long block = 2 * pl->cn;
  fill(b.params, b.taps * block + pl->cn, 0.0f);
  fill(b.params + b.taps * block + pl->cn, pl->cn, 1.0f);
  zero_padding(p, pl, &b, b.in[0], zeros);
  zero_padding(p, pl, &b, b.in[1], zeros);
  int ch = 0;
  dw_item cur = item_at(p, pl, 0), prev = cur, next = cur;
  dma_stream q[2]; /* item i - 1's results, item i + 1's rows */
  zero_band_rows(p, pl, &cur, &b, b.in[0], zeros);
  load_stream(&q[1], p, &cur, &b, pl->wp, b.in[0]);
  dma_stream_pace(&q[1], 1, &ch);
  q[0].outer = q[1].outer = 0;
  accel_dma_wait_all(); /* item 0's rows, the weights and the bias */
  for (long i = 0; i < items; ++i) {
    /* Item i + 1's rows and item i - 1's results move while the engine
       works through item i; each waits in its channel for the engine to
       have finished with its bytes. */
    if (i + 1 < items) {
      next = item_at(p, pl, i + 1);
      zero_band_rows(p, pl, &next, &b, b.in[(i + 1) & 1], zeros);
      load_stream(&q[1], p, &next, &b, pl->wp, b.in[(i + 1) & 1]);
    }
    if (i > 0)
      store_stream(&q[0], p, &prev, &b, pl->wp, b.acc[(i - 1) & 1]);
    op_pacer e = op_pacer_start(q, &ch, 2 * b.taps - 1);
    item_ops(&e, p, pl, &cur, &b, weights, bias, zeros, b.in[i & 1],
             b.acc[i & 1]);
    dma_stream_pace(&q[0], 1, &ch);
    dma_stream_pace(&q[1], 1, &ch);
    q[0].outer = q[1].outer = 0;
    accel_dma_wait_all();
    prev = cur, cur = next;
  }
  store_stream(&q[0], p, &prev, &b, pl->wp, b.acc[(items - 1) & 1]);
  dma_stream_pace(&q[0], 1, &ch);
  accel_dma_wait_all();
}
