/* va_copy, passing va_list to helper functions (including vsnprintf),
 * traversing the arguments twice. */
#include <stdarg.h>
#include <stdlib.h>
#include "check.h"

static int vsum(int n, va_list ap) { int s = 0; for (int i = 0; i < n; i++) s += va_arg(ap, int); return s; }

static NOINLINE int sum_twice(int n, ...) {
  va_list ap, ap2;
  va_start(ap, n);
  va_copy(ap2, ap);
  int a = vsum(n, ap);
  int b = vsum(n, ap2);
  va_end(ap2);
  va_end(ap);
  return a * 1000 + b;
}
static NOINLINE int partial_copy(int n, ...) {
  va_list ap, rest;
  va_start(ap, n);
  int first = va_arg(ap, int);
  va_copy(rest, ap);            /* copy after consuming one argument */
  int s1 = vsum(n - 1, ap);
  int s2 = vsum(n - 1, rest);
  va_end(rest);
  va_end(ap);
  return first * 10000 + (s1 == s2 ? s1 : -1);
}
/* allocate exactly as much as needed: measure with a copy, then format */
static NOINLINE char *format_alloc(const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int len = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  char *buf = malloc((size_t)len + 1);
  vsnprintf(buf, (size_t)len + 1, fmt, ap);
  va_end(ap);
  return buf;
}
static NOINLINE double vavg(int n, va_list ap) { double s = 0; for (int i = 0; i < n; i++) s += va_arg(ap, double); return s / n; }
static NOINLINE double avg_doubles(int n, ...) {
  va_list ap;
  va_start(ap, n);
  double r = vavg(n, ap);
  va_end(ap);
  return r;
}
/* restart with a fresh va_start */
static NOINLINE int restart(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int a = vsum(n, ap);
  va_end(ap);
  va_start(ap, n);
  int b = vsum(n, ap);
  va_end(ap);
  return a == b ? a : -1;
}

int main(void) {
  CHECK_EQ(sum_twice(4, 1, 2, 3, 4), 10010);
  CHECK_EQ(sum_twice(10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1), 10010);
  CHECK_EQ(partial_copy(5, 7, 1, 2, 3, 4), 70010);
  char *s = format_alloc("%s=%d (%.2f) [%c]", "answer", 42, 3.14159, 'x');
  CHECK_STR(s, "answer=42 (3.14) [x]");
  free(s);
  s = format_alloc("%d%d%d%d%d%d%d%d%d%d", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
  CHECK_STR(s, "0123456789");
  free(s);
  CHECK(avg_doubles(4, 1.0, 2.0, 3.0, 6.0) == 3.0);
  CHECK(avg_doubles(10, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 11.0) == 2.0);
  CHECK_EQ(restart(12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), 78);
  CHECK_DONE();
}
