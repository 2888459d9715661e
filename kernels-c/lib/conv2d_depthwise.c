/* conv2d_depthwise.c - accel_conv2d with one input channel per group
   (depthwise, any channel multiplier m) on the vector unit (docs/kernels.md,
   "accel_conv2d").

   A GEMM would have K = KH KW (9): the matrix unit would wait on its
   operands. Here 16 output pixels along a row are one vector, and each
   kernel tap one vfma of the input row, shifted, by the tap's weight:
   the fewest vector instructions there are.

   Work items are groups of input channels (with a band of rows when an
   image is bigger than the scratchpad). An item's padded input rows are
   in one of two buffers: while the vector unit works through item i, the
   input of item i + 1 arrives, one transfer per channel issued after each
   channel is done, and item i's results leave the same way. Weights and
   bias come in once. */

#include "conv2d.h"
#include <stddef.h>

enum {
  PoolFloats = (ACCEL_KERNEL_SPM_BYTES - 4 * ZeroFloats -
                (int)sizeof(conv_problem) - (int)sizeof(depthwise_plan)) /
                   4 -
               16,
};

typedef struct {
  conv_problem p; /* copies: the stack is in DRAM, 40 cycles a load */
  depthwise_plan pl;
  float zeros[ZeroFloats];
  float pool[PoolFloats]; /* weights, bias, input x 2, output */
} depthwise_spm;
KERNEL_SPM_FITS(depthwise_spm);
#define SPM KERNEL_SPM(depthwise_spm)

static long min_of(long a, long b) { return a < b ? a : b; }
static long ceil_div(long a, long b) { return (a + b - 1) / b; }

/* Floats past an input band a row's last vectors may read, and past an
   output band a row's last vector may write. */
static long in_slack(const conv_problem *p) {
  return 2 * T * p->sw + (p->KW - 1) * p->dw + T;
}
enum { OutSlack = 2 * T };

static long weight_floats(const conv_problem *p) {
  return p->Cout * (p->KH * p->KW + 1);
}

int conv_depthwise_plan(const conv_problem *p, depthwise_plan *pl) {
  long m = p->Coutg, span = (p->KH - 1) * p->dh + 1;
  long avail =
      PoolFloats - weight_floats(p) - 2 * in_slack(p) - OutSlack;
  pl->wp = p->pl + p->W + p->pr;
  /* Whole images, as many channels as fit (a quarter of them at most, so
     that loads overlap work); else bands of rows of one channel. */
  long bo = p->OH, bi = (bo - 1) * p->sh + span;
  long per = 2 * bi * pl->wp + m * bo * p->OW;
  long cn = avail / per;
  if (cn < 1) {
    cn = 1;
    /* 2 (bo - 1) sh wp + 2 span wp + m bo OW <= avail */
    bo = (avail - 2 * span * pl->wp + 2 * p->sh * pl->wp) /
         (2 * p->sh * pl->wp + m * p->OW);
    if (bo < 1)
      return 0;
    bi = (bo - 1) * p->sh + span;
  }
  pl->cn = min_of(cn, ceil_div(p->C, 4));
  pl->bo = bo, pl->bi = bi;
  pl->in_floats = pl->cn * bi * pl->wp + in_slack(p);
  pl->out_floats = pl->cn * m * bo * p->OW + OutSlack;
  return weight_floats(p) + 2 * pl->in_floats + pl->out_floats <= PoolFloats;
}

/* vld.s: 16 floats stride bytes apart (no intrinsic). */
static inline accel_v16f load_strided(const float *p, long stride) {
  accel_v16f v;
  __asm__ volatile("vld.s %0, %1, %2" : "=v"(v) : "r"(p), "r"(stride)
                   : "memory");
  return v;
}

/* The advance from one output vector to the next: 16 pixels along the
   row, or the next row. */
static inline void advance(long *oh, long *ow, long OW) {
  *ow += T;
  if (*ow >= OW)
    *ow = 0, ++*oh;
}

