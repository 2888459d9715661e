/* Float activation functions used in ML kernels (sigmoid, softmax, GELU,
 * softplus), built on expf/logf/tanhf and checked against double versions
 * and mathematical identities. */
#include <math.h>
#include "check.h"

static float sigmoidf(float x) { return 1.0f / (1.0f + expf(-x)); }
static float gelu_tanh(float x) {
  const float c = 0.7978845608f; /* sqrt(2/pi) */
  return 0.5f * x * (1.0f + tanhf(c * (x + 0.044715f * x * x * x)));
}
static double gelu_tanh_d(double x) {
  const double c = 0.7978845608028654;
  return 0.5 * x * (1.0 + tanh(c * (x + 0.044715 * x * x * x)));
}

int main(void) {
  CHECK(sigmoidf(OPAQUE(0.0f)) == 0.5f);
  CHECK_REL(sigmoidf(OPAQUE(2.0f)), 0.8807970779778823, 1e-6);
  for (int i = -40; i <= 40; i++) {
    float x = i * 0.25f;
    float s = sigmoidf(x);
    CHECK_REL(s, 1.0 / (1.0 + exp(-(double)x)), 2e-6);
    CHECK_ABS(s + sigmoidf(-x), 1.0, 2e-7);
    /* tanh(x) = 2*sigmoid(2x) - 1 */
    CHECK_ABS(tanhf(x), 2.0f * sigmoidf(2.0f * x) - 1.0f, 1e-6);
    CHECK_ABS(gelu_tanh(x), gelu_tanh_d(x), 1e-5);
    /* softplus = log(1 + e^x), softplus(x) - softplus(-x) = x */
    if (x > -8 && x < 8) {
      float sp = logf(1.0f + expf(x)), spn = logf(1.0f + expf(-x));
      CHECK_ABS(sp - spn, x, 2e-6 * (1 + fabsf(x)));
    }
  }
  /* numerically stable softmax of 16 values sums to 1 and preserves order */
  float v[16], out[16];
  for (int i = 0; i < 16; i++) v[i] = (float)((i * 7) % 16) * 0.5f - 3.0f;
  float mx = v[0];
  for (int i = 1; i < 16; i++) if (v[i] > mx) mx = v[i];
  float sum = 0.0f;
  for (int i = 0; i < 16; i++) { out[i] = expf(v[i] - mx); sum += out[i]; }
  for (int i = 0; i < 16; i++) out[i] /= sum;
  double total = 0;
  for (int i = 0; i < 16; i++) total += out[i];
  CHECK_ABS(total, 1.0, 1e-6);
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++)
      if (v[i] < v[j]) CHECK(out[i] < out[j]);
  /* ratio of two softmax entries equals exp of the difference */
  CHECK_REL(out[1] / out[0], exp((double)v[1] - v[0]), 1e-5);
  /* log-sum-exp */
  double lse = log((double)sum) + mx;
  double lse_ref = 0;
  for (int i = 0; i < 16; i++) lse_ref += exp((double)v[i]);
  CHECK_REL(lse, log(lse_ref), 1e-6);
  CHECK_DONE();
}
