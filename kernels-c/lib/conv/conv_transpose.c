/* conv_transpose.c - y = conv_transpose2d(x, w) + bias, NCHW (docs/kernels.md,
   "accel_conv_transpose2d"): ONNX ConvTranspose in 2-D.

   Input pixel (ih, iw) of channel c adds x[c, ih, iw] w[c, co, kh, kw] to
   output pixel (ih sh - pt + kh dh, iw sw - pl + kw dw) of channel co.
   For one tap (kh, kw) and one input row, the pixels it reaches are one
   output row's columns ow0, ow0 + sw, ...: a GEMM of the tap's weights
   (Coutg x Cg) by the row (Cg x nw) added into that strided view of y
   (beta 1) on the matrix unit. y starts as the bias (or zeros) by DMA.
   Every MAC the matrix unit makes is one of the transposed convolution's:
   none on the zeros a direct convolution over the zero-inserted input
   would multiply (three quarters of them at stride 2). */

#include "conv/conv_transpose.h"
#include "conv/conv2d.h"
#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include <stddef.h>
#include <stdlib.h>

static const char Kernel[] = "accel_conv_transpose2d";

accel_conv_transpose2d_options accel_conv_transpose2d_defaults(void) {
  accel_conv_transpose2d_options o = {1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, NULL};
  return o;
}

long accel_conv_transpose_out_size(long in, long k, long stride, long dilation,
                                   long pad_begin, long pad_end,
                                   long output_pad) {
  return stride * (in - 1) + output_pad + dilation * (k - 1) + 1 - pad_begin -
         pad_end;
}

static accel_status check_options(const accel_conv_transpose2d_options *o) {
  if (o->stride_h < 1 || o->stride_w < 1)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "stride (%ld, %ld) is not positive", o->stride_h,
                              o->stride_w);
  if (o->dilation_h < 1 || o->dilation_w < 1)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "dilation (%ld, %ld) is not positive",
                              o->dilation_h, o->dilation_w);
  if (o->pad_top < 0 || o->pad_left < 0 || o->pad_bottom < 0 ||
      o->pad_right < 0)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "padding (%ld, %ld, %ld, %ld) is negative",
                              o->pad_top, o->pad_left, o->pad_bottom,
                              o->pad_right);
  /* ONNX: output_padding below the stride or the dilation. */
  long mh = o->stride_h > o->dilation_h ? o->stride_h : o->dilation_h;
  long mw = o->stride_w > o->dilation_w ? o->stride_w : o->dilation_w;
  if (o->output_pad_h < 0 || o->output_pad_w < 0 || o->output_pad_h >= mh ||
      o->output_pad_w >= mw)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "output padding (%ld, %ld) is not below the "
                              "larger of stride and dilation (%ld, %ld)",
                              o->output_pad_h, o->output_pad_w, mh, mw);
  if (o->groups < 1)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "groups %ld is not positive", o->groups);
  return ACCEL_OK;
}

static accel_status check_shapes(const accel_tensor *x, const accel_tensor *w,
                                 const accel_tensor *y,
                                 const accel_conv_transpose2d_options *o) {
  long C = x->dims[1], g = o->groups;
  if (C % g)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "groups %ld does not divide x's %ld channels", g,
                              C);
  if (w->dims[0] != C)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "w",
                              "dimension 0 is %ld, expected x's %ld channels",
                              w->dims[0], C);
  if (w->dims[2] < 1 || w->dims[3] < 1)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "w",
                              "kernel %ld x %ld is empty", w->dims[2],
                              w->dims[3]);
  long Cout = w->dims[1] * g;
  long OH = accel_conv_transpose_out_size(x->dims[2], w->dims[2], o->stride_h,
                                          o->dilation_h, o->pad_top,
                                          o->pad_bottom, o->output_pad_h);
  long OW = accel_conv_transpose_out_size(x->dims[3], w->dims[3], o->stride_w,
                                          o->dilation_w, o->pad_left,
                                          o->pad_right, o->output_pad_w);
  if (OH < 0 || OW < 0)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "padding leaves an output of %ld x %ld", OH, OW);
  return conv_check_result_dims(Kernel, x, y, Cout, OH, OW);
}

