/* Array indexing and pointer arithmetic are interchangeable. */
#include <stddef.h>
#include <stdint.h>
#include "check.h"

static NOINLINE long sum_ptr(const int *p, const int *end) { long s = 0; while (p < end) s += *p++; return s; }
static NOINLINE long sum_idx(const int *a, size_t n) { long s = 0; for (size_t i = 0; i < n; i++) s += a[i]; return s; }
static NOINLINE int *find(int *a, int n, int v) { for (int i = 0; i < n; i++) if (a[i] == v) return a + i; return NULL; }

int main(void) {
  int a[50];
  for (int i = 0; i < 50; i++) a[i] = i * 3 - 20;
  CHECK_EQ(sum_ptr(a, a + 50), sum_idx(a, 50));
  CHECK_EQ(sum_idx(a, 50), 3 * 1225 - 1000);
  CHECK(*(a + 7) == a[7] && 7[a] == a[7]);
  CHECK(&a[10] - &a[3] == 7);
  CHECK(&a[3] - &a[10] == -7);
  int *p = find(a, 50, OPAQUE(40));
  CHECK(p != NULL && p - a == 20);
  CHECK(find(a, 50, 41) == NULL);
  p = &a[25];
  CHECK(p[-5] == a[20] && *(p - 25) == a[0]);
  p += 10; p -= 3;
  CHECK(p == a + 32);
  CHECK(p > a && p <= a + 50 && !(p < a));
  ptrdiff_t d = (a + 49) - p;
  CHECK(d == 17);
  /* byte distance vs element distance */
  CHECK((char *)&a[5] - (char *)&a[0] == 20);
  double dd[4];
  CHECK((char *)(dd + 3) - (char *)dd == 24);
  CHECK((uintptr_t)(dd + 1) - (uintptr_t)dd == sizeof(double));
  /* pre/post increment through pointers */
  int b[4] = {1, 2, 3, 4};
  int *q = b;
  int x = *q++;
  int y = *++q;
  int z = ++*q;
  int w = (*q)++;
  CHECK(x == 1 && y == 3 && z == 4 && w == 4 && b[2] == 5 && q == b + 2);
  /* reverse in place with two pointers */
  for (int *lo = a, *hi = a + 49; lo < hi; lo++, hi--) { int t = *lo; *lo = *hi; *hi = t; }
  CHECK(a[0] == 127 && a[49] == -20 && a[24] == 55);
  /* pointer to array */
  int (*pa)[50] = &a;
  CHECK((*pa)[49] == -20 && sizeof *pa == 200);
  /* array decays but sizeof does not */
  CHECK(sizeof a == 200 && sizeof(&a[0]) == 8);
  /* negative indices via an offset pointer */
  int *mid = a + 25;
  long s2 = 0;
  for (int i = -25; i < 25; i++) s2 += mid[i];
  CHECK_EQ(s2, sum_idx(a, 50));
  CHECK_DONE();
}
