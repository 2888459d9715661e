/* conv2d_depthwise.c - accel_conv2d with one input channel per group
   (depthwise, any channel multiplier m) on the vector unit (docs/kernels.md,
   "accel_conv2d").

   A GEMM would have K = KH KW (9): the matrix unit would wait on its
   operands. Here 16 output pixels along a row are one vector, and each
   kernel tap one vfma of the input row, shifted, by the tap's weight:
   the fewest vector instructions there are.

   Work items are groups of input channels (with a band of rows when an
   image is bigger than the scratchpad). Inputs and outputs have two
   buffers each: while the vector unit works through item i, the input of
   item i + 1 arrives (one transfer per channel on channels 0 to 2,
   issued as each 3 channels of item i are done) and item i - 1's results
   leave on channel 3. Weights and bias come in once; the zero padding is
   written once per buffer when one band is the whole image.

   At stride 1 with one output channel per input channel, the stream
   engine takes the convolution instead
   (conv2d_depthwise_engine.c: a tap is two passes over the outputs at
   StreamLanes elements a cycle, half the vector unit's time), and gives
   the vector unit a share of each item's planes (dw_vector_planes). */

#include "conv/conv2d.h"
#include "conv/conv2d_depthwise_engine.h"
#include <stddef.h>

/* A work item: image n, input channels c0 .. c0 + cn - 1, output rows
   oh0 .. oh0 + bo - 1. */
typedef struct {
  long n, c0, cn, oh0, bo;
  long bi;          /* its padded input rows */
  long lo, hi;      /* rows lo .. hi - 1 are the image's, the rest padding */
  const float *src; /* channel c0's image row of band row lo */
} item;

/* The layout of an item's planes, for the loops over them. */
typedef struct {
  long m;                      /* output planes per input plane */
  long chan;                   /* input planes' distance */
  long plane_floats;           /* output planes' distance (rows wp apart) */
  long vectors;                /* a stride-1 plane's run of output vectors */
  long wp, d1, dw;             /* padded row, kernel rows' distance, columns' */
  const float *weights, *bias; /* per output channel (bias: or null) */
} geometry;

typedef struct {
  conv_problem p; /* the call's, for every function here */
  depthwise_plan pl;
  item cur, next;
  geometry geo;
  float zeros[ZeroFloats];
  float pool[]; /* the rest of the arena: weights, bias, inputs, outputs */
} depthwise_spm;
enum { PoolFloats = (ACCEL_KERNEL_SPM_BYTES - sizeof(depthwise_spm)) / 4 };
KERNEL_SPM_FITS(depthwise_spm);
#define SPM KERNEL_SPM(depthwise_spm)

enum {
  Step = DwVectorStep, /* output vectors per step of planes3x3 and
                          planes_taps */
  OutSlack = DwVectorOutSlack,
};

/* Floats past an input buffer that the last steps of a plane read (the
   vectors past the plane, and the next step's first tap), and past an
   output buffer that they write. */
long dw_vector_in_slack(const conv_problem *p) {
  return (2 * Step + 1) * T * p->sw + (p->KW - 1) * p->dw + T;
}

/* The weights and the bias. */
static long weight_floats(const conv_problem *p) {
  return p->Cout * (p->KH * p->KW + 1);
}

/* The stream engine's plan for p, at stride 1 or decimated from it
   (bands of an even number of rows, so that each starts at an even
   one). */
static int engine_plan(const conv_problem *p, depthwise_plan *pl) {
  long avail = PoolFloats - weight_floats(p);
  conv_problem p1;
  if (!dw_stride2_as_stride1(p, &p1))
    return dw_engine_plan(p, avail, pl);
  if (!dw_engine_plan(&p1, avail, pl))
    return 0;
  if (pl->bo < p1.OH) {
    if (pl->bo < 2)
      return 0;
    pl->bo &= ~1L;
    pl->bi = pl->bo + (p->KH - 1) * p->dh;
  }
  pl->decimate = 1;
  return 1;
}

