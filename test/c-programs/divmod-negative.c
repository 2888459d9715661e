/* C division truncates toward zero; (a/b)*b + a%b == a. */
#include <limits.h>
#include "check.h"

static NOINLINE int idiv(int a, int b) { return a / b; }
static NOINLINE int imod(int a, int b) { return a % b; }
static NOINLINE long ldiv_(long a, long b) { return a / b; }
static NOINLINE long lmod(long a, long b) { return a % b; }
static NOINLINE unsigned udiv(unsigned a, unsigned b) { return a / b; }
static NOINLINE unsigned umod(unsigned a, unsigned b) { return a % b; }

/* independent reference: floor division built from repeated subtraction */
static int ref_div(int a, int b, int *rem) {
  int neg = (a < 0) != (b < 0);
  long long ua = a < 0 ? -(long long)a : a, ub = b < 0 ? -(long long)b : b;
  long long q = 0;
  while (ua >= ub) { ua -= ub; q++; }
  *rem = (int)(a < 0 ? -ua : ua);
  return (int)(neg ? -q : q);
}

int main(void) {
  CHECK_EQ(idiv(7, 2), 3);
  CHECK_EQ(idiv(-7, 2), -3);
  CHECK_EQ(idiv(7, -2), -3);
  CHECK_EQ(idiv(-7, -2), 3);
  CHECK_EQ(imod(7, 2), 1);
  CHECK_EQ(imod(-7, 2), -1);
  CHECK_EQ(imod(7, -2), 1);
  CHECK_EQ(imod(-7, -2), -1);
  CHECK_EQ(idiv(INT_MIN, 2), -1073741824);
  CHECK_EQ(idiv(INT_MIN, INT_MIN), 1);
  CHECK_EQ(idiv(INT_MAX, INT_MIN), 0);
  CHECK_EQ(imod(INT_MIN, INT_MAX), -1);
  CHECK_EQ(imod(INT_MIN, 3), -2);
  CHECK_EQ(idiv(INT_MIN, 3), -715827882);
  CHECK_EQ(ldiv_(-9223372036854775807L, 10), -922337203685477580L);
  CHECK_EQ(lmod(-9223372036854775807L, 10), -7);
  CHECK_EQ(lmod(LONG_MIN, -3), -2);
  CHECK_EQ(ldiv_(LONG_MIN, 7), -1317624576693539401L);
  CHECK(udiv(0xFFFFFFFFu, 2) == 0x7FFFFFFFu);
  CHECK(umod(0xFFFFFFFFu, 10) == 5);
  CHECK(udiv((unsigned)-7, 2) == 2147483644u);

  for (int a = -50; a <= 50; a += 7)
    for (int b = -13; b <= 13; b++) {
      if (b == 0) continue;
      int r, q = ref_div(a, b, &r);
      CHECK_EQ(idiv(a, b), q);
      CHECK_EQ(imod(a, b), r);
      CHECK_EQ(idiv(a, b) * b + imod(a, b), a);
      CHECK_EQ(ldiv_(a, b), q);
      CHECK_EQ(lmod(a, b), r);
    }

  /* division by constants (strength-reduced at -O2) */
  int v = OPAQUE(-1000003);
  CHECK_EQ(v / 3, -333334);
  CHECK_EQ(v % 3, -1);
  CHECK_EQ(v / 8, -125000);
  CHECK_EQ(v % 8, -3);
  CHECK_EQ(v / -16, 62500);
  CHECK_EQ(v % -16, -3);
  CHECK_EQ(v / 7, -142857);
  CHECK_EQ(v % 7, -4);
  unsigned uv = OPAQUE(1000003u);
  CHECK(uv / 7 == 142857u && uv % 7 == 4u);
  CHECK(uv / 16 == 62500u && uv % 16 == 3u);
  long long lv = OPAQUE(-123456789012345LL);
  CHECK_EQ(lv / 1000, -123456789012LL);
  CHECK_EQ(lv % 1000, -345);
  CHECK_EQ(lv / 1024, -120563270519LL);
  CHECK_EQ(lv % 1024, -889);
  CHECK_DONE();
}
