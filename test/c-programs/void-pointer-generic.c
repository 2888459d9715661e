/* Generic code over void pointers: byte-wise swap, generic reverse and
 * insertion sort with an element size and comparator. */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

static void swap_bytes(void *a, void *b, size_t n) {
  unsigned char *x = a, *y = b;
  while (n--) { unsigned char t = *x; *x++ = *y; *y++ = t; }
}
static void reverse(void *base, size_t n, size_t sz) {
  char *lo = base, *hi = (char *)base + (n - 1) * sz;
  while (lo < hi) { swap_bytes(lo, hi, sz); lo += sz; hi -= sz; }
}
static void isort(void *base, size_t n, size_t sz, int (*cmp)(const void *, const void *)) {
  char *b = base;
  for (size_t i = 1; i < n; i++)
    for (size_t j = i; j > 0 && cmp(b + (j - 1) * sz, b + j * sz) > 0; j--) swap_bytes(b + (j - 1) * sz, b + j * sz, sz);
}
static int cmp_d(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
static int cmp_s(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }
struct rec { char name[5]; int16_t k; };
static int cmp_rec(const void *a, const void *b) { return ((const struct rec *)a)->k - ((const struct rec *)b)->k; }

int main(void) {
  int a[7] = {1, 2, 3, 4, 5, 6, 7};
  reverse(a, 7, sizeof a[0]);
  CHECK(a[0] == 7 && a[3] == 4 && a[6] == 1);
  double d[6] = {3.5, -1, 2, 0.25, 9, -7};
  isort(d, 6, sizeof d[0], cmp_d);
  CHECK(d[0] == -7 && d[1] == -1 && d[2] == 0.25 && d[5] == 9);
  const char *s[5] = {"pear", "fig", "apple", "kiwi", "date"};
  isort(s, 5, sizeof s[0], cmp_s);
  CHECK_STR(s[0], "apple");
  CHECK_STR(s[4], "pear");
  struct rec r[4] = {{"d", 4}, {"b", 2}, {"a", -1}, {"c", 3}};
  isort(r, 4, sizeof r[0], cmp_rec);
  CHECK(r[0].name[0] == 'a' && r[3].name[0] == 'd');
  reverse(r, 4, sizeof r[0]);
  CHECK(r[0].k == 4 && r[3].k == -1);
  void *vp = d;
  double *dp = vp;
  CHECK(dp[5] == 9);
  uint64_t big = 0x1122334455667788ull, other = 0;
  swap_bytes(&big, &other, sizeof big);
  CHECK(big == 0 && other == 0x1122334455667788ull);
  CHECK_DONE();
}
