/* Comparisons mixing signed and unsigned operands. */
#include <limits.h>
#include "check.h"

static NOINLINE int lt_iu(int a, unsigned b) { return a < b; }
static NOINLINE int lt_lu(long a, unsigned b) { return a < b; }
static NOINLINE int lt_lul(long a, unsigned long b) { return a < b; }
static NOINLINE int lt_ii(int a, int b) { return a < b; }
static NOINLINE int lt_uu(unsigned a, unsigned b) { return a < b; }

int main(void) {
  CHECK(!lt_iu(-1, 0));       /* -1 -> UINT_MAX */
  CHECK(lt_iu(0, 1));
  CHECK(!lt_iu(INT_MIN, 5));  /* 0x80000000 > 5 */
  CHECK(lt_lu(-1, 0));        /* long holds all unsigned: signed compare */
  CHECK(!lt_lul(-1, 0));
  CHECK(lt_ii(-1, 0));
  CHECK(!lt_uu(0xFFFFFFFFu, 0));
  CHECK(lt_ii(INT_MIN, INT_MAX));
  CHECK(!lt_uu((unsigned)INT_MIN, (unsigned)INT_MAX));

  /* all six relations on boundary pairs */
  int vals[] = {INT_MIN, INT_MIN + 1, -1, 0, 1, INT_MAX - 1, INT_MAX};
  int n = sizeof vals / sizeof vals[0];
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      int x = OPAQUE(vals[a]), y = OPAQUE(vals[b]);
      /* vals is sorted ascending and distinct */
      CHECK((x < y) == (a < b));
      CHECK((x <= y) == (a <= b));
      CHECK((x > y) == (a > b));
      CHECK((x >= y) == (a >= b));
      CHECK((x == y) == (a == b));
      CHECK((x != y) == (a != b));
      /* unsigned ordering: negative values are above the non-negative */
      unsigned ux = (unsigned)x, uy = (unsigned)y;
      int ka = vals[a] < 0 ? a + n : a, kb = vals[b] < 0 ? b + n : b;
      CHECK((ux < uy) == (ka < kb));
      CHECK((ux >= uy) == (ka >= kb));
    }

  long long lv[] = {LLONG_MIN, -1, 0, 1, LLONG_MAX};
  for (int a = 0; a < 5; a++)
    for (int b = 0; b < 5; b++) {
      long long x = OPAQUE(lv[a]), y = OPAQUE(lv[b]);
      CHECK((x < y) == (a < b));
      CHECK((x > y) == (a > b));
      unsigned long long ux = (unsigned long long)x, uy = (unsigned long long)y;
      int ka = lv[a] < 0 ? a + 5 : a, kb = lv[b] < 0 ? b + 5 : b;
      CHECK((ux < uy) == (ka < kb));
    }

  /* sizeof yields size_t: comparing with negative int */
  int neg = OPAQUE(-1);
  CHECK(!(neg < sizeof(int)));
  CHECK(neg < (int)sizeof(int));
  CHECK_DONE();
}
