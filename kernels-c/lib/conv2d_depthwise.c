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
   item i + 1 arrives (one transfer per channel, issued on channels 0 to 2
   as each channel of item i is done) and item i - 1's results leave on
   channel 3. Weights and bias come in once; the zero padding is written
   once per buffer when one band is the whole image. */

#include "conv2d.h"
#include <stddef.h>

enum {
  PoolFloats = (ACCEL_KERNEL_SPM_BYTES - 4 * ZeroFloats -
                (int)sizeof(conv_problem) - (int)sizeof(depthwise_plan) -
                10 * 8) /
                   4 -
               16,
};

/* A work item: image n, input channels c0 .. c0 + cn - 1, output rows
   oh0 .. oh0 + bo - 1. */
typedef struct {
  long n, c0, cn, oh0, bo;
} item;

typedef struct {
  conv_problem p; /* copies: the stack is in DRAM, 40 cycles a load */
  depthwise_plan pl;
  item cur, next;
  float zeros[ZeroFloats];
  float pool[PoolFloats]; /* weights, bias, input x 2, output x 2 */
} depthwise_spm;
KERNEL_SPM_FITS(depthwise_spm);
#define SPM KERNEL_SPM(depthwise_spm)

static long min_of(long a, long b) { return a < b ? a : b; }
static long ceil_div(long a, long b) { return (a + b - 1) / b; }

enum {
  Step = 8, /* output vectors per step of plane3x3 */
  OutSlack = (Step + 1) * T,
};

/* Floats past an input band a row's last vectors may read, and past an
   output band a row's last vector may write. */
static long in_slack(const conv_problem *p) {
  return (2 * Step + 1) * T * p->sw + (p->KW - 1) * p->dw + T;
}

static long weight_floats(const conv_problem *p) {
  return p->Cout * (p->KH * p->KW + 1);
}

int conv_depthwise_plan(const conv_problem *p, depthwise_plan *pl) {
  long m = p->Coutg, span = (p->KH - 1) * p->dh + 1;
  long avail =
      PoolFloats - weight_floats(p) - 2 * (in_slack(p) + OutSlack);
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
  pl->in_floats = pl->cn * bi * pl->wp + in_slack(p);
  pl->out_floats = pl->cn * m * bo * pl->wp + OutSlack;
  return weight_floats(p) + 2 * (pl->in_floats + pl->out_floats) <=
         PoolFloats;
}

/* vld.s: 16 floats stride bytes apart (no intrinsic). */
static inline accel_v16f load_strided(const float *p, long stride) {
  accel_v16f v;
  __asm__ volatile("vld.s %0, %1, %2" : "=v"(v) : "r"(p), "r"(stride)
                   : "memory");
  return v;
}

/* A 3 x 3 kernel at stride 1 from the padded input plane in, with ReLU
   or nothing, into out with rows wp apart. With stride 1 output pixel
   (oh, ow) reads inputs from oh wp + ow on, so the plane is one run of
   vectors over the padded width (the pad columns' outputs are computed
   and never sent: 2 % of 112 x 112, 12 % of 14 x 14, which whole-row
   vectors waste too), a base pointer and immediate offsets. Eight vectors
   a step in eight vfma chains: they cover the vfma's latency, and the
   loop's start and end are paid once per 72 vfmas. Vectors past the plane are computed and stored past
   it (the next planes' places, written after, or the slack). Inlined
   into one function per activation: a select on a variable would go lane
   by lane. */
static inline __attribute__((always_inline)) void
plane3x3(const float *restrict in, float *restrict out, long vectors,
         long wp, long dh, long dw, const float *wt, float bias,
         const int relu) {
  accel_v16f w0 = wt[0], w1 = wt[1], w2 = wt[2], w3 = wt[3], w4 = wt[4],
             w5 = wt[5], w6 = wt[6], w7 = wt[7], w8 = wt[8];
  accel_v16f b = bias, z = 0.0f;
  long d1 = dh * wp;
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
      accel_vstore(out + k * T, relu ? __builtin_elementwise_max(acc[k], z)
                                     : acc[k]);
  }
