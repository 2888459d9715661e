/* cumsum.c - accel_cumsum (ONNX CumSum): running sums along one axis, in
   scalar loops over x and y (in the scratchpad when they fit there). Each type
   adds in its own arithmetic as numpy's cumsum does: f32, f16 and bf16 in f32
   (the half-precision sums rounded at each output), f64 in f64, integers in 64
   bits, wrapping to y's width. */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "reduce/typed_elem.h"
#include <stddef.h>

/* x's span and y (when contiguous) in the scratchpad where they fit. */
typedef struct {
  char x[ACCEL_KERNEL_SPM_BYTES / 2], y[ACCEL_KERNEL_SPM_BYTES / 2];
} cumsum_spm;
KERNEL_SPM_FITS(cumsum_spm);
#define CSPM KERNEL_SPM(cumsum_spm)

typedef struct {
  const accel_tensor *x, *y;
  int axis, exclusive, reverse;
} cumsum_args;

/* One line of n elements, x's step xs and y's ys apart. */
static void cumsum_line(accel_dtype t, const void *x, long xo, long xs, void *y,
                        long yo, long ys, long n, int exclusive, int reverse) {
  long first = reverse ? n - 1 : 0, dir = reverse ? -1 : 1;
  if (t == ACCEL_F32) {
    /* f32's own additions, in order: numpy's float32 cumsum. */
    const float *p = (const float *)x + xo;
    float *q = (float *)y + yo, acc = 0.0f;
    for (long k = 0, i = first; k < n; ++k, i += dir) {
      float v = p[i * xs];
      if (exclusive)
        q[i * ys] = acc;
      acc += v;
      if (!exclusive)
        q[i * ys] = acc;
    }
    return;
  }
  if (elem_is_float(t)) {
    double acc = 0.0;
    for (long k = 0, i = first; k < n; ++k, i += dir) {
      double v = elem_load_f64(t, x, xo + i * xs);
      if (exclusive)
        elem_store_f64(t, y, yo + i * ys, acc);
      acc = t == ACCEL_F64 ? acc + v : (double)(float)(acc + v);
      if (!exclusive)
        elem_store_f64(t, y, yo + i * ys, acc);
    }
    return;
  }
  uint64_t acc = 0;
  for (long k = 0, i = first; k < n; ++k, i += dir) {
    uint64_t v = (uint64_t)elem_load_i64(t, x, xo + i * xs);
    if (exclusive)
      elem_store_i64(t, y, yo + i * ys, (int64_t)acc);
    acc += v;
    if (!exclusive)
      elem_store_i64(t, y, yo + i * ys, (int64_t)acc);
  }
}

static long cumsum_body(const void *args, const void *unused1,
                        const void *unused2, const void *unused3) {
  static const char K[] = "accel_cumsum";
  (void)unused1, (void)unused2, (void)unused3;
  cumsum_args a = *(const cumsum_args *)args;
  accel_tensor xc, yc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, a.x);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, a.y);
  accel_dma_wait_all();
  accel_status s;
  const unsigned types = ACCEL_ALL_DTYPES & ~ACCEL_DTYPE_BIT(ACCEL_BOOL);
  if ((s = accel_check_tensor_typed(K, "x", x, types, 1, ACCEL_MAX_RANK, 0)) ||
      (s = accel_check_tensor_typed(K, "y", y, ACCEL_DTYPE_BIT(x->dtype),
                                    x->rank, x->rank, 1)))
    return s;
  for (int d = 0; d < x->rank; ++d)
    if (y->dims[d] != x->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                                "dimension %d is %ld, x's is %ld", d,
                                y->dims[d], x->dims[d]);
  int axis = a.axis;
  if (axis < -x->rank || axis >= x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "axis",
                              "%d is not a dimension of a rank-%d tensor", axis,
                              x->rank);
  axis = axis < 0 ? axis + x->rank : axis;
  if (accel_typed_tensors_overlap(y, x))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y", "overlaps x");
  if (accel_only_checking())
    return ACCEL_OK;
  elem_odometer o = {.rank = 0};
  for (int d = 0; d < x->rank; ++d)
    if (d != axis) {
      o.dims[o.rank] = x->dims[d];
      o.xs[o.rank] = x->strides[d];
      o.ys[o.rank++] = y->strides[d];
    }
  long lines = elem_odometer_count(&o), n = x->dims[axis];
  const void *xd = elem_stage_in(x, CSPM->x, sizeof CSPM->x);
  /* y written in the scratchpad and sent by one transfer where it is
     contiguous (its span its elements) and fits. */
  long ybytes = lines * n * (long)accel_dtype_bytes(y->dtype);
  int y_staged =
      ybytes && elem_span(y) == lines * n && ybytes <= (long)sizeof CSPM->y;
  void *yd = y_staged ? CSPM->y : y->data;
  for (long l = 0; l < lines; ++l) {
    long xo, yo;
    elem_odometer_offsets(&o, l, &xo, &yo);
    cumsum_line(x->dtype, xd, xo, x->strides[axis], yd, yo, y->strides[axis], n,
                a.exclusive, a.reverse);
  }
  if (y_staged) {
    accel_dma_1d(0, y->data, CSPM->y, ybytes);
    accel_dma_wait(0);
  }
  return ACCEL_OK;
}

accel_status accel_cumsum(const accel_tensor *x, accel_tensor *y, int axis,
                          int exclusive, int reverse) {
  static ACCEL_SPM cumsum_args args;
  args = (cumsum_args){x, y, axis, exclusive != 0, reverse != 0};
  return (accel_status)accel_on_kernel_stack(cumsum_body, &args, NULL, NULL,
                                             NULL);
}
