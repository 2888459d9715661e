/* conv2d.c - y = act(conv2d(x, w) + bias), NCHW (docs/kernels.md,
   "accel_conv2d"): the argument checks and the choice of lowering.

   - 1 x 1, stride 1, no padding: a GEMM per image and group, y[n] (Cout x
     HW) = w (Cout x C) . x[n] (C x HW), on views, with the bias per row:
     accel_gemm's tiling needs no copy of x at all.
   - Depthwise (one input channel per group, any channel multiplier): the
     vector unit, 16 output pixels per vfma (conv2d_depthwise.c); a GEMM
     of K = KH KW would leave the matrix unit almost idle.
   - Everything else: an implicit GEMM on the matrix unit
     (conv2d_igemm.c). */

#include "conv/conv2d.h"
#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include <stddef.h>

static const char Kernel[] = "accel_conv2d";

accel_conv2d_options accel_conv2d_defaults(void) {
  accel_conv2d_options o = {
      1, 1, 0, 0, 0, 0, 1, 1, 1, NULL, {ACCEL_ACT_NONE, 0.0f, 0.0f}};
  return o;
}

static accel_status check_options(const accel_conv2d_options *o) {
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
  if (o->groups < 1)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "groups %ld is not positive", o->groups);
  if (o->act.kind < ACCEL_ACT_NONE || o->act.kind > ACCEL_ACT_SILU)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "activation %d is not an activation",
                              (int)o->act.kind);
  if (o->act.kind == ACCEL_ACT_GELU_ERF)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "options",
                              "the exact (erf) GELU is not a convolution's "
                              "activation (accel_gemm's)");
  if (o->act.kind == ACCEL_ACT_CLIP && !(o->act.lo <= o->act.hi))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "clip bounds [%g, %g] are not ordered",
                              (double)o->act.lo, (double)o->act.hi);
  return ACCEL_OK;
}

/* One output dimension: (in + pads - dilated kernel) / stride + 1, or -1
   when the dilated kernel is larger than the padded input. */
static long out_size(long in, long pads, long k, long dilation, long stride) {
  long span = dilation * (k - 1) + 1;
  return in + pads < span ? -1 : (in + pads - span) / stride + 1;
}

static accel_status check_shapes(const accel_tensor *x, const accel_tensor *w,
                                 const accel_tensor *y,
                                 const accel_conv2d_options *o) {
  long C = x->dims[1], Cout = w->dims[0], g = o->groups;
  if (C % g)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "groups %ld does not divide x's %ld channels", g,
                              C);
  if (Cout % g)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "options",
                              "groups %ld does not divide w's %ld output "
                              "channels",
                              g, Cout);
  if (w->dims[1] != C / g)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "w",
                              "dimension 1 is %ld, expected C / groups = %ld",
                              w->dims[1], C / g);
  if (w->dims[2] < 1 || w->dims[3] < 1)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "w",
                              "kernel %ld x %ld is empty", w->dims[2],
                              w->dims[3]);
  long OH = out_size(x->dims[2], o->pad_top + o->pad_bottom, w->dims[2],
                     o->dilation_h, o->stride_h);
  long OW = out_size(x->dims[3], o->pad_left + o->pad_right, w->dims[3],
                     o->dilation_w, o->stride_w);
  if (OH < 0 || OW < 0)
    return accel_kernel_error(
        ACCEL_ERR_ARGUMENT, Kernel, "w",
        "dilated kernel %ld x %ld is larger than the padded input %ld x %ld",
        o->dilation_h * (w->dims[2] - 1) + 1,
        o->dilation_w * (w->dims[3] - 1) + 1,
        x->dims[2] + o->pad_top + o->pad_bottom,
        x->dims[3] + o->pad_left + o->pad_right);
  return conv_check_result_dims(Kernel, x, y, Cout, OH, OW);
}

static accel_status check(const accel_tensor *x, const accel_tensor *w,
                          const accel_tensor *y,
                          const accel_conv2d_options *o) {
  accel_status s;
  if ((s = accel_check_tensor(Kernel, "x", x, 4, 4, 0)) ||
      (s = accel_check_tensor(Kernel, "w", w, 4, 4, 0)) ||
      (s = accel_check_tensor(Kernel, "y", y, 4, 4, 1)) ||
      (s = check_options(o)) || (s = check_shapes(x, w, y, o)))
    return s;
  if (o->bias) {
    if ((s = accel_check_tensor(Kernel, "bias", o->bias, 1, 1, 0)))
      return s;
    if (o->bias->dims[0] != w->dims[0])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "bias",
                                "%ld elements, expected Cout = %ld",
                                o->bias->dims[0], w->dims[0]);
  }
  /* Writing y while reading an input would be order-dependent. */
  const accel_tensor *inputs[3] = {x, w, o->bias};
  static const char *const names[3] = {"x", "w", "bias"};
  for (int i = 0; i < 3; ++i)
    if (inputs[i] && accel_tensors_overlap(y, inputs[i]))
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y",
                                "overlaps %s", names[i]);
  return ACCEL_OK;
}