static accel_status check(const accel_tensor *x, const accel_tensor *w,
                          const accel_tensor *y,
                          const accel_conv_transpose2d_options *o) {
  accel_status s;
  if ((s = accel_check_tensor(Kernel, "x", x, 4, 4, 0)) ||
      (s = accel_check_tensor(Kernel, "w", w, 4, 4, 0)) ||
      (s = accel_check_tensor(Kernel, "y", y, 4, 4, 1)) ||
      (s = check_options(o)) || (s = check_shapes(x, w, y, o)))
    return s;
  if (o->bias) {
    if ((s = accel_check_tensor(Kernel, "bias", o->bias, 1, 1, 0)))
      return s;
    if (o->bias->dims[0] != y->dims[1])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "bias",
                                "%ld elements, expected Cout = %ld",
                                o->bias->dims[0], y->dims[1]);
  }
  /* y is written (its start) before the inputs are all read. */
  const accel_tensor *inputs[3] = {x, w, o->bias};
  static const char *const names[3] = {"x", "w", "bias"};
  for (int i = 0; i < 3; ++i)
    if (inputs[i] && accel_tensors_overlap(y, inputs[i]))
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y",
                                "overlaps %s", names[i]);
  return ACCEL_OK;
}

/* The first index i in [0, n) with i s + off >= 0, and one past the last
   with i s + off < out: the input pixels one tap takes to the output. */
static void tap_range(long n, long s, long off, long out, long *lo, long *hi) {
  long a = off >= 0 ? 0 : (-off + s - 1) / s;
  long b = out - off <= 0 ? 0 : (out - off + s - 1) / s;
  *lo = a;
  *hi = b < n ? b : n;
}

/* y = the bias of each channel (zeros without one): rows of the SPM
   buffer fill (ZeroFloats copies of the value) sent with a source stride
   of 0; a y of non-unit column stride element by element. */
static void start_y(const conv_problem *p) {
  float fill[ZeroFloats] __attribute__((aligned(64)));
  for (long co = 0; co < p->Cout; ++co) {
    float b = p->bias ? p->bias[co * p->bs] : 0.0f;
    accel_dma_wait_all();
    for (int i = 0; i < ZeroFloats; i += Lanes)
      accel_vstore(fill + i, (accel_v16f)b);
    for (long n = 0; n < p->N; ++n) {
      float *y = p->y + n * p->ys[0] + co * p->ys[1];
      if (p->ys[3] == 1) {
        conv_zero_rows((int)(n & 3), y, p->OH, p->OW, p->ys[2], fill);
        continue;
      }
      for (long h = 0; h < p->OH; ++h)
        for (long w = 0; w < p->OW; ++w)
          y[h * p->ys[2] + w * p->ys[3]] = b;
    }
  }
  accel_dma_wait_all();
}

/* The per-row lowering, for what the column lowering does not take: a
   GEMM of each tap's weights by each input row into that row's strided
   view of y (beta 1), y started as the bias. */
static void run_rows(const conv_problem *p) {
  start_y(p);
  accel_gemm_options o = accel_gemm_defaults();
  o.beta = 1.0f;
  for (long g = 0; g < p->groups; ++g)
    for (long kh = 0; kh < p->KH; ++kh) {
      long offh = kh * p->dh - p->pt, h0, h1;
      tap_range(p->H, p->sh, offh, p->OH, &h0, &h1);
      for (long kw = 0; kw < p->KW && h0 < h1; ++kw) {
        long offw = kw * p->dw - p->pl, w0, w1;
        tap_range(p->W, p->sw, offw, p->OW, &w0, &w1);
        if (w0 >= w1)
          continue;
        /* a[co, c] = w[g Cg + c, co, kh, kw]. */
        accel_tensor a = {(float *)p->w + g * p->Cg * p->ws[0] + kh * p->ws[2] +
                              kw * p->ws[3],
                          ACCEL_F32,
                          2,
                          {p->Coutg, p->Cg},
                          {p->ws[1], p->ws[0]}};
        for (long n = 0; n < p->N; ++n)
          for (long ih = h0; ih < h1; ++ih) {
            long oh = ih * p->sh + offh, ow = w0 * p->sw + offw;
            accel_tensor b = {(float *)p->x + n * p->xs[0] +
                                  g * p->Cg * p->xs[1] + ih * p->xs[2] +
                                  w0 * p->xs[3],
                              ACCEL_F32,
                              2,
                              {p->Cg, w1 - w0},
                              {p->xs[1], p->xs[3]}};
            accel_tensor c = {p->y + n * p->ys[0] + g * p->Coutg * p->ys[1] +
                                  oh * p->ys[2] + ow * p->ys[3],
                              ACCEL_F32,
                              2,
                              {p->Coutg, w1 - w0},
                              {p->ys[1], p->sw * p->ys[3]}};
            accel_gemm_run(&a, &b, &c, &o);
          }
      }
    }
}