int conv_depthwise_plan(const conv_problem *p, depthwise_plan *pl) {
  if (dw_lanes_plan(p, pl))
    return 1;
  if (engine_plan(p, pl))
    return 1;
  pl->lanes = 0, pl->decimate = 0;
  long m = p->Coutg, span = (p->KH - 1) * p->dh + 1;
  long avail =
      PoolFloats - weight_floats(p) - 2 * (dw_vector_in_slack(p) + OutSlack);
  pl->wp = p->pl + p->W + p->pr;
  /* Whole images, as many channels as fit (a quarter of them at most, so
     that loads overlap work); else bands of rows of one channel. */
  long bo = p->OH, bi = (bo - 1) * p->sh + span;
  long per = 2 * bi * pl->wp + 2 * m * bo * pl->wp;
  long cn = avail / per;
  if (cn < 1) {
    cn = 1;
    /* 2 (bo - 1) sh wp + 2 span wp + 2 m bo wp <= avail */
    bo = (avail - 2 * span * pl->wp + 2 * p->sh * pl->wp) /
         (2 * p->sh * pl->wp + 2 * m * pl->wp);
    if (bo < 1)
      return 0;
    bi = (bo - 1) * p->sh + span;
  }
  pl->cn = min_of(cn, ceil_div(p->C, 4));
  pl->bo = bo, pl->bi = bi;
  pl->in_floats = pl->cn * bi * pl->wp + dw_vector_in_slack(p);
  pl->out_floats = pl->cn * m * bo * pl->wp + OutSlack;
  return weight_floats(p) + 2 * (pl->in_floats + pl->out_floats) <= PoolFloats;
}

/* count output planes from o of a 3 x 3 kernel at stride 1 (plane k
   from input plane k / m, chan apart from planes_in, into planes_out +
   k plane_floats, rows wp apart), with the activation act; several planes a
   call, as at 14 x 14 a plane is only 14 vectors. With stride 1 output
   pixel (oh, ow) reads inputs from oh wp + ow on, so a plane is one run
   of vectors over the padded width (the pad columns' outputs are
   computed and never sent: 2 % of 112 x 112, 12 % of 14 x 14, which
   whole-row vectors waste too): a base pointer and immediate offsets.
   Eight vectors a step in eight vfma chains cover the vfma's latency,
   and the loop's start and end are paid once per 72 vfmas. Vectors past
   the plane are computed and stored past it (the next planes' places,
   written after, or the slack). */
static inline __attribute__((always_inline)) void
planes3x3(const float *planes_in, float *planes_out, long o, long count,
          const int act) {
  const geometry *g = &SPM->geo;
  long d1 = g->d1, dw = g->dw, vectors = g->vectors, m = g->m;
  long chan = g->chan, plane_floats = g->plane_floats;
  const float *weights = g->weights, *biases = g->bias;
  accel_v16f lo = SPM->p.act.lo, hi = SPM->p.act.hi;
  for (long k = 0, j = 0; k < count; ++k, ++o) {
    const float *restrict in = planes_in;
    float *restrict out = planes_out + k * plane_floats;
    const float *wt = weights + o * 9;
    accel_v16f w0 = wt[0], w1 = wt[1], w2 = wt[2], w3 = wt[3], w4 = wt[4],
               w5 = wt[5], w6 = wt[6], w7 = wt[7], w8 = wt[8];
    accel_v16f b = biases ? biases[o] : 0.0f;
    if (++j == m) /* the next plane reads the next input plane */
      j = 0, planes_in += chan;
#define TAP(w, off)                                                            \
  do {                                                                         \
    for (int k = 0; k < Step; ++k)                                             \
      acc[k] += accel_vload(in + (off) + k * T) * w;                           \
  } while (0)
    /* The first tap's inputs are loaded a step ahead, so that they fill
       the LSU while the last vfmas finish. */
    accel_v16f next[Step];
    for (int k = 0; k < Step; ++k)
      next[k] = accel_vload(in + k * T);
    for (long v = 0; v < vectors; v += Step, out += Step * T) {
      accel_v16f acc[Step];
      for (int k = 0; k < Step; ++k)
        acc[k] = b + next[k] * w0;
      TAP(w1, dw);
      TAP(w2, 2 * dw);
      TAP(w3, d1);
      TAP(w4, d1 + dw);
      TAP(w5, d1 + 2 * dw);
      TAP(w6, 2 * d1);
      TAP(w7, 2 * d1 + dw);
      TAP(w8, 2 * d1 + 2 * dw);
      in += Step * T;
      for (int k = 0; k < Step; ++k)
        next[k] = accel_vload(in + k * T);
      for (int k = 0; k < Step; ++k)
        accel_vstore(out + k * T, accel_activate_kind(acc[k], act, lo, hi));
    }
  }
#undef TAP
}