static conv_problem problem_of(const accel_tensor *x, const accel_tensor *w,
                               const accel_tensor *y,
                               const accel_conv2d_options *o) {
  conv_problem p = {0};
  p.N = x->dims[0], p.C = x->dims[1], p.H = x->dims[2], p.W = x->dims[3];
  p.Cout = w->dims[0], p.KH = w->dims[2], p.KW = w->dims[3];
  p.OH = y->dims[2], p.OW = y->dims[3];
  p.groups = o->groups, p.Cg = p.C / p.groups, p.Coutg = p.Cout / p.groups;
  p.sh = o->stride_h, p.sw = o->stride_w;
  p.dh = o->dilation_h, p.dw = o->dilation_w;
  p.pt = o->pad_top, p.pl = o->pad_left;
  p.pb = o->pad_bottom, p.pr = o->pad_right;
  p.x = x->data, p.w = w->data, p.y = y->data;
  for (int d = 0; d < 4; ++d)
    p.xs[d] = x->strides[d], p.ws[d] = w->strides[d], p.ys[d] = y->strides[d];
  if (o->bias)
    p.bias = o->bias->data, p.bs = o->bias->strides[0];
  p.act = o->act;
  return p;
}

static int is_pointwise(const conv_problem *p) {
  return p->KH == 1 && p->KW == 1 && p->sh == 1 && p->sw == 1 && !p->pt &&
         !p->pl && !p->pb && !p->pr;
}

static int is_depthwise(const conv_problem *p) { return p->Cg == 1; }

/* A 2-D view of a 4-D tensor's dims d0 and (d2, d3) merged, when d2's
   stride steps over d3's rows; otherwise rank 0. */
static accel_tensor merged(float *data, long rows, long rs, long h, long hs,
                           long w, long ws) {
  accel_tensor t = {data, ACCEL_F32, 0, {0}, {0}};
  if (h == 1 || hs == w * ws) {
    t.rank = 2;
    t.dims[0] = rows, t.dims[1] = h * w;
    t.strides[0] = rs, t.strides[1] = ws;
  }
  return t;
}

/* The 1 x 1 lowering: per image and group, y (Coutg x HW) = w (Coutg x Cg)
   . x (Cg x HW), or per image row when H and W do not merge into one
   stride. */
static void run_pointwise(const conv_problem *p) {
  accel_gemm_options o = accel_gemm_defaults();
  o.act = p->act;
  accel_tensor bias = {0};
  for (long n = 0; n < p->N; ++n)
    for (long g = 0; g < p->groups; ++g) {
      float *x = (float *)p->x + n * p->xs[0] + g * p->Cg * p->xs[1];
      float *y = p->y + n * p->ys[0] + g * p->Coutg * p->ys[1];
      accel_tensor a = {(float *)p->w + g * p->Coutg * p->ws[0],
                        ACCEL_F32,
                        2,
                        {p->Coutg, p->Cg},
                        {p->ws[0], p->ws[1]}};
      if (p->bias) {
        bias = (accel_tensor){(float *)p->bias + g * p->Coutg * p->bs,
                              ACCEL_F32,
                              1,
                              {p->Coutg},
                              {p->bs}};
        o.bias_kind = ACCEL_BIAS_PER_ROW, o.bias = &bias;
      }
      accel_tensor b =
          merged(x, p->Cg, p->xs[1], p->H, p->xs[2], p->W, p->xs[3]);
      accel_tensor c =
          merged(y, p->Coutg, p->ys[1], p->OH, p->ys[2], p->OW, p->ys[3]);
      if (b.rank && c.rank) {
        accel_gemm_run(&a, &b, &c, &o);
        continue;
      }
      for (long h = 0; h < p->H; ++h) {
        b = (accel_tensor){x + h * p->xs[2],
                           ACCEL_F32,
                           2,
                           {p->Cg, p->W},
                           {p->xs[1], p->xs[3]}};
        c = (accel_tensor){y + h * p->ys[2],
                           ACCEL_F32,
                           2,
                           {p->Coutg, p->OW},
                           {p->ys[1], p->ys[3]}};
        accel_gemm_run(&a, &b, &c, &o);
      }
    }
}

