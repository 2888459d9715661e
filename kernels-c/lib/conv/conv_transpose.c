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

static const char Kernel[] = "accel_conv_transpose2d";

accel_conv_transpose2d_options accel_conv_transpose2d_defaults(void) {
  accel_conv_transpose2d_options o = {1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, NULL};
  return o;
}

long accel_conv_transpose_out_size(long in, long k, long stride,
                                   long dilation, long pad_begin,
                                   long pad_end, long output_pad) {
  return stride * (in - 1) + output_pad + dilation * (k - 1) + 1 -
         pad_begin - pad_end;
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
  if (y->dims[0] != x->dims[0] || y->dims[1] != Cout || y->dims[2] != OH ||
      y->dims[3] != OW)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "y",
                              "dims [%ld, %ld, %ld, %ld] do not match [N, "
                              "Cout, OH, OW] = [%ld, %ld, %ld, %ld]",
                              y->dims[0], y->dims[1], y->dims[2], y->dims[3],
                              x->dims[0], Cout, OH, OW);
  return ACCEL_OK;
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
static void tap_range(long n, long s, long off, long out, long *lo,
                      long *hi) {
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

void conv_transpose_run(const conv_problem *p) {
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
        accel_tensor a = {(float *)p->w + g * p->Cg * p->ws[0] +
                              kh * p->ws[2] + kw * p->ws[3],
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