/* A loop's function for each activation (the kinds a convolution
   takes), and a call of the one for kind: none and ReLU by a test each,
   as the common cases, the others behind a call of their own (a jump
   table there costs every call). */
#define PLANES_VARIANT(loop, name, kind)                                       \
  __attribute__((noinline)) static void loop##_##name(                         \
      const float *in, float *out, long o, long count) {                       \
    loop(in, out, o, count, kind);                                             \
  }
#define PLANES_VARIANTS(loop)                                                  \
  PLANES_VARIANT(loop, none, ACCEL_ACT_NONE)                                   \
  PLANES_VARIANT(loop, relu, ACCEL_ACT_RELU)                                   \
  PLANES_VARIANT(loop, clip, ACCEL_ACT_CLIP)                                   \
  PLANES_VARIANT(loop, gelu, ACCEL_ACT_GELU)                                   \
  PLANES_VARIANT(loop, silu, ACCEL_ACT_SILU)                                   \
  __attribute__((noinline)) static void loop##_other(                          \
      accel_act_kind kind, const float *in, float *out, long o, long count) {  \
    if (kind == ACCEL_ACT_CLIP)                                                \
      loop##_clip(in, out, o, count);                                          \
    else if (kind == ACCEL_ACT_GELU)                                           \
      loop##_gelu(in, out, o, count);                                          \
    else                                                                       \
      loop##_silu(in, out, o, count);                                          \
  }                                                                            \
  static inline void loop##_by_kind(accel_act_kind kind, const float *in,      \
                                    float *out, long o, long count) {          \
    if (kind == ACCEL_ACT_NONE)                                                \
      loop##_none(in, out, o, count);                                          \
    else if (kind == ACCEL_ACT_RELU)                                           \
      loop##_relu(in, out, o, count);                                          \
    else                                                                       \
      loop##_other(kind, in, out, o, count);                                   \
  }

PLANES_VARIANTS(planes3x3)

/* planes3x3's run of vectors for any kernel at stride 1 (LeNet's 5 x 5
   from one input channel to six, a 7 x 7): the taps in a loop, each a
   weight and Step vfmas on Step loaded vectors, so that the vector unit
   issues a vfma nearly every cycle, where planes_any's address arithmetic
   and scalar loads would take many cycles a tap. */
static inline __attribute__((always_inline)) void
planes_taps(const float *planes_in, float *planes_out, long o, long count,
            const int act) {
  const conv_problem *p = &SPM->p;
  const geometry *g = &SPM->geo;
  long d1 = g->d1, dw = g->dw, vectors = g->vectors, m = g->m;
  long chan = g->chan, plane_floats = g->plane_floats;
  long KH = p->KH, KW = p->KW;
  accel_v16f lo = p->act.lo, hi = p->act.hi;
  for (long k = 0, j = 0; k < count; ++k, ++o) {
    const float *in = planes_in;
    float *out = planes_out + k * plane_floats;
    const float *wt = g->weights + o * KH * KW;
    accel_v16f b = g->bias ? g->bias[o] : 0.0f;
    if (++j == m) /* the next plane reads the next input plane */
      j = 0, planes_in += chan;
    for (long v = 0; v < vectors; v += Step, in += Step * T, out += Step * T) {
      accel_v16f acc[Step];
      for (int s = 0; s < Step; ++s)
        acc[s] = b;
      const float *w = wt;
      for (long kh = 0; kh < KH; ++kh)
        for (long kw = 0; kw < KW; ++kw, ++w) {
          const float *restrict src = in + kh * d1 + kw * dw;
          accel_v16f wv = *w;
          for (int s = 0; s < Step; ++s)
            acc[s] += accel_vload(src + s * T) * wv;
        }
      for (int s = 0; s < Step; ++s)
        accel_vstore(out + s * T, accel_activate_kind(acc[s], act, lo, hi));
    }
  }
}

