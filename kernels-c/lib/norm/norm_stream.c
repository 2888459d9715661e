/* norm_stream.c - layer and RMS normalization of lines in the scratchpad
   on the stream engine (norm_stream.h), for accel_layernorm and
   accel_rmsnorm (layernorm.c) and the kernels that make their lines
   themselves (gemm_norm.c). */

#include "norm/norm_stream.h"
#include "norm/norm_lines.h"
#include <stddef.h>

/* (x - mean) / sqrt(var + eps), or x / sqrt(mean(x^2) + eps), then the
   scale and shift: the mean and variance (or the sum of squares) in one
   pass, 1 / sqrt(var + eps) per line, then (x - mean) * r and the scale
   and shift, a pass each. */
void norm_stream_from(float *p, const float *src, long lines, long n, long np,
                      const norm_context *c) {
  /* (v - bias) * scale on the block of per-line values: var + eps, or
     (sum of squares + n eps) / n. */
  static ACCEL_SPM float eps_params[2];
  float *a = STREAM_PARAMS(0), *r = a + lines;
  if (!c->rms) {
    eps_params[0] = -c->epsilon, eps_params[1] = 1.0f;
    lines_block(lines, n, np);
    accel_vs_moments(a, src); /* a: bias the mean, scale the variance */
  } else {
    float *ones = STREAM_PARAMS(1);
    fill(ones, lines, 0.0f);
    fill(ones + lines, lines, 1.0f);
    fill(a, lines, 0.0f);
    eps_params[0] = -(float)n * c->epsilon, eps_params[1] = 1.0f / (float)n;
    lines_block(lines, n, np);
    accel_vs_act_square(NULL, src, ones, r); /* r: the sums of squares */
  }
  accel_vs_shape(1, lines);
  accel_vs_act_rsqrt(r, r, eps_params, NULL);
  lines_block(lines, n, np);
  accel_vs_act_none(p, src, a, NULL);
  if (c->scale && c->shift) {
    accel_vs_fma(p, p, c->scale, c->shift);
  } else if (c->scale) { /* the scale row for every line */
    accel_vs_stride(np, np, 0);
    accel_vs_mul(p, p, c->scale);
  }
}

void norm_stream_params(norm_context *c, int has_scale, int has_shift, long n) {
  c->scale = c->shift = NULL;
  if (!has_scale && !has_shift)
    return;
  c->scale = LINES_SPM->params[0];
  if (!has_shift) /* a product, not the affine map: nothing to fill */
    return;
  /* The engine's affine map takes both: 1s for no scale, in the
     parameter buffer it leaves free. */
  if (!has_scale)
    fill(LINES_SPM->params[0], n, 1.0f);
  c->shift = LINES_SPM->params[1];
}
