// Virtual functions: dynamic dispatch through pointers and references,
// overriding at several levels, calls from constructors, final, covariant
// return types, virtual calls in loops over heterogeneous arrays.
#include "check.h"

struct Animal {
  virtual ~Animal() {}
  virtual const char *name() const { return "animal"; }
  virtual int legs() const { return 0; }
  int describe() const { return legs() * 10 + (int)strlen(name()); }   // non-virtual calling virtuals
  virtual Animal *self() { return this; }
};
struct Dog : Animal {
  const char *name() const override { return "dog"; }
  int legs() const override { return 4; }
  Dog *self() override { return this; }                                // covariant return
  virtual int bark() const { return 1; }
};
struct Puppy final : Dog {
  const char *name() const override { return "puppy"; }
  int bark() const override { return Dog::bark() + 1; }               // qualified call: static
};
struct Bird : Animal {
  int legs() const override { return 2; }
};

static char seen[64];
struct Base {
  Base() { strcat(seen, who()); }             // virtual call in ctor: Base version
  virtual ~Base() { strcat(seen, who()); }
  virtual const char *who() const { return "B"; }
};
struct Derived : Base {
  Derived() { strcat(seen, who()); }
  ~Derived() override { strcat(seen, who()); }
  const char *who() const override { return "D"; }
};

static NOINLINE int total_legs(Animal *const *zoo, int n) { int t = 0; for (int i = 0; i < n; i++) t += zoo[i]->legs(); return t; }

int main() {
  Animal a;
  Dog d;
  Puppy p;
  Bird b;
  Animal *zoo[] = {&a, &d, &p, &b, &p};
  CHECK_EQ(total_legs(zoo, 5), 0 + 4 + 4 + 2 + 4);
  CHECK_STR(zoo[OPAQUE(2)]->name(), "puppy");
  CHECK_STR(zoo[3]->name(), "animal");
  Animal &ref = p;
  CHECK_EQ(ref.describe(), 45);
  CHECK_EQ(b.describe(), 26);
  Dog &dr = p;
  CHECK_EQ(dr.bark(), 2);
  CHECK(d.self() == &d);
  Dog *ds = p.self();
  CHECK(ds == &p);
  CHECK_STR(p.Animal::name(), "animal");                // explicit qualified call
  seen[0] = 0;
  { Derived x; }
  CHECK_STR(seen, "BDDB");
  seen[0] = 0;
  Base *bp = new Derived;
  CHECK_STR(bp->who(), "D");
  delete bp;
  CHECK_STR(seen, "BDDB");
  CHECK_DONE();
}
