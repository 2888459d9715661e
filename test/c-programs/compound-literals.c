/* Compound literals: struct/array/scalar literals as arguments, lvalues,
 * file-scope literals, literal lifetime in a block. */
#include "check.h"

struct pt { int x, y; };
static int *file_scope = (int[]){1, 2, 3, 4};
static struct pt *origin = &(struct pt){0, 0};

static NOINLINE int dist2(struct pt a, struct pt b) { return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y); }
static NOINLINE int sum(const int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
static NOINLINE struct pt mid(struct pt a, struct pt b) { return (struct pt){(a.x + b.x) / 2, (a.y + b.y) / 2}; }

int main(void) {
  CHECK_EQ(dist2((struct pt){0, 0}, (struct pt){3, 4}), 25);
  CHECK_EQ(sum((int[]){1, 2, 3, 4, 5}, 5), 15);
  CHECK_EQ(sum((int[10]){[9] = 7}, 10), 7);
  struct pt m = mid((struct pt){.x = 10}, (struct pt){.y = 10, .x = 20});
  CHECK(m.x == 15 && m.y == 5);
  CHECK_EQ(sum(file_scope, 4), 10);
  file_scope[0] = 100;
  CHECK_EQ(sum(file_scope, 4), 109);
  CHECK(origin->x == 0);
  /* compound literal is an lvalue */
  int *p = (int[]){5, 6};
  p[1] = 60;
  CHECK(p[0] + p[1] == 65);
  (struct pt){1, 2}.x = 5;           /* legal, but no lasting effect */
  struct pt *pp = &(struct pt){7, 8};
  pp->y++;
  CHECK(pp->x == 7 && pp->y == 9);
  /* scalar compound literal */
  int v = (int){41} + 1;
  CHECK_EQ(v, 42);
  /* in a loop: fresh value each iteration */
  int total = 0;
  for (int i = 0; i < 5; i++) {
    struct pt *t = &(struct pt){i, i * i};
    total += t->x + t->y;
  }
  CHECK_EQ(total, 10 + 30);
  /* const char array literal */
  const char *s = (const char[]){'o', 'k', 0};
  CHECK_STR(s, "ok");
  CHECK_DONE();
}
