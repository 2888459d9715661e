/* channel_norm.c - layer normalization over the channels of [N, C, ...]
   in place in that layout (docs/kernels.md, "Normalization"): ConvNeXt's
   LayerNorm, which PyTorch writes between two permutes, without them.

   Each pixel's C values are a column of a block of C rows (one a channel)
   by P pixels in the scratchpad, which comes in and leaves by rows, whole
   runs of a channel's plane. The stream engine reduces along rows only,
   so the columns' sums are a tree of row additions: the bottom half of
   the rows added onto the top half, log2(C) operations of half, a
   quarter, ... of the block, one pass over it in all. Then the mean
   (column-wise, through vs.fma's per-column shift), the deviations'
   squares summed the same way, 1 / sqrt(var + eps) per column, the
   deviations times it, and the per-channel scale (the per-row affine
   map) and shift (a block of each channel's shift, made once): five
   passes without a scale or shift, seven with both, against the
   transfers' two. Blocks of pixels cycle through three buffers: one
   arriving over channels 0 and 1, one on the engine, one leaving over
   2 and 3. A channels-last y (the permute PyTorch writes before a
   channels-last Linear) gets each block transposed on the vector unit
   first, whole runs of pixels' channels. */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "norm/norm_lines.h"
#include <stddef.h>

enum {
  /* A block's floats: C rows of P pixels. */
  BlockFloats = 24 * 1024,
  MinPixels = T,
  MaxPixels = 2048,
  MaxChannels = BlockFloats / MinPixels,
  /* Blocks an image's pixels are cut into, at most, so that transfers
     overlap the engine's work within one image. */
  BlocksAnImage = 4,
};

typedef struct {
  float slot[3][BlockFloats];
  float temp[BlockFloats];                 /* the sums' tree */
  float shifts[BlockFloats];               /* row r: shift[r] */
  float affine[2 * MaxChannels + T];       /* per row: bias 0, then the scale */
  float shift_params[2 * MaxChannels + T]; /* per row: -shift, then 1 */
  float params[MaxChannels];               /* the scale, loaded */
  float shift_in[MaxChannels];
  /* Per pixel of a block. */
  float ones[MaxPixels], zeros[MaxPixels], neg_mean[MaxPixels];
  float rstd[MaxPixels];
  float mean_params[2], rstd_params[2];
  float last[3][BlockFloats]; /* a channels-last y's blocks, transposed */
} channel_norm_spm;
KERNEL_SPM_FITS(channel_norm_spm);
_Static_assert(MaxChannels == ACCEL_CHANNEL_NORM_MAX_CHANNELS,
               "accel_kernels.h's channel limit is the kernel's");
#define SPM KERNEL_SPM(channel_norm_spm)

/* A tensor's pixels: dimensions 2 on as one run of s, step apart (1 for
   rank 2); 0 if they are not. */
static int pixels_of(const accel_tensor *t, long step, long *s) {
  long span = 1;
  for (int d = t->rank - 1; d >= 2; --d) {
    if (t->dims[d] != 1 && t->strides[d] != span * step)
      return 0;
    span *= t->dims[d];
  }
  *s = span;
  return 1;
}

/* Block b of a channels-last y (each pixel's C channels contiguous, the
   pixels C apart) from the block at src: transposed into dst on the
   vector unit (a strided load gathers 16 channels of a pixel), then out
   in two halves of its pixels on channels ch and ch + 1. */
static void store_last(int ch, const accel_tensor *y, long n, long first,
                       long len, const float *src, float *dst) {
  long C = y->dims[1], c0 = C / T * T;
  long c4 = c0 / (4 * T) * (4 * T), stride = len * 4;
  for (long p = 0; p < len; ++p) {
    float *row = dst + p * C;
    const float *col = src + p;
    /* Four loads in flight before their stores. */
    for (long c = 0; c < c4; c += 4 * T) {
      accel_v16f v0 = accel_vload_strided(col + c * len, stride);
      accel_v16f v1 = accel_vload_strided(col + (c + T) * len, stride);
      accel_v16f v2 = accel_vload_strided(col + (c + 2 * T) * len, stride);
      accel_v16f v3 = accel_vload_strided(col + (c + 3 * T) * len, stride);
      accel_vstore(row + c, v0);
      accel_vstore(row + c + T, v1);
      accel_vstore(row + c + 2 * T, v2);
      accel_vstore(row + c + 3 * T, v3);
    }
    for (long c = c4; c < c0; c += T)
      accel_vstore(row + c, accel_vload_strided(col + c * len, stride));
    for (long c = c0; c < C; ++c)
      row[c] = col[c * len];
  }
  float *base = (float *)y->data + n * y->strides[0] + first * C;
  long half = (len + 1) / 2;
  for (int k = 0; k < 2; ++k) {
    long p0 = k ? half : 0, count = (k ? len - half : half) * C;
    if (count)
      accel_dma_rows_on(ch + k, base + p0 * C, dst + p0 * C, 1, count * 4,
                        count * 4, count * 4);
  }
}

