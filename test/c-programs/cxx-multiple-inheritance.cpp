// Multiple inheritance: base subobject addresses differ, this-pointer
// adjustment in virtual calls (thunks), casts between bases via the
// derived class, overriding functions from both bases.
#include <stdint.h>
#include "check.h"

struct A { int a = 1; virtual ~A() {} virtual int fa() const { return a; } virtual int id() const { return 100; } };
struct B { int b = 2; virtual ~B() {} virtual int fb() const { return b; } virtual int id() const { return 200; } };
struct C : A, B {
  int c = 3;
  int fa() const override { return a + c * 10; }
  int fb() const override { return b + c * 100; }      // called through B*: needs this adjustment
  int id() const override { return 300 + c; }           // overrides both A::id and B::id
};
struct NoVirt1 { int x[3]; };
struct NoVirt2 { double y; };
struct Both : NoVirt1, NoVirt2 { char z; };

static NOINLINE int call_fb(const B *b) { return b->fb(); }
static NOINLINE int call_id_b(const B &b) { return b.id(); }
static NOINLINE int call_id_a(const A &a) { return a.id(); }

int main() {
  C c;
  A *pa = &c;
  B *pb = &c;
  CHECK(static_cast<void *>(pa) == static_cast<void *>(&c));
  CHECK(static_cast<void *>(pb) != static_cast<void *>(&c));       // B subobject is offset
  CHECK((uintptr_t)pb - (uintptr_t)&c == sizeof(A));                // Itanium layout: B follows A
  CHECK(static_cast<C *>(pb) == &c);                                // downcast adjusts back
  CHECK_EQ(pa->fa(), 31);
  CHECK_EQ(call_fb(pb), 302);
  CHECK_EQ(call_id_b(c), 303);
  CHECK_EQ(call_id_a(c), 303);
  c.c = 5;
  CHECK_EQ(pb->fb(), 502);
  CHECK_EQ(pb->id(), 305);
  B *heap = new C;
  CHECK_EQ(heap->fb(), 302);
  delete heap;                                                      // virtual dtor through secondary base
  Both both;
  both.x[2] = 7; both.y = 2.5; both.z = 'z';
  NoVirt2 *p2 = &both;
  CHECK(p2->y == 2.5);
  CHECK((char *)p2 - (char *)&both == 16);                          // int[3] padded to 8
  CHECK(static_cast<Both *>(p2)->x[2] == 7);
  NoVirt2 *null2 = nullptr;
  CHECK(static_cast<Both *>(null2) == nullptr);                     // null stays null
  CHECK_DONE();
}