#undef TAP
}

__attribute__((noinline)) static void
plane3x3_none(const float *in, float *out, long vectors, long wp, long dh,
              long dw, const float *wt, float bias) {
  plane3x3(in, out, vectors, wp, dh, dw, wt, bias, 0);
}

__attribute__((noinline)) static void
plane3x3_relu(const float *in, float *out, long vectors, long wp, long dh,
              long dw, const float *wt, float bias) {
  plane3x3(in, out, vectors, wp, dh, dw, wt, bias, 1);
}

/* The same for any kernel, stride and activation, a vector at a time
   along each row. */
__attribute__((noinline)) static void
plane_any(const float *in, float *out, long rows, const conv_problem *p,
          long wp, const float *wt, float bias) {
  for (long oh = 0; oh < rows; ++oh)
    for (long ow = 0; ow < p->OW; ow += T) {
      const float *r0 = in + oh * p->sh * wp + ow * p->sw;
      accel_v16f acc = bias;
      for (long kh = 0; kh < p->KH; ++kh)
        for (long kw = 0; kw < p->KW; ++kw) {
          const float *src = r0 + kh * p->dh * wp + kw * p->dw;
          accel_v16f x =
              p->sw == 1 ? accel_vload(src) : load_strided(src, p->sw * 4);
          acc += x * wt[kh * p->KW + kw];
        }
      accel_vstore(out + oh * wp + ow, conv_activate(acc, &p->act));
    }
}

/* Output channel o's rows from input channel plane in. */
static void plane(const float *in, float *out, long o) {
  const conv_problem *p = &SPM->p;
  long wp = SPM->pl.wp, rows = SPM->cur.bo;
  const float *wt = SPM->pool + o * p->KH * p->KW;
  float bias = p->bias ? SPM->pool[p->Cout * p->KH * p->KW + o] : 0.0f;
  long vectors = ceil_div((rows - 1) * wp + p->OW, T);
  int fast = p->KH == 3 && p->KW == 3 && p->sw == 1 && p->sh == 1;
  if (fast && p->act.kind == ACCEL_ACT_NONE)
    plane3x3_none(in, out, vectors, wp, p->dh, p->dw, wt, bias);
  else if (fast && p->act.kind == ACCEL_ACT_RELU)
    plane3x3_relu(in, out, vectors, wp, p->dh, p->dw, wt, bias);
  else
    plane_any(in, out, rows, p, wp, wt, bias);
}

/* Input channel c's padded rows for the band from output row oh0: image
   rows where they exist, zero rows in the padding unless they were
   zeroed once (the pad columns always were). */
static void load_channel(int ch, const item *it, long c, float *dst) {
  const conv_problem *p = &SPM->p;
  long wp = SPM->pl.wp;
  long bi_b = (it->bo - 1) * p->sh + (p->KH - 1) * p->dh + 1;
  long top = it->oh0 * p->sh - p->pt; /* the image row of band row 0 */
  long lo = min_of(top < 0 ? -top : 0, bi_b);
  long hi = min_of(p->H - top, bi_b);
  if (hi < lo)
    hi = lo;
  if (SPM->pl.bo < p->OH) {
    conv_zero_rows(ch, dst, lo, wp, wp, SPM->zeros);
    conv_zero_rows(ch, dst + hi * wp, bi_b - hi, wp, wp, SPM->zeros);
  }
  const float *src = p->x + it->n * p->xs[0] + (it->c0 + c) * p->xs[1] +
                     (top + lo) * p->xs[2];
  if (hi > lo && p->xs[3] == 1)
    conv_dma_2d(ch, dst + lo * wp + p->pl, src, hi - lo, p->W * 4, wp * 4,
                p->xs[2] * 4);
  else if (hi > lo)
    conv_copy_matrix(ch, dst + lo * wp + p->pl, wp, 1, src, p->xs[2],
                     p->xs[3], hi - lo, p->W);
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
  item it = {n, cg * pl->cn, min_of(pl->cn, p->C - cg * pl->cn),
             band * pl->bo, min_of(pl->bo, p->OH - band * pl->bo)};
  return it;
}

