/* maxpool_indices.c - ONNX MaxPool's maximum of any type but bool, and
   its Indices output (docs/kernels.md, "Pooling"): a scalar loop over each
   window, where accel_maxpool2d (pooling.c) computes the f32 maximum on the
   stream engine. An index is the maximum's position in x counted as ONNX
   does: the plane's (n C + c) H W, plus h W + w (storage_order 0) or
   h + w H (1). The first of equal maxima in the window's row-major order
   is taken; a NaN counts only where the whole window is NaN (as the f32
   kernel's maxNum). */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "reduce/typed_elem.h"
#include <stddef.h>
#include <stdint.h>

/* The element types it takes: all but bool. */
#define MAXPOOL_TYPED_DTYPES (ACCEL_ALL_DTYPES & ~ACCEL_DTYPE_BIT(ACCEL_BOOL))

static long ceil_div(long a, long b) { return (a + b - 1) / b; }

/* One axis: its output size as pooling.c's out_size (ONNX's rounding). */
static long out_size(long n, long k, long s, long d, long b, long e,
                     int ceil_mode) {
  long span = n + b + e - ((k - 1) * d + 1);
  long o = (ceil_mode ? ceil_div(span, s) : span / s) + 1;
  if (ceil_mode && (o - 1) * s >= n + b)
    --o;
  return o;
}

static accel_status check_axis(const char *K, const char *what, long k, long s,
                               long d, long b, long e, long n) {
  long ext = (k - 1) * d + 1;
  if (k < 1 || s < 1 || d < 1)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "%s: kernel %ld, stride %ld, dilation %ld; "
                              "each must be at least 1",
                              what, k, s, d);
  if (b < 0 || e < 0 || b >= ext || e >= ext)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "%s: padding %ld and %ld; each must be 0 to "
                              "%ld (less than the dilated kernel, %ld)",
                              what, b, e, ext - 1, ext);
  if (n + b + e < ext)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "%s: the dilated kernel (%ld) is larger than "
                              "the padded input (%ld)",
                              what, ext, n + b + e);
  return ACCEL_OK;
}

/* Whether element a of x is greater than element b, both at offsets (in
   elements) of its data; NaN is never greater, and loses to any number. */
static inline int greater(accel_dtype t, const void *x, long a, long b) {
  if (elem_is_float(t)) {
    double va = elem_load_f64(t, x, a), vb = elem_load_f64(t, x, b);
    return va > vb || (vb != vb && va == va);
  }
  if (t == ACCEL_U64)
    return ((const uint64_t *)x)[a] > ((const uint64_t *)x)[b];
  return elem_load_i64(t, x, a) > elem_load_i64(t, x, b);
}

typedef struct {
  const accel_tensor *x, *y;
  const accel_pool2d_options *options;
  accel_pool_output output;
} maxpool_typed_args;

