/* abs/labs/llabs and div/ldiv/lldiv. */
#include <stdlib.h>
#include <limits.h>
#include "check.h"

int main(void) {
  CHECK_EQ(abs(OPAQUE(-5)), 5);
  CHECK_EQ(abs(OPAQUE(5)), 5);
  CHECK_EQ(abs(OPAQUE(INT_MIN + 1)), INT_MAX);
  CHECK_EQ(labs(OPAQUE(-5000000000L)), 5000000000L);
  CHECK_EQ(llabs(OPAQUE(LLONG_MIN + 1)), LLONG_MAX);
  div_t d = div(OPAQUE(-7), 2);
  CHECK(d.quot == -3 && d.rem == -1);
  d = div(OPAQUE(7), -2);
  CHECK(d.quot == -3 && d.rem == 1);
  d = div(OPAQUE(INT_MIN), 3);
  CHECK(d.quot == -715827882 && d.rem == -2);
  ldiv_t ld = ldiv(OPAQUE(-100000000007L), 10L);
  CHECK(ld.quot == -10000000000L && ld.rem == -7);
  lldiv_t lld = lldiv(OPAQUE(LLONG_MAX), 1000000000LL);
  CHECK(lld.quot == 9223372036LL && lld.rem == 854775807LL);
  for (int a = -30; a <= 30; a++)
    for (int b = -7; b <= 7; b++) {
      if (!b) continue;
      div_t r = div(a, b);
      CHECK(r.quot == a / b && r.rem == a % b && r.quot * b + r.rem == a);
      CHECK(abs(r.rem) < abs(b));
    }
  CHECK_DONE();
}
