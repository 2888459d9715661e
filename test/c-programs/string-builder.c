/* A growable string buffer built on realloc, used to build text and check
 * it against snprintf-built references. */
#include <stdlib.h>
#include <stdarg.h>
#include "check.h"

struct sb { char *buf; size_t len, cap; };
static void sb_reserve(struct sb *s, size_t extra) {
  if (s->len + extra + 1 <= s->cap) return;
  size_t cap = s->cap ? s->cap : 8;
  while (cap < s->len + extra + 1) cap *= 2;
  s->buf = realloc(s->buf, cap);
  s->cap = cap;
}
static void sb_puts(struct sb *s, const char *t) { size_t n = strlen(t); sb_reserve(s, n); memcpy(s->buf + s->len, t, n + 1); s->len += n; }
static void sb_putc(struct sb *s, char c) { sb_reserve(s, 1); s->buf[s->len++] = c; s->buf[s->len] = 0; }
static void sb_printf(struct sb *s, const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  sb_reserve(s, (size_t)n);
  vsnprintf(s->buf + s->len, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  s->len += (size_t)n;
}

int main(void) {
  struct sb s = {0};
  for (int i = 0; i < 100; i++) sb_printf(&s, "%d,", i);
  size_t expect = 10 * 2 + 90 * 3;
  CHECK_EQ(s.len, expect);
  CHECK(strncmp(s.buf, "0,1,2,3,", 8) == 0);
  CHECK(strcmp(s.buf + s.len - 3, "99,") == 0);
  CHECK(strlen(s.buf) == s.len);
  s.len = 0;
  s.buf[0] = 0;
  sb_puts(&s, "[");
  for (int i = 0; i < 5; i++) { if (i) sb_putc(&s, ' '); sb_printf(&s, "%.2f", i * 0.5); }
  sb_putc(&s, ']');
  CHECK_STR(s.buf, "[0.00 0.50 1.00 1.50 2.00]");
  /* a large string */
  s.len = 0;
  for (int i = 0; i < 2000; i++) sb_putc(&s, (char)('a' + i % 26));
  CHECK(s.len == 2000 && s.buf[1999] == 'a' + 1999 % 26 && s.buf[2000] == 0);
  CHECK(s.cap >= 2001);
  free(s.buf);
  CHECK_DONE();
}