/* The column lowering's layout in the scratchpad arena, two of each
   part (output channel j uses part j & 1, so that channel j + 1's
   columns arrive and channel j - 1's plane leaves while j is made): an
   output channel's plane split by column phase (ow = owp sw + r at
   plane[(r OH + oh) rowp + owp]), so that every tap's columns are
   contiguous; a channel's columns as the GEMM made them (a row of KH KW
   a pixel, H W rounded up to 16 of them), and once, tap by tap (rows of
   H W); and with sw > 1 the plane put back together (rows of sw rowp
   floats). */
typedef struct {
  long owp, rowp;                /* a phase's columns, and its row (16 n) */
  long chan;                     /* a channel's columns: KH KW H W, to 16 n */
  long plane, taps, tcols, orow; /* offsets in the arena, in floats (of
                                    the parts' first) */
  long cob;                      /* output channels of one GEMM */
  int pixel_major; /* the columns a row a pixel (else a row a tap) */
} cols_plan;

enum {
  ArenaFloats = ACCEL_KERNEL_SPM_BYTES / 4,
  ColsBudget = 1L << 22, /* floats of the GEMM's result in DRAM (16 MiB) */
};

static int cols_plan_of(const conv_problem *p, cols_plan *c) {
  long taps = p->KH * p->KW, hw = p->H * p->W;
  /* a = w's group as [Cg, Coutg KH KW]: (co, kh, kw) merge into one
     stride; b = x's image as [Cg, H W]. */
  if (p->ws[2] != p->KW * p->ws[3] || p->ws[1] != p->KH * p->ws[2] ||
      (p->H > 1 && p->xs[2] != p->W * p->xs[3]) || !hw)
    return 0;
  c->owp = ceil_div(p->OW, p->sw);
  c->rowp = ceil_div(c->owp, Lanes) * Lanes;
  c->chan = ceil_div(hw, Lanes) * Lanes * taps;
  long plane = p->sw * p->OH * c->rowp, out = p->sw > 1 ? plane : 0;
  c->plane = 0;
  c->taps = 2 * plane;
  c->tcols = c->taps + 2 * c->chan;
  c->orow = c->tcols + c->chan + Lanes;
  if (c->orow + 2 * out > ArenaFloats)
    return 0;
  c->cob = min_of(p->Coutg, ColsBudget / (taps * hw));
  /* The GEMM gathers its A transposed, about a cycle an element: the
     image (C/g H W) for columns a row a pixel, the weights (C/g M/g KH
     KW) for a row a tap. A row a pixel costs a transfer a pixel and a
     transposition in col2im: only where the weights are much larger. */
  c->pixel_major = c->cob * taps > 2 * hw;
  return c->cob > 0;
}

/* Channel j's columns into its buffer, on DMA channel j & 1: H W rows
   of KH KW floats, ld floats apart in DRAM (pixel_major), or KH KW rows
   of H W floats following each other. */
static void fetch_cols(const conv_problem *p, const cols_plan *c,
                       const float *cols, long ld, long j) {
  long taps = p->KH * p->KW, hw = p->H * p->W;
  float *dst = accel_kernel_spm + c->taps + (j & 1) * c->chan;
  if (c->pixel_major)
    accel_dma_rows_on((int)(j & 1), dst, cols + j * taps, hw, taps * 4,
                      taps * 4, ld * 4);
  else
    accel_dma_rows_on((int)(j & 1), dst, cols + j * taps * hw, 1, taps * hw * 4,
                      0, 0);
}

/* Where tap t's columns add into the plane: rows x cols input pixels
   from src in its columns to dst in the plane (no rows: none). */
typedef struct {
  long dst, src, rows, cols;
} tap_block;

enum { MaxTapBlocks = 64 };

static void tap_blocks(const conv_problem *p, const cols_plan *c,
                       tap_block *blocks) {
  for (long t = 0; t < p->KH * p->KW; ++t) {
    long kh = t / p->KW, kw = t % p->KW;
    long offh = kh * p->dh - p->pt, offw = kw * p->dw - p->pl;
    long h0, h1, w0, w1;
    tap_range(p->H, p->sh, offh, p->OH, &h0, &h1);
    tap_range(p->W, p->sw, offw, p->OW, &w0, &w1);
    tap_block *k = &blocks[t];
    k->rows = 0;
    if (h0 >= h1 || w0 >= w1)
      continue;
    /* Column ow = iw sw + offw: phase offw mod sw, column iw + offw div
       sw of it (offw may be negative). */
    long r = ((offw % p->sw) + p->sw) % p->sw, q = (offw - r) / p->sw;
    long oh0 = h0 * p->sh + offh;
    k->dst = (r * p->OH + oh0) * c->rowp + w0 + q;
    k->src = h0 * p->W + w0;
    k->rows = h1 - h0, k->cols = w1 - w0;
  }
}

