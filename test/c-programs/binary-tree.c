/* Binary search tree with insertion, deletion, in-order traversal and
 * height, checked against a sorted reference array. */
#include <stdlib.h>
#include "check.h"

struct tree { int key; struct tree *l, *r; };

static struct tree *insert(struct tree *t, int k) {
  if (!t) { t = malloc(sizeof *t); t->key = k; t->l = t->r = NULL; return t; }
  if (k < t->key) t->l = insert(t->l, k);
  else if (k > t->key) t->r = insert(t->r, k);
  return t;
}
static struct tree *erase(struct tree *t, int k) {
  if (!t) return NULL;
  if (k < t->key) t->l = erase(t->l, k);
  else if (k > t->key) t->r = erase(t->r, k);
  else {
    if (!t->l || !t->r) { struct tree *c = t->l ? t->l : t->r; free(t); return c; }
    struct tree *m = t->r;
    while (m->l) m = m->l;
    t->key = m->key;
    t->r = erase(t->r, m->key);
  }
  return t;
}
static int contains(const struct tree *t, int k) { while (t) { if (k == t->key) return 1; t = k < t->key ? t->l : t->r; } return 0; }
static void inorder(const struct tree *t, int *out, int *n) { if (!t) return; inorder(t->l, out, n); out[(*n)++] = t->key; inorder(t->r, out, n); }
static int height(const struct tree *t) { if (!t) return 0; int a = height(t->l), b = height(t->r); return 1 + (a > b ? a : b); }
static void destroy(struct tree *t) { if (!t) return; destroy(t->l); destroy(t->r); free(t); }

int main(void) {
  struct tree *t = NULL;
  int present[1000] = {0};
  for (int i = 0; i < 300; i++) { int k = (i * 379) % 1000; t = insert(t, k); present[k] = 1; }
  t = insert(t, 379);   /* duplicate ignored */
  for (int k = 0; k < 1000; k += 3) { t = erase(t, k); present[k] = 0; }
  int out[1000], n = 0;
  inorder(t, out, &n);
  int expect = 0;
  for (int k = 0; k < 1000; k++) expect += present[k];
  CHECK_EQ(n, expect);
  int ok = 1;
  for (int i = 1; i < n; i++) ok &= out[i - 1] < out[i];
  CHECK(ok);
  for (int k = 0; k < 1000; k++) if (contains(t, k) != present[k]) { ok = 0; break; }
  CHECK(ok);
  CHECK(height(t) >= 8 && height(t) <= n);
  destroy(t);
  /* degenerate (sorted) insertion gives a list-shaped tree */
  t = NULL;
  for (int k = 0; k < 100; k++) t = insert(t, k);
  CHECK_EQ(height(t), 100);
  destroy(t);
  CHECK_DONE();
}
