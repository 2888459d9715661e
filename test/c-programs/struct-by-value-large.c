/* Large structs passed and returned by value (memory ABI): the callee
 * works on a copy; returns go through a hidden pointer. */
#include <stdint.h>
#include "check.h"

struct Big { int64_t v[16]; char tag[9]; };
struct Mat { double m[4][4]; };

static NOINLINE struct Big make(int64_t base) {
  struct Big b;
  for (int i = 0; i < 16; i++) b.v[i] = base + i;
  memcpy(b.tag, "bigstruc", 9);
  return b;
}
static NOINLINE int64_t sum(struct Big b) {
  int64_t s = 0;
  for (int i = 0; i < 16; i++) s += b.v[i];
  b.v[0] = -1;                 /* modifies the copy only */
  return s;
}
static NOINLINE struct Big twice(struct Big b) {
  for (int i = 0; i < 16; i++) b.v[i] *= 2;
  b.tag[0] = 'B';
  return b;
}
static NOINLINE struct Mat matmul(struct Mat a, struct Mat b) {
  struct Mat r;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++) {
      double s = 0;
      for (int k = 0; k < 4; k++) s += a.m[i][k] * b.m[k][j];
      r.m[i][j] = s;
    }
  return r;
}
/* struct argument after many scalar ones (goes to the stack) */
static NOINLINE int64_t late(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j, struct Big big, int k) {
  return a + b + c + d + e + f + g + h + i + j + big.v[15] + k;
}

int main(void) {
  struct Big b = make(OPAQUE(100));
  CHECK(b.v[0] == 100 && b.v[15] == 115);
  CHECK_STR(b.tag, "bigstruc");
  CHECK_EQ(sum(b), 16 * 100 + 120);
  CHECK(b.v[0] == 100);          /* unchanged by callee */
  struct Big t = twice(twice(b));
  CHECK(t.v[3] == 4 * 103 && t.tag[0] == 'B' && t.tag[1] == 'i');
  CHECK(b.v[3] == 103 && b.tag[0] == 'b');
  /* assign result into the same variable used as argument */
  b = twice(b);
  CHECK(b.v[15] == 230);
  CHECK_EQ(late(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, b, 11), 55 + 230 + 11);

  struct Mat a, id;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++) {
      a.m[i][j] = i * 4 + j;
      id.m[i][j] = i == j;
    }
  struct Mat r = matmul(a, id);
  CHECK(memcmp(&r, &a, sizeof r) == 0);
  struct Mat sq = matmul(a, a);
  /* (A^2)[i][j] = sum_k (4i+k)(4k+j) = 16i*6/4... computed explicitly: */
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++) {
      int ref = 0;
      for (int k = 0; k < 4; k++) ref += (4 * i + k) * (4 * k + j);
      CHECK(sq.m[i][j] == ref);
    }
  CHECK(sq.m[0][0] == 56 && sq.m[3][3] == 506);
  CHECK_DONE();
}
