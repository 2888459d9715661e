/* snprintf integer, character and string conversions with flags, width
 * and precision (%d %i %u %x %X %o %c %s %%). */
#include <limits.h>
#include "check.h"

static char buf[256];
int main(void) {
  int v = OPAQUE(42);
  CHECK_FORMAT("42", "%d", v);
  CHECK_FORMAT("-42", "%i", -v);
  CHECK_FORMAT("   42", "%5d", v);
  CHECK_FORMAT("42   |", "%-5d|", v);
  CHECK_FORMAT("00042", "%05d", v);
  CHECK_FORMAT("-0042", "%05d", -v);
  {
    /* '-' overrides '0' (format passed at run time to avoid a warning) */
    const char *volatile f = "%-05d|";
    CHECK_FORMAT("-42  |", f, -v);
  }
  CHECK_FORMAT("+42", "%+d", v);
  CHECK_FORMAT(" 42", "% d", v);
  CHECK_FORMAT("-42", "% d", -v);
  CHECK_FORMAT("+0042", "%+05d", v);
  CHECK_FORMAT("00042", "%.5d", v);
  CHECK_FORMAT("   00042", "%8.5d", v);
  CHECK_FORMAT("", "%.0d", 0);
  CHECK_FORMAT("    ", "%4.0d", 0);
  CHECK_FORMAT("0", "%d", 0);
  CHECK_FORMAT("-2147483648", "%d", INT_MIN);
  CHECK_FORMAT("2147483647", "%i", INT_MAX);
  CHECK_FORMAT("4294967295", "%u", UINT_MAX);
  CHECK_FORMAT("4294967254", "%u", (unsigned)-v);
  CHECK_FORMAT("ff", "%x", 255);
  CHECK_FORMAT("FF", "%X", 255);
  CHECK_FORMAT("0xff", "%#x", 255);
  CHECK_FORMAT("0XFF", "%#X", 255);
  CHECK_FORMAT("0", "%#x", 0);
  CHECK_FORMAT("000000ff", "%08x", 255);
  CHECK_FORMAT("0x0000ff", "%#08x", 255);
  CHECK_FORMAT("deadbeef", "%x", 0xDEADBEEFu);
  CHECK_FORMAT("17", "%o", 15);
  CHECK_FORMAT("017", "%#o", 15);
  CHECK_FORMAT("0", "%#o", 0);
  CHECK_FORMAT("37777777777", "%o", UINT_MAX);
  CHECK_FORMAT("A", "%c", 'A');
  CHECK_FORMAT("    A", "%5c", 'A');
  CHECK_FORMAT("A  |", "%-3c|", 'A');
  CHECK_FORMAT("hello", "%s", "hello");
  CHECK_FORMAT("hel", "%.3s", "hello");
  CHECK_FORMAT("     hello", "%10s", "hello");
  CHECK_FORMAT("hello     |", "%-10s|", "hello");
  CHECK_FORMAT("  hel", "%5.3s", "hello");
  CHECK_FORMAT("", "%s", "");
  CHECK_FORMAT("100%", "%d%%", 100);
  CHECK_FORMAT("%", "%%");
  CHECK_FORMAT("a1b2c3", "a%db%dc%d", 1, 2, 3);
  CHECK_FORMAT("[  -7][-7  ][-007]", "[%4d][%-4d][%04d]", -7, -7, -7);
  CHECK_FORMAT("x=  1f y=0X1F", "x=%4x y=%#X", 31, 31);
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
