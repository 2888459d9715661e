/* Vectors passed and returned by value (including more vector arguments
 * than registers), inside structs, in arrays, as statics and globals. */
#pragma clang diagnostic ignored "-Wpsabi"
#include <stdint.h>
#include "check.h"

typedef float v16f __attribute__((vector_size(64)));
typedef int32_t v16i __attribute__((vector_size(64)));
typedef float v4f __attribute__((vector_size(16)));

struct withvec { int tag; v16f v; double after; };
static v16f g_vec = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
static v16i g_ivec[2] = {{1}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7}};

static NOINLINE v16f sum10(v16f a, v16f b, v16f c, v16f d, v16f e, v16f f, v16f g, v16f h, v16f i, v16f j) {
  return a + b + c + d + e + f + g + h + i + j;
}
static NOINLINE v16f mixed(int k, v16f a, double s, v4f small, v16i mask, float t) {
  v16f r = a * (float)s + t;
  for (int i = 0; i < 16; i++) if (mask[i]) r[i] += small[i % 4] + (float)k;
  return r;
}
static NOINLINE struct withvec bump(struct withvec w) { w.tag++; w.v += 1.0f; w.after *= 2; return w; }
static NOINLINE v16f pick(const v16f *arr, int i) { return arr[i]; }
static NOINLINE v4f small_ret(v4f a) { return a * a; }

int main(void) {
  v16f one = {0};
  one += 1.0f;
  v16f s = sum10(one, one * 2, one * 3, one * 4, one * 5, one * 6, one * 7, one * 8, one * 9, g_vec);
  for (int i = 0; i < 16; i++) CHECK(s[i] == 45.0f + (float)(i + 1));
  v16i mask = {0};
  for (int i = 0; i < 16; i += 2) mask[i] = -1;
  v4f sm = {0.5f, 1.5f, 2.5f, 3.5f};
  v16f m = mixed(OPAQUE(10), g_vec, 2.0, sm, mask, 0.25f);
  for (int i = 0; i < 16; i++) {
    float ref = (float)(i + 1) * 2.0f + 0.25f;
    if (i % 2 == 0) ref += sm[i % 4] + 10.0f;
    CHECK(m[i] == ref);
  }
  struct withvec w = {5, g_vec, 1.5};
  struct withvec w2 = bump(bump(w));
  CHECK(w2.tag == 7 && w2.after == 6.0 && w2.v[0] == 3.0f && w2.v[15] == 18.0f);
  CHECK(w.tag == 5 && w.v[0] == 1.0f);
  v16f arr[3] = {one, g_vec, one * -1.0f};
  v16f p = pick(arr, OPAQUE(1));
  CHECK(p[7] == 8.0f);
  CHECK(g_ivec[0][0] == 1 && g_ivec[0][1] == 0 && g_ivec[1][15] == 7);
  g_ivec[1] += g_ivec[0];
  CHECK(g_ivec[1][0] == 1 && g_ivec[1][15] == 7);
  v4f sq = small_ret(sm);
  CHECK(sq[1] == 2.25f && sq[3] == 12.25f);
  CHECK(((uintptr_t)&w.v % _Alignof(v16f)) == 0 && sizeof(struct withvec) % _Alignof(v16f) == 0);
  CHECK_DONE();
}
