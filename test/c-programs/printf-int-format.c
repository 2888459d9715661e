/* snprintf integer, character and string conversions with flags, width
 * and precision (%d %i %u %x %X %o %c %s %%). */
#include <limits.h>
#include "check.h"

static char buf[256];
#define FMT(expect, ...)                                                    \
  do {                                                                      \
    int n_ = snprintf(buf, sizeof buf, __VA_ARGS__);                        \
    CHECK_STR(buf, expect);                                                 \
    CHECK_EQ(n_, (int)strlen(expect));                                      \
  } while (0)

int main(void) {
  int v = OPAQUE(42);
  FMT("42", "%d", v);
  FMT("-42", "%i", -v);
  FMT("   42", "%5d", v);
  FMT("42   |", "%-5d|", v);
  FMT("00042", "%05d", v);
  FMT("-0042", "%05d", -v);
  {
    /* '-' overrides '0' (format passed at run time to avoid a warning) */
    const char *volatile f = "%-05d|";
    FMT("-42  |", f, -v);
  }
  FMT("+42", "%+d", v);
  FMT(" 42", "% d", v);
  FMT("-42", "% d", -v);
  FMT("+0042", "%+05d", v);
  FMT("00042", "%.5d", v);
  FMT("   00042", "%8.5d", v);
  FMT("", "%.0d", 0);
  FMT("    ", "%4.0d", 0);
  FMT("0", "%d", 0);
  FMT("-2147483648", "%d", INT_MIN);
  FMT("2147483647", "%i", INT_MAX);
  FMT("4294967295", "%u", UINT_MAX);
  FMT("4294967254", "%u", (unsigned)-v);
  FMT("ff", "%x", 255);
  FMT("FF", "%X", 255);
  FMT("0xff", "%#x", 255);
  FMT("0XFF", "%#X", 255);
  FMT("0", "%#x", 0);
  FMT("000000ff", "%08x", 255);
  FMT("0x0000ff", "%#08x", 255);
  FMT("deadbeef", "%x", 0xDEADBEEFu);
  FMT("17", "%o", 15);
  FMT("017", "%#o", 15);
  FMT("0", "%#o", 0);
  FMT("37777777777", "%o", UINT_MAX);
  FMT("A", "%c", 'A');
  FMT("    A", "%5c", 'A');
  FMT("A  |", "%-3c|", 'A');
  FMT("hello", "%s", "hello");
  FMT("hel", "%.3s", "hello");
  FMT("     hello", "%10s", "hello");
  FMT("hello     |", "%-10s|", "hello");
  FMT("  hel", "%5.3s", "hello");
  FMT("", "%s", "");
  FMT("100%", "%d%%", 100);
  FMT("%", "%%");
  FMT("a1b2c3", "a%db%dc%d", 1, 2, 3);
  FMT("[  -7][-7  ][-007]", "[%4d][%-4d][%04d]", -7, -7, -7);
  FMT("x=  1f y=0X1F", "x=%4x y=%#X", 31, 31);
  /* long output */
  char big[200];
  for (int i = 0; i < 150; i++) big[i] = (char)('a' + i % 26);
  big[150] = 0;
  int n = snprintf(buf, sizeof buf, "<%s>", big);
  CHECK_EQ(n, 152);
  CHECK(buf[0] == '<' && buf[151] == '>' && buf[152] == 0);
  /* sprintf too */
  char s[32];
  CHECK_EQ(sprintf(s, "%d-%s-%c", -1, "x", 'y'), 6);
  CHECK_STR(s, "-1-x-y");
  CHECK_DONE();
}
