/* conv2d_depthwise_pairs.c - accel_conv2d with one input and one output
   channel per group (depthwise) on tiny planes, on the stream engine a
   pair of pixels at a time (docs/kernels.md, "accel_conv2d").

   A block row is a channel: every operation covers all of an image's
   channels at once, so that the engine's fixed cost of an operation (6
   cycles) is shared by C / 64 cycles of work however small the plane.
   Output pixel q is the sum over its valid taps t (the padding's are
   skipped) of input pixel p(q, t) times the channels' weights of t:
   per pair one pass of the input pixel's column (a row a channel,
   planes apart) scaled by each row's weight (`vs.act.none`, the weights
   of a tap as the rows' scales), into the output pixel's column, or into
   a temporary and a pass adding it there; then the bias and the
   activation over the whole block of results (a row a channel, its
   output plane). Two passes a valid tap and output pixel: the engine's
   tap passes over padded runs, and the vector unit's loops over 16
   channels a vector, cost more than that at 2 x 2 to 4 x 4 planes.

   The image's planes arrive as they are in x (one run), the results
   leave as they are in y; an image at a time. */

#include "conv/conv2d.h"
#include <stddef.h>

enum {
  PairsMaxOps = 4096, /* passes an image, at most */
  IssueCycles = 11,   /* the core's cycles to issue a pass */
  PairsMaxPixels = 64, /* output pixels of a plane, at most */
};

typedef struct {
  float zeros[ZeroFloats];
  float pool[]; /* in, out, tmp, a zero row, tap params, bias params */
} pairs_spm;
enum { PairsPool = (ACCEL_KERNEL_SPM_BYTES - sizeof(pairs_spm)) / 4 };
KERNEL_SPM_FITS(pairs_spm);
#define SPM KERNEL_SPM(pairs_spm)

/* The valid k of a kernel dimension for an output whose first input is
   at `at`: at + k d in [0, n), the first and the count. */
static void valid_range(long at, long d, long k, long n, long *k0,
                        long *count) {
  long lo, hi;
  if (d == 1) { /* no division (a select would compute it anyway) */
    lo = at >= 0 ? 0 : -at;
    hi = at + k - 1 < n ? k - 1 : n - 1 - at;
  } else {
    lo = at >= 0 ? 0 : (-at + d - 1) / d;
    hi = at + (k - 1) * d < n ? k - 1 : (n - 1 - at) / d;
  }
  if (at > n - 1)
    hi = -1;
  *k0 = lo, *count = hi >= lo ? hi - lo + 1 : 0;
}

/* Of out outputs along a dimension (the first's input at -pad, step s),
   the sum of their valid taps (k of them, d apart, inputs < n). */
static long valid_sum(long out, long pad, long s, long k, long d, long n) {
  long sum = 0, k0, c;
  if (d == 1) /* no division, inline */
    for (long o = 0, at = -pad; o < out; ++o, at += s) {
      long lo = at >= 0 ? 0 : -at, hi = at + k - 1 < n ? k - 1 : n - 1 - at;
      sum += hi >= lo ? hi - lo + 1 : 0;
    }
  else
    for (long o = 0; o < out; ++o) {
      valid_range(o * s - pad, d, k, n, &k0, &c);
      sum += c;
    }
  return sum;
}

long dw_valid_taps(const conv_problem *p) {
  return valid_sum(p->OH, p->pt, p->sh, p->KH, p->dh, p->H) *
         valid_sum(p->OW, p->pl, p->sw, p->KW, p->dw, p->W);
}

/* The floats of the pool: in and out (C planes each), the sigmoid's
   block (SiLU), tmp and a zero row (C each), the taps' parameters (2 C
   each), the bias's (2 C), a clip's bound rows (OH OW each), the
   weights as they arrive. */
static long pool_floats(const conv_problem *p) {
  long C = p->C, taps = p->KH * p->KW, ohw = p->OH * p->OW;
  return C * (p->H * p->W + 2 * ohw) + 2 * C + 2 * C * taps + 2 * C +
         2 * ohw + C * taps;
}

long dw_pairs_cycles(const conv_problem *p, long valid) {
  long ohw = p->OH * p->OW;
  /* Past 8 x 8 outputs the passes outnumber the engine's runs. */
  if (p->Coutg != 1 || !ohw || ohw > PairsMaxPixels || p->xs[3] != 1 ||
      p->xs[2] != p->W ||
      p->xs[1] != p->H * p->W || p->ys[3] != 1 || p->ys[2] != p->OW ||
      p->ys[1] != ohw || pool_floats(p) > PairsPool)
    return -1;
  long pairs = valid;
  long ops = 2 * pairs - ohw + 4;
  if (ops > PairsMaxOps)
    return -1;
  /* An operation's cycles on the engine, or the core's to issue one
     (its shape, strides and addresses; measured), whichever is more. */
  long op = ceil_div(p->C, KERNEL_STREAM_LANES);
  return p->N * ops * (op > IssueCycles ? op : IssueCycles) + 1500;
}

/* rows single floats (a column of the block), dst_s and src_s apart. */
static inline void column_shape(long rows, long dst_s, long src_s) {
  accel_vs_shape(rows, 1);
  accel_vs_stride(dst_s, src_s, src_s);
}