PLANES_VARIANTS(planes_taps)

/* The same for any kernel, stride and activation (count planes from o,
   rows of SPM->cur's band): each plane's output vectors (16 pixels along
   a row, strided loads at a stride along rows) four at a time, in four
   vfma chains, so that the vfma's latency is covered and a tap's weight
   is loaded once for four vectors; with fewer, the last one computed
   and stored again. */
static inline __attribute__((always_inline)) void
planes_any(const float *planes_in, float *planes_out, long o, long count,
           const int act) {
  const conv_problem *p = &SPM->p;
  const geometry *g = &SPM->geo;
  long rows = SPM->cur.bo, wp = g->wp, OW = p->OW, KH = p->KH, KW = p->KW;
  long sw = p->sw, row_in = p->sh * wp, d1 = g->d1, dw = g->dw;
  accel_v16f lo = p->act.lo, hi = p->act.hi;
  for (long k = 0; k < count; ++k, ++o) {
    const float *in = planes_in + k / g->m * g->chan;
    float *out = planes_out + k * g->plane_floats;
    const float *wt = g->weights + o * KH * KW;
    accel_v16f b = g->bias ? g->bias[o] : 0.0f;
    /* The next vector's row and column. */
    long oh = 0, ow = 0;
    while (oh < rows) {
      const float *src[4];
      float *dst[4];
      for (int v = 0; v < 4; ++v) {
        if (oh == rows) {
          src[v] = src[v - 1], dst[v] = dst[v - 1];
          continue;
        }
        src[v] = in + oh * row_in + ow * sw;
        dst[v] = out + oh * wp + ow;
        if ((ow += T) >= OW)
          ow = 0, ++oh;
      }
      accel_v16f acc[4] = {b, b, b, b};
      const float *w = wt;
      for (long kh = 0; kh < KH; ++kh)
        for (long kw = 0; kw < KW; ++kw, ++w) {
          long off = kh * d1 + kw * dw;
          accel_v16f wv = *w;
          for (int v = 0; v < 4; ++v)
            acc[v] += (sw == 1 ? accel_vload(src[v] + off)
                               : accel_vload_strided(src[v] + off, sw * 4)) *
                      wv;
        }
      for (int v = 0; v < 4; ++v)
        accel_vstore(dst[v], accel_activate_kind(acc[v], act, lo, hi));
    }
  }
}

PLANES_VARIANTS(planes_any)

/* count output planes from o (geometry's layout). */
static void planes(const float *in, float *out, long o, long count) {
  const conv_problem *p = &SPM->p;
  int stride1 = p->sw == 1 && p->sh == 1;
  accel_act_kind act = p->act.kind;
  if (stride1 && p->KH == 3 && p->KW == 3)
    planes3x3_by_kind(act, in, out, o, count);
  else if (stride1)
    planes_taps_by_kind(act, in, out, o, count);
  else
    planes_any_by_kind(act, in, out, o, count);
}

void dw_vector_planes(const float *in, float *out, long o, long count,
                      long vectors, long chan, long plane) {
  geometry *g = &SPM->geo;
  g->vectors = vectors, g->chan = chan, g->plane_floats = plane;
  planes(in, out, o, count);
}

/* Input channel c's padded rows for the band from output row oh0: image
   rows where they exist, zero rows in the padding unless they were
   zeroed once (the pad columns always were). */
