/* 16 x int32 and 16 x uint32 vectors: arithmetic, division, bitwise ops,
 * shifts (arithmetic vs logical), comparisons, lane by lane. */
#pragma clang diagnostic ignored "-Wpsabi"
#include <stdint.h>
#include "check.h"

typedef int32_t v16i __attribute__((vector_size(64)));
typedef uint32_t v16u __attribute__((vector_size(64)));

static NOINLINE v16i vdiv(v16i a, v16i b) { return a / b; }
static NOINLINE v16i vmod(v16i a, v16i b) { return a % b; }
static NOINLINE v16i vshl(v16i a, v16i n) { return a << n; }
static NOINLINE v16i vsar(v16i a, v16i n) { return a >> n; }
static NOINLINE v16u vshr(v16u a, v16u n) { return a >> n; }

int main(void) {
  int32_t xa[16], xb[16];
  for (int i = 0; i < 16; i++) {
    xa[i] = (i - 8) * 1000003 + OPAQUE(7);
    xb[i] = (i % 5) - 2;
    if (xb[i] == 0) xb[i] = 3;
  }
  v16i a, b;
  memcpy(&a, xa, 64);
  memcpy(&b, xb, 64);
  v16i s = a + b, d = a - b, p = a * b, q = vdiv(a, b), m = vmod(a, b);
  v16i an = a & b, o = a | b, x = a ^ b, nt = ~a, ng = -a;
  for (int i = 0; i < 16; i++) {
    CHECK(s[i] == xa[i] + xb[i]);
    CHECK(d[i] == xa[i] - xb[i]);
    CHECK(p[i] == xa[i] * xb[i]);
    CHECK(q[i] == xa[i] / xb[i]);
    CHECK(m[i] == xa[i] % xb[i]);
    CHECK(an[i] == (xa[i] & xb[i]) && o[i] == (xa[i] | xb[i]) && x[i] == (xa[i] ^ xb[i]));
    CHECK(nt[i] == ~xa[i] && ng[i] == -xa[i]);
  }
  v16i cnt;
  for (int i = 0; i < 16; i++) cnt[i] = i * 2;     /* 0..30 */
  v16i sh = vshl(a, cnt), sr = vsar(a, cnt);
  v16u ua;
  memcpy(&ua, &a, 64);
  v16u ucnt;
  memcpy(&ucnt, &cnt, 64);
  v16u ur = vshr(ua, ucnt);
  for (int i = 0; i < 16; i++) {
    CHECK((uint32_t)sh[i] == (uint32_t)xa[i] << (i * 2));
    CHECK(sr[i] == xa[i] >> (i * 2));
    CHECK(ur[i] == (uint32_t)xa[i] >> (i * 2));
  }
  v16i byscalar = a >> 3;
  v16u ubys = ua >> 3;
  for (int i = 0; i < 16; i++) { CHECK(byscalar[i] == xa[i] >> 3); CHECK(ubys[i] == (uint32_t)xa[i] >> 3); }
  v16i acopy = a;
  v16i lt = a < b, eq = a == acopy, ne = a != acopy;
  for (int i = 0; i < 16; i++) CHECK(lt[i] == -(xa[i] < xb[i]) && eq[i] == -1 && ne[i] == 0);
  /* unsigned comparison differs from signed for negative lanes */
  v16u zero = {0};
  v16i ugt = (v16i)(ua > zero);
  v16i sgt = a > (v16i){0};
  for (int i = 0; i < 16; i++) {
    CHECK(ugt[i] == -(xa[i] != 0));
    CHECK(sgt[i] == -(xa[i] > 0));
  }
  /* wrap-around is modular in vector lanes (unsigned) */
  v16u big = ua * ua + 0xFFFFFFFFu;
  for (int i = 0; i < 16; i++) CHECK(big[i] == (uint32_t)xa[i] * (uint32_t)xa[i] - 1u);
  /* horizontal sum by halving with shuffles */
  v16i h = a;
  int32_t ref = 0;
  for (int i = 0; i < 16; i++) ref += xa[i];
  v16i t1 = __builtin_shufflevector(h, h, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
  h += t1;
  v16i t2 = __builtin_shufflevector(h, h, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11);
  h += t2;
  v16i t3 = __builtin_shufflevector(h, h, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
  h += t3;
  v16i t4 = __builtin_shufflevector(h, h, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
  h += t4;
  for (int i = 0; i < 16; i++) CHECK(h[i] == ref);
  CHECK_DONE();
}
