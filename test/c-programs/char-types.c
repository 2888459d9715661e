/* char, signed char and unsigned char. Plain char is signed on Accel. */
#include <limits.h>
#include "check.h"

static NOINLINE int load(const char *p) { return *p; }
static NOINLINE int loads(const signed char *p) { return *p; }
static NOINLINE int loadu(const unsigned char *p) { return *p; }

int main(void) {
  CHECK(sizeof(char) == 1 && sizeof(signed char) == 1 && sizeof(unsigned char) == 1);
  unsigned char bytes[3] = {0x41, 0x80, 0xFF};
  CHECK_EQ(loads((signed char *)bytes + 1), -128);
  CHECK_EQ(loads((signed char *)bytes + 2), -1);
  CHECK_EQ(loadu(bytes + 1), 128);
  CHECK_EQ(loadu(bytes + 2), 255);
  CHECK_EQ(load((char *)bytes), 'A');
#ifdef __accel__
  CHECK(CHAR_MIN == SCHAR_MIN && CHAR_MAX == SCHAR_MAX);
  CHECK_EQ(load((char *)bytes + 2), -1);
  char c = OPAQUE((char)0x80);
  CHECK(c < 0);
#ifdef __CHAR_UNSIGNED__
  CHECK(0 && "char must be signed on Accel");
#endif
#else
  CHECK(load((char *)bytes + 2) == (CHAR_MIN < 0 ? -1 : 255));
#endif
  /* character constants have type int */
  CHECK(sizeof('a') == sizeof(int));
  CHECK_EQ('\x7f', 127);
  CHECK_EQ('\n', 10);
  CHECK_EQ('\0', 0);
  CHECK_EQ('\101', 65);
  /* multi-byte string and escapes */
  const char s[] = "a\tb\\\"\x41\101\0z";
  CHECK(sizeof s == 10);
  CHECK(s[1] == 9 && s[3] == '\\' && s[4] == '"' && s[5] == 'A' && s[6] == 'A' && s[7] == 0 && s[8] == 'z');
  /* arithmetic on characters */
  int digits = 0;
  for (char ch = '0'; ch <= '9'; ch++) digits = digits * 10 + (ch - '0');
  CHECK_EQ(digits, 123456789);
  unsigned char uc = OPAQUE((unsigned char)250);
  uc += 10;
  CHECK_EQ(uc, 4);
  signed char sc = OPAQUE((signed char)-100);
  sc = (signed char)(sc - 100);
  CHECK_EQ(sc, 56);
  CHECK_DONE();
}
