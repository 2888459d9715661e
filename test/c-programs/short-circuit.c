/* && and || evaluate left to right and stop early; ?: evaluates exactly one
 * arm; the comma operator sequences. */
#include "check.h"

static int trace[32];
static int ntrace;
static int mark(int id, int v) { trace[ntrace++] = id; return v; }

int main(void) {
  ntrace = 0;
  CHECK(!(mark(1, 0) && mark(2, 1)));
  CHECK(ntrace == 1 && trace[0] == 1);
  ntrace = 0;
  CHECK(mark(1, 1) || mark(2, 1));
  CHECK(ntrace == 1);
  ntrace = 0;
  CHECK(mark(1, 1) && mark(2, 2) && mark(3, 3));
  CHECK(ntrace == 3 && trace[2] == 3);
  ntrace = 0;
  CHECK(!(mark(1, 0) || mark(2, 0) || mark(3, 0)));
  CHECK(ntrace == 3);
  ntrace = 0;
  CHECK((mark(1, 0) && mark(2, 1)) || mark(3, 1));
  CHECK(ntrace == 2 && trace[1] == 3);
  /* values of && and || are 0 or 1 */
  int a = OPAQUE(42), b = OPAQUE(-7);
  CHECK((a && b) == 1 && (a || 0) == 1 && (0 || 0) == 0);
  /* null pointer guard idiom */
  int *p = OPAQUE((int *)0);
  CHECK(!(p && *p == 5));
  int v = 5;
  p = &v;
  CHECK(p && *p == 5);
  /* ternary evaluates one arm only */
  ntrace = 0;
  int r = OPAQUE(1) ? mark(1, 10) : mark(2, 20);
  CHECK(r == 10 && ntrace == 1 && trace[0] == 1);
  ntrace = 0;
  r = OPAQUE(0) ? mark(1, 10) : mark(2, 20);
  CHECK(r == 20 && ntrace == 1 && trace[0] == 2);
  /* nested ternary as a sign function */
  for (int x = -3; x <= 3; x++) CHECK_EQ(x < 0 ? -1 : x > 0 ? 1 : 0, (x > 0) - (x < 0));
  /* ternary as lvalue-selecting pointer */
  int m = 1, n = 2;
  *(OPAQUE(1) ? &m : &n) = 9;
  CHECK(m == 9 && n == 2);
  /* comma operator */
  ntrace = 0;
  int c = (mark(1, 1), mark(2, 2), mark(3, 3));
  CHECK(c == 3 && ntrace == 3 && trace[0] == 1 && trace[2] == 3);
  int i, j;
  for (i = 0, j = 10; i < j; i++, j--) {}
  CHECK(i == 5 && j == 5);
  /* short circuit inside loops with side effects */
  int count = 0;
  for (int k = 0; k < 100; k++) if (k % 2 == 0 && ++count > 1000) break;
  CHECK_EQ(count, 50);
  /* logical not */
  CHECK((!OPAQUE(0)) == 1 && (!OPAQUE(5)) == 0 && (!!OPAQUE(-3)) == 1);
  double z = OPAQUE(0.0);
  CHECK(!z && !(z != 0.0));
  CHECK_DONE();
}
