/* goto: backward loops, forward error-cleanup chains, breaking out of
 * nested loops, jumping over declarations without VLAs. */
#include <stdlib.h>
#include "check.h"

static NOINLINE int gcd_goto(int a, int b) {
top:
  if (b == 0) return a;
  { int t = a % b; a = b; b = t; }
  goto top;
}
static int freed;
static NOINLINE int cleanup_chain(int fail_at) {
  int rc = -1;
  char *a = NULL, *b = NULL, *c = NULL;
  a = malloc(16);
  if (!a || fail_at == 1) goto out_a;
  b = malloc(16);
  if (!b || fail_at == 2) goto out_b;
  c = malloc(16);
  if (!c || fail_at == 3) goto out_c;
  rc = 0;
  free(c); freed++;
out_c:
  if (fail_at == 3) { free(c); freed++; }
  free(b); freed++;
out_b:
  if (fail_at == 2) { free(b); freed++; }
  free(a); freed++;
out_a:
  if (fail_at == 1) { free(a); freed++; }
  return rc;
}
static NOINLINE int find_pair(int target, int *pi, int *pj) {
  for (int i = 0; i < 50; i++)
    for (int j = 0; j < 50; j++)
      if (i * j == target && i < j) { *pi = i; *pj = j; goto found; }
  return 0;
found:
  return 1;
}

int main(void) {
  CHECK_EQ(gcd_goto(OPAQUE(1071), 462), 21);
  CHECK_EQ(gcd_goto(17, 5), 1);
  freed = 0;
  CHECK_EQ(cleanup_chain(0), 0);
  CHECK_EQ(freed, 3);
  for (int f = 1; f <= 3; f++) {
    freed = 0;
    CHECK_EQ(cleanup_chain(f), -1);
    CHECK_EQ(freed, f);
  }
  int i = -1, j = -1;
  CHECK(find_pair(OPAQUE(391), &i, &j) && i == 17 && j == 23);
  CHECK(!find_pair(OPAQUE(2 * 2401), &i, &j));
  /* goto-based loop summing */
  int k = 0, s = 0;
loop:
  s += k;
  if (++k <= 100) goto loop;
  CHECK_EQ(s, 5050);
  /* jumping forward over code */
  int skipped = 0;
  goto after;
  skipped = 1;
after:
  CHECK_EQ(skipped, 0);
  CHECK_DONE();
}
