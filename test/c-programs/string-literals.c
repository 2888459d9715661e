/* String literals: concatenation, escapes, sizeof, arrays vs pointers,
 * identical literals, strings in static tables. */
#include "check.h"

static const char *const days[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
static char mutable_buf[] = "hello";
static const char long_lit[] =
    "The quick brown fox "
    "jumps over "
    "the lazy dog";

int main(void) {
  CHECK(sizeof "abc" == 4);
  CHECK(sizeof "" == 1);
  CHECK(sizeof "a\0b" == 4);
  CHECK(sizeof long_lit == 44);
  CHECK(strlen(long_lit) == 43);
  CHECK_STR(long_lit + 40, "dog");
  CHECK("abc"[1] == 'b');
  CHECK(*"xyz" == 'x');
  CHECK_STR(days[OPAQUE(3)], "Thu");
  int total = 0;
  for (int i = 0; i < 7; i++) total += (int)strlen(days[i]);
  CHECK_EQ(total, 21);
  mutable_buf[0] = 'j';
  CHECK_STR(mutable_buf, "jello");
  char local[] = "stack copy";
  local[0] = 'S';
  CHECK_STR(local, "Stack copy");
  CHECK(sizeof local == 11);
  const char *ptr = "pointer";
  CHECK(sizeof ptr == 8);
  const char esc[] = "\a\b\f\n\r\t\v\\\'\"\?\x7e\176\061";
  CHECK(sizeof esc == 15);
  CHECK(esc[0] == 7 && esc[1] == 8 && esc[2] == 12 && esc[3] == 10 && esc[4] == 13);
  CHECK(esc[5] == 9 && esc[6] == 11 && esc[7] == '\\' && esc[8] == '\'' && esc[9] == '"');
  CHECK(esc[10] == '?' && esc[11] == '~' && esc[12] == '~' && esc[13] == '1');
  /* UTF-8 bytes in a narrow literal */
  const char utf8[] = "\xc3\xa9t\xc3\xa9";   /* "été" */
  CHECK(sizeof utf8 == 6);
  CHECK((unsigned char)utf8[0] == 0xC3);
  const char u8s[] = u8"\u00e9";
  CHECK(sizeof u8s == 3 && (unsigned char)u8s[1] == 0xA9);
  /* char array initialised with exact size: no terminator */
  char exact[3] = "abc";
  CHECK(exact[2] == 'c');
  char padded[8] = "ab";
  CHECK(padded[2] == 0 && padded[7] == 0);
  /* adjacent literal concatenation with macros */
#define NAME "accel"
  CHECK_STR("target=" NAME "-sim", "target=accel-sim");
  CHECK_STR(__func__, "main");
  CHECK(sizeof __func__ == 5);
  CHECK_DONE();
}
