/* conv2d_rows.c - accel_conv2d_rows: a stride-1 convolution of few input
   channels whose padded rows fit one matrix form's columns (LeNet's 5 x 5
   convolutions of 1 and 6 channels), on the matrix unit, a tile an output
   row and one mmac a tile.

   An output row's Cols columns (Cols 16, 32 or 64: mmac, mmac.8x32,
   mmac.4x64), channels cb R to cb R + R - 1, are one tile of K = KH C KW:
   A the R x K weights w[cb R + i][c][kh][kw] at k = (kh C + c) KW + kw,
   B the K rows of Cols floats that tap (kh, c, kw) reads. The scratchpad
   holds each padded input row r of channel c KW times, the copy for kw
   shifted left by kw, at row (r C + c) KW + kw: output row oh's B is then
   the K rows from row oh C KW on, one block read in place. Columns past
   OW are never stored. The bias is one more mmac of K = 1 (the bias
   column times a row of ones), ReLU the tile's store.

   Images go in turn: image n + 1's rows arrive on channels 0 and 3 under
   image n's mmacs, image n's output leaves from one of two staging
   buffers on channel 1 + n % 2, one transfer an output channel. */

#include "core/kernel_args.h"
#include "core/kernel_machine.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include <stddef.h>

static const char KConv[] = "accel_conv2d_rows";
static const char KPool[] = "accel_conv2d_rows_maxpool";

enum { T = KERNEL_TILE, TileFloats = KERNEL_TILE_FLOATS, MaxC = 8 };

/* The call's shape and where its buffers lie in the arena. */
typedef struct {
  long N, C, H, W, Cout, KH, KW, OH, OW, Hp, pt, pl;
  long cols, rows, cb; /* the form: Cols, R, output channel blocks */
  long k;              /* K = KH C KW */
  float *a, *wraw, *bias_a, *ones, *x[2], *stage[2];
  /* With a 2 x 2 max pool after: y's POH x POW, the row pairs' maxima
     (vpool) and the pooled tiles of two images (pooled). */
  int pool;
  long POH, POW;
  float *vpool, *pooled[2];
  /* What leaves for y (the tiles or the pooled tiles): an output
     channel's rows and their floats, its rows' distance, the next
     channel's and the next block's. */
  long out_rows, out_w, out_stride, out_step, out_block;
  long floats; /* the arena's floats used */
} rows_plan;

static long round16(long n) { return (n + T - 1) / T * T; }

/* n floats (a multiple of 16) of value v from dst: out of line, its loop
   reloads nothing (a store to the scratchpad could alias the caller's
   plan there), and a call with v = 0 stays vector stores, not memset's
   scalar ones. */
static __attribute__((noinline)) void fill(float *dst, long n, float v) {
  for (long i = 0; i < n; i += T)
    accel_vstore(dst + i, (accel_v16f)v);
}

static rows_plan plan_of(const accel_tensor *x, const accel_tensor *w,
                         const accel_tensor *y, const accel_conv2d_options *o,
                         int pool) {
  rows_plan p;
  p.N = x->dims[0], p.C = x->dims[1], p.H = x->dims[2], p.W = x->dims[3];
  p.Cout = w->dims[0], p.KH = w->dims[2], p.KW = w->dims[3];
  p.pt = o->pad_top, p.pl = o->pad_left;
  p.Hp = p.H + o->pad_top + o->pad_bottom;
  long wp = p.W + o->pad_left + o->pad_right;
  p.pool = pool;
  p.POH = y->dims[2], p.POW = y->dims[3];
  /* Pooled, the rows a window takes (a last odd one dropped). */
  p.OH = pool ? 2 * p.POH : y->dims[2];
  p.OW = pool ? wp - p.KW + 1 : y->dims[3];
  /* R = 256 / Cols and the blocks by shifts: a division takes the core
     tens of cycles. */
  int shift = wp <= 16 ? 4 : wp <= 32 ? 3 : 2;
  p.cols = wp <= 16 ? 16 : wp <= 32 ? 32 : 64;
  p.rows = 1L << shift;
  p.cb = (p.Cout + p.rows - 1) >> shift;
  p.k = p.KH * p.C * p.KW;
  float *s = accel_kernel_spm;
  long used = 0;
#define TAKE(field, n) (p.field = s + used, used += round16(n))
  TAKE(a, p.cb * p.rows * p.k);
  TAKE(wraw, p.Cout * p.C * p.KH * p.KW);
  TAKE(bias_a, p.cb * p.rows);
  TAKE(ones, p.cols);
  TAKE(x[0], p.Hp * p.C * p.KW * p.cols);
  TAKE(x[1], p.Hp * p.C * p.KW * p.cols);
  TAKE(stage[0], p.cb * p.OH * TileFloats);
  TAKE(stage[1], p.cb * p.OH * TileFloats);
  if (pool) {
    TAKE(vpool, p.cb * p.POH * TileFloats);
    TAKE(pooled[0], p.cb * p.POH * TileFloats / 2);
    TAKE(pooled[1], p.cb * p.POH * TileFloats / 2);
    p.out_rows = p.POH, p.out_w = p.POW;
    p.out_stride = TileFloats / 2, p.out_step = p.cols / 2;
    p.out_block = (p.POH - 1) * TileFloats / 2;
  } else {
    p.vpool = p.pooled[0] = p.pooled[1] = NULL;
    p.out_rows = p.OH, p.out_w = p.OW;
    p.out_stride = TileFloats, p.out_step = p.cols;
    p.out_block = (p.OH - 1) * TileFloats;
  }
#undef TAKE
  p.floats = used;
  return p;
}

