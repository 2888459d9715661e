/* offsetof, sizeof, padding and alignment of structs and unions. */
#include <stddef.h>
#include <stdint.h>
#include "check.h"

struct A { char c; short s; int i; long l; };
struct B { char c1; double d; char c2; };
struct C { int i; char c[3]; };
struct D { struct B b; char c; };
struct E { char c; struct { char x; int y; } in; char z; };
union U { char c; int i; double d; char buf[13]; };
struct F { char c; union U u; };
struct G { short s; char c; } __attribute__((aligned(16)));
struct H { int a[0 + 1]; char tail; };

int main(void) {
  CHECK(offsetof(struct A, c) == 0 && offsetof(struct A, s) == 2);
  CHECK(offsetof(struct A, i) == 4 && offsetof(struct A, l) == 8);
  CHECK(sizeof(struct A) == 16 && _Alignof(struct A) == 8);
  CHECK(offsetof(struct B, d) == 8 && offsetof(struct B, c2) == 16);
  CHECK(sizeof(struct B) == 24);
  CHECK(sizeof(struct C) == 8 && _Alignof(struct C) == 4);
  CHECK(offsetof(struct D, c) == 24 && sizeof(struct D) == 32);
  CHECK(offsetof(struct E, in) == 4 && offsetof(struct E, in.y) == 8);
  CHECK(offsetof(struct E, z) == 12 && sizeof(struct E) == 16);
  CHECK(sizeof(union U) == 16 && _Alignof(union U) == 8);
  CHECK(offsetof(struct F, u) == 8 && sizeof(struct F) == 24);
  CHECK(sizeof(struct G) == 16 && _Alignof(struct G) == 16);
  CHECK(sizeof(struct H) == 8);
  /* the addresses agree with offsetof */
  struct E e;
  CHECK((char *)&e.in.y - (char *)&e == 8);
  CHECK((char *)&e.z - (char *)&e == 12);
  struct G g[2];
  CHECK((uintptr_t)&g[1] - (uintptr_t)&g[0] == 16);
  CHECK((uintptr_t)&g[0] % 16 == 0);
  /* padding does not break copying */
  struct B b1, b2;
  memset(&b1, 0xAA, sizeof b1);
  b1.c1 = 1; b1.d = 2.0; b1.c2 = 3;
  b2 = b1;
  CHECK(b2.c1 == 1 && b2.d == 2.0 && b2.c2 == 3);
  /* arrays of structs are densely packed in units of sizeof */
  struct A as[5];
  CHECK((char *)&as[4] - (char *)&as[0] == 4 * (long)sizeof(struct A));
  CHECK(sizeof as == 80);
  CHECK_DONE();
}
