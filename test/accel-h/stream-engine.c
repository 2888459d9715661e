/* The stream engine through accel.h (isa.md 7.13): a softmax of 5 rows of
 * 37 in the scratchpad (vs.redmax, vs.act.exp with the row sums, vs.act.rcp
 * on the sums, vs.act.none), a layer norm with gamma and beta (vs.moments,
 * vs.act.rsqrt on the variances, vs.act.none, vs.fma) and an element-wise
 * add and max, against plain C in double precision: the engine rounds once
 * from double, so each result is within a few f32 ulps of the reference. */
#include <accel.h>

#include "../c-programs/check.h"
#include <math.h>

enum { Rows = 5, Len = 37 };

ACCEL_SPM static float x[Rows * Len], y[Rows * Len], z[Rows * Len];
ACCEL_SPM static float a[2 * Rows], b[2 * Rows], sums[Rows];
ACCEL_SPM static float gamma_[Len], beta_[Len];
ACCEL_SPM static float identity[2], eps_params[2];

static float input(int i) { return 3.0f * sinf(0.7f * (float)i) + (float)(i % 5); }

int main(void) {
  for (int i = 0; i < Rows * Len; ++i)
    x[i] = y[i] = input(i);
  identity[0] = 0.0f, identity[1] = 1.0f; /* (t - 0) * 1 */

  /* softmax(y) row by row */
  for (int r = 0; r < Rows; ++r)
    a[Rows + r] = 1.0f, b[r] = 0.0f;
  accel_vs_shape(Rows, Len);
  accel_vs_redmax(a, y);
  accel_vs_act_exp(y, y, a, sums);
  accel_vs_shape(1, Rows);
  accel_vs_act_rcp(b + Rows, sums, identity, (float *)0);
  accel_vs_shape(Rows, Len);
  accel_vs_act_none(y, y, b, (float *)0);
  for (int r = 0; r < Rows; ++r) {
    double m = -INFINITY, s = 0;
    for (int i = 0; i < Len; ++i)
      m = fmax(m, x[r * Len + i]);
    for (int i = 0; i < Len; ++i)
      s += exp(x[r * Len + i] - m);
    for (int i = 0; i < Len; ++i)
      CHECK_REL(y[r * Len + i], exp(x[r * Len + i] - m) / s, 0x1p-21);
  }

  /* layernorm(x) * gamma + beta */
  for (int i = 0; i < Len; ++i)
    gamma_[i] = 0.5f + (float)i / 16.0f, beta_[i] = (float)i / 8.0f - 1.0f;
  eps_params[0] = -1e-5f, eps_params[1] = 1.0f;
  accel_vs_moments(a, x);
  accel_vs_shape(1, Rows);
  accel_vs_act_rsqrt(a + Rows, a + Rows, eps_params, (float *)0);
  accel_vs_shape(Rows, Len);
  accel_vs_act_none(z, x, a, (float *)0);
  accel_vs_fma(z, z, gamma_, beta_);
  for (int r = 0; r < Rows; ++r) {
    double mean = 0, var = 0;
    for (int i = 0; i < Len; ++i)
      mean += x[r * Len + i];
    mean /= Len;
    for (int i = 0; i < Len; ++i)
      var += (x[r * Len + i] - mean) * (x[r * Len + i] - mean);
    double rstd = 1.0 / sqrt(var / Len + 1e-5);
    for (int i = 0; i < Len; ++i)
      CHECK_ABS(z[r * Len + i],
                (x[r * Len + i] - mean) * rstd * gamma_[i] + beta_[i], 1e-5);
  }

  /* element-wise: z = x + y, then z = max(z, x) */
  accel_vs_add(z, x, y);
  accel_vs_max(z, z, x);
  for (int i = 0; i < Rows * Len; ++i) {
    float sum = x[i] + y[i];
    CHECK(z[i] == (sum > x[i] ? sum : x[i]));
  }
  return failures != 0;
}
