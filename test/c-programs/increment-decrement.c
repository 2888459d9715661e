/* Pre/post increment and decrement on ints, chars, pointers, floats,
 * struct members and array elements through pointers. */
#include <stdint.h>
#include "check.h"

int main(void) {
  int i = OPAQUE(5);
  int a = i++;
  int b = ++i;
  int c = i--;
  int d = --i;
  CHECK(a == 5 && b == 7 && c == 7 && d == 5 && i == 5);
  unsigned char uc = OPAQUE((unsigned char)255);
  uc++;
  CHECK_EQ(uc, 0);
  uc--;
  CHECK_EQ(uc, 255);
  signed char sc = OPAQUE((signed char)-128);
  sc--;                                   /* -129 converted to signed char: 127 */
  CHECK_EQ(sc, 127);
  double x = OPAQUE(0.5);
  x++;
  CHECK(x == 1.5);
  --x; --x;
  CHECK(x == -0.5);
  float f = OPAQUE(16777216.0f);
  f++;                                    /* 2^24 + 1 rounds back */
  CHECK(f == 16777216.0f);
  int arr[5] = {10, 20, 30, 40, 50};
  int *p = arr;
  CHECK(*p++ == 10 && *p == 20);
  CHECK(*++p == 30);
  CHECK(++*p == 31 && arr[2] == 31);
  CHECK((*p)++ == 31 && arr[2] == 32);
  CHECK(*p-- == 32 && *p == 20);
  struct { int n; long l; } s = {0, 0}, *ps = &s;
  ps->n++; ++ps->l; s.n++;
  CHECK(s.n == 2 && s.l == 1);
  /* 64-bit and pointer-width counters */
  uint64_t big = OPAQUE(0xFFFFFFFFull);
  big++;
  CHECK(big == 0x100000000ull);
  int64_t neg = OPAQUE((int64_t)0);
  neg--;
  CHECK(neg == -1);
  char *cp = (char *)arr;
  cp++;
  CHECK(cp - (char *)arr == 1);
  double darr[3];
  double *dp = darr;
  dp++;
  CHECK((char *)dp - (char *)darr == 8);
  /* increment in loop conditions */
  int n = 0, k = 0;
  while (k++ < 10) n++;
  CHECK(n == 10 && k == 11);
  n = 0; k = 0;
  while (++k < 10) n++;
  CHECK(n == 9 && k == 10);
  CHECK_DONE();
}
