/* Open-addressing hash table with string keys (insert, update, lookup,
 * delete with tombstones, growth), compared with a linear-scan reference. */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

struct entry { char *key; long val; int state; };   /* 0 empty, 1 full, 2 deleted */
struct table { struct entry *e; size_t cap, used; };

static uint32_t hash(const char *s) { uint32_t h = 2166136261u; while (*s) { h ^= (uint8_t)*s++; h *= 16777619u; } return h; }
static void make_key(char *out, int v) {      /* "key-<v>" without printf */
  char digits[12];
  int n = 0;
  do { digits[n++] = (char)('0' + v % 10); v /= 10; } while (v);
  memcpy(out, "key-", 4);
  for (int i = 0; i < n; i++) out[4 + i] = digits[n - 1 - i];
  out[4 + n] = 0;
}
static char *dup(const char *s) { size_t n = strlen(s) + 1; char *d = malloc(n); memcpy(d, s, n); return d; }
static struct entry *find_slot(struct table *t, const char *k, int for_insert) {
  size_t i = hash(k) & (t->cap - 1);
  struct entry *tomb = NULL;
  for (;;) {
    struct entry *e = &t->e[i];
    if (e->state == 0) return for_insert && tomb ? tomb : e;
    if (e->state == 2) { if (!tomb) tomb = e; }
    else if (strcmp(e->key, k) == 0) return e;
    i = (i + 1) & (t->cap - 1);
  }
}
static void put(struct table *t, const char *k, long v);
static void grow(struct table *t) {
  struct table n = {calloc(t->cap * 2, sizeof(struct entry)), t->cap * 2, 0};
  for (size_t i = 0; i < t->cap; i++)
    if (t->e[i].state == 1) { put(&n, t->e[i].key, t->e[i].val); free(t->e[i].key); }
  free(t->e);
  *t = n;
}
static void put(struct table *t, const char *k, long v) {
  if ((t->used + 1) * 4 > t->cap * 3) grow(t);
  struct entry *e = find_slot(t, k, 1);
  if (e->state == 1) { e->val = v; return; }
  if (e->state == 0) t->used++;
  e->key = dup(k); e->val = v; e->state = 1;
}
static int get(struct table *t, const char *k, long *v) {
  struct entry *e = find_slot(t, k, 0);
  if (e->state != 1) return 0;
  *v = e->val;
  return 1;
}
static void del(struct table *t, const char *k) {
  struct entry *e = find_slot(t, k, 0);
  if (e->state == 1) { free(e->key); e->key = NULL; e->state = 2; }
}

int main(void) {
  struct table t = {calloc(8, sizeof(struct entry)), 8, 0};
  static long ref[300];
  static int present[300];
  char key[32];
  for (int i = 0; i < 300; i++) { make_key(key, i * 7); put(&t, key, i); ref[i] = i; present[i] = 1; }
  for (int i = 0; i < 300; i += 3) { make_key(key, i * 7); del(&t, key); present[i] = 0; }
  for (int i = 0; i < 300; i += 5) { make_key(key, i * 7); put(&t, key, -i); ref[i] = -i; present[i] = 1; }
  int ok = 1;
  for (int i = 0; i < 300; i++) {
    long v;
    make_key(key, i * 7);
    int f = get(&t, key, &v);
    ok &= f == present[i];
    if (f) ok &= v == ref[i];
  }
  CHECK(ok);
  long v;
  CHECK(!get(&t, "missing", &v));
  make_key(key, 1234);
  CHECK_STR(key, "key-1234");
  CHECK(t.cap >= 512);
  for (size_t i = 0; i < t.cap; i++) free(t.e[i].key);
  free(t.e);
  CHECK_DONE();
}
