/* restrict-qualified parameters: results are correct when the promise holds,
 * and the non-restrict version handles aliasing correctly. */
#include "check.h"

static NOINLINE void add_r(int n, float *restrict out, const float *restrict a, const float *restrict b) {
  for (int i = 0; i < n; i++) out[i] = a[i] + b[i];
}
static NOINLINE void add_alias(int n, float *out, const float *a, const float *b) {
  for (int i = 0; i < n; i++) out[i] = a[i] + b[i];
}
static NOINLINE void saxpy(int n, float alpha, const float *restrict x, float *restrict y) {
  for (int i = 0; i < n; i++) y[i] = alpha * x[i] + y[i];
}
static NOINLINE int update(int *restrict p, int *restrict q) { *p = 1; *q = 2; return *p; }
static NOINLINE int update_alias(int *p, int *q) { *p = 1; *q = 2; return *p; }
static NOINLINE void copy_r(char *restrict dst, const char *restrict src, int n) { while (n--) *dst++ = *src++; }

int main(void) {
  float a[67], b[67], c[67];
  for (int i = 0; i < 67; i++) { a[i] = (float)i; b[i] = 0.5f * (float)i; }
  add_r(67, c, a, b);
  for (int i = 0; i < 67; i++) CHECK(c[i] == 1.5f * (float)i);
  /* aliasing version: out == a, overlapping shift */
  add_alias(66, a + 1, a, b);   /* a[i+1] = a[i] + b[i], sequential dependency */
  float ref = 0.0f;
  for (int i = 0; i < 66; i++) { ref = ref + 0.5f * (float)i; CHECK(a[i + 1] == ref); }
  float y[33];
  for (int i = 0; i < 33; i++) y[i] = 1.0f;
  saxpy(33, OPAQUE(2.0f), b, y);
  for (int i = 0; i < 33; i++) CHECK(y[i] == 1.0f + (float)i);
  int u = 0, v = 0;
  CHECK_EQ(update(&u, &v), 1);
  CHECK_EQ(update_alias(&u, &u), 2);      /* aliasing: second store wins */
  char src[40], dst[40];
  for (int i = 0; i < 40; i++) src[i] = (char)('A' + i % 26);
  copy_r(dst, src, 40);
  CHECK(memcmp(dst, src, 40) == 0);
  CHECK_DONE();
}