void dw_pairs_run(const conv_problem *p) {
  long C = p->C, hw = p->H * p->W, ohw = p->OH * p->OW;
  long taps = p->KH * p->KW;
  float *in = SPM->pool, *out = in + C * hw, *sig = out + C * ohw;
  float *tmp = sig + C * ohw, *zrow = tmp + C, *params = zrow + C;
  float *bparams = params + 2 * C * taps, *bnd = bparams + 2 * C;
  float *w_in = bnd + 2 * ohw;
  conv_make_zeros(SPM->zeros);
  /* The weights, a quarter on each channel, and the bias. */
  if (p->ws[3] == 1 && p->ws[2] == p->KW && p->ws[0] == taps) {
    long all = C * taps, part = ceil_div(all, 4);
    for (int k = 0; k < 4 && k * part < all; ++k)
      accel_dma_2d_on(k, w_in + k * part, p->w + k * part, 1,
                      min_of(part, all - k * part) * 4, 0, 0);
  } else {
    for (long o = 0; o < C; ++o)
      accel_copy_matrix((int)(o & 3), w_in + o * taps, p->KW, 1,
                        p->w + o * p->ws[0], p->ws[2], p->ws[3], p->KH, p->KW);
  }
  if (p->bias)
    accel_copy_matrix(3, tmp, 0, 1, p->bias, 0, p->bs, 1, C);
  /* A zero row, then each tap's parameters: C zeros (the bias), the
     channels' weights of the tap (the scales); the bias's: minus the
     bias (or zeros), then ones. */
  for (long c = 0; c < C; c += ZeroFloats)
    conv_zero_rows(0, zrow + c, 1, min_of(ZeroFloats, C - c), 0, SPM->zeros);
  accel_dma_wait_all();
  accel_vs_shape(taps, C);
  accel_vs_stride(2 * C, 0, 0);
  accel_vs_max(params, zrow, zrow);
  for (long t = 0; t < taps; ++t) {
    column_shape(C, 1, taps);
    accel_vs_max(params + t * 2 * C + C, w_in + t, w_in + t);
  }
  accel_vs_shape(1, C);
  if (p->bias)
    accel_vs_sub(bparams, zrow, tmp);
  else
    accel_vs_max(bparams, zrow, zrow);
  conv_fill(bparams + C, C, 1.0f);
  accel_activation act = p->act;
  conv_fill(bnd, ohw, act.lo); /* a clip's rows of its bounds */
  conv_fill(bnd + ohw, ohw, act.hi);
  for (long n = 0; n < p->N; ++n) {
    const float *x = p->x + n * p->xs[0];
    long all = C * hw, part = ceil_div(all, 4);
    accel_dma_wait_all(); /* the previous image's results have left */
    for (int k = 0; k < 4 && k * part < all; ++k)
      accel_dma_2d_on(k, in + k * part, x + k * part, 1,
                      min_of(part, all - k * part) * 4, 0, 0);
    accel_dma_wait_all();
    long kh0, nkh, kw0, nkw;
    for (long oh = 0, q = 0; oh < p->OH; ++oh) {
      long ih = oh * p->sh - p->pt;
      valid_range(ih, p->dh, p->KH, p->H, &kh0, &nkh);
      for (long ow = 0; ow < p->OW; ++ow, ++q) {
        long iw = ow * p->sw - p->pl;
        valid_range(iw, p->dw, p->KW, p->W, &kw0, &nkw);
        float *y = out + q;
        if (!nkh || !nkw) { /* no valid tap: zeros */
          column_shape(C, ohw, 0);
          accel_vs_max(y, zrow, zrow);
          continue;
        }
        int first = 1;
        for (long i = kh0; i < kh0 + nkh; ++i)
          for (long j = kw0; j < kw0 + nkw; ++j) {
            const float *xp = in + (ih + i * p->dh) * p->W + iw + j * p->dw;
            const float *pt = params + (i * p->KW + j) * 2 * C;
            accel_vs_shape(C, 1);
            if (first) {
              accel_vs_stride(ohw, hw, hw);
              accel_vs_act_none(y, xp, pt, NULL);
              first = 0;
              continue;
            }
            accel_vs_stride(1, hw, hw);
            accel_vs_act_none(tmp, xp, pt, NULL);
            accel_vs_stride(ohw, ohw, 1);
            accel_vs_add(y, y, tmp);
          }
      }
    }
    /* The bias and the activation over the block (a row a channel). */
    accel_vs_shape(C, ohw);
    if (act.kind == ACCEL_ACT_RELU ||
        (act.kind == ACCEL_ACT_CLIP && act.lo == 0.0f)) {
      accel_vs_act_relu(out, out, bparams, NULL);
    } else if (act.kind == ACCEL_ACT_GELU) {
      accel_vs_act_gelu_tanh(out, out, bparams, NULL);
    } else if (act.kind == ACCEL_ACT_SILU) {
      accel_vs_act_sigmoid(sig, out, bparams, NULL);
      accel_vs_act_none(out, out, bparams, NULL);
      accel_vs_mul(out, out, sig);
    } else if (p->bias || act.kind == ACCEL_ACT_CLIP) {
      accel_vs_act_none(out, out, bparams, NULL);
    }
    if (act.kind == ACCEL_ACT_CLIP) {
      accel_vs_stride(ohw, ohw, 0);
      if (act.lo != 0.0f)
        accel_vs_max(out, out, bnd);
      accel_vs_min(out, out, bnd + ohw);
    }
    float *y = p->y + n * p->ys[0];
    long oall = C * ohw, opart = ceil_div(oall, 4);
    for (int k = 0; k < 4 && k * opart < oall; ++k)
      accel_dma_2d_on(k, y + k * opart, out + k * opart, 1,
                      min_of(opart, oall - k * opart) * 4, 0, 0);
  }
  accel_dma_wait_all();
}
