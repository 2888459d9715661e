/* strtol/strtoll: bases, prefixes, signs, whitespace, end pointers,
 * overflow to LONG_MAX/LONG_MIN with ERANGE. */
#include <stdlib.h>
#include <errno.h>
#include <limits.h>
#include "check.h"

int main(void) {
  char *end;
  CHECK_EQ(strtol("12345", &end, 10), 12345);
  CHECK(*end == 0);
  CHECK_EQ(strtol("   -42abc", &end, 10), -42);
  CHECK(*end == 'a');
  CHECK_EQ(strtol("+17", NULL, 10), 17);
  CHECK_EQ(strtol("\t\n 99", NULL, 10), 99);
  CHECK_EQ(strtol("ff", NULL, 16), 255);
  CHECK_EQ(strtol("0xFF", NULL, 16), 255);
  CHECK_EQ(strtol("0x1A", NULL, 0), 26);
  CHECK_EQ(strtol("017", NULL, 0), 15);
  CHECK_EQ(strtol("017", NULL, 10), 17);
  CHECK_EQ(strtol("101101", NULL, 2), 45);
  CHECK_EQ(strtol("777", NULL, 8), 511);
  CHECK_EQ(strtol("z", NULL, 36), 35);
  CHECK_EQ(strtol("Zz", NULL, 36), 35 * 36 + 35);
  CHECK_EQ(strtol("-0", NULL, 10), 0);
  CHECK_EQ(strtol("129", &end, 8), 10);       /* stops at '9' */
  CHECK(*end == '9');
  const char *none = "xyz";
  CHECK_EQ(strtol(none, &end, 10), 0);
  CHECK(end == none);                          /* no conversion */
  const char *blank = "   ";
  CHECK_EQ(strtol(blank, &end, 10), 0);
  CHECK(end == blank);
  CHECK_EQ(strtol("9223372036854775807", NULL, 10), LONG_MAX);
  CHECK_EQ(strtol("-9223372036854775808", NULL, 10), LONG_MIN);
  errno = 0;
  CHECK_EQ(strtol("9223372036854775808", &end, 10), LONG_MAX);
  CHECK(errno == ERANGE && *end == 0);
  errno = 0;
  CHECK_EQ(strtol("-99999999999999999999", NULL, 10), LONG_MIN);
  CHECK(errno == ERANGE);
  errno = 0;
  CHECK_EQ(strtol("123", NULL, 10), 123);
  CHECK(errno == 0);
  CHECK_EQ(strtoll("-123456789012345", NULL, 10), -123456789012345LL);
  CHECK_EQ(strtoll("7fffffffffffffff", NULL, 16), LLONG_MAX);
  /* round trip for many values */
  char buf[32];
  long v = 1;
  for (int i = 0; i < 38; i++) {   /* 3^39 < 2^63 */
    v = v * 3 + (i & 1 ? -1 : 1) * i;
    snprintf(buf, sizeof buf, "%ld", v);
    CHECK_EQ(strtol(buf, NULL, 10), v);
    snprintf(buf, sizeof buf, "%lx", (unsigned long)v);
    CHECK_EQ(strtoul(buf, NULL, 16), (unsigned long)v);
    snprintf(buf, sizeof buf, "%lo", (unsigned long)v);
    CHECK_EQ(strtoul(buf, NULL, 8), (unsigned long)v);
  }
  CHECK_DONE();
}
