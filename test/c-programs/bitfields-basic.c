/* Signed and unsigned bit-fields: wrap-around, sign extension, updates. */
#include "check.h"

struct S {
  unsigned int u3 : 3;
  signed int s3 : 3;
  unsigned int u1 : 1;
  signed int s5 : 5;
  unsigned int u12 : 12;
  signed int s8 : 8;
};

struct W {
  unsigned long long a : 40;
  signed long long b : 24;
};

static NOINLINE void bump(struct S *p) { p->u3++; p->s3++; p->u12 += 4000; }

int main(void) {
  struct S s = {0};
  s.u3 = OPAQUE(7u);
  s.s3 = OPAQUE(3);
  s.u1 = 1;
  s.s5 = OPAQUE(-16);
  s.u12 = OPAQUE(4095u);
  s.s8 = OPAQUE(-128);
  CHECK_EQ(s.u3, 7);
  CHECK_EQ(s.s3, 3);
  CHECK_EQ(s.u1, 1);
  CHECK_EQ(s.s5, -16);
  CHECK_EQ(s.u12, 4095);
  CHECK_EQ(s.s8, -128);
  bump(&s);
  CHECK_EQ(s.u3, 0);          /* 7+1 wraps in 3 bits */
  CHECK_EQ(s.s3, -4);         /* 3+1 -> -4 (implementation-defined, modular) */
  CHECK_EQ(s.u12, (4095 + 4000) % 4096);
  /* neighbours untouched */
  CHECK_EQ(s.u1, 1);
  CHECK_EQ(s.s5, -16);
  CHECK_EQ(s.s8, -128);

  /* sign extension when read into wider types */
  s.s5 = OPAQUE(-1);
  long l = s.s5;
  CHECK_EQ(l, -1);
  s.u12 = OPAQUE(0x800u);
  int i = s.u12;               /* unsigned field zero-extends */
  CHECK_EQ(i, 2048);
  /* an unsigned field narrower than int promotes to int */
  CHECK(s.u3 - 1 < 0);

  /* store truncation */
  int big = OPAQUE(0x12345);
  s.u12 = big;
  CHECK_EQ(s.u12, 0x345);
  s.s8 = big;                  /* 0x45 */
  CHECK_EQ(s.s8, 0x45);
  s.s8 = OPAQUE(0x1FF);        /* 0xFF -> -1 */
  CHECK_EQ(s.s8, -1);

  /* loops over every value of a small field */
  for (int v = -4; v < 4; v++) {
    s.s3 = v;
    CHECK_EQ(s.s3, v);
  }
  for (unsigned v = 0; v < 8; v++) {
    s.u3 = v;
    CHECK_EQ(s.u3, v);
  }

  struct W w;
  w.a = OPAQUE(0xFFFFFFFFFFull);
  w.b = OPAQUE(-8388608LL);
  CHECK(w.a == 0xFFFFFFFFFFull);
  CHECK_EQ(w.b, -8388608);
  w.a++;
  CHECK(w.a == 0);
  CHECK_EQ(w.b, -8388608);
  w.b = OPAQUE(8388607LL);
  w.a = OPAQUE(0x123456789Aull);
  CHECK(w.a == 0x123456789Aull);
  CHECK_EQ(w.b, 8388607);
  CHECK(sizeof(struct W) == 8);

  /* compound assignment and increments */
  s.u12 = 100;
  s.u12 *= 3;
  s.u12 -= 1;
  s.u12 <<= 2;
  CHECK_EQ(s.u12, (299 * 4) % 4096);
  s.s5 = 10;
  s.s5 = -s.s5;
  CHECK_EQ(s.s5, -10);
  CHECK_DONE();
}