/* Output channel j of a GEMM's block from its taps' columns (in part
   j & 1, fetched by fetch_cols): the plane starts as the bias, each
   tap's columns add into it on the stream engine as one block of input
   rows; then, put back together, the plane leaves for y by one transfer
   on DMA channel 2 + (j & 1). */
static void col2im(const conv_problem *p, const cols_plan *c,
                   const tap_block *blocks, float *y, float bias, long j) {
  float *spm = accel_kernel_spm;
  long part = j & 1, planef = p->sw * p->OH * c->rowp;
  float *plane = spm + c->plane + part * planef;
  float *raw = spm + c->taps + part * c->chan;
  float *tap = c->pixel_major ? spm + c->tcols : raw;
  long hw = p->H * p->W, taps = p->KH * p->KW, rs = p->sh * c->rowp;
  accel_v16f b = (accel_v16f)bias;
  /* Channel j - 2's plane has left. */
  accel_dma_wait_on(2 + (int)part);
  for (long i = 0; i < planef; i += Lanes)
    accel_vstore(plane + i, b);
  accel_dma_wait_on((int)part);
  /* Tap by tap: 16 pixels' tap t by a strided load (a tap's last group
     spills into the next one's start, written after it). */
  for (long t = 0; t < taps && c->pixel_major; ++t)
    for (long i = 0; i < hw; i += Lanes)
      accel_vstore(tap + t * hw + i,
                   accel_vload_strided(raw + i * taps + t, taps * 4));
  for (long t = 0; t < taps; ++t, tap += hw) {
    const tap_block *k = &blocks[t];
    if (!k->rows)
      continue;
    accel_vs_shape(k->rows, k->cols);
    accel_vs_stride(rs, rs, p->W);
    accel_vs_add(plane + k->dst, plane + k->dst, tap + k->src);
  }
  if (p->sw == 1) {
    accel_copy_matrix(2 + (int)part, y, p->ys[2], p->ys[3], plane, c->rowp, 1,
                      p->OH, p->OW);
    return;
  }
  long sw = p->sw, olen = sw * c->rowp;
  float *out = spm + c->orow + part * planef;
  for (long oh = 0; oh < p->OH; ++oh)
    for (long r = 0; r < sw; ++r) {
      const float *src = plane + (r * p->OH + oh) * c->rowp;
      float *dst = out + oh * olen + r;
      for (long i = 0; i < c->owp; i += Lanes)
        accel_vstore_strided(accel_vload(src + i), dst + i * sw, sw * 4);
    }
  accel_copy_matrix(2 + (int)part, y, p->ys[2], p->ys[3], out, olen, 1, p->OH,
                    p->OW);
}

/* The column lowering: per image, group and block of output channels,
   one GEMM makes every tap's columns on the matrix unit, either
   cols[pixel, (co, kh, kw)] = sum_c x[c, pixel] w[c, co, kh, kw] (A the
   image transposed, B the weights as they lie) or its transpose (A the
   weights transposed, B the image); col2im adds them into y one output
   channel at a time. */
