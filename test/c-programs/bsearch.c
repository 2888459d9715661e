/* bsearch on sorted arrays: hits, misses, boundaries, struct keys. */
#include <stdlib.h>
#include "check.h"

static int cmp_int(const void *a, const void *b) { int x = *(const int *)a, y = *(const int *)b; return (x > y) - (x < y); }
struct kv { const char *key; int val; };
static int cmp_kv(const void *k, const void *e) { return strcmp((const char *)k, ((const struct kv *)e)->key); }

int main(void) {
  int a[200];
  for (int i = 0; i < 200; i++) a[i] = i * 3 + 1;            /* 1, 4, 7, ... 598 */
  for (int v = -5; v < 610; v++) {
    int *r = bsearch(&v, a, 200, sizeof a[0], cmp_int);
    if (v >= 1 && v <= 598 && (v - 1) % 3 == 0) {
      CHECK(r != NULL && *r == v && r - a == (v - 1) / 3);
    } else {
      CHECK(r == NULL);
    }
  }
  int k = 1;
  CHECK(bsearch(&k, a, 0, sizeof a[0], cmp_int) == NULL);
  CHECK(bsearch(&k, a, 1, sizeof a[0], cmp_int) == a);
  static const struct kv table[] = {{"add", 1}, {"div", 4}, {"load", 7}, {"mul", 3}, {"nop", 0}, {"store", 8}, {"sub", 2}};
  const struct kv *e = bsearch("mul", table, 7, sizeof table[0], cmp_kv);
  CHECK(e && e->val == 3);
  e = bsearch("add", table, 7, sizeof table[0], cmp_kv);
  CHECK(e && e->val == 1);
  e = bsearch("sub", table, 7, sizeof table[0], cmp_kv);
  CHECK(e && e->val == 2);
  CHECK(bsearch("jmp", table, 7, sizeof table[0], cmp_kv) == NULL);
  /* qsort then bsearch every element */
  int b[97];
  for (int i = 0; i < 97; i++) b[i] = (i * 53) % 97 * 10;
  qsort(b, 97, sizeof b[0], cmp_int);
  for (int i = 0; i < 97; i++) {
    int key = i * 10;
    int *r = bsearch(&key, b, 97, sizeof b[0], cmp_int);
    CHECK(r && r - b == i);
  }
  CHECK_DONE();
}
