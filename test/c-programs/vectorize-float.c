/* Floating-point loops the loop vectorizer turns into 16-lane code at -O2,
 * each checked against the same loop with vectorization disabled: lane
 * arithmetic (a * b + c contracts to vfma.f32 in both), operations the
 * vector unit lacks (division, square root, floor, f64 lanes), compares with
 * NaNs, and conversions. Results must agree bit for bit; two NaNs agree
 * whatever their payloads, which C leaves open. */
#include "vectorize.h"
#include <math.h>
#include <stdint.h>

#define MAXN 300
static float x[MAXN], y[MAXN], out[MAXN], want[MAXN];
static double d[MAXN], dout[MAXN], dwant[MAXN];
static int32_t iout[MAXN], iwant[MAXN], ints[MAXN];
static uint32_t uints[MAXN];

KERNEL(arith, (int n, const float *restrict p, const float *restrict q,
               float *restrict z),
       z[i] = p[i] * q[i] + (p[i] - q[i]) * 0.5f)
KERNEL(divide, (int n, const float *restrict p, const float *restrict q,
                float *restrict z),
       z[i] = p[i] / q[i])
KERNEL(roots, (int n, const float *restrict p, float *restrict z),
       z[i] = sqrtf(fabsf(p[i])) + floorf(p[i]))
KERNEL(signs, (int n, const float *restrict p, const float *restrict q,
               float *restrict z),
       z[i] = -copysignf(p[i], q[i]))
KERNEL(minmax, (int n, const float *restrict p, const float *restrict q,
                float *restrict z),
       z[i] = fminf(p[i], q[i]) + fmaxf(p[i], 1.0f))
KERNEL(relu, (int n, const float *restrict p, float *restrict z),
       z[i] = p[i] > 0 ? p[i] : 0)
KERNEL(nan_compares, (int n, const float *restrict p, const float *restrict q,
                      int32_t *restrict z),
       z[i] = (p[i] < q[i]) + 2 * (p[i] == q[i]) + 4 * (p[i] != q[i]) +
              8 * (p[i] >= q[i]) + 16 * (p[i] != p[i]))
KERNEL(to_int, (int n, const float *restrict p, int32_t *restrict z),
       z[i] = (int32_t)(p[i] * 100.0f))
KERNEL(from_int, (int n, const int32_t *restrict p, float *restrict z),
       z[i] = (float)p[i] * 0.25f)
KERNEL(from_unsigned, (int n, const uint32_t *restrict p, float *restrict z),
       z[i] = (float)p[i])
KERNEL(doubles, (int n, const double *restrict p, double *restrict z),
       z[i] = p[i] * p[i] - 3.0 * p[i] + 1.0)
KERNEL(widen, (int n, const float *restrict p, double *restrict z),
       z[i] = (double)p[i] / 3.0)

static void fill(void) {
  for (int i = 0; i < MAXN; ++i) {
    x[i] = (float)((i * 37) % 113 - 56) / 7.0f;
    y[i] = (float)((i * 11) % 29 - 14) / 3.0f;
    d[i] = (double)x[i] * 1.0000001;
    ints[i] = (i * 2654435761u) >> 5;
    uints[i] = i * 2654435761u;
  }
  /* Special values where the loops reach them. */
  x[3] = NAN;
  y[5] = NAN;
  x[20] = INFINITY;
  y[21] = -INFINITY;
  x[22] = -0.0f;
  y[40] = 0.0f;
  x[41] = 1e-40f; /* subnormal */
  /* x[42] on stays finite (to_int, widen). */
}

/* Bit for bit, except that any two NaNs agree. */
static void same_floats(const float *got, const float *expected, int n,
                        int line) {
  for (int i = 0; i < n; ++i) {
    uint32_t g, e;
    memcpy(&g, &got[i], 4);
    memcpy(&e, &expected[i], 4);
    if (g != e && !(isnan(got[i]) && isnan(expected[i]))) {
      printf("FAIL line %d: n=%d lane %d: %a vs %a\n", line, n, i,
             (double)got[i], (double)expected[i]);
      failures++;
      return;
    }
  }
}

#define CHECK_FLOATS(call, call_ref, n)                                       \
  do {                                                                        \
    memset(out, 0xa5, sizeof(out));                                           \
    memset(want, 0xa5, sizeof(want));                                         \
    call;                                                                     \
    call_ref;                                                                 \
    same_floats(out, want, n, __LINE__);                                      \
  } while (0)

int main(void) {
  static const int counts[] = {0, 1, 15, 16, 17, 64, 65, 150};
  fill();
  for (unsigned k = 0; k < sizeof counts / sizeof counts[0]; ++k) {
    int n = OPAQUE(counts[k]);
    CHECK_FLOATS(arith(n, x, y, out), arith_ref(n, x, y, want), n);
    CHECK_FLOATS(divide(n, x, y, out), divide_ref(n, x, y, want), n);
    CHECK_FLOATS(roots(n, x, out), roots_ref(n, x, want), n);
    CHECK_FLOATS(signs(n, x, y, out), signs_ref(n, x, y, want), n);
    CHECK_FLOATS(minmax(n, x, y, out), minmax_ref(n, x, y, want), n);
    CHECK_FLOATS(relu(n, x, out), relu_ref(n, x, want), n);
    CHECK_FLOATS(from_int(n, ints, out), from_int_ref(n, ints, want), n);
    CHECK_FLOATS(from_unsigned(n, uints, out),
                 from_unsigned_ref(n, uints, want), n);
    CHECK_KERNEL(nan_compares(n, x, y, iout), nan_compares_ref(n, x, y, iwant),
                 iout, iwant, n);
    /* Past the special values: a NaN or infinity has no int32_t value. */
    CHECK_KERNEL(to_int(n, x + 42, iout), to_int_ref(n, x + 42, iwant), iout,
                 iwant, n);
    CHECK_KERNEL(doubles(n, d, dout), doubles_ref(n, d, dwant), dout, dwant,
                 n);
    CHECK_KERNEL(widen(n, x + 42, dout), widen_ref(n, x + 42, dwant), dout,
                 dwant, n);
  }
  /* Spot checks worked out by hand. */
  relu(3, (const float[]){-1.0f, 2.5f, -0.0f}, out);
  CHECK(out[0] == 0 && out[1] == 2.5f && out[2] == 0);
  nan_compares(1, (const float[]){NAN}, (const float[]){1.0f}, iout);
  CHECK_EQ(iout[0], 4 + 16);
  CHECK_DONE();
}