static void load_channel(int ch, const item *it, long c, float *dst) {
  const conv_problem *p = &SPM->p;
  long wp = SPM->pl.wp, lo = it->lo, hi = it->hi;
  if (SPM->pl.bo < p->OH) {
    conv_zero_rows(ch, dst, lo, wp, wp, SPM->zeros);
    conv_zero_rows(ch, dst + hi * wp, it->bi - hi, wp, wp, SPM->zeros);
  }
  const float *src = it->src + c * p->xs[1];
  if (hi > lo && p->xs[3] == 1)
    accel_dma_2d_on(ch, dst + lo * wp + p->pl, src, hi - lo, p->W * 4, wp * 4,
                    p->xs[2] * 4);
  else if (hi > lo)
    accel_copy_matrix(ch, dst + lo * wp + p->pl, wp, 1, src, p->xs[2], p->xs[3],
                      hi - lo, p->W);
}

/* Zeroes the padding of an input buffer: the pad columns, and with one
   band for the whole image, the pad rows too. */
static void zero_padding(int ch, float *in) {
  const conv_problem *p = &SPM->p;
  const depthwise_plan *pl = &SPM->pl;
  long chan = pl->bi * pl->wp, rows = pl->cn * pl->bi;
  conv_zero_rows(ch, in, rows, p->pl, pl->wp, SPM->zeros);
  conv_zero_rows(ch, in + p->pl + p->W, rows, p->pr, pl->wp, SPM->zeros);
  if (pl->bo < p->OH)
    return;
  long hi = min_of(p->pt + p->H, pl->bi);
  conv_zero_rows(ch, in, pl->cn, p->pt * pl->wp, chan, SPM->zeros);
  conv_zero_rows(ch, in + hi * pl->wp, pl->cn, (pl->bi - hi) * pl->wp, chan,
                 SPM->zeros);
}

static item item_at(long i) {
  const conv_problem *p = &SPM->p;
  const depthwise_plan *pl = &SPM->pl;
  long bands = ceil_div(p->OH, pl->bo), groups = ceil_div(p->C, pl->cn);
  long band = i % bands, cg = i / bands % groups, n = i / bands / groups;
  item it = {n, cg * pl->cn, min_of(pl->cn, p->C - cg * pl->cn), band * pl->bo,
             min_of(pl->bo, p->OH - band * pl->bo)};
  it.bi = (it.bo - 1) * p->sh + (p->KH - 1) * p->dh + 1;
  long top = it.oh0 * p->sh - p->pt; /* the image row of band row 0 */
  it.lo = min_of(top < 0 ? -top : 0, it.bi);
  it.hi = min_of(p->H - top, it.bi);
  if (it.hi < it.lo)
    it.hi = it.lo;
  it.src = p->x + n * p->xs[0] + it.c0 * p->xs[1] + (top + it.lo) * p->xs[2];
  return it;
}

/* The current item's planes from in into out; after each 3 input
   channels, the next item's loads of those channels into next_in (one
   per DMA channel 0 to 2: each has finished its last by then). */
__attribute__((noinline)) static void run_item(const float *in, float *out,
                                               float *next_in) {
  const item *it = &SPM->cur, *next = &SPM->next;
  const geometry *g = &SPM->geo;
  for (long c = 0; c < it->cn || c < next->cn; c += 3) {
    long n = min_of(3, it->cn - c);
    if (n > 0)
      planes(in + c * g->chan, out + c * g->m * g->plane_floats,
             (it->c0 + c) * g->m, n * g->m);
    for (long i = c; i < c + 3 && i < next->cn; ++i)
      load_channel(i % 3, next, i, next_in + i * g->chan);
  }
}

/* The current item's results (rows wp apart) out to y on channel 3: one
   transfer when y's planes and rows follow each other. */