static int contiguous(const accel_tensor *t) {
  long n = 1;
  for (int d = t->rank - 1; d >= 0; --d) {
    if (t->dims[d] > 1 && t->strides[d] != n)
      return 0;
    n *= t->dims[d];
  }
  return 1;
}

/* accel_conv2d_rows_fits past its first tests (pool: y is the 2 x 2 max
   pool's, accel_conv2d_rows_maxpool_fits). */
static __attribute__((noinline)) int
fits(const accel_tensor *x, const accel_tensor *w, const accel_tensor *y,
     const accel_conv2d_options *o, int pool) {
  if (o->groups != 1 || o->stride_h != 1 || o->stride_w != 1 ||
      o->dilation_h != 1 || o->dilation_w != 1 ||
      (o->act.kind != ACCEL_ACT_NONE && o->act.kind != ACCEL_ACT_RELU))
    return 0;
  long C = x->dims[1], KH = w->dims[2], KW = w->dims[3];
  long hp = x->dims[2] + o->pad_top + o->pad_bottom;
  long wp = x->dims[3] + o->pad_left + o->pad_right;
  if (C < 1 || wp > 64)
    return 0;
  if (x->dtype != ACCEL_F32 || w->dtype != ACCEL_F32 || y->dtype != ACCEL_F32 ||
      o->pad_top < 0 || o->pad_left < 0 || o->pad_bottom < 0 ||
      o->pad_right < 0 || w->dims[1] != C || KH < 1 || KW < 1 ||
      KH * C * KW > 4096 || hp < KH || wp < KW || y->dims[0] != x->dims[0] ||
      y->dims[1] != w->dims[0] || x->dims[0] < 1 || w->dims[0] < 1)
    return 0;
  long oh = hp - KH + 1, ow = wp - KW + 1;
  if (pool ? y->dims[2] != oh / 2 || y->dims[3] != ow / 2 || oh < 2 || ow < 2
           : y->dims[2] != oh || y->dims[3] != ow)
    return 0;
  if (o->bias && (o->bias->rank != 1 || o->bias->dtype != ACCEL_F32 ||
                  o->bias->dims[0] != w->dims[0] ||
                  (o->bias->dims[0] > 1 && o->bias->strides[0] != 1)))
    return 0;
  if (!contiguous(x) || !contiguous(w) || !contiguous(y))
    return 0;
  rows_plan p = plan_of(x, w, y, o, pool);
  /* The implicit GEMM's matrix time, 16 output pixels a tile and K = C KH
     KW, against this one's, a tile of R channels an output row: past
     twice it, the rows' waste outweighs the im2col they save. */
  long igemm = ((p.OH * p.OW + T - 1) / T) * ((p.Cout + T - 1) / T);
  return p.floats <= ACCEL_KERNEL_SPM_BYTES / 4 && p.OH * p.cb <= 2 * igemm;
}

