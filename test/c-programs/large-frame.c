/* Functions with large stack frames (offsets beyond small immediates),
 * many live locals and calls in between. */
#include <stdint.h>
#include "check.h"

static NOINLINE int64_t frame16k(int seed) {
  volatile int64_t big[2048];               /* 16 KiB */
  for (int i = 0; i < 2048; i++) big[i] = seed ^ i;
  int64_t s = 0;
  for (int i = 0; i < 2048; i += 64) s += big[i];
  return s + big[2047] + big[0];
}
static NOINLINE int callee(int a, int b) { return a * 31 + b; }
static NOINLINE int64_t frame_with_calls(int n) {
  char pad1[5000];
  int64_t x = n;
  char pad2[3000];
  memset(pad1, 1, sizeof pad1);
  memset(pad2, 2, sizeof pad2);
  for (int i = 0; i < 100; i++) x += callee((int)x & 0xFF, pad1[i * 49] + pad2[i * 29]);
  return x + pad1[4999] + pad2[2999];
}
static NOINLINE double many_locals(double s) {
  double a = s + 1, b = s + 2, c = s + 3, d = s + 4, e = s + 5, f = s + 6, g = s + 7, h = s + 8;
  double i = s + 9, j = s + 10, k = s + 11, l = s + 12, m = s + 13, n = s + 14, o = s + 15, p = s + 16;
  double q = s + 17, r = s + 18, t = s + 19, u = s + 20, v = s + 21, w = s + 22, x = s + 23, y = s + 24;
  for (int it = 0; it < 10; it++) {
    a += b; b += c; c += d; d += e; e += f; f += g; g += h; h += i; i += j; j += k; k += l; l += m;
    m += n; n += o; o += p; p += q; q += r; r += t; t += u; u += v; v += w; w += x; x += y; y += a;
  }
  return a + b + c + d + e + f + g + h + i + j + k + l + m + n + o + p + q + r + t + u + v + w + x + y;
}

int main(void) {
  int64_t ref = 0;
  for (int i = 0; i < 2048; i += 64) ref += 5 ^ i;
  CHECK_EQ(frame16k(OPAQUE(5)), ref + (5 ^ 2047) + 5);
  int64_t x = 3;
  for (int i = 0; i < 100; i++) x += ((int)x & 0xFF) * 31 + 3;
  CHECK_EQ(frame_with_calls(OPAQUE(3)), x + 3);
  /* reference for many_locals computed with an array */
  double v[24], s = 0.5;
  for (int i = 0; i < 24; i++) v[i] = s + i + 1;
  for (int it = 0; it < 10; it++) {
    for (int i = 0; i < 23; i++) v[i] += v[i + 1];
    v[23] += v[0];
  }
  double sum = 0;
  for (int i = 0; i < 24; i++) sum += v[i];
  CHECK(many_locals(OPAQUE(0.5)) == sum);
  CHECK_DONE();
}
