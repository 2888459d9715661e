/* strtoul/strtoull and atoi/atol/atoll. */
#include <stdlib.h>
#include <errno.h>
#include <limits.h>
#include "check.h"

int main(void) {
  char *end;
  CHECK(strtoul("18446744073709551615", NULL, 10) == ULONG_MAX);
  errno = 0;
  CHECK(strtoul("18446744073709551616", &end, 10) == ULONG_MAX);
  CHECK(errno == ERANGE);
  CHECK(strtoul("-1", NULL, 10) == ULONG_MAX);          /* negated in unsigned */
  CHECK(strtoul("-2", NULL, 10) == ULONG_MAX - 1);
  CHECK(strtoul("0xDEADBEEFcafebabe", NULL, 16) == 0xDEADBEEFCAFEBABEul);
  CHECK(strtoul("0XdeadBEEF", NULL, 0) == 0xDEADBEEFul);
  CHECK(strtoull("1111111111111111111111111111111111111111111111111111111111111111", NULL, 2) == ~0ull);
  CHECK(strtoull("  +00042", &end, 10) == 42 && *end == 0);
  CHECK(strtoul("4294967296", NULL, 10) == 4294967296ul);
  CHECK(strtoul("1e5", &end, 10) == 1 && *end == 'e');
  CHECK_EQ(atoi("  -2147483648"), INT_MIN);
  CHECK_EQ(atoi("2147483647"), INT_MAX);
  CHECK_EQ(atoi("42xyz"), 42);
  CHECK_EQ(atoi("xyz"), 0);
  CHECK_EQ(atoi("+0"), 0);
  CHECK_EQ(atol("-9000000000"), -9000000000L);
  CHECK_EQ(atoll("9223372036854775807"), LLONG_MAX);
  /* base-N digit values across all bases */
  const char *digits = "0123456789abcdefghijklmnopqrstuvwxyz";
  for (int base = 2; base <= 36; base++) {
    char s[3] = {digits[base - 1], digits[base - 1], 0};
    CHECK(strtoul(s, NULL, base) == (unsigned long)((base - 1) * base + base - 1));
    char t[2] = {digits[base < 36 ? base : 35], 0};
    if (base < 36) CHECK(strtoul(t, &end, base) == 0 && end == t);
  }
  CHECK_DONE();
}
