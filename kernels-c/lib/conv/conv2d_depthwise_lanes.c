/* conv2d_depthwise_lanes.c - accel_conv2d with one input and one output
   channel per group (depthwise) on the vector unit with 16 channels
   across the lanes (docs/kernels.md, "accel_conv2d"): the lowering for
   small planes, where the stream engine's and the pixel-wise loops'
   costs per plane (a pass per tap over a padded run, the pad columns'
   outputs, a fixed cost per operation) outweigh the plane's work.

   A lane is a channel: a vector is one pixel of 16 channels, loaded
   from the channels' planes in the scratchpad by a strided load
   (vld.s, a plane apart), and each of an output pixel's taps is one
   vfma by the 16 channels' weights of that tap (a strided load too,
   KH KW floats apart). Only the taps that read the image are taken
   (the padding's are skipped, not computed from zeros): an output
   pixel's taps are a rectangle of kernel rows and columns, precomputed
   once a call (dw_tap). Up to four groups of 16 channels go through a
   pixel together, in four vfma chains that cover its latency, and the
   two load ports feed each vfma its input and its weight.

   Work items are chunks of channels of an image, planes unpadded as in
   y and x; double-buffered: chunk i + 1 arrives (channels 0 and 1)
   while chunk i computes, and chunk i's results leave (on channels 2 and
   3, or 2 + i % 2 where y's planes are apart). A chunk's buffers are whole 64-channel quads, so that the lanes
   past the last channel read and write the buffer, never another's. */

#include "conv/conv2d.h"
#include <stddef.h>

enum {
  Quad = 4 * Lanes,             /* channels through a pixel together */
  MaxPixels = 1024,             /* output pixels of a plane, at most */
  MaxTaps = 8192,               /* their valid taps, at most */
  LanesTargetFloats = 16 * 1024 /* a chunk's input, aimed at */
};

/* A tap of an output pixel: its input's and its weights' byte offsets
   from a chunk's (channels-last) and the weights' start. An output
   pixel's taps are a run of them (the valid ones only). */
typedef struct {
  int x, w;
} dw_tap;

typedef struct {
  conv_problem p;
  long hw, ohw, taps;
  long cn; /* a chunk's channels (a quad's multiple): its pixels' pitch */
  long cr; /* the channels rounded up to a quad: the weights' pitch */
  float *raw[2]; /* chunks as they arrive (planes) */
  float *in[2];  /* and channels-last */
  float *out[2], *weights, *bias; /* weights: taps of cr channels */
  int first[MaxPixels + 1]; /* pixel q's taps: tap[first[q] .. first[q + 1]) */
  dw_tap tap[MaxTaps];
  float pool[];
} lanes_spm;
enum { LanesPool = (ACCEL_KERNEL_SPM_BYTES - sizeof(lanes_spm)) / 4 };
KERNEL_SPM_FITS(lanes_spm);
#define SPM KERNEL_SPM(lanes_spm)

/* The valid k of a kernel dimension for an output whose first input is
   at `at` (possibly negative), at + k d in [0, n): the first and the
   count. */
static void valid_range(long at, long d, long k, long n, long *k0,
                        long *count) {
  /* Without a division at d = 1 (no dilation): the plan counts these
     for every output row and column. */
  long lo = at >= 0 ? 0 : d == 1 ? -at : (-at + d - 1) / d;
  long hi = at + (k - 1) * d < n ? k - 1 : d == 1 ? n - 1 - at
                                                  : (n - 1 - at) / d;
  if (at > n - 1)
    hi = -1;
  *k0 = lo, *count = hi >= lo ? hi - lo + 1 : 0;
}

