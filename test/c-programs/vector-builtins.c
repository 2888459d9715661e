/* Clang element-wise and reduction builtins on 16-lane vectors, checked
 * against scalar loops. */
#pragma clang diagnostic ignored "-Wpsabi"
#include <stdint.h>
#include "check.h"

typedef float v16f __attribute__((vector_size(64)));
typedef int32_t v16i __attribute__((vector_size(64)));
typedef uint32_t v16u __attribute__((vector_size(64)));

int main(void) {
  v16i a;
  v16f f, g;
  for (int i = 0; i < 16; i++) {
    a[i] = (i * 7919) % 23 - 11 + OPAQUE(0);
    f[i] = (float)(i - 7) * 0.5f;
    g[i] = (float)((i * 5) % 16) - 8.0f;
  }
  int32_t rsum = 0, rmax = INT32_MIN, rmin = INT32_MAX, rand_ = -1, ror = 0, rxor = 0;
  for (int i = 0; i < 16; i++) {
    rsum += a[i];
    rmax = a[i] > rmax ? a[i] : rmax;
    rmin = a[i] < rmin ? a[i] : rmin;
    rand_ &= a[i]; ror |= a[i]; rxor ^= a[i];
  }
  CHECK_EQ(__builtin_reduce_add(a), rsum);
  CHECK_EQ(__builtin_reduce_max(a), rmax);
  CHECK_EQ(__builtin_reduce_min(a), rmin);
  CHECK_EQ(__builtin_reduce_and(a), rand_);
  CHECK_EQ(__builtin_reduce_or(a), ror);
  CHECK_EQ(__builtin_reduce_xor(a), rxor);
  v16u ua = (v16u)a;
  uint32_t umax = 0;
  for (int i = 0; i < 16; i++) umax = ua[i] > umax ? ua[i] : umax;
  CHECK(__builtin_reduce_max(ua) == umax);
  v16i ab = __builtin_elementwise_abs(a);
  v16f mx = __builtin_elementwise_max(f, g), mn = __builtin_elementwise_min(f, g);
  v16f fa = __builtin_elementwise_abs(g);
  v16f fl = __builtin_elementwise_floor(f), ce = __builtin_elementwise_ceil(f);
  v16i imx = __builtin_elementwise_max(a, (v16i){0});
  for (int i = 0; i < 16; i++) {
    CHECK(ab[i] == (a[i] < 0 ? -a[i] : a[i]));
    CHECK(mx[i] == (f[i] > g[i] ? f[i] : g[i]));
    CHECK(mn[i] == (f[i] < g[i] ? f[i] : g[i]));
    CHECK(fa[i] == (g[i] < 0 ? -g[i] : g[i]));
    CHECK(imx[i] == (a[i] > 0 ? a[i] : 0));
    float fv = f[i];
    float fl_ref = (float)(int)fv;
    if (fl_ref > fv) fl_ref -= 1.0f;
    CHECK(fl[i] == fl_ref);
    CHECK(ce[i] == (fl_ref == fv ? fv : fl_ref + 1.0f));
  }
  float fmaxr = __builtin_reduce_max(f);
  CHECK(fmaxr == 4.0f);
  CHECK_DONE();
}
