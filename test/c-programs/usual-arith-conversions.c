/* Usual arithmetic conversions under LP64. */
#include "check.h"

int main(void) {
  int i = OPAQUE(-1);
  unsigned u = OPAQUE(1u);
  long l = OPAQUE(-1L);
  unsigned long ul = OPAQUE(1UL);
  long long ll = OPAQUE(-1LL);

  /* int + unsigned -> unsigned */
  CHECK(sizeof(i + u) == 4);
  CHECK_EQ(i + u, 0u);
  CHECK((i + 0u) == 4294967295u);

  /* long can represent all unsigned int values -> long (signed) */
  CHECK(sizeof(l + u) == 8);
  CHECK_EQ(l + u, 0);
  CHECK(l < u);                       /* compared as long: -1 < 1 */

  /* long + unsigned long -> unsigned long */
  CHECK(l + ul == 0);
  CHECK(!(l < ul));                   /* -1 becomes ULONG_MAX */
  CHECK((unsigned long)l == 18446744073709551615UL);

  /* long long vs unsigned long: same rank, unsigned wins */
  CHECK(sizeof(ll + ul) == 8);
  CHECK(!(ll < ul));

  /* int * double -> double */
  double d = i * 0.5;
  CHECK(d == -0.5);
  /* unsigned -> double preserves large value */
  unsigned big = OPAQUE(4000000000u);
  CHECK(big * 1.0 == 4000000000.0);
  /* int -> float conversion in mixed arithmetic */
  float f = OPAQUE(16777217) + 0.0f;   /* 2^24+1 not representable */
  CHECK(f == 16777216.0f);

  /* char + unsigned long */
  signed char c = OPAQUE((signed char)-2);
  CHECK(c + ul == 18446744073709551615UL);

  /* conditional operator conversions */
  int which = OPAQUE(1);
  long r = which ? i : ul;             /* type unsigned long */
  CHECK(r == -1);
  CHECK((which ? i : u) == 4294967295u);

  /* compound assignment converts back */
  short s = OPAQUE((short)1000);
  s *= 2.5;
  CHECK_EQ(s, 2500);
  int k = OPAQUE(7);
  k /= 2.0;                            /* 3.5 truncated */
  CHECK_EQ(k, 3);
  unsigned char uc = OPAQUE((unsigned char)10);
  uc -= 20;
  CHECK_EQ(uc, 246);
  CHECK_DONE();
}