static int run_cols(const conv_problem *p) {
  cols_plan c;
  tap_block blocks[MaxTapBlocks];
  if (p->KH * p->KW > MaxTapBlocks || !cols_plan_of(p, &c))
    return 0;
  tap_blocks(p, &c, blocks);
  long taps = p->KH * p->KW, hw = p->H * p->W;
  float *cols = malloc((size_t)(c.cob * taps * hw) * 4);
  if (!cols)
    return 0;
  accel_gemm_options o = accel_gemm_defaults();
  o.trans_a = 1;
  for (long n = 0; n < p->N; ++n)
    for (long g = 0; g < p->groups; ++g)
      for (long co0 = 0; co0 < p->Coutg; co0 += c.cob) {
        long nco = min_of(c.cob, p->Coutg - co0);
        long ld = nco * taps;
        accel_tensor a = {(float *)p->x + n * p->xs[0] + g * p->Cg * p->xs[1],
                          ACCEL_F32,
                          2,
                          {p->Cg, hw},
                          {p->xs[1], p->xs[3]}};
        accel_tensor b = {(float *)p->w + g * p->Cg * p->ws[0] + co0 * p->ws[1],
                          ACCEL_F32,
                          2,
                          {p->Cg, ld},
                          {p->ws[0], p->ws[3]}};
        accel_tensor cm = {cols, ACCEL_F32, 2, {hw, ld}, {ld, 1}};
        if (!c.pixel_major) {
          accel_tensor t = a;
          a = b, b = t;
          cm = (accel_tensor){cols, ACCEL_F32, 2, {ld, hw}, {hw, 1}};
        }
        accel_gemm_run(&a, &b, &cm, &o);
        fetch_cols(p, &c, cols, ld, 0);
        for (long j = 0; j < nco; ++j) {
          long co = g * p->Coutg + co0 + j;
          if (j + 1 < nco)
            fetch_cols(p, &c, cols, ld, j + 1);
          col2im(p, &c, blocks, p->y + n * p->ys[0] + co * p->ys[1],
                 p->bias ? p->bias[co * p->bs] : 0.0f, j);
        }
        accel_dma_wait_all();
      }
  free(cols);
  return 1;
}

void conv_transpose_run(const conv_problem *p) {
  if (!run_cols(p))
    run_rows(p);
}

static conv_problem problem_of(const accel_tensor *x, const accel_tensor *w,
                               const accel_tensor *y,
                               const accel_conv_transpose2d_options *o) {
  conv_problem p = {0};
  p.N = x->dims[0], p.C = x->dims[1], p.H = x->dims[2], p.W = x->dims[3];
  p.Cout = y->dims[1], p.KH = w->dims[2], p.KW = w->dims[3];
  p.OH = y->dims[2], p.OW = y->dims[3];
  p.groups = o->groups, p.Cg = p.C / p.groups, p.Coutg = w->dims[1];
  p.sh = o->stride_h, p.sw = o->stride_w;
  p.dh = o->dilation_h, p.dw = o->dilation_w;
  p.pt = o->pad_top, p.pl = o->pad_left;
  p.pb = o->pad_bottom, p.pr = o->pad_right;
  p.x = x->data, p.w = w->data, p.y = y->data;
  for (int d = 0; d < 4; ++d)
    p.xs[d] = x->strides[d], p.ws[d] = w->strides[d], p.ys[d] = y->strides[d];
  if (o->bias)
    p.bias = o->bias->data, p.bs = o->bias->strides[0];
  return p;
}

static accel_status conv_transpose2d(const accel_tensor *x,
                                     const accel_tensor *w,
                                     const accel_tensor *y,
                                     const accel_conv_transpose2d_options *o) {
  accel_status s;
  if (accel_checking() && (s = check(x, w, y, o)))
    return s;
  if (accel_only_checking())
    return ACCEL_OK;
  conv_problem p = problem_of(x, w, y, o);
  if (!p.N || !p.Cout || !p.OH || !p.OW)
    return ACCEL_OK;
  conv_transpose_run(&p);
  return ACCEL_OK;
}

/* The arguments staged into the kernel's frame (ACCEL_STAGE), then the
   call (as accel_conv2d's). */
static long staged(const void *x, const void *w, const void *y,
                   const void *options) {
  accel_tensor xc, wc, yc, bc;
  accel_conv_transpose2d_options o = accel_conv_transpose2d_defaults();
  const accel_conv_transpose2d_options *po = options;
  const accel_tensor *bias = po ? po->bias : NULL;
  const accel_tensor *xs = ACCEL_STAGE_READ(1, &xc, (const accel_tensor *)x);
  const accel_tensor *ws = ACCEL_STAGE_READ(2, &wc, (const accel_tensor *)w);
  const accel_tensor *ys = ACCEL_STAGE_READ(3, &yc, (const accel_tensor *)y);
  ACCEL_STAGE(0, &o, po);
  const accel_tensor *staged_bias = ACCEL_STAGE_READ(0, &bc, bias);
  accel_dma_wait_all();
  o.bias = staged_bias;
  return conv_transpose2d(xs, ws, ys, &o);
}

accel_status
accel_conv_transpose2d(const accel_tensor *x, const accel_tensor *w,
                       accel_tensor *y,
                       const accel_conv_transpose2d_options *options) {
  return (accel_status)accel_on_kernel_stack(staged, x, w, y, options);
}
