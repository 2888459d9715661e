/* Q16.16 and Q1.15 fixed-point arithmetic (as used in DSP/ML kernels) with
 * rounding and saturation, checked against double arithmetic. */
#include <stdint.h>
#include <math.h>
#include "check.h"

typedef int32_t q16;
static q16 q_from_d(double d) { return (q16)lround(d * 65536.0); }
static double q_to_d(q16 q) { return q / 65536.0; }
static q16 q_mul(q16 a, q16 b) { return (q16)(((int64_t)a * b + (1 << 15)) >> 16); }
static q16 q_div(q16 a, q16 b) { return (q16)((int64_t)a * 65536 / b); }
static int16_t sat16(int32_t v) { return (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v); }
static int16_t q15_mul(int16_t a, int16_t b) { return sat16(((int32_t)a * b + (1 << 14)) >> 15); }
static int16_t q15_add(int16_t a, int16_t b) { return sat16((int32_t)a + b); }

int main(void) {
  q16 a = q_from_d(OPAQUE(3.25)), b = q_from_d(-1.5);
  CHECK(a == 0x34000 && b == -0x18000);
  CHECK(q_to_d(a + b) == 1.75);
  CHECK(q_to_d(q_mul(a, b)) == -4.875);
  CHECK(q_to_d(q_div(a, b)) == -141994.0 / 65536);       /* trunc(-2.1666.. * 65536) / 65536 */
  for (int i = -50; i <= 50; i++) {
    double x = i * 0.37, y = 1.0 + i * 0.011;
    q16 qx = q_from_d(x), qy = q_from_d(y);
    double dx = q_to_d(qx), dy = q_to_d(qy);                    /* exact values */
    CHECK_ABS(dx, x, 0.5 / 65536);
    CHECK_ABS(q_to_d(q_mul(qx, qy)), dx * dy, 0.5 / 65536);     /* rounded */
    CHECK_ABS(q_to_d(q_div(qx, qy)), dx / dy, 1.0 / 65536);     /* truncated */
  }
  int16_t half = 16384, m = -32768;
  CHECK(q15_mul(half, half) == 8192);
  CHECK(q15_mul(m, m) == 32767);                 /* saturates: 1.0 not representable */
  CHECK(q15_add(30000, 10000) == 32767);
  CHECK(q15_add(-30000, -10000) == -32768);
  CHECK(q15_mul(-16384, 16384) == -8192);
  /* dot product in Q15 with 32-bit accumulation */
  int16_t va[8], vb[8];
  int32_t acc = 0;
  double ref = 0;
  for (int i = 0; i < 8; i++) {
    va[i] = (int16_t)(i * 4000 - 14000);
    vb[i] = (int16_t)(12000 - i * 3000);
    acc += (int32_t)va[i] * vb[i];
    ref += (va[i] / 32768.0) * (vb[i] / 32768.0);
  }
  CHECK_ABS(acc / 1073741824.0, ref, 1e-12);
  CHECK_DONE();
}