int dw_lanes_plan(const conv_problem *p, depthwise_plan *pl) {
  long ohw = p->OH * p->OW, hw = p->H * p->W, taps = p->KH * p->KW;
  if (p->Coutg != 1 || ohw > MaxPixels || !hw || p->C < 1)
    return 0;
  /* This lowering's cycles (a vfma's few, and a pixel's epilogue a
     quad) against the stream engine's (its passes over the stride-1
     run of padded rows, which stride 2 decimates, and a cost per
     channel): estimates fitted to both lowerings' measured cycles
     (MobileNetV2's, EfficientNet's and ConvNeXt's shapes). */
  long wp = p->pl + p->W + p->pr;
  long oh1 = p->sh == 2 ? 2 * p->OH - 1 : p->OH;
  long engine = p->C * (2 * taps + 1) * oh1 * wp / KERNEL_STREAM_LANES * 13 /
                    10 +
                20 * p->C;
  /* The vector unit's share lags at large planes past 3 x 3. */
  if (p->sh == 2 && taps > 9 && oh1 * wp >= 512)
    engine = engine * 3 / 2;
  /* Tiny planes: a pass a pair of pixels over all channels on the
     engine (conv2d_depthwise_pairs.c), where its estimate is the least. */
  long lanes = 40 * ceil_div(p->C, Quad) * ohw + 1000;
  /* The taps only if either may pay (the pairs' at 64 pixels or less). */
  long valid = lanes < engine || ohw <= 64 ? dw_valid_taps(p) : 0;
  long pairs = valid ? dw_pairs_cycles(p, valid) : -1;
  if (pairs >= 0 && pairs < engine)
    engine = pairs;
  lanes += 4 * ceil_div(p->C, Lanes) * valid;
  if (lanes >= engine || valid > MaxTaps) {
    if (pairs < 0 || pairs > engine)
      return 0;
    pl->lanes = LanesPairs, pl->decimate = 0, pl->cn = p->C;
    pl->wp = wp, pl->bo = p->OH, pl->bi = p->H;
    pl->in_floats = pl->out_floats = 0;
    return 1;
  }
  long cr = ceil_div(p->C, Quad) * Quad;
  long weights = cr * (taps + 1);
  long per = 2 * (2 * hw + ohw); /* a channel's floats in the buffers */
  long cn = LanesTargetFloats / hw / Quad * Quad;
  cn = cn < Quad ? Quad : cn;
  cn = min_of(cn, cr);
  if (weights + cn * per > LanesPool)
    cn = (LanesPool - weights) / per / Quad * Quad;
  /* The weights arrive in the buffers from raw[1] on (and past them)
     before they are laid out. */
  if (cn < Quad || weights + cn * hw + cr * taps > LanesPool)
    return 0;
  pl->lanes = 1, pl->decimate = 0;
  pl->cn = cn, pl->wp = wp, pl->bo = p->OH, pl->bi = p->H;
  pl->in_floats = cn * hw, pl->out_floats = cn * ohw;
  return 1;
}

/* G groups of 16 channels (channels c .. c + 16 G - 1 of the chunk,
   image channels c0 + c ...) through every output pixel, from in
   (channels-last: pixel k's channels at in + k cn) into out (planes),
   with the activation kind. The groups' operands are constant offsets
   from one input and one weight address (loads with immediates); the
   taps' loop unrolled, so that one tap's loads issue beside another's
   vfmas. */
static inline __attribute__((always_inline)) void
groups_of(const float *in, float *out, long c, long c0, const int G,
          const int kind) {
  const conv_problem *p = &SPM->p;
  long ohw = SPM->ohw, out_s = ohw * 4;
  const char *x = (const char *)(in + c);
  const char *w = (const char *)(SPM->weights + c0 + c);
  float *y = out + c * ohw;
  accel_v16f lo = p->act.lo, hi = p->act.hi;
  accel_v16f b[4];
  for (int g = 0; g < G; ++g)
    b[g] = accel_vload(SPM->bias + c0 + c + g * Lanes);
  const int *first = SPM->first;
#pragma clang loop unroll(disable)
  for (long q = 0; q < ohw; ++q) {
    accel_v16f acc[4];
    for (int g = 0; g < G; ++g)
      acc[g] = b[g];
    const dw_tap *t = SPM->tap + first[q], *end = SPM->tap + first[q + 1];
#pragma clang loop unroll_count(4)
    for (; t < end; ++t) {
      const float *xa = (const float *)(x + t->x);
      const float *wa = (const float *)(w + t->w);
      for (int g = 0; g < G; ++g)
        acc[g] += accel_vload(xa + g * Lanes) * accel_vload(wa + g * Lanes);
    }
    for (int g = 0; g < G; ++g)
      accel_vstore_strided(accel_activate_kind(acc[g], kind, lo, hi),
                           y + q + g * Lanes * ohw, out_s);
  }
}

/* A chunk's channels (cn of them, from image channel c0) through the
   pixels: quads, then the last groups together. */
static inline __attribute__((always_inline)) void
chunk_of_kind(const float *in, float *out, long c0, long cn, const int kind) {
  long c = 0;
  for (; c + Quad <= cn; c += Quad)
    groups_of(in, out, c, c0, 4, kind);
  long g = ceil_div(cn - c, Lanes);
  if (g == 4) /* 49 to 63 channels left */
    groups_of(in, out, c, c0, 4, kind);
  else if (g == 3)
    groups_of(in, out, c, c0, 3, kind);
  else if (g == 2)
    groups_of(in, out, c, c0, 2, kind);
  else if (g == 1)
    groups_of(in, out, c, c0, 1, kind);
}

#define CHUNK_VARIANT(name, kind)                                              \
  __attribute__((noinline)) static void chunk_##name(                          \
      const float *in, float *out, long c0, long cn) {                         \
    chunk_of_kind(in, out, c0, cn, kind);                                      \
  }
