/* 16 x float vectors (vector_size(64)): lane-wise arithmetic, splats,
 * comparisons, element access, checked lane by lane against scalar code. */
#pragma clang diagnostic ignored "-Wpsabi"
#include <stdint.h>
#include "check.h"

typedef float v16f __attribute__((vector_size(64)));
typedef int32_t v16i __attribute__((vector_size(64)));

static NOINLINE v16f fma_like(v16f a, v16f b, v16f c) { return a * b + c; }
static NOINLINE v16f divide(v16f a, v16f b) { return a / b; }

int main(void) {
  v16f a, b;
  float sa[16], sb[16];
  for (int i = 0; i < 16; i++) {
    sa[i] = (float)(i + 1) * OPAQUE(0.5f);
    sb[i] = (float)(16 - i) - OPAQUE(3.0f);
  }
  memcpy(&a, sa, sizeof a);
  memcpy(&b, sb, sizeof b);
  v16f s = a + b, d = a - b, p = a * b, q = divide(a, b), n = -a;
  for (int i = 0; i < 16; i++) {
    CHECK(s[i] == sa[i] + sb[i]);
    CHECK(d[i] == sa[i] - sb[i]);
    CHECK(p[i] == sa[i] * sb[i]);
    CHECK(q[i] == sa[i] / sb[i]);      /* includes x/0 for lane 13 */
    CHECK(n[i] == -sa[i]);
  }
  CHECK(q[13] == (float)__builtin_inff());   /* 7 / 0 */
  /* splat operands */
  v16f t = a * 2.0f + 1.0f;
  for (int i = 0; i < 16; i++) CHECK(t[i] == sa[i] * 2.0f + 1.0f);
  v16f r = fma_like(a, a, b);
  for (int i = 0; i < 16; i++) CHECK(r[i] == sa[i] * sa[i] + sb[i]);
  /* comparisons produce 0 / -1 lanes */
  v16f acopy = a;
  v16i lt = a < b, ge = a >= b, eq = a == acopy;
  for (int i = 0; i < 16; i++) {
    CHECK(lt[i] == (sa[i] < sb[i] ? -1 : 0));
    CHECK(ge[i] == (sa[i] >= sb[i] ? -1 : 0));
    CHECK(eq[i] == -1);
  }
  /* select via masks: max(a, b) */
  v16i ai, bi;
  memcpy(&ai, &a, sizeof ai);
  memcpy(&bi, &b, sizeof bi);
  v16i mi = (lt & bi) | (~lt & ai);
  v16f mx;
  memcpy(&mx, &mi, sizeof mx);
  for (int i = 0; i < 16; i++) CHECK(mx[i] == (sa[i] > sb[i] ? sa[i] : sb[i]));
  /* element insert/extract with variable index */
  v16f z = {0};
  for (int i = 0; i < 16; i++) z[OPAQUE(i)] = (float)(i * i);
  float sum = 0;
  for (int i = 0; i < 16; i++) sum += z[i];
  CHECK(sum == 1240.0f);
  /* ReLU over an array of 4 vectors */
  v16f data[4];
  for (int k = 0; k < 4; k++) for (int i = 0; i < 16; i++) data[k][i] = (float)(k * 16 + i) - 30.0f;
  v16f zero = {0};
  for (int k = 0; k < 4; k++) {
    v16i pos = data[k] > zero;
    v16i bits;
    memcpy(&bits, &data[k], sizeof bits);
    bits &= pos;
    memcpy(&data[k], &bits, sizeof bits);
  }
  float total = 0;
  for (int k = 0; k < 4; k++) for (int i = 0; i < 16; i++) total += data[k][i];
  CHECK(total == 561.0f);                    /* sum of 1..33 */
  CHECK(sizeof(v16f) == 64);
  CHECK(((uintptr_t)&data[1] % _Alignof(v16f)) == 0);
  CHECK_DONE();
}
