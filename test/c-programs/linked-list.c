/* Singly and doubly linked lists on the heap: build, reverse, merge sort,
 * delete; compared with array reference results. */
#include <stdlib.h>
#include "check.h"

struct node { int v; struct node *next; };
struct dnode { int v; struct dnode *prev, *next; };

static struct node *push(struct node *h, int v) { struct node *n = malloc(sizeof *n); n->v = v; n->next = h; return n; }
static struct node *reverse(struct node *h) { struct node *r = NULL; while (h) { struct node *n = h->next; h->next = r; r = h; h = n; } return r; }
static struct node *merge(struct node *a, struct node *b) {
  struct node head, *t = &head;
  while (a && b) { if (a->v <= b->v) { t->next = a; a = a->next; } else { t->next = b; b = b->next; } t = t->next; }
  t->next = a ? a : b;
  return head.next;
}
static struct node *msort(struct node *h) {
  if (!h || !h->next) return h;
  struct node *slow = h, *fast = h->next;
  while (fast && fast->next) { slow = slow->next; fast = fast->next->next; }
  struct node *second = slow->next;
  slow->next = NULL;
  return merge(msort(h), msort(second));
}
static int length(struct node *h) { int n = 0; for (; h; h = h->next) n++; return n; }
static void free_list(struct node *h) { while (h) { struct node *n = h->next; free(h); h = n; } }

int main(void) {
  struct node *h = NULL;
  for (int i = 0; i < 100; i++) h = push(h, i);
  CHECK_EQ(length(h), 100);
  CHECK(h->v == 99);
  h = reverse(h);
  int i = 0, ok = 1;
  for (struct node *n = h; n; n = n->next, i++) ok &= n->v == i;
  CHECK(ok);
  free_list(h);
  h = NULL;
  unsigned seed = 7;
  int counts[50] = {0};
  for (int k = 0; k < 300; k++) { seed = seed * 1103515245u + 12345u; int v = (int)(seed >> 16) % 50; counts[v]++; h = push(h, v); }
  h = msort(h);
  CHECK_EQ(length(h), 300);
  int prev = -1, seen[50] = {0};
  ok = 1;
  for (struct node *n = h; n; n = n->next) { ok &= n->v >= prev; prev = n->v; seen[n->v]++; }
  CHECK(ok);
  CHECK(memcmp(seen, counts, sizeof seen) == 0);
  free_list(h);

  /* doubly linked circular list with sentinel */
  struct dnode sent = {0, &sent, &sent};
  for (int k = 1; k <= 10; k++) {
    struct dnode *n = malloc(sizeof *n);
    n->v = k;
    n->prev = sent.prev; n->next = &sent;
    sent.prev->next = n; sent.prev = n;
  }
  /* remove even values */
  for (struct dnode *n = sent.next; n != &sent;) {
    struct dnode *nx = n->next;
    if (n->v % 2 == 0) { n->prev->next = n->next; n->next->prev = n->prev; free(n); }
    n = nx;
  }
  int fwd = 0, back = 0;
  for (struct dnode *n = sent.next; n != &sent; n = n->next) fwd = fwd * 10 + n->v % 10;
  for (struct dnode *n = sent.prev; n != &sent; n = n->prev) back = back * 10 + n->v % 10;
  CHECK_EQ(fwd, 13579);
  CHECK_EQ(back, 97531);
  for (struct dnode *n = sent.next; n != &sent;) { struct dnode *nx = n->next; free(n); n = nx; }
  CHECK_DONE();
}