/* rows x OW outputs of a 3 x 3 kernel at stride 1 from the padded input
   plane in (rows wp apart). Two output vectors a step, each in two vfma
   chains, so that four chains cover the vfma's latency even when a row
   is one vector; the weights stay in registers. A vector past a row's
   end spills into the next row, written after it (the output plane has
   slack for the last). */
__attribute__((noinline)) static void
plane3x3(const float *in, float *out, long rows, long OW, long wp, long sh,
         long dh, long dw, const float *wt, float bias,
         const accel_activation *act) {
  accel_v16f w0 = wt[0], w1 = wt[1], w2 = wt[2], w3 = wt[3], w4 = wt[4],
             w5 = wt[5], w6 = wt[6], w7 = wt[7], w8 = wt[8];
  accel_v16f b = bias, z = 0.0f;
  long d1 = dh * wp, d2 = 2 * dw, slots = rows * ceil_div(OW, T);
  long oh = 0, ow = 0;
  int kind = act->kind;
#define TAPS(acc, acc2, a)                                                       do {                                                                             acc += accel_vload(a) * w0;                                                    acc2 += accel_vload(a + d1) * w3;                                              acc += accel_vload(a + dw) * w1;                                               acc2 += accel_vload(a + d1 + dw) * w4;                                         acc += accel_vload(a + d2) * w2;                                               acc2 += accel_vload(a + d1 + d2) * w5;                                         acc += accel_vload(a + 2 * d1) * w6;                                           acc2 += accel_vload(a + 2 * d1 + dw) * w7;                                     acc += accel_vload(a + 2 * d1 + d2) * w8;                                      acc += acc2;                                                                   if (kind == ACCEL_ACT_RELU)                                                      acc = __builtin_elementwise_max(acc, z);                                     else if (kind != ACCEL_ACT_NONE)                                                 acc = conv_activate(acc, act);                                             } while (0)
  for (long s = 0; s < slots; s += 2) {
    float *oa = out + oh * OW + ow;
    const float *a = in + oh * sh * wp + ow;
    advance(&oh, &ow, OW);
    float *ob = out + oh * OW + ow;
    const float *c = in + oh * sh * wp + ow;
    advance(&oh, &ow, OW);
    accel_v16f x = b, x2 = z, y = b, y2 = z;
    TAPS(x, x2, a);
    accel_vstore(oa, x);
    if (s + 1 < slots) {
      TAPS(y, y2, c);
      accel_vstore(ob, y);
    }
  }
#undef TAPS
}

/* The same for any kernel and stride, a vector at a time. */
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
      accel_vstore(out + oh * p->OW + ow, conv_activate(acc, &p->act));
    }
}

/* Output channel o's bo_b rows from input channel plane in. */
static void plane(const conv_problem *p, const depthwise_plan *pl,
                  const float *in, float *out, long o, long bo_b) {
  const float *wt = SPM->pool + o * p->KH * p->KW;
  float bias = p->bias ? SPM->pool[p->Cout * p->KH * p->KW + o] : 0.0f;
  if (p->KH == 3 && p->KW == 3 && p->sw == 1)
    plane3x3(in, out, bo_b, p->OW, pl->wp, p->sh, p->dh, p->dw, wt, bias,
             &p->act);
  else
    plane_any(in, out, bo_b, p, pl->wp, wt, bias);
}

/* Input channel c's padded rows for the band from output row oh0: image
   rows where they exist, zero rows in the padding (the pad columns were
   zeroed once). */
static void load_channel(int ch, const conv_problem *p,
                         const depthwise_plan *pl, long n, long c, long oh0,
                         long bo_b, float *dst) {
  long bi_b = (bo_b - 1) * p->sh + (p->KH - 1) * p->dh + 1;
  long top = oh0 * p->sh - p->pt; /* the image row of band row 0 */
  long lo = min_of(top < 0 ? -top : 0, bi_b);
  long hi = min_of(p->H - top, bi_b);
  if (hi < lo)
    hi = lo;
  conv_zero_rows(ch, dst, lo, pl->wp, pl->wp, SPM->zeros);
  conv_zero_rows(ch, dst + hi * pl->wp, bi_b - hi, pl->wp, pl->wp,
                 SPM->zeros);
  if (hi > lo)
    conv_copy_matrix(ch, dst + lo * pl->wp + p->pl, pl->wp, 1,
                     p->x + n * p->xs[0] + c * p->xs[1] +
                         (top + lo) * p->xs[2],
                     p->xs[2], p->xs[3], hi - lo, p->W);
}