/* The current item's planes from in into out; after each input channel,
   the next item's load of that channel into next_in. */
__attribute__((noinline)) static void run_item(const float *in, float *out,
                                               float *next_in) {
  const conv_problem *p = &SPM->p;
  const item *it = &SPM->cur, *next = &SPM->next;
  long chan = SPM->pl.bi * SPM->pl.wp, plane_floats = it->bo * SPM->pl.wp;
  long m = p->Coutg;
  for (long c = 0; c < it->cn || c < next->cn; ++c) {
    for (long j = 0; c < it->cn && j < m; ++j)
      plane(in + c * chan, out + (c * m + j) * plane_floats,
            (it->c0 + c) * m + j);
    if (c < next->cn)
      load_channel(c % 3, next, c, next_in + c * chan);
  }
}

/* The current item's results (rows wp apart) out to y on channel 3: one
   transfer when y's planes and rows follow each other. */
static void send_item(const float *out) {
  const conv_problem *p = &SPM->p;
  const item *it = &SPM->cur;
  long m = p->Coutg, planes = it->cn * m, wp = SPM->pl.wp;
  float *y = p->y + it->n * p->ys[0] + it->c0 * m * p->ys[1] +
             it->oh0 * p->ys[2];
  if (p->ys[3] == 1 && p->ys[1] == it->bo * p->ys[2]) {
    conv_dma_2d(3, y, out, planes * it->bo, p->OW * 4, p->ys[2] * 4, wp * 4);
    return;
  }
  for (long k = 0; k < planes; ++k)
    conv_copy_matrix(3, y + k * p->ys[1], p->ys[2], p->ys[3],
                     out + k * it->bo * wp, wp, 1, it->bo, p->OW);
}

void conv_depthwise_run(const conv_problem *problem,
                        const depthwise_plan *plan) {
  SPM->p = *problem, SPM->pl = *plan;
  const conv_problem *p = &SPM->p;
  const depthwise_plan *pl = &SPM->pl;
  long taps = p->KH * p->KW;
  float *bias = SPM->pool + p->Cout * taps;
  float *in[2] = {bias + p->Cout, bias + p->Cout + pl->in_floats};
  float *out[2] = {in[1] + pl->in_floats,
                   in[1] + pl->in_floats + pl->out_floats};
  conv_make_zeros(SPM->zeros);
  if (p->ws[3] == 1 && p->ws[2] == p->KW && p->ws[0] == taps)
    conv_dma_2d(1, SPM->pool, p->w, 1, p->Cout * taps * 4, 0, 0);
  else
    for (long o = 0; o < p->Cout; ++o)
      conv_copy_matrix(o, SPM->pool + o * taps, p->KW, 1,
                       p->w + o * p->ws[0], p->ws[2], p->ws[3], p->KH, p->KW);
  if (p->bias)
    conv_copy_matrix(2, bias, 0, 1, p->bias, 0, p->bs, 1, p->Cout);
  zero_padding(0, in[0]);
  zero_padding(3, in[1]);
  accel_dma_wait(0);
  long items = p->N * ceil_div(p->C, pl->cn) * ceil_div(p->OH, pl->bo);
  SPM->cur = (item){0};
  SPM->next = item_at(0);
  run_item(in[1], out[1], in[0]); /* item 0's load */
  conv_dma_wait_all();
  for (long i = 0; i < items; ++i) {
    SPM->cur = item_at(i);
    SPM->next = i + 1 < items ? item_at(i + 1) : (item){0};
    run_item(in[i & 1], out[i & 1], in[(i + 1) & 1]);
    accel_dma_wait(0);
    accel_dma_wait(1);
    accel_dma_wait(2);
    accel_dma_wait(3); /* item i - 1's results, from the other buffer */
    send_item(out[i & 1]);
  }
  accel_dma_wait(3);
}
