/* __builtin_alloca: dynamically sized stack allocation that lives until the
 * function returns; mixed with large fixed frames and calls. */
#include <stdint.h>
#include "check.h"

static NOINLINE int use(char *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }

static NOINLINE int test(int n) {
  char fixed[100];
  memset(fixed, 1, sizeof fixed);
  char *a = __builtin_alloca(n);
  memset(a, 2, n);
  int64_t *b = __builtin_alloca(n * sizeof(int64_t));
  for (int i = 0; i < n; i++) b[i] = i;
  CHECK((uintptr_t)b % 8 == 0);
  int r = use(a, n) + use(fixed, 100);
  int64_t s = 0;
  for (int i = 0; i < n; i++) s += b[i];
  /* allocations do not overlap */
  CHECK((char *)b + n * 8 <= a || a + n <= (char *)b);
  CHECK(fixed[99] == 1 && a[n - 1] == 2);
  return r + (int)s;
}

int main(void) {
  for (int n = 1; n < 200; n += 13)
    CHECK_EQ(test(OPAQUE(n)), 2 * n + 100 + n * (n - 1) / 2);
  /* alloca in a loop: memory accumulates until return, so keep it small */
  char *ptrs[10];
  for (int i = 0; i < 10; i++) {
    ptrs[i] = __builtin_alloca(16);
    memset(ptrs[i], 'a' + i, 16);
  }
  for (int i = 0; i < 10; i++) CHECK(ptrs[i][0] == 'a' + i && ptrs[i][15] == 'a' + i);
  CHECK_DONE();
}