/* Rows [0, rows) of the block at src (len floats each, packed) summed
   into row 0 of dst: the bottom half added onto the top half until one
   row is left; the first level reads src, the others dst (src may be
   dst). */
static void column_sums(float *dst, const float *src, long rows, long len) {
  if (rows == 1) {
    if (dst != src) {
      accel_vs_shape(1, len);
      accel_vs_max(dst, src, src);
    }
    return;
  }
  long h = rows / 2;
  accel_vs_shape(h, len);
  accel_vs_add(dst, src, src + (rows - h) * len);
  if ((rows & 1) && dst != src) {
    accel_vs_shape(1, len);
    accel_vs_max(dst + h * len, src + h * len, src + h * len);
  }
  for (rows -= h; rows > 1; rows -= h) {
    h = rows / 2;
    accel_vs_shape(h, len);
    accel_vs_add(dst, dst, dst + (rows - h) * len);
  }
}

/* The C x len block at p normalized in place; the shifts' rows are
   `pitch` apart. */
static void normalize_block(float *p, long C, long len, long pitch, int scale,
                            int shift) {
  channel_norm_spm *m = SPM;
  column_sums(m->temp, p, C, len);
  accel_vs_shape(1, len);
  accel_vs_act_none(m->neg_mean, m->temp, m->mean_params, NULL);
  accel_vs_shape(C, len);
  accel_vs_fma(p, p, m->ones, m->neg_mean);
  accel_vs_mul(m->temp, p, p);
  column_sums(m->temp, m->temp, C, len);
  accel_vs_shape(1, len);
  accel_vs_act_rsqrt(m->rstd, m->temp, m->rstd_params, NULL);
  accel_vs_shape(C, len);
  accel_vs_fma(p, p, m->rstd, m->zeros);
  if (scale)
    accel_vs_act_none(p, p, m->affine, NULL);
  if (shift) {
    accel_vs_stride(len, len, pitch);
    accel_vs_add(p, p, m->shifts);
  }
}

/* Where block b lies: image n, pixels [first, first + len). */
typedef struct {
  long per_image, pixels, s;
} block_plan;

static void block_at(const block_plan *bp, long b, long *n, long *first,
                     long *len) {
  *n = b / bp->per_image;
  *first = b % bp->per_image * bp->pixels;
  *len = bp->s - *first < bp->pixels ? bp->s - *first : bp->pixels;
}

/* Block b between t and slot, its rows in two halves on channels ch and
   ch + 1. */
static void move_block(int ch, const accel_tensor *t, const block_plan *bp,
                       long b, float *slot, int to_tensor) {
  long n, first, len, C = t->dims[1];
  block_at(bp, b, &n, &first, &len);
  float *base = (float *)t->data + n * t->strides[0] + first;
  /* The larger half on ch: every block has a transfer there, which the
     waits for the parameters before it count on. */
  long cs = t->strides[1], half = (C + 1) / 2;
  for (int k = 0; k < 2; ++k) {
    long r0 = k ? half : 0, rows = k ? C - half : half;
    if (!rows)
      continue;
    float *tp = base + r0 * cs, *sp = slot + r0 * len;
    if (to_tensor)
      accel_dma_rows_on(ch + k, tp, sp, rows, len * 4, cs * 4, len * 4);
    else
      accel_dma_rows_on(ch + k, sp, tp, rows, len * 4, len * 4, cs * 4);
  }
}

/* The scale or shift t of C channels into dst (channel 0, not waited
   for). */
static accel_status load_channels(const char *K, const char *name,
                                  const accel_tensor *t, long C, float *dst) {
  accel_status s;
  if (accel_checking() && (s = accel_check_tensor(K, name, t, 1, 1, 0)))
    return s;
  if (t->dims[0] != C)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                              "%ld elements, x has %ld channels (dimension "
                              "1)",
                              t->dims[0], C);
  accel_copy_matrix(0, dst, 1, 1, t->data, t->strides[0], 1, C, 1);
  return ACCEL_OK;
}

static accel_status check(const char *K, const accel_tensor *x,
                          const accel_tensor *y, const accel_norm_options *o) {
  accel_status s;
  if ((s = accel_check_tensor(K, "x", x, 2, ACCEL_MAX_RANK, 0)) ||
      (s = check_like_x(K, "y", x, y, 1)))
    return s;
  if (accel_tensors_overlap(x, y) && (x->data != y->data || !same_layout(x, y)))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y",
                              "overlaps x (only y = x in place is allowed)");
  if (normalized_axis(o->axis, x->rank) != 1)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "axis %d: the channels (1) alone are "
                              "normalized",
                              o->axis);
  if (!(o->epsilon >= 0.0f))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "epsilon %g is not a non-negative number",
                              (double)o->epsilon);
  if (o->residual)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "options",
                              "a residual (none here)");
  return ACCEL_OK;
}

