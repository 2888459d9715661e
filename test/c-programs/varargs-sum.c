/* Variadic functions over ints and longs: counted, sentinel-terminated,
 * many arguments (beyond argument registers), called via pointers. */
#include <stdarg.h>
#include <stddef.h>
#include "check.h"

static NOINLINE int sum_n(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, int);
  va_end(ap);
  return s;
}
static NOINLINE long sum_until_zero(long first, ...) {
  va_list ap;
  va_start(ap, first);
  long s = 0;
  for (long v = first; v != 0; v = va_arg(ap, long)) s += v;
  va_end(ap);
  return s;
}
static NOINLINE int max_of(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int m = va_arg(ap, int);
  for (int i = 1; i < n; i++) { int v = va_arg(ap, int); if (v > m) m = v; }
  va_end(ap);
  return m;
}
/* fixed arguments consume registers first */
static NOINLINE long weighted(int a, int b, int c, int d, int e, int f, int n, ...) {
  va_list ap;
  va_start(ap, n);
  long s = a + b + c + d + e + f;
  for (int i = 1; i <= n; i++) s += (long)i * va_arg(ap, int);
  va_end(ap);
  return s;
}
static NOINLINE size_t count_strings(const char *first, ...) {
  va_list ap;
  va_start(ap, first);
  size_t total = 0;
  for (const char *s = first; s; s = va_arg(ap, const char *)) total += strlen(s);
  va_end(ap);
  return total;
}

int main(void) {
  CHECK_EQ(sum_n(0), 0);
  CHECK_EQ(sum_n(1, 42), 42);
  CHECK_EQ(sum_n(5, 1, 2, 3, 4, 5), 15);
  CHECK_EQ(sum_n(20, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20), 210);
  CHECK_EQ(sum_n(3, -1, OPAQUE(-2), -3), -6);
  CHECK_EQ(sum_until_zero(1L, 2L, 3L, 4000000000L, -5L, 0L), 4000000001L);
  CHECK_EQ(max_of(6, 3, -9, 27, 4, 26, 0), 27);
  CHECK_EQ(weighted(1, 1, 1, 1, 1, 1, 10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1), 6 + 55);
  CHECK_EQ(count_strings("ab", "cde", "", "fghi", (const char *)NULL), 9);
  int (*fp)(int, ...) = sum_n;
  CHECK_EQ(fp(4, 10, 20, 30, 40), 100);
  /* chars and shorts are promoted to int */
  char c = 'A';
  short sh = -300;
  unsigned char uc = 200;
  CHECK_EQ(sum_n(3, c, sh, uc), 65 - 300 + 200);
  CHECK_DONE();
}
