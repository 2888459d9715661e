/* Struct assignment, initialization from other structs, copying through
 * pointers, arrays of structs inside structs, and comparison by members. */
#include "check.h"

struct Inner { short s[3]; char tag; };
struct Outer { int id; struct Inner in[4]; double w; const char *name; };

static NOINLINE void set(struct Outer *o, int id) {
  o->id = id;
  for (int i = 0; i < 4; i++) {
    for (int k = 0; k < 3; k++) o->in[i].s[k] = (short)(id * 100 + i * 10 + k);
    o->in[i].tag = (char)('a' + i);
  }
  o->w = id * 0.5;
  o->name = "outer";
}
static int equal(const struct Outer *a, const struct Outer *b) {
  if (a->id != b->id || a->w != b->w || a->name != b->name) return 0;
  for (int i = 0; i < 4; i++) {
    if (a->in[i].tag != b->in[i].tag) return 0;
    for (int k = 0; k < 3; k++) if (a->in[i].s[k] != b->in[i].s[k]) return 0;
  }
  return 1;
}

int main(void) {
  struct Outer a, b;
  memset(&b, 0, sizeof b);
  set(&a, OPAQUE(7));
  b = a;
  CHECK(equal(&a, &b));
  b.in[2].s[1] = -1;
  CHECK(!equal(&a, &b));
  CHECK(a.in[2].s[1] == 721);
  struct Outer c = a;          /* initialization by copy */
  CHECK(equal(&a, &c));
  struct Outer *pa = &a, *pc = &c;
  c.id = 9;
  *pc = *pa;                   /* copy through pointers */
  CHECK(c.id == 7);
  /* copying a member struct and an element of an array of structs */
  struct Inner in = a.in[3];
  CHECK(in.tag == 'd' && in.s[2] == 732);
  a.in[0] = a.in[3];
  CHECK(a.in[0].tag == 'd' && a.in[0].s[0] == 730);
  /* array of structs assigned element by element in a loop */
  struct Outer arr[3];
  for (int i = 0; i < 3; i++) { set(&arr[i], i); }
  struct Outer tmp = arr[0];
  arr[0] = arr[2];
  arr[2] = tmp;
  CHECK(arr[0].id == 2 && arr[2].id == 0 && arr[1].id == 1);
  CHECK(arr[0].in[1].s[2] == 212);
  /* self-assignment leaves the value unchanged */
  arr[1] = *(struct Outer *)OPAQUE((void *)&arr[1]);
  CHECK(arr[1].id == 1 && arr[1].w == 0.5);
  /* chained assignment */
  struct Inner x, y, z = {{1, 2, 3}, 'z'};
  x = y = z;
  CHECK(x.tag == 'z' && y.s[2] == 3);
  CHECK_DONE();
}