int accel_conv2d_rows_fits(const accel_tensor *x, const accel_tensor *w,
                           const accel_tensor *y,
                           const accel_conv2d_options *o) {
  /* Every convolution of a model asks: the tests that turn most of them
     away (many channels, 1 x 1) come first, in a function too small to
     save registers. */
  if (x->dims[1] > MaxC)
    return 0;
  if (x->rank != 4 || w->rank != 4 || y->rank != 4 ||
      w->dims[2] * w->dims[3] <= 1)
    return 0;
  return fits(x, w, y, o, 0);
}

int accel_conv2d_rows_maxpool_fits(const accel_tensor *x, const accel_tensor *w,
                                   const accel_tensor *y,
                                   const accel_conv2d_options *o) {
  if (x->dims[1] > MaxC || x->rank != 4 || w->rank != 4 || y->rank != 4 ||
      w->dims[2] * w->dims[3] <= 1)
    return 0;
  return fits(x, w, y, o, 1);
}

/* A's panels from w (whole into wraw on channels 1 and 2, then one
   engine operation a channel and kernel row: its KW floats of every
   output channel to their place, maxNum of a float with itself the
   float), the bias column (zero past Cout) and the row of ones. Rows of A
   past Cout hold whatever they hold: they make only tile rows nobody
   stores. A load from the last operation's results waits for them. */
static void load_weights(const rows_plan *p, const float *w,
                         const float *bias) {
  long KH = p->KH, KW = p->KW, C = p->C, k = p->k, cout = p->Cout;
  long n = cout * C * KH * KW, half = (n / 2 + T - 1) / T * T;
  float *raw = p->wraw, *a = p->a;
  accel_dma_1d(1, raw, w, (half < n ? half : n) * 4);
  if (n > half)
    accel_dma_1d(2, raw + half, w + half, (n - half) * 4);
  fill(p->bias_a, round16(p->cb * p->rows), 0.0f);
  fill(p->ones, p->cols, 1.0f);
  accel_dma_wait(1);
  accel_dma_wait(2);
  if (bias)
    accel_dma_1d(2, p->bias_a, bias, cout * 4);
  accel_vs_shape(cout, KW);
  accel_vs_stride(k, C * KH * KW, C * KH * KW);
  for (long c = 0; c < C; ++c)
    for (long kh = 0; kh < KH; ++kh) {
      const float *src = raw + (c * KH + kh) * KW;
      accel_vs_max(a + (kh * C + c) * KW, src, src);
    }
  volatile float last = a[(cout - 1) * k + k - 1];
  (void)last;
  accel_dma_wait(2);
}

/* The transfers of an image's rows into its buffer, in turn: input row h
   of channel c to its copy for kernel column 0, row ((pt + h) C + c) KW,
   column pl; on channels 0 and 3, a few under each tile's mmac. The other
   columns' copies are the engine's (replicate). */
typedef struct {
  const float *src; /* channel c's plane */
  float *dst;       /* its copy for kernel column 0 at padded row pt */
  long c;           /* the next transfer's; c == C: none left */
} fetcher;

static fetcher fetch_start(const rows_plan *p, const float *x, long n, int b) {
  fetcher f = {x + n * p->C * p->H * p->W,
               p->x[b] + p->pt * p->C * p->KW * p->cols + p->pl, 0};
  return f;
}

/* Up to count of f's transfers. The plan's fields in locals: a transfer
   writes memory, so each would be read again after it. */
static void fetch_some(const rows_plan *p, fetcher *f, long count) {
  long C = p->C, W = p->W, H = p->H, step = p->KW * p->cols;
  long row_bytes = C * step * 4;
  const float *src = f->src;
  float *dst = f->dst;
  long c = f->c;
  for (; count > 0 && c < C; --count, ++c, src += H * W, dst += step) {
    if (c & 1)
      accel_dma_2d(3, dst, src, H, W * 4, row_bytes, W * 4);
    else
      accel_dma_2d(0, dst, src, H, W * 4, row_bytes, W * 4);
  }
  f->src = src, f->dst = dst, f->c = c;
}

/* Buffer xb's copies for kernel columns 1 to KW - 1 of its rows (their
   transfers waited for): copy kw is copy 0 from column kw on, one
   engine operation each over every row and channel (maxNum of a float
   with itself is the float); then a load from the last one's results,
   which waits for them, as the mmacs that read them would not. */
