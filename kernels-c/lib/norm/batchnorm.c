/* batchnorm.c - batch normalization for inference on the vector unit
   (docs/kernels.md, "Normalization"): y = x a + b per channel over
   lines of x (norm_lines.h). */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "norm/norm_lines.h"
#include <math.h>
#include <stddef.h>

/* y = x * a + b, a and b per channel: one value a line (a plane), or with
   per_element (rank 2: a line is the channels) one per element. */
typedef struct {
  long channels;
  int per_element;
  const float *a, *b;
} affine_context;

static void affine_batch(float *lines, long first, long count, long n,
                         void *context) {
  const affine_context *c = context;
  for (long k = 0; k < count; ++k) {
    float *p = lines + k * padded_length(n);
    long ch = (first + k) % c->channels;
    for (long i = 0; i < n; i += T) {
      accel_v16f a = c->per_element ? accel_vload(c->a + i) : c->a[ch];
      accel_v16f b = c->per_element ? accel_vload(c->b + i) : c->b[ch];
      accel_vstore(p + i, accel_vload(p + i) * a + b);
    }
  }
}

/* A rank-1 tensor of x's channels (dimension 1), staged and checked, into
   dst in the scratchpad (one transfer); the defaults for a null tensor
   when fill is not NaN. */
static accel_status load_channels(const char *name, const accel_tensor *t,
                                  long channels, float *dst, float fill) {
  static const char K[] = "accel_batchnorm";
  if (!t) {
    if (isnan(fill))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name, "null descriptor");
    for (long c = 0; c < channels; ++c)
      dst[c] = fill;
    return ACCEL_OK;
  }
  accel_status s = accel_check_tensor(K, name, t, 1, 1, 0);
  if (s)
    return s;
  if (t->dims[0] != channels)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                              "%ld elements, x has %ld channels (dimension "
                              "1)",
                              t->dims[0], channels);
  accel_copy_matrix(0, dst, 1, 1, t->data, t->strides[0], 1, channels, 1);
  accel_dma_wait_on(0);
  return ACCEL_OK;
}

static long batchnorm(const void *px, const void *py, const void *po,
                      const void *unused) {
  static const char K[] = "accel_batchnorm";
  (void)unused;
  accel_tensor xc, yc, mean, var, scale, shift;
  accel_batchnorm_options o;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)px);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)py);
  if (!ACCEL_STAGE(2, &o, (const accel_batchnorm_options *)po))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "null options (the statistics are in them)");
  accel_dma_wait_all();
  o.mean = ACCEL_STAGE_READ(0, &mean, o.mean);
  o.var = ACCEL_STAGE_READ(1, &var, o.var);
  o.scale = ACCEL_STAGE_READ(2, &scale, o.scale);
  o.shift = ACCEL_STAGE_READ(3, &shift, o.shift);
  accel_dma_wait_all();
  accel_status s;
  if (accel_checking() && (s = norm_check_pair(K, x, y)))
    return s;
  if (x->rank < 2)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "x",
                              "rank %d, expected 2 to 6 ([N, C, ...])",
                              x->rank);
  if (!(o.epsilon >= 0.0f))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "epsilon %g is not a non-negative number",
                              (double)o.epsilon);
  long channels = x->dims[1];
  if (channels > LinesParamFloats)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "%ld channels; at most %d", channels,
                              (int)LinesParamFloats);
  /* Per-element lines (rank 2: the channels) or per-plane lines. */
  int per_element = x->rank == 2;
  lines_view lx, ly;
  if ((s = norm_line_views(K, x, y, per_element ? 1 : 2, x->rank - 1,
                           LinesBufferFloats, &lx, &ly)))
    return s;
  /* The statistics into the first batch buffer, then the affine form
     y = x a + b: a = scale / sqrt(var + eps), b = shift - mean a. */
  float *stats = LINES_SPM->batch[0];
  float *m = stats, *v = stats + channels, *g = stats + 2 * channels,
        *h = stats + 3 * channels;
  if ((s = load_channels("mean", o.mean, channels, m, NAN)) ||
      (s = load_channels("var", o.var, channels, v, NAN)) ||
      (s = load_channels("scale", o.scale, channels, g, 1.0f)) ||
      (s = load_channels("shift", o.shift, channels, h, 0.0f)) ||
      accel_only_checking())
    return s;
  float *a = LINES_SPM->params[0], *b = LINES_SPM->params[1];
  for (long c = 0; c < channels; ++c) {
    a[c] = g[c] / sqrtf(v[c] + o.epsilon);
    b[c] = h[c] - m[c] * a[c];
  }
  affine_context c = {channels, per_element, a, b};
  if (lx.n)
    for_each_line_batch(&lx, &ly, affine_batch, &c, LinesComputeBound);
  return ACCEL_OK;
}

accel_status accel_batchnorm(const accel_tensor *x, accel_tensor *y,
                             const accel_batchnorm_options *options) {
  return (accel_status)accel_on_kernel_stack(batchnorm, x, y, options, NULL);
}
