/* Fibonacci three ways: naive recursion, memoised recursion and fast
 * doubling; all agree with the iterative definition. */
#include <stdint.h>
#include "check.h"

static NOINLINE int fib_rec(int n) { return n < 2 ? n : fib_rec(n - 1) + fib_rec(n - 2); }
static uint64_t memo[94];
static uint64_t fib_memo(int n) {
  if (n < 2) return (uint64_t)n;
  if (memo[n]) return memo[n];
  return memo[n] = fib_memo(n - 1) + fib_memo(n - 2);
}
/* F(2k) = F(k)(2F(k+1) - F(k)), F(2k+1) = F(k)^2 + F(k+1)^2 */
static void fib_doubling(int n, uint64_t *f, uint64_t *g) {
  if (n == 0) { *f = 0; *g = 1; return; }
  uint64_t a, b;
  fib_doubling(n / 2, &a, &b);
  uint64_t c = a * (2 * b - a), d = a * a + b * b;
  if (n % 2) { *f = d; *g = c + d; } else { *f = c; *g = d; }
}

int main(void) {
  CHECK_EQ(fib_rec(OPAQUE(18)), 2584);
  CHECK_EQ(fib_rec(1), 1);
  CHECK_EQ(fib_rec(0), 0);
  uint64_t a = 0, b = 1;
  for (int n = 0; n <= 93; n++) {
    CHECK(fib_memo(n) == a);
    uint64_t f, g;
    fib_doubling(n, &f, &g);
    CHECK(f == a);
    if (n <= 12) CHECK((uint64_t)fib_rec(n) == a);
    uint64_t t = a + b; a = b; b = t;
  }
  CHECK(fib_memo(90) == 2880067194370816120ull);
  CHECK(fib_memo(93) == 12200160415121876738ull);
  CHECK_DONE();
}
