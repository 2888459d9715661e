/* __builtin_expect, __builtin_expect_with_probability, __builtin_constant_p,
 * __builtin_unreachable on impossible paths, __builtin_assume. */
#include "check.h"

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

static NOINLINE int classify(int x) {
  if (unlikely(x < 0)) return -1;
  if (likely(x < 100)) return 0;
  return 1;
}
static NOINLINE int mod4(unsigned x) {
  switch (x & 3) {
    case 0: return 10;
    case 1: return 11;
    case 2: return 12;
    case 3: return 13;
  }
  __builtin_unreachable();
}
static NOINLINE long sum_expect(const int *a, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) {
    if (__builtin_expect_with_probability(a[i] > 0, 1, 0.9)) s += a[i];
    else s -= 1;
  }
  return s;
}

int main(void) {
  for (int i = -5; i < 200; i += 5) CHECK_EQ(classify(OPAQUE(i)), i < 0 ? -1 : i < 100 ? 0 : 1);
  for (unsigned i = 0; i < 20; i++) CHECK_EQ(mod4(i), 10 + (int)(i % 4));
  int a[6] = {1, 2, -3, 4, 0, 5};
  CHECK_EQ(sum_expect(a, 6), 1 + 2 - 1 + 4 - 1 + 5);
  CHECK(__builtin_expect(OPAQUE(5), 5) == 5);          /* value passes through */
  CHECK(__builtin_constant_p(42));
  int v = OPAQUE(3);
  __builtin_assume(v == 3);
  CHECK_EQ(v, 3);
  long r = 0;
  for (int i = 0; i < 100; i++) r += unlikely(i == 50) ? 1000 : 1;
  CHECK_EQ(r, 99 + 1000);
  CHECK_DONE();
}