CHUNK_VARIANT(none, ACCEL_ACT_NONE)
CHUNK_VARIANT(relu, ACCEL_ACT_RELU)
CHUNK_VARIANT(clip, ACCEL_ACT_CLIP)
CHUNK_VARIANT(gelu, ACCEL_ACT_GELU)
CHUNK_VARIANT(silu, ACCEL_ACT_SILU)
#undef CHUNK_VARIANT

/* By ordered tests: a chain of equalities would become a jump table,
   read from DRAM. */
static void chunk(const float *in, float *out, long c0, long cn) {
  int kind = SPM->p.act.kind;
  if (kind < ACCEL_ACT_CLIP) {
    if (kind < ACCEL_ACT_RELU)
      chunk_none(in, out, c0, cn);
    else if (kind > ACCEL_ACT_RELU)
      chunk_gelu(in, out, c0, cn);
    else
      chunk_relu(in, out, c0, cn);
  } else if (kind > ACCEL_ACT_CLIP) {
    chunk_silu(in, out, c0, cn);
  } else {
    chunk_clip(in, out, c0, cn);
  }
}

/* Every output pixel's valid taps. */
static void make_taps(const conv_problem *p, long cn, long cr) {
  long kh0, nkh, kw0, nkw, k = 0, q = 0;
  for (long oh = 0; oh < p->OH; ++oh) {
    long ih = oh * p->sh - p->pt;
    valid_range(ih, p->dh, p->KH, p->H, &kh0, &nkh);
    for (long ow = 0; ow < p->OW; ++ow) {
      long iw = ow * p->sw - p->pl;
      valid_range(iw, p->dw, p->KW, p->W, &kw0, &nkw);
      SPM->first[q++] = (int)k;
      for (long i = kh0; i < kh0 + nkh; ++i)
        for (long j = kw0; j < kw0 + nkw; ++j, ++k) {
          SPM->tap[k].x = (int)(((ih + i * p->dh) * p->W + iw + j * p->dw) *
                                cn * 4);
          SPM->tap[k].w = (int)((i * p->KW + j) * cr * 4);
        }
    }
  }
  SPM->first[q] = (int)k;
}

/* Chunk i's channels (of image n, from c0) into in, on channels 0 and 1:
   one transfer each for a half of them when x's planes are dense. */
static void load_chunk(const conv_problem *p, float *in, long n, long c0,
                       long cn) {
  long hw = SPM->hw, half = (cn + 1) / 2;
  const float *x = p->x + n * p->xs[0] + c0 * p->xs[1];
  if (p->xs[3] == 1 && p->xs[2] == p->W && p->xs[1] == hw) {
    accel_dma_rows_on(0, in, x, half, hw * 4, hw * 4, hw * 4);
    if (cn > half)
      accel_dma_rows_on(1, in + half * hw, x + half * hw, cn - half, hw * 4,
                        hw * 4, hw * 4);
    return;
  }
  for (long c = 0; c < cn; ++c)
    accel_copy_matrix(c < half ? 0 : 1, in + c * hw, p->W, 1, x + c * p->xs[1],
                      p->xs[2], p->xs[3], p->H, p->W);
}

/* Whether y's planes follow each other (a chunk's results one run). */
static int dense_y(const conv_problem *p) {
  return p->ys[3] == 1 && p->ys[2] == p->OW && p->ys[1] == p->OH * p->OW;
}

/* Chunk i's results out: one run in two halves on channels 2 and 3
   where y is dense, else on channel ch. */
static void store_chunk(const conv_problem *p, const float *out, int ch,
                        long n, long c0, long cn) {
  long ohw = SPM->ohw, half = (cn + 1) / 2;
  float *y = p->y + n * p->ys[0] + c0 * p->ys[1];
  if (dense_y(p)) {
    accel_dma_rows_on(2, y, out, half, ohw * 4, ohw * 4, ohw * 4);
    accel_dma_rows_on(3, y + half * ohw, out + half * ohw, cn - half, ohw * 4,
                      ohw * 4, ohw * 4);
    return;
  }
  for (long c = 0; c < cn; ++c)
    accel_copy_matrix(ch, y + c * p->ys[1], p->ys[2], p->ys[3], out + c * ohw,
                      p->OW, 1, p->OH, p->OW);
}

/* dst = src, rows single floats (dst_s and src_s floats apart), on the
   engine (maxNum(x, x) = x). */
static void engine_column(float *dst, long dst_s, const float *src,
                          long src_s, long rows) {
  accel_vs_shape(rows, 1);
  accel_vs_stride(dst_s, src_s, src_s);
  accel_vs_max(dst, src, src);
}

