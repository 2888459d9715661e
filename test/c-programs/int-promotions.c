/* Integer promotions: char/short operands are promoted to int before
 * arithmetic, so intermediate results do not wrap at 8/16 bits. */
#include "check.h"

int main(void) {
  unsigned char a = OPAQUE((unsigned char)200), b = OPAQUE((unsigned char)100);
  CHECK_EQ(a + b, 300);               /* int arithmetic, no wrap */
  unsigned char s = (unsigned char)(a + b);
  CHECK_EQ(s, 44);                     /* wraps only on store */
  CHECK(sizeof(a + b) == sizeof(int));

  signed char sc = OPAQUE((signed char)-128);
  CHECK_EQ(-sc, 128);                  /* promoted before negation */
  CHECK_EQ((signed char)-sc, -128);

  unsigned short us = OPAQUE((unsigned short)65535);
  /* us * us would overflow int (UB); multiply as unsigned instead */
  CHECK_EQ((unsigned)us * us, 4294836225u);
  CHECK_EQ(us + 1, 65536);

  unsigned char c = OPAQUE((unsigned char)0x0F);
  CHECK_EQ(~c, -16);                   /* ~ applies to promoted int */
  CHECK_EQ((unsigned char)~c, 0xF0);
  CHECK(~c < 0);

  unsigned char hi = OPAQUE((unsigned char)0x80);
  CHECK_EQ(hi << 1, 0x100);            /* no truncation to 8 bits */
  CHECK_EQ((int)((unsigned)hi << 24) >> 24, -128); /* int is 32 bits */

  short sh = OPAQUE((short)-1);
  unsigned short ush = OPAQUE((unsigned short)0xFFFF);
  CHECK(sh != ush);                    /* -1 vs 65535 as int */
  CHECK_EQ(sh + ush, 65534);

  /* _Bool promotes to int */
  _Bool t = OPAQUE((_Bool)1);
  CHECK_EQ(t + t, 2);

  /* char arithmetic in loops */
  unsigned char u8 = 0;
  int wraps = 0;
  for (int i = 0; i < 1000; i++) {
    u8++;
    if (u8 == 0) wraps++;
  }
  CHECK_EQ(wraps, 3);
  CHECK_EQ(u8, 1000 % 256);

  signed char s8 = OPAQUE((signed char)127);
  s8 = (signed char)(s8 + 1);          /* implementation-defined: modular */
  CHECK_EQ(s8, -128);

  /* promotion in comparisons */
  unsigned char x = OPAQUE((unsigned char)255);
  int m1 = OPAQUE(-1);
  CHECK(x > m1);                       /* int comparison, 255 > -1 */
  unsigned short y = OPAQUE((unsigned short)65535);
  CHECK(y > m1);
  CHECK_DONE();
}
