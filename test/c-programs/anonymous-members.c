/* C11 anonymous structs and unions. */
#include <stdint.h>
#include "check.h"

struct Vec {
  union {
    struct { float x, y, z, w; };
    float v[4];
  };
};
struct Reg {
  union {
    uint32_t word;
    struct { uint16_t lo, hi; };
    struct { uint8_t b0, b1, b2, b3; };
  };
  int id;
};
struct Node {
  int kind;
  union { long ival; double dval; const char *sval; };
};

static NOINLINE float len2(struct Vec v) { return v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w; }

int main(void) {
  struct Vec a = {{{1, 2, 3, 4}}};
  CHECK(a.v[0] == 1 && a.v[3] == 4);
  a.v[1] = OPAQUE(5.0f);
  CHECK(a.y == 5.0f);
  CHECK(len2(a) == 1 + 25 + 9 + 16);
  struct Vec b = {.x = 1, .w = 2};
  CHECK(b.v[0] == 1 && b.v[1] == 0 && b.v[3] == 2);
  struct Reg r;
  r.word = OPAQUE(0xAABBCCDDu);
  r.id = 3;
  CHECK(r.lo == 0xCCDD && r.hi == 0xAABB);
  CHECK(r.b0 == 0xDD && r.b3 == 0xAA);
  r.b1 = 0x11;
  CHECK(r.word == 0xAABB11DDu);
  CHECK(sizeof(struct Reg) == 8);
  struct Node n[3] = {{0, {.ival = -7}}, {1, {.dval = 2.5}}, {2, {.sval = "hi"}}};
  double total = 0;
  for (int i = 0; i < 3; i++) {
    switch (n[i].kind) {
      case 0: total += n[i].ival; break;
      case 1: total += n[i].dval; break;
      case 2: total += (double)strlen(n[i].sval); break;
    }
  }
  CHECK(total == -2.5);
  CHECK_DONE();
}