static void replicate(const rows_plan *p, float *xb) {
  long KW = p->KW, cols = p->cols, stride = KW * cols;
  long rows = p->H * p->C;
  float *row0 = xb + p->pt * p->C * stride;
  for (long kw = 1; kw < KW; ++kw) {
    accel_vs_shape(rows, cols - kw);
    accel_vs_stride(stride, stride, stride);
    accel_vs_max(row0 + kw * cols, row0 + kw, row0 + kw);
  }
  if (KW > 1) {
    volatile float last = row0[(rows - 1) * stride + (KW - 1) * cols];
    (void)last;
  }
}

#define MMAC_FORM(cols, t, a, b, k)                                            \
  do {                                                                         \
    if ((cols) == 16)                                                          \
      accel_mmac(t, a, b, k);                                                  \
    else if ((cols) == 32)                                                     \
      accel_mmac_8x32(t, a, b, k);                                             \
    else                                                                       \
      accel_mmac_4x64(t, a, b, k);                                             \
  } while (0)

#define STORE_TILE(relu, t, dst)                                               \
  do {                                                                         \
    if (relu)                                                                  \
      accel_mst_relu(t, dst);                                                  \
    else                                                                       \
      accel_mst(t, dst);                                                       \
  } while (0)

/* The transfers of an image's output from its staging buffer, in turn:
   output channel o = cb R + i is row i of block cb's tiles, one per
   output row; on channels 1 and 2, a few under each tile's mmac of the
   next image. */
typedef struct {
  const float *src; /* block cb's row i */
  float *dst;       /* channel o's plane */
  long i, o;        /* o == Cout: none left */
} sender;

static sender send_start(const rows_plan *p, float *y, long n, int b) {
  sender s = {p->pool ? p->pooled[b] : p->stage[b],
              y + n * p->Cout * p->out_rows * p->out_w, 0, 0};
  return s;
}

/* Up to count of s's transfers (the plan's fields in locals, as
   fetch_some's). */
static void send_some(const rows_plan *p, sender *s, long count) {
  long rows = p->rows, cout = p->Cout, oh = p->out_rows, ow = p->out_w;
  long stride = p->out_stride * 4, step = p->out_step, block = p->out_block;
  const float *src = s->src;
  float *dst = s->dst;
  long i = s->i, o = s->o;
  for (; count > 0 && o < cout; --count, ++o, dst += oh * ow) {
    if (o & 1)
      accel_dma_2d(2, dst, src, oh, ow * 4, ow * 4, stride);
    else
      accel_dma_2d(1, dst, src, oh, ow * 4, ow * 4, stride);
    src += step;
    if (++i == rows)
      i = 0, src += block;
  }
  s->src = src, s->dst = dst, s->i = i, s->o = o;
}

/* The last image's output, all of it, over the four channels (no input
   is coming any more): nothing runs under it. */
static void send_last(const rows_plan *p, const sender *s) {
  long rows = p->rows, cout = p->Cout, oh = p->out_rows, ow = p->out_w;
  long stride = p->out_stride * 4, step = p->out_step, block = p->out_block;
  const float *src = s->src;
  float *dst = s->dst;
  long i = s->i;
  for (long o = s->o; o < cout; ++o, dst += oh * ow) {
    accel_dma_2d_on((int)(o & 3), dst, src, oh, ow * 4, ow * 4, stride);
    src += step;
    if (++i == rows)
      i = 0, src += block;
  }
}

/* An item's tile t: its bias, then its one mmac of output row xr. */
#define MAC(cols, t, bias)                                                     \
  do {                                                                         \
    accel_mzero(t);                                                            \
    if (bias)                                                                  \
      MMAC_FORM(cols, t, bias_cb, ones, 1);                                    \
    MMAC_FORM(cols, t, a_cb, xr, k);                                           \
    xr += row_step;                                                            \
  } while (0)

/* Under an item's mmac: shares of the next image's rows and of the
   previous image's output. */
#define MOVE()                                                                 \
  do {                                                                         \
    if (moving) {                                                              \
      fetch_some(p, f, fetch_share);                                           \
      send_some(p, out, send_share);                                           \
      moving = f->c < p->C || out->o < p->Cout;                                \
    }                                                                          \
  } while (0)

/* The items of block cb: output row oh into tile oh % 2, the previous
   row's tile stored to its staging slot (rows of a block one after the
   other) under each mmac. */