/* A work item: image n, input channels c0 .. c0 + cn - 1, output rows
   oh0 .. oh0 + bo - 1. */
typedef struct {
  long n, c0, cn, oh0, bo;
} item;

static item item_at(const conv_problem *p, const depthwise_plan *pl,
                    long i) {
  long bands = ceil_div(p->OH, pl->bo), groups = ceil_div(p->C, pl->cn);
  long band = i % bands, cg = i / bands % groups, n = i / bands / groups;
  item it = {n, cg * pl->cn, min_of(pl->cn, p->C - cg * pl->cn),
             band * pl->bo, min_of(pl->bo, p->OH - band * pl->bo)};
  return it;
}

void conv_depthwise_run(const conv_problem *problem,
                        const depthwise_plan *plan) {
  SPM->p = *problem, SPM->pl = *plan;
  const conv_problem *p = &SPM->p;
  const depthwise_plan *pl = &SPM->pl;
  long taps = p->KH * p->KW, m = p->Coutg, chan = pl->bi * pl->wp;
  float *bias = SPM->pool + p->Cout * taps;
  float *in[2] = {bias + p->Cout, bias + p->Cout + pl->in_floats};
  float *out = in[1] + pl->in_floats;
  conv_make_zeros(SPM->zeros);
  if (p->ws[3] == 1 && p->ws[2] == p->KW && p->ws[0] == taps)
    conv_dma_2d(1, SPM->pool, p->w, 1, p->Cout * taps * 4, 0, 0);
  else
    for (long o = 0; o < p->Cout; ++o)
      conv_copy_matrix(o, SPM->pool + o * taps, p->KW, 1,
                       p->w + o * p->ws[0], p->ws[2], p->ws[3], p->KH, p->KW);
  if (p->bias)
    conv_copy_matrix(0, bias, 0, 1, p->bias, 0, p->bs, 1, p->Cout);
  for (int b = 0; b < 2; ++b) {
    conv_zero_rows(b, in[b], pl->cn * pl->bi, p->pl, pl->wp, SPM->zeros);
    conv_zero_rows(b + 2, in[b] + p->pl + p->W, pl->cn * pl->bi, p->pr,
                   pl->wp, SPM->zeros);
  }
  long items = p->N * ceil_div(p->C, pl->cn) * ceil_div(p->OH, pl->bo);
  item it = item_at(p, pl, 0);
  for (long c = 0; c < it.cn; ++c)
    load_channel(c, p, pl, it.n, it.c0 + c, it.oh0, it.bo, in[0] + c * chan);
  conv_dma_wait_all();
  long ch = 0; /* the next transfer's channel */
  for (long i = 0; i < items; ++i) {
    item next = i + 1 < items ? item_at(p, pl, i + 1) : (item){0};
    const float *src = in[i & 1];
    for (long c = 0; c < it.cn; ++c) {
      for (long j = 0; j < m; ++j) {
        long o = (it.c0 + c) * m + j;
        float *dst = out + (c * m + j) * it.bo * p->OW;
        plane(p, pl, src + c * chan, dst, o, it.bo);
        conv_copy_matrix(ch++, p->y + it.n * p->ys[0] + o * p->ys[1] +
                                   it.oh0 * p->ys[2],
                         p->ys[2], p->ys[3], dst, p->OW, 1, it.bo, p->OW);
      }
      if (c < next.cn)
        load_channel(ch++, p, pl, next.n, next.c0 + c, next.oh0, next.bo,
                     in[(i + 1) & 1] + c * chan);
    }
    for (long c = it.cn; c < next.cn; ++c)
      load_channel(ch++, p, pl, next.n, next.c0 + c, next.oh0, next.bo,
                   in[(i + 1) & 1] + c * chan);
    conv_dma_wait_all();
    it = next;
  }
}