static long channel_norm(const void *px, const void *py, const void *po,
                         const void *unused) {
  static const char K[] = "accel_channel_norm";
  (void)unused;
  accel_tensor xc, yc, sc, hc;
  accel_norm_options o = accel_norm_defaults();
  o.axis = 1;
  const accel_norm_options *opts = po;
  const accel_tensor *ts[2] = {opts ? opts->scale : NULL,
                               opts ? opts->shift : NULL};
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)px);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)py);
  ACCEL_STAGE(2, &o, opts);
  const accel_tensor *scale = ACCEL_STAGE_READ(3, &sc, ts[0]);
  const accel_tensor *shift = ACCEL_STAGE_READ(3, &hc, ts[1]);
  accel_dma_wait_all();
  accel_status s;
  if (accel_checking() && (s = check(K, x, y, &o)))
    return s;
  long C = x->dims[1], S, Sy;
  /* y channels-last: x's transpose to [N, ..., C] written through y's
     strides. */
  int last = !pixels_of(y, 1, &Sy) && y->strides[1] == 1 && C > 1 &&
             pixels_of(y, C, &Sy);
  if (!pixels_of(x, 1, &S))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "dimensions 2 to %d are not one contiguous run",
                              x->rank - 1);
  if (!last && !pixels_of(y, 1, &Sy))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y",
                              "dimensions 2 to %d are not one contiguous run, "
                              "nor channels-last",
                              x->rank - 1);
  if (C > MaxChannels)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "%ld channels; at most %d", C, (int)MaxChannels);
  channel_norm_spm *m = SPM;
  if ((scale && (s = load_channels(K, "scale", scale, C, m->params))) ||
      (shift && (s = load_channels(K, "shift", shift, C, m->shift_in)))) {
    accel_dma_wait_on(0);
    return s;
  }
  long N = x->dims[0];
  if (accel_only_checking() || !N || !C || !S) {
    accel_dma_wait_on(0);
    return ACCEL_OK;
  }
  /* Pixels a block: BlocksAnImage blocks an image where whole vectors
     allow, fewer where C leaves room for fewer pixels. */
  long most = BlockFloats / C / MinPixels * MinPixels;
  long pixels = (S + BlocksAnImage - 1) / BlocksAnImage;
  pixels = (pixels + MinPixels - 1) / MinPixels * MinPixels;
  if (pixels > most)
    pixels = most;
  if (pixels > MaxPixels)
    pixels = MaxPixels;
  if (pixels >= S)
    pixels = S;
  block_plan bp = {(S + pixels - 1) / pixels, pixels, S};
  long blocks = N * bp.per_image;

  fill(m->ones, pixels, 1.0f);
  fill(m->zeros, pixels, 0.0f);
  m->mean_params[0] = 0.0f, m->mean_params[1] = -1.0f / (float)C;
  m->rstd_params[0] = -(float)C * o.epsilon;
  m->rstd_params[1] = 1.0f / (float)C;
  /* The first blocks come in behind the parameters on channel 0. */
  move_block(0, x, &bp, 0, m->slot[0], 0);
  if (blocks > 1)
    move_block(0, x, &bp, 1, m->slot[1], 0);
  if (scale || shift) {
    accel_dma_wait_older_on(0);
    if (blocks == 1)
      accel_dma_wait_on(0);
  }
  if (scale) {
    fill(m->affine, C, 0.0f);
    for (long c = 0; c < C; ++c)
      m->affine[C + c] = m->params[c];
  }
  if (shift) {
    /* Row r of the shifts' block: (0 - (-shift[r])) 1, exactly shift[r]. */
    for (long c = 0; c < C; ++c)
      m->shift_params[c] = -m->shift_in[c], m->shift_params[C + c] = 1.0f;
    accel_vs_shape(C, pixels);
    accel_vs_stride(pixels, 0, 0);
    accel_vs_act_none(m->shifts, m->zeros, m->shift_params, NULL);
  }
  for (long b = 0; b < blocks; ++b) {
    float *slot = m->slot[b % 3];
    if (b + 1 < blocks) {
      accel_dma_wait_older_on(0);
      accel_dma_wait_older_on(1);
    } else {
      accel_dma_wait_on(0);
      accel_dma_wait_on(1);
    }
    long n, first, len;
    block_at(&bp, b, &n, &first, &len);
    normalize_block(slot, C, len, pixels, scale != NULL, shift != NULL);
    /* The transfers wait for the engine's results they read, and so do
       the vector unit's loads. */
    if (last)
      store_last(2, y, n, first, len, slot, m->last[b % 3]);
    else
      move_block(2, y, &bp, b, slot, 1);
    if (b + 2 < blocks) { /* into block b - 1's slot, once it has left */
      accel_dma_wait_older_on(2);
      accel_dma_wait_older_on(3);
      move_block(0, x, &bp, b + 2, m->slot[(b + 2) % 3], 0);
    }
  }
  accel_dma_wait_all();
  return ACCEL_OK;
}

accel_status accel_channel_norm(const accel_tensor *x, accel_tensor *y,
                                const accel_norm_options *options) {
  return (accel_status)accel_on_kernel_stack(channel_norm, x, y, options, NULL);
}