static inline __attribute__((always_inline)) void
image(const rows_plan *p, const float *xb, float *st, fetcher *f, sender *out,
      long cols, int bias, int relu) {
  /* The plan's fields in locals: an mst writes memory, so each would be
     read again after it. */
  long OH = p->OH, blocks = p->cb, rows = p->rows, k = p->k;
  long items = OH * blocks;
  long fetch_share = (p->C + items - 1) / items;
  long send_share = (p->Cout + items - 1) / items;
  int moving = f->c < p->C || out->o < p->Cout;
  long row_step = p->C * p->KW * (cols);
  const float *ones = p->ones;
  float *d = st;
  for (long cb = 0; cb < blocks; ++cb) {
    const float *a_cb = p->a + cb * rows * k, *bias_cb = p->bias_a + cb * rows;
    const float *xr = xb;
    MAC(cols, 0, bias);
    MOVE();
    long oh = 1;
    for (; oh + 1 < OH; oh += 2) {
      MAC(cols, 1, bias);
      STORE_TILE(relu, 0, d);
      d += TileFloats;
      MOVE();
      MAC(cols, 0, bias);
      STORE_TILE(relu, 1, d);
      d += TileFloats;
      MOVE();
    }
    if (oh < OH) {
      MAC(cols, 1, bias);
      STORE_TILE(relu, 0, d);
      d += TileFloats;
      MOVE();
      STORE_TILE(relu, 1, d);
    } else {
      STORE_TILE(relu, 0, d);
    }
    d += TileFloats;
  }
}

#define IMAGE_FORMS(cols)                                                      \
  do {                                                                         \
    if (bias && relu)                                                          \
      image(p, xb, st, f, out, cols, 1, 1);                                    \
    else if (bias)                                                             \
      image(p, xb, st, f, out, cols, 1, 0);                                    \
    else if (relu)                                                             \
      image(p, xb, st, f, out, cols, 0, 1);                                    \
    else                                                                       \
      image(p, xb, st, f, out, cols, 0, 0);                                    \
  } while (0)

/* One image's items from buffer xb into staging buffer st, the fetcher
   f's and the sender out's transfers under them. */
static void run_image(const rows_plan *p, const float *xb, float *st,
                      fetcher *f, sender *out, int bias, int relu) {
  if (p->cols == 16)
    IMAGE_FORMS(16);
  else if (p->cols == 32)
    IMAGE_FORMS(32);
  else
    IMAGE_FORMS(64);
}

/* Image n's 2 x 2 max pool from staging buffer b into pooled[b], on the
   engine while the next image's tiles go on: per block, the maxima of
   the tiles of output rows 2 p and 2 p + 1 (a slot apart), then of
   columns 2 q and 2 q + 1 of those (rows of one float, 2 apart; the
   tile's rows of Cols floats pair up whole). The transfers out wait for
   the engine's results. */
static void pool_image(const rows_plan *p, int b) {
  long half = TileFloats / 2, poh = p->POH;
  for (long cb = 0; cb < p->cb; ++cb) {
    const float *st = p->stage[b] + cb * p->OH * TileFloats;
    float *v = p->vpool + cb * poh * TileFloats;
    float *out = p->pooled[b] + cb * poh * half;
    accel_vs_shape(poh, TileFloats);
    accel_vs_stride(TileFloats, 2 * TileFloats, 2 * TileFloats);
    accel_vs_max(v, st, st + TileFloats);
    accel_vs_shape(poh * half, 1);
    accel_vs_stride(1, 2, 2);
    accel_vs_max(out, v, v + 1);
  }
}

static accel_status check(const accel_tensor *x, const accel_tensor *w,
                          const accel_tensor *y, const accel_conv2d_options *o,
                          int pool) {
  const char *K = pool ? KPool : KConv;
  accel_status s;
  if ((s = accel_check_tensor(K, "x", x, 4, 4, 0)) ||
      (s = accel_check_tensor(K, "w", w, 4, 4, 0)) ||
      (s = accel_check_tensor(K, "y", y, 4, 4, 1)) ||
      (o->bias && (s = accel_check_tensor(K, "bias", o->bias, 1, 1, 0))))
    return s;
  if (!(pool ? accel_conv2d_rows_maxpool_fits(x, w, y, o)
             : accel_conv2d_rows_fits(x, w, y, o)))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "w",
                              "not a convolution %s_fits takes (stride 1, "
                              "one group, at most %d channels, a kernel past "
                              "1 x 1, padded rows of at most 64)",
                              K, (int)MaxC);
  const accel_tensor *inputs[3] = {x, w, o->bias};
  for (int i = 0; i < 3; ++i)
    if (inputs[i] && accel_tensors_overlap(y, inputs[i]))
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y",
                                "overlaps an input");
  return ACCEL_OK;
}