static long maxpool_typed_body(const void *args, const void *unused1,
                               const void *unused2, const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  static const char K[] = "accel_maxpool2d_typed";
  maxpool_typed_args a = *(const maxpool_typed_args *)args;
  accel_tensor xc, yc;
  accel_pool2d_options o;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, a.x);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, a.y);
  int have_options = ACCEL_STAGE(2, &o, a.options) != NULL;
  accel_dma_wait_all();
  int values = a.output == ACCEL_POOL_VALUES;
  accel_status s;
  if (a.output != ACCEL_POOL_VALUES && a.output != ACCEL_POOL_INDICES &&
      a.output != ACCEL_POOL_INDICES_COLUMN_MAJOR)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "output",
                              "%d is not an accel_pool_output", (int)a.output);
  if ((s = accel_check_tensor_typed(K, "x", x, MAXPOOL_TYPED_DTYPES, 4, 4,
                                    0)) ||
      (s = accel_check_tensor_typed(K, "y", y,
                                    values ? ACCEL_DTYPE_BIT(x->dtype)
                                           : ACCEL_DTYPE_BIT(ACCEL_I64),
                                    4, 4, 1)))
    return s;
  if (!have_options)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "null options (the kernel size is in them)");
  long H = x->dims[2], W = x->dims[3];
  if ((s = check_axis(K, "height", o.kernel_h, o.stride_h, o.dilation_h,
                      o.pad_top, o.pad_bottom, H)) ||
      (s = check_axis(K, "width", o.kernel_w, o.stride_w, o.dilation_w,
                      o.pad_left, o.pad_right, W)))
    return s;
  long oh = out_size(H, o.kernel_h, o.stride_h, o.dilation_h, o.pad_top,
                     o.pad_bottom, o.ceil_mode);
  long ow = out_size(W, o.kernel_w, o.stride_w, o.dilation_w, o.pad_left,
                     o.pad_right, o.ceil_mode);
  long want[4] = {x->dims[0], x->dims[1], oh, ow};
  for (int d = 0; d < 4; ++d)
    if (y->dims[d] != want[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                                "dims [%ld, %ld, %ld, %ld], expected [%ld, "
                                "%ld, %ld, %ld]",
                                y->dims[0], y->dims[1], y->dims[2], y->dims[3],
                                want[0], want[1], want[2], want[3]);
  if (accel_typed_tensors_overlap(x, y))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y", "overlaps x");
  if (accel_only_checking())
    return ACCEL_OK;
  accel_dtype t = x->dtype;
  unsigned log2 = accel_dtype_log2_bytes(t);
  const char *xd = x->data;
  char *yd = y->data;
  long C = x->dims[1];
  int column_major = a.output == ACCEL_POOL_INDICES_COLUMN_MAJOR;
  for (long n = 0; n < x->dims[0]; ++n)
    for (long c = 0; c < C; ++c) {
      long xp = n * x->strides[0] + c * x->strides[1];
      long yp = n * y->strides[0] + c * y->strides[1];
      for (long i = 0; i < oh; ++i)
        for (long j = 0; j < ow; ++j) {
          long best = -1, bh = 0, bw = 0;
          for (long kh = 0; kh < o.kernel_h; ++kh) {
            long h = i * o.stride_h - o.pad_top + kh * o.dilation_h;
            if (h < 0 || h >= H)
              continue;
            for (long kw = 0; kw < o.kernel_w; ++kw) {
              long w = j * o.stride_w - o.pad_left + kw * o.dilation_w;
              if (w < 0 || w >= W)
                continue;
              long at = xp + h * x->strides[2] + w * x->strides[3];
              if (best < 0 || greater(t, xd, at, best))
                best = at, bh = h, bw = w;
            }
          }
          long yo = yp + i * y->strides[2] + j * y->strides[3];
          if (best < 0) { /* a dilated window between the input's taps */
            if (values)
              elem_store_i64(t, yd, yo, 0); /* zero bits */
            else
              ((int64_t *)yd)[yo] = -1;
          } else if (!values) {
            long plane = (n * C + c) * H * W;
            ((int64_t *)yd)[yo] =
                plane + (column_major ? bh + bw * H : bh * W + bw);
          } else if (log2 == 3) {
            ((uint64_t *)yd)[yo] = ((const uint64_t *)xd)[best];
          } else if (log2 == 2) {
            ((uint32_t *)yd)[yo] = ((const uint32_t *)xd)[best];
          } else if (log2 == 1) {
            ((uint16_t *)yd)[yo] = ((const uint16_t *)xd)[best];
          } else {
            ((uint8_t *)yd)[yo] = ((const uint8_t *)xd)[best];
          }
        }
    }
  return ACCEL_OK;
}

accel_status accel_maxpool2d_typed(const accel_tensor *x, accel_tensor *y,
                                   const accel_pool2d_options *options,
                                   accel_pool_output output) {
  static ACCEL_SPM maxpool_typed_args args;
  args = (maxpool_typed_args){x, y, options, output};
  return (accel_status)accel_on_kernel_stack(maxpool_typed_body, &args, NULL,
                                             NULL, NULL);
}