static void send_item(const float *out) {
  const conv_problem *p = &SPM->p;
  const item *it = &SPM->cur;
  long m = p->Coutg, planes = it->cn * m, wp = SPM->pl.wp;
  float *y =
      p->y + it->n * p->ys[0] + it->c0 * m * p->ys[1] + it->oh0 * p->ys[2];
  if (p->ys[3] == 1 && p->ys[1] == it->bo * p->ys[2]) {
    accel_dma_2d_on(3, y, out, planes * it->bo, p->OW * 4, p->ys[2] * 4,
                    wp * 4);
    return;
  }
  for (long k = 0; k < planes; ++k)
    accel_copy_matrix(3, y + k * p->ys[1], p->ys[2], p->ys[3],
                      out + k * it->bo * wp, wp, 1, it->bo, p->OW);
}

void conv_depthwise_run(const conv_problem *problem,
                        const depthwise_plan *plan) {
  if (plan->lanes == LanesPairs) {
    dw_pairs_run(problem);
    return;
  }
  if (plan->lanes) {
    dw_lanes_run(problem, plan);
    return;
  }
  /* Decimated, the engine and the vector unit's share run the stride-1
     problem. */
  SPM->p = *problem, SPM->pl = *plan;
  if (plan->decimate)
    dw_stride2_as_stride1(problem, &SPM->p);
  const conv_problem *p = &SPM->p;
  const depthwise_plan *pl = &SPM->pl;
  long taps = p->KH * p->KW;
  long channels = p->Cout;
  float *bias = SPM->pool + channels * taps;
  SPM->geo = (geometry){.m = p->Coutg,
                        .chan = pl->bi * pl->wp,
                        .wp = pl->wp,
                        .d1 = p->dh * pl->wp,
                        .dw = p->dw,
                        .weights = SPM->pool,
                        .bias = p->bias ? bias : NULL};
  conv_make_zeros(SPM->zeros);
  if (p->ws[3] == 1 && p->ws[2] == p->KW && p->ws[0] == taps)
    accel_dma_2d_on(1, SPM->pool, p->w, 1, p->Cout * taps * 4, 0, 0);
  else
    for (long o = 0; o < p->Cout; ++o)
      accel_copy_matrix(o, SPM->pool + o * taps, p->KW, 1, p->w + o * p->ws[0],
                        p->ws[2], p->ws[3], p->KH, p->KW);
  if (p->bias)
    accel_copy_matrix(2, bias, 0, 1, p->bias, 0, p->bs, 1, p->Cout);
  /* The plan is the engine's wherever it takes the problem. */
  depthwise_plan engine;
  if (plan->decimate ||
      dw_engine_plan(p, PoolFloats - weight_floats(p), &engine)) {
    dw_engine_run(p, pl, SPM->pool, p->bias ? bias : NULL, bias + channels,
                  SPM->zeros);
    return;
  }
  float *in[2] = {bias + channels, bias + channels + pl->in_floats};
  float *out[2] = {in[1] + pl->in_floats,
                   in[1] + pl->in_floats + pl->out_floats};
  zero_padding(0, in[0]);
  zero_padding(3, in[1]);
  accel_dma_wait(0);
  long items = p->N * ceil_div(p->C, pl->cn) * ceil_div(p->OH, pl->bo);
  SPM->cur = (item){0};
  SPM->next = item_at(0);
  run_item(in[1], out[1], in[0]); /* item 0's load */
  accel_dma_wait_all();
  for (long i = 0; i < items; ++i) {
    SPM->cur = item_at(i);
    SPM->next = i + 1 < items ? item_at(i + 1) : (item){0};
    SPM->geo.plane_floats = SPM->cur.bo * pl->wp;
    SPM->geo.vectors = ceil_div((SPM->cur.bo - 1) * pl->wp + p->OW, T);
    run_item(in[i & 1], out[i & 1], in[(i + 1) & 1]);
    accel_dma_wait(0);
    accel_dma_wait(1);
    accel_dma_wait(2);
    accel_dma_wait(3); /* item i - 1's results, from the other buffer */
    send_item(out[i & 1]);
  }
  accel_dma_wait(3);
}
