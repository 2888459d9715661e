/* '*' width/precision from arguments, snprintf truncation and return
 * values, vsnprintf-based helpers. */
#include <stdarg.h>
#include "check.h"

static char buf[64];

static int fmt_into(char *out, size_t n, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int r = vsnprintf(out, n, f, ap);
  va_end(ap);
  return r;
}

int main(void) {
  int w = OPAQUE(6), p = OPAQUE(2);
  snprintf(buf, sizeof buf, "%*d|", w, 42);
  CHECK_STR(buf, "    42|");
  snprintf(buf, sizeof buf, "%*d|", -w, 42);      /* negative width = '-' flag */
  CHECK_STR(buf, "42    |");
  snprintf(buf, sizeof buf, "%.*f", p, 3.14159);
  CHECK_STR(buf, "3.14");
  snprintf(buf, sizeof buf, "%*.*f", w + 2, p + 1, 2.5);
  CHECK_STR(buf, "   2.500");
  snprintf(buf, sizeof buf, "%.*s", 3, "abcdef");
  CHECK_STR(buf, "abc");
  snprintf(buf, sizeof buf, "%-*s|", 5, "ab");
  CHECK_STR(buf, "ab   |");
  snprintf(buf, sizeof buf, "%.*d", -1, 7);        /* negative precision = none */
  CHECK_STR(buf, "7");

  /* truncation: output is cut but the return value is the full length */
  memset(buf, 'Z', sizeof buf);
  CHECK_EQ(snprintf(buf, OPAQUE((size_t)4), "abcdef"), 6);
  CHECK_STR(buf, "abc");
  CHECK(buf[4] == 'Z');                           /* nothing written past n */
  CHECK_EQ(snprintf(buf, OPAQUE((size_t)1), "xyz"), 3);
  CHECK(buf[0] == 0);
  buf[0] = 'Q';
  CHECK_EQ(snprintf(buf, 0, "xyz%d", 123), 6);    /* n == 0: nothing written */
  CHECK(buf[0] == 'Q');
  CHECK_EQ(snprintf(NULL, 0, "%d", -12345), 6);
  CHECK_EQ(snprintf(buf, 6, "%d", 1234567), 7);
  CHECK_STR(buf, "12345");
  CHECK_EQ(snprintf(buf, 8, "%.3f", 1.0), 5);
  CHECK_STR(buf, "1.000");
  CHECK_EQ(snprintf(buf, 3, "%s%s", "ab", "cd"), 4);
  CHECK_STR(buf, "ab");
  /* vsnprintf through a helper */
  char small[10];
  CHECK_EQ(fmt_into(small, sizeof small, "%s-%d-%c", "key", 99, '!'), 8);
  CHECK_STR(small, "key-99-!");
  CHECK_EQ(fmt_into(small, 5, "%d%d", 1234, 5678), 8);
  CHECK_STR(small, "1234");
  /* building a string incrementally */
  char line[64];
  int len = 0;
  for (int i = 0; i < 5; i++) len += snprintf(line + len, sizeof line - (size_t)len, "%d,", i * i);
  CHECK_EQ(len, 11);
  CHECK_STR(line, "0,1,4,9,16,");
  CHECK_DONE();
}
