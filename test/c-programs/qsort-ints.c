/* qsort on int, long, double and char arrays, checked for sortedness and
 * permutation (element histogram unchanged). */
#include <stdlib.h>
#include <stdint.h>
#include "check.h"

static int cmp_int(const void *a, const void *b) { int x = *(const int *)a, y = *(const int *)b; return (x > y) - (x < y); }
static int cmp_int_desc(const void *a, const void *b) { return cmp_int(b, a); }
static int cmp_long(const void *a, const void *b) { long x = *(const long *)a, y = *(const long *)b; return (x > y) - (x < y); }
static int cmp_dbl(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
static int cmp_uc(const void *a, const void *b) { return *(const unsigned char *)a - *(const unsigned char *)b; }

static uint32_t rng = 2463534242u;
static uint32_t next(void) { rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5; return rng; }

int main(void) {
  enum { N = 500 };
  static int a[N];
  int hist[100] = {0}, hist2[100] = {0};
  for (int i = 0; i < N; i++) { a[i] = (int)(next() % 100) - 50; hist[a[i] + 50]++; }
  qsort(a, N, sizeof a[0], cmp_int);
  for (int i = 1; i < N; i++) CHECK(a[i - 1] <= a[i]);
  for (int i = 0; i < N; i++) hist2[a[i] + 50]++;
  CHECK(memcmp(hist, hist2, sizeof hist) == 0);
  qsort(a, N, sizeof a[0], cmp_int_desc);
  for (int i = 1; i < N; i++) CHECK(a[i - 1] >= a[i]);
  /* already sorted, reverse sorted, all equal, tiny */
  int s[64];
  for (int i = 0; i < 64; i++) s[i] = i;
  qsort(s, 64, sizeof s[0], cmp_int);
  for (int i = 0; i < 64; i++) CHECK(s[i] == i);
  for (int i = 0; i < 64; i++) s[i] = 64 - i;
  qsort(s, 64, sizeof s[0], cmp_int);
  for (int i = 0; i < 64; i++) CHECK(s[i] == i + 1);
  for (int i = 0; i < 64; i++) s[i] = 7;
  qsort(s, 64, sizeof s[0], cmp_int);
  for (int i = 0; i < 64; i++) CHECK(s[i] == 7);
  qsort(s, 0, sizeof s[0], cmp_int);
  s[0] = 3;
  qsort(s, 1, sizeof s[0], cmp_int);
  CHECK(s[0] == 3);
  long l[100];
  for (int i = 0; i < 100; i++) l[i] = ((long)next() << 31) - ((long)next() << 20);
  qsort(l, 100, sizeof l[0], cmp_long);
  for (int i = 1; i < 100; i++) CHECK(l[i - 1] <= l[i]);
  double d[100];
  for (int i = 0; i < 100; i++) d[i] = (double)(int32_t)next() / 1000.0;
  qsort(d, 100, sizeof d[0], cmp_dbl);
  for (int i = 1; i < 100; i++) CHECK(d[i - 1] <= d[i]);
  unsigned char text[] = "the quick brown fox jumps over the lazy dog";
  qsort(text, sizeof text - 1, 1, cmp_uc);
  CHECK(memcmp(text, "        abcdeeefghhijklmnoooopqrrsttuuvwxyz", sizeof text - 1) == 0);
  CHECK_DONE();
}
