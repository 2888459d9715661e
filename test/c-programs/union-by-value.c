/* Unions and structs containing unions passed and returned by value. */
#include <stdint.h>
#include "check.h"

union Num { int64_t i; double d; };
struct Tagged { int kind; union Num v; };
union Small { uint8_t b[3]; uint16_t h; };
union Mixed { float f[3]; int32_t i[3]; };

static NOINLINE struct Tagged add(struct Tagged a, struct Tagged b) {
  struct Tagged r;
  if (a.kind == 0 && b.kind == 0) { r.kind = 0; r.v.i = a.v.i + b.v.i; }
  else {
    r.kind = 1;
    r.v.d = (a.kind ? a.v.d : (double)a.v.i) + (b.kind ? b.v.d : (double)b.v.i);
  }
  return r;
}
static NOINLINE union Num half(union Num n) { n.d /= 2; return n; }
static NOINLINE union Small bump(union Small s) { s.b[2]++; s.h++; return s; }
static NOINLINE union Mixed negate(union Mixed m) { for (int k = 0; k < 3; k++) m.i[k] ^= (int32_t)0x80000000u; return m; }

int main(void) {
  struct Tagged a = {0, {.i = OPAQUE(40)}}, b = {0, {.i = 2}}, c = {1, {.d = 0.5}};
  struct Tagged r = add(a, b);
  CHECK(r.kind == 0 && r.v.i == 42);
  r = add(r, c);
  CHECK(r.kind == 1 && r.v.d == 42.5);
  r = add(c, c);
  CHECK(r.kind == 1 && r.v.d == 1.0);
  union Num n = {.d = OPAQUE(9.0)};
  CHECK(half(n).d == 4.5 && n.d == 9.0);
  union Small s = {{0xFF, 0x00, 0x10}};
  union Small t = bump(s);
  CHECK(t.b[0] == 0x00 && t.b[1] == 0x01 && t.b[2] == 0x11);
  union Mixed m = {{1.0f, -2.0f, 0.0f}};
  union Mixed nm = negate(m);
  CHECK(nm.f[0] == -1.0f && nm.f[1] == 2.0f && nm.f[2] == 0.0f && nm.i[2] == (int32_t)0x80000000u);
  CHECK(sizeof(struct Tagged) == 16 && sizeof(union Small) == 4 && sizeof(union Mixed) == 12);
  CHECK_DONE();
}
