/* Flexible array members: sizeof, allocation with malloc, access. */
#include <stdlib.h>
#include <stddef.h>
#include "check.h"

struct Buf { size_t len; int data[]; };
struct Str { unsigned short n; char s[]; };
struct Dbl { char tag; double v[]; };

static struct Buf *make_buf(size_t n) {
  struct Buf *b = malloc(sizeof *b + n * sizeof b->data[0]);
  if (!b) return NULL;
  b->len = n;
  for (size_t i = 0; i < n; i++) b->data[i] = (int)(i * i);
  return b;
}
static struct Str *make_str(const char *text) {
  size_t n = strlen(text);
  struct Str *s = malloc(sizeof *s + n + 1);
  s->n = (unsigned short)n;
  memcpy(s->s, text, n + 1);
  return s;
}

int main(void) {
  CHECK(sizeof(struct Buf) == 8);
  CHECK(offsetof(struct Buf, data) == 8);
  CHECK(sizeof(struct Str) == 2 && offsetof(struct Str, s) == 2);
  CHECK(sizeof(struct Dbl) == 8 && offsetof(struct Dbl, v) == 8);
  struct Buf *b = make_buf(OPAQUE(100));
  CHECK(b != NULL);
  long sum = 0;
  for (size_t i = 0; i < b->len; i++) sum += b->data[i];
  CHECK_EQ(sum, 328350);                  /* sum of squares 0..99 */
  b = realloc(b, sizeof *b + 200 * sizeof(int));
  CHECK(b->data[99] == 9801);
  for (size_t i = 100; i < 200; i++) b->data[i] = -1;
  b->len = 200;
  CHECK(b->data[199] == -1 && b->data[50] == 2500);
  free(b);
  struct Str *s = make_str("flexible array member");
  CHECK(s->n == 21);
  CHECK_STR(s->s, "flexible array member");
  s->s[0] = 'F';
  CHECK(memcmp(s->s, "Flexible", 8) == 0);
  free(s);
  struct Dbl *d = calloc(1, sizeof *d + 4 * sizeof(double));
  d->tag = 'd';
  for (int i = 0; i < 4; i++) d->v[i] = i + 0.5;
  CHECK(d->v[0] + d->v[1] + d->v[2] + d->v[3] == 8.0);
  free(d);
  /* flexible member on the stack via a union with storage */
  union { struct Buf b; char raw[sizeof(struct Buf) + 4 * sizeof(int)]; } u;
  u.b.len = 4;
  for (int i = 0; i < 4; i++) u.b.data[i] = 10 * i;
  CHECK(u.b.data[3] == 30);
  CHECK_DONE();
}