/* A chunk of cn channels' planes (hw floats each) at raw, channels-last
   into in (pitch SPM->cn): one engine operation a pixel or a channel,
   whichever are fewer. */
static void transpose_chunk(float *in, const float *raw, long cn) {
  long hw = SPM->hw, cc = SPM->cn;
  if (hw <= cn)
    for (long k = 0; k < hw; ++k)
      engine_column(in + k * cc, 1, raw + k, hw, cn);
  else
    for (long c = 0; c < cn; ++c)
      engine_column(in + c, cc, raw + c * hw, 1, hw);
}

void dw_lanes_run(const conv_problem *problem, const depthwise_plan *pl) {
  SPM->p = *problem;
  const conv_problem *p = &SPM->p;
  long taps = p->KH * p->KW, cr = ceil_div(p->C, Quad) * Quad;
  long hw = p->H * p->W, ohw = p->OH * p->OW, cn = pl->cn;
  SPM->hw = hw, SPM->ohw = ohw, SPM->taps = taps;
  SPM->cn = cn, SPM->cr = cr;
  float *q = SPM->pool;
  SPM->weights = q, q += cr * taps;
  SPM->bias = q, q += cr;
  SPM->raw[0] = q, q += cn * hw;
  SPM->raw[1] = q, q += cn * hw;
  SPM->in[0] = q, q += cn * hw;
  SPM->in[1] = q, q += cn * hw;
  SPM->out[0] = q, q += cn * ohw;
  SPM->out[1] = q;
  /* The weights arrive in the buffers from raw[1] on (the first chunk's
     planes in raw[0]), then go to taps of cr channels. */
  float *w_in = SPM->raw[1];
  if (p->ws[3] == 1 && p->ws[2] == p->KW && p->ws[0] == taps) {
    /* A quarter on each channel. */
    long all = p->C * taps, part = ceil_div(all, 4);
    for (int k = 0; k < 4 && k * part < all; ++k)
      accel_dma_2d_on(k, w_in + k * part, p->w + k * part, 1,
                      min_of(part, all - k * part) * 4, 0, 0);
  } else
    for (long o = 0; o < p->C; ++o)
      accel_copy_matrix(2, w_in + o * taps, p->KW, 1, p->w + o * p->ws[0],
                        p->ws[2], p->ws[3], p->KH, p->KW);
  if (p->bias)
    accel_copy_matrix(3, SPM->bias, 0, 1, p->bias, 0, p->bs, 1, p->C);
  else
    for (long c = 0; c < cr; c += Lanes)
      accel_vstore(SPM->bias + c, (accel_v16f)0.0f);
  long items = p->N * ceil_div(p->C, cn);
  load_chunk(p, SPM->raw[0], 0, 0, min_of(cn, p->C));
  make_taps(p, cn, cr);
  accel_dma_wait_all();
  for (long t = 0; t < taps; ++t)
    engine_column(SPM->weights + t * cr, 1, w_in + t, taps, p->C);
  transpose_chunk(SPM->in[0], SPM->raw[0], min_of(cn, p->C));
  /* Chunk i + 1's planes arrive in raw[(i + 1) % 2] under chunk i - 1,
     and go channels-last under chunk i; chunk i's results leave on
     channel 2 + i % 2. */
  long n1 = 0, c1 = 0; /* chunk i + 1's */
  if ((c1 += cn) >= p->C)
    c1 = 0, ++n1;
  if (items > 1)
    load_chunk(p, SPM->raw[1], n1, c1, min_of(cn, p->C - c1));
  for (long i = 0, n = 0, c0 = 0; i < items; ++i) {
    int b = (int)(i & 1);
    long n2 = n1, c2 = c1 + cn; /* chunk i + 2's */
    if (c2 >= p->C)
      c2 = 0, ++n2;
    if (i + 1 < items) {
      accel_dma_wait(0);
      accel_dma_wait(1);
      transpose_chunk(SPM->in[!b], SPM->raw[!b], min_of(cn, p->C - c1));
      if (i + 2 < items)
        load_chunk(p, SPM->raw[b], n2, c2, min_of(cn, p->C - c2));
    }
    /* Chunk i - 2's results, from out[b]: with y dense, all but the
       newest transfer on channels 2 and 3 (chunk i - 1's). */
    if (dense_y(p)) {
      accel_dma_wait_older(2);
      accel_dma_wait_older(3);
    } else {
      accel_dma_wait_on(2 + b);
    }
    long k = min_of(cn, p->C - c0);
    chunk(SPM->in[b], SPM->out[b], c0, k);
    store_chunk(p, SPM->out[b], 2 + b, n, c0, k);
    n = n1, c0 = c1, n1 = n2, c1 = c2;
  }
  accel_dma_wait_all();
}
