/* Pointers to pointers: out-parameters, arrays of strings, linked list
 * removal via indirect pointers, jagged arrays. */
#include <stdlib.h>
#include "check.h"

struct node { int v; struct node *next; };

static void alloc_int(int **out, int v) { *out = malloc(sizeof **out); **out = v; }
static void remove_if(struct node **head, int (*pred)(int)) {
  for (struct node **pp = head; *pp;) {
    if (pred((*pp)->v)) { struct node *dead = *pp; *pp = dead->next; free(dead); }
    else pp = &(*pp)->next;
  }
}
static int is_odd(int v) { return v & 1; }
static int count_chars(char **strs, char c) {
  int n = 0;
  for (char **s = strs; *s; s++) for (char *p = *s; *p; p++) n += *p == c;
  return n;
}

int main(void) {
  int *ip = NULL;
  alloc_int(&ip, OPAQUE(99));
  CHECK(ip && *ip == 99);
  int **ipp = &ip;
  **ipp += 1;
  CHECK(*ip == 100);
  free(ip);

  struct node *head = NULL, **tail = &head;
  for (int i = 1; i <= 10; i++) {
    struct node *n = malloc(sizeof *n);
    n->v = i; n->next = NULL;
    *tail = n; tail = &n->next;
  }
  remove_if(&head, is_odd);
  int expect = 2, cnt = 0;
  for (struct node *n = head; n; n = n->next, expect += 2, cnt++) CHECK(n->v == expect);
  CHECK_EQ(cnt, 5);
  while (head) { struct node *n = head->next; free(head); head = n; }

  char w0[] = "banana", w1[] = "apple", w2[] = "cherry";
  char *words[] = {w0, w1, w2, NULL};
  CHECK_EQ(count_chars(words, 'a'), 4);
  char **pw = words;
  CHECK(**pw == 'b' && *(*(pw + 1) + 1) == 'p' && pw[2][5] == 'y');

  /* jagged array */
  int **rows = malloc(5 * sizeof *rows);
  for (int i = 0; i < 5; i++) {
    rows[i] = malloc((size_t)(i + 1) * sizeof **rows);
    for (int j = 0; j <= i; j++) rows[i][j] = (j == 0 || j == i) ? 1 : rows[i - 1][j - 1] + rows[i - 1][j];
  }
  CHECK(rows[4][2] == 6 && rows[3][1] == 3 && rows[4][4] == 1);   /* Pascal's triangle */
  for (int i = 0; i < 5; i++) free(rows[i]);
  free(rows);
  /* triple indirection */
  int x = 5, *px = &x, **ppx = &px, ***pppx = &ppx;
  ***pppx = 6;
  CHECK(x == 6);
  CHECK_DONE();
}