static accel_status conv2d(const accel_tensor *x, const accel_tensor *w,
                           const accel_tensor *y,
                           const accel_conv2d_options *o) {
  accel_status s;
  if (accel_checking() && (s = check(x, w, y, o)))
    return s;
  conv_problem p = problem_of(x, w, y, o);
  if (!p.N || !p.Cout || !p.OH || !p.OW)
    return ACCEL_OK;
  igemm_plan ip;
  depthwise_plan dp;
  taps_plan tp;
  int pointwise = is_pointwise(&p);
  if (!pointwise && p.OW % T == 0 &&
      p.C * p.KH * p.KW <= ACCEL_CONV2D_BANDS_MAX_TAPS &&
      conv_im2col_bands_fits(&p)) {
    if (!accel_only_checking())
      conv_im2col_bands_run(&p);
    return ACCEL_OK;
  }
  int taps = !pointwise && conv_taps_plan(&p, &tp);
  int depthwise = !pointwise && !taps && is_depthwise(&p);
  if (depthwise && !conv_depthwise_plan(&p, &dp))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "x",
                              "the weights and one padded input row of %ld "
                              "floats do not fit the scratchpad",
                              p.pl + p.W + p.pr);
  if (!pointwise && !taps && !depthwise && !conv_igemm_plan(&p, &ip))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "w",
                              "the weights of %d output channels (%ld "
                              "floats) and one band of input rows do not fit "
                              "the scratchpad",
                              (int)T, T * p.Cg * p.KH * p.KW);
  if (accel_only_checking())
    return ACCEL_OK;
  if (taps)
    conv_taps_run(&p, &tp);
  else if (pointwise &&
           accel_conv2d_pointwise_bands_fits(p.C, p.H, p.W, p.Cout) &&
           conv_pointwise_bands_fits(&p))
    conv_pointwise_bands_run(&p);
  else if (pointwise)
    run_pointwise(&p);
  else if (depthwise)
    conv_depthwise_run(&p, &dp);
  else
    conv_igemm_run(&p, &ip);
  return ACCEL_OK;
}

/* The arguments staged into the kernel's frame (ACCEL_STAGE), then the
   call. */
static long staged(const void *x, const void *w, const void *y,
                   const void *options) {
  accel_tensor xc, wc, yc, bc;
  accel_conv2d_options o = accel_conv2d_defaults();
  /* The bias's descriptor comes with the others, its address read from
     the caller's options. */
  const accel_conv2d_options *po = options;
  const accel_tensor *bias = po ? po->bias : NULL;
  const accel_tensor *xs = ACCEL_STAGE_READ(1, &xc, (const accel_tensor *)x);
  const accel_tensor *ws = ACCEL_STAGE_READ(2, &wc, (const accel_tensor *)w);
  const accel_tensor *ys = ACCEL_STAGE_READ(3, &yc, (const accel_tensor *)y);
  ACCEL_STAGE(0, &o, po);
  const accel_tensor *staged_bias = ACCEL_STAGE_READ(0, &bc, bias);
  /* o arrives on channel 0: its bias field is written after it has. */
  accel_dma_wait_all();
  o.bias = staged_bias;
  return conv2d(xs, ws, ys, &o);
}

accel_status accel_conv2d(const accel_tensor *x, const accel_tensor *w,
                          accel_tensor *y,
                          const accel_conv2d_options *options) {
  /* Few input channels over rows (conv2d_rows.c), where that is the
     cheaper lowering: its own staging and checks. (Missing arguments go on
     to the checks below.) */
  if (x && w && y && options && accel_conv2d_rows_fits(x, w, y, options))
    return accel_conv2d_rows(x, w, y, options);
  return (accel_status)accel_on_kernel_stack(staged, x, w, y, options);
}

void conv_make_zeros(float *zeros) {
  for (int i = 0; i < ZeroFloats; i += Lanes)
    accel_vstore(zeros + i, (accel_v16f)0.0f);
}

void conv_zero_rows(int ch, float *dst, long rows, long cols, long dst_rs,
                    const float *zeros) {
  for (long c0 = 0; c0 < cols && rows; c0 += ZeroFloats) {
    long n = cols - c0 < ZeroFloats ? cols - c0 : ZeroFloats;
    accel_dma_2d_on(ch, dst + c0, zeros, rows, n * 4, dst_rs * 4, 0);
  }
}
