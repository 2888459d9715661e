/* realloc: growing and shrinking preserves the common prefix; NULL acts as
 * malloc; a growing dynamic array. */
#include <stdlib.h>
#include <stdint.h>
#include "check.h"

int main(void) {
  int *p = realloc(NULL, 10 * sizeof *p);
  CHECK(p != NULL);
  for (int i = 0; i < 10; i++) p[i] = i * i;
  for (size_t n = 20; n <= 5120; n *= 2) {
    p = realloc(p, n * sizeof *p);
    CHECK(p != NULL);
    for (int i = 0; i < 10; i++) CHECK(p[i] == i * i);
    for (size_t i = n / 2; i < n; i++) p[i] = -1;
  }
  p = realloc(p, 5 * sizeof *p);             /* shrink */
  for (int i = 0; i < 5; i++) CHECK(p[i] == i * i);
  free(p);
  /* dynamic array doubling */
  size_t cap = 1, len = 0;
  int64_t *v = malloc(cap * sizeof *v);
  for (int64_t i = 0; i < 10000; i++) {
    if (len == cap) { cap *= 2; v = realloc(v, cap * sizeof *v); CHECK(v != NULL); }
    v[len++] = i * 3;
  }
  int64_t sum = 0;
  for (size_t i = 0; i < len; i++) sum += v[i];
  CHECK(sum == 3 * (int64_t)9999 * 10000 / 2);
  CHECK(cap == 16384);
  free(v);
  /* interleaved reallocs of two buffers */
  char *a = malloc(8), *b = malloc(8);
  strcpy(a, "A");
  strcpy(b, "B");
  for (int i = 0; i < 50; i++) {
    a = realloc(a, (size_t)(i + 3));
    b = realloc(b, (size_t)(i + 3));
    size_t la = strlen(a), lb = strlen(b);
    a[la] = 'a'; a[la + 1] = 0;
    b[lb] = 'b'; b[lb + 1] = 0;
  }
  CHECK(strlen(a) == 51 && a[0] == 'A' && a[50] == 'a');
  CHECK(strlen(b) == 51 && b[0] == 'B' && b[50] == 'b');
  free(a);
  free(b);
  CHECK_DONE();
}