typedef struct {
  const accel_tensor *x, *w;
  accel_tensor *y;
  const accel_conv2d_options *o;
  int pool;
} rows_args;

static long conv_rows(const void *args, const void *unused1,
                      const void *unused2, const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  rows_args r = *(const rows_args *)args;
  accel_tensor copies[4];
  accel_conv2d_options oc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &copies[0], r.x);
  const accel_tensor *w = ACCEL_STAGE_READ(1, &copies[1], r.w);
  const accel_tensor *y = ACCEL_STAGE_READ(2, &copies[2], r.y);
  const accel_conv2d_options *o = ACCEL_STAGE_READ(3, &oc, r.o);
  accel_dma_wait_all();
  const accel_tensor *bias =
      o->bias ? ACCEL_STAGE_READ(0, &copies[3], o->bias) : NULL;
  accel_dma_wait_all();
  if (bias != o->bias) {
    oc = *o, oc.bias = bias, o = &oc;
  }
  accel_status s;
  if (accel_checking() && (s = check(x, w, y, o, r.pool)))
    return s;
  if (accel_only_checking())
    return ACCEL_OK;
  rows_plan p = plan_of(x, w, y, o, r.pool);
  /* Zeros where the padding is: without it, every float that an output
     column before OW reads comes with the rows (the rest, whatever it
     holds, makes only columns past OW). */
  if (o->pad_top || o->pad_left || o->pad_bottom || o->pad_right)
    fill(p.x[0], 2 * round16(p.Hp * p.C * p.KW * p.cols), 0.0f);
  fetcher f = fetch_start(&p, (const float *)x->data, 0, 0);
  fetch_some(&p, &f, p.C);
  load_weights(&p, (const float *)w->data,
               bias ? (const float *)bias->data : NULL);
  int relu = o->act.kind == ACCEL_ACT_RELU;
  sender out = send_start(&p, (float *)y->data, 0, 0);
  out.o = p.Cout;
  for (long n = 0; n < p.N; ++n) {
    int b = (int)(n & 1);
    accel_dma_wait(0);
    accel_dma_wait(3);
    replicate(&p, p.x[b]);
    /* Image n - 2's output has left staging buffer b (image n - 1's
       leaves under this image's tiles). */
    accel_dma_wait(1);
    accel_dma_wait(2);
    f = fetch_start(&p, (const float *)x->data, n + 1, 1 - b);
    if (n + 1 == p.N)
      f.c = p.C;
    if (n)
      out = send_start(&p, (float *)y->data, n - 1, 1 - b);
    run_image(&p, p.x[b], p.stage[b], &f, &out, bias != NULL, relu);
    if (p.pool)
      pool_image(&p, b);
    /* What the shares left. */
    fetch_some(&p, &f, p.C);
    send_some(&p, &out, p.Cout);
  }
  out = send_start(&p, (float *)y->data, p.N - 1, (int)((p.N - 1) & 1));
  send_last(&p, &out);
  accel_dma_wait_all();
  return ACCEL_OK;
}

static accel_status run(const accel_tensor *x, const accel_tensor *w,
                        accel_tensor *y, const accel_conv2d_options *options,
                        int pool) {
  static ACCEL_SPM accel_conv2d_options defaults;
  static ACCEL_SPM rows_args args;
  if (!options) {
    defaults = accel_conv2d_defaults();
    options = &defaults;
  }
  args = (rows_args){x, w, y, options, pool};
  return (accel_status)accel_on_kernel_stack(conv_rows, &args, NULL, NULL,
                                             NULL);
}

accel_status accel_conv2d_rows(const accel_tensor *x, const accel_tensor *w,
                               accel_tensor *y,
                               const accel_conv2d_options *options) {
  return run(x, w, y, options, 0);
}

accel_status accel_conv2d_rows_maxpool(const accel_tensor *x,
                                       const accel_tensor *w, accel_tensor *y,
                                       const accel_conv2d_options *options) {
  return run(x, w, y, options, 1);
}
