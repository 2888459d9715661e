/* Bit-field layout on a little-endian target: fields are allocated from the
 * least significant bit of their storage unit (SysV-style psABI layout). */
#include <stdint.h>
#include "check.h"

struct A { unsigned a : 4, b : 4, c : 8, d : 16; };
struct B { unsigned a : 30; unsigned b : 4; };        /* b does not fit: new unit */
struct C { char x; unsigned y : 8; };                 /* y shares the first int */
struct D { unsigned long long a : 40; unsigned long long b : 30; };
struct E { unsigned char a : 1, b : 1, c : 1, d : 5; };
struct F { unsigned short a : 3; unsigned short : 0; unsigned short b : 3; };
struct G { uint8_t lo : 4; uint8_t hi : 4; uint16_t mid; };

int main(void) {
  CHECK(sizeof(struct A) == 4);
  CHECK(sizeof(struct B) == 8);
  CHECK(sizeof(struct C) == 4);
  CHECK(sizeof(struct D) == 16);
  CHECK(sizeof(struct E) == 1);
  CHECK(sizeof(struct F) == 4);
  CHECK(sizeof(struct G) == 4);

  union { struct A s; uint32_t w; } ua;
  ua.w = 0;
  ua.s.a = OPAQUE(0x1u); ua.s.b = OPAQUE(0x2u); ua.s.c = OPAQUE(0x34u); ua.s.d = OPAQUE(0x5678u);
  CHECK(ua.w == 0x56783421u);
  ua.w = OPAQUE(0xDEADBEEFu);
  CHECK(ua.s.a == 0xF && ua.s.b == 0xE && ua.s.c == 0xBE && ua.s.d == 0xDEAD);

  union { struct B s; uint32_t w[2]; } ub;
  ub.w[0] = ub.w[1] = 0;
  ub.s.a = OPAQUE(0x3FFFFFFFu);
  ub.s.b = OPAQUE(0xAu);
  CHECK(ub.w[0] == 0x3FFFFFFFu);
  CHECK(ub.w[1] == 0xAu);

  union { struct C s; unsigned char b[4]; } uc;
  memset(&uc, 0, sizeof uc);
  uc.s.x = 1;
  uc.s.y = OPAQUE(0xABu);
  CHECK(uc.b[0] == 1 && uc.b[1] == 0xAB);

  union { struct D s; uint64_t w[2]; } ud;
  ud.w[0] = ud.w[1] = 0;
  ud.s.a = OPAQUE(0x123456789Aull);
  ud.s.b = OPAQUE(0x2BCDEF01ull);
  CHECK(ud.w[0] == 0x123456789Aull);
  CHECK(ud.w[1] == 0x2BCDEF01ull);

  union { struct E s; uint8_t b; } ue;
  ue.b = 0;
  ue.s.a = 1; ue.s.c = 1; ue.s.d = OPAQUE(0x15u);
  CHECK(ue.b == (1 | 4 | (0x15 << 3)));

  union { struct F s; uint16_t h[2]; } uf;
  uf.h[0] = uf.h[1] = 0;
  uf.s.a = 5; uf.s.b = 6;
  CHECK(uf.h[0] == 5 && uf.h[1] == 6);

  union { struct G s; uint8_t b[4]; } ug;
  memset(&ug, 0, sizeof ug);
  ug.s.lo = 0x3; ug.s.hi = 0xC; ug.s.mid = OPAQUE((uint16_t)0xBEEF);
  CHECK(ug.b[0] == 0xC3);
  CHECK(ug.b[2] == 0xEF && ug.b[3] == 0xBE);
  CHECK_DONE();
}
