/* Ackermann function (deep, non-primitive recursion) for small arguments,
 * compared with closed forms: A(1,n)=n+2, A(2,n)=2n+3, A(3,n)=2^(n+3)-3. */
#include "check.h"

static long calls;
static NOINLINE int ack(int m, int n) {
  calls++;
  if (m == 0) return n + 1;
  if (n == 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}

int main(void) {
  for (int n = 0; n <= 10; n++) {
    CHECK_EQ(ack(0, n), n + 1);
    CHECK_EQ(ack(1, n), n + 2);
    CHECK_EQ(ack(2, n), 2 * n + 3);
  }
  for (int n = 0; n <= 4; n++) CHECK_EQ(ack(3, n), (1 << (n + 3)) - 3);
  calls = 0;
  CHECK_EQ(ack(OPAQUE(3), OPAQUE(3)), 61);
  CHECK_EQ(calls, 2432);            /* known call count for A(3,3) */
  CHECK_EQ(ack(4, 0), 13);
  CHECK_DONE();
}
