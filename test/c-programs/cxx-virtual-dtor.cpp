// Deleting objects through base pointers runs the most-derived destructor
// chain when the destructor is virtual; counts of constructions/destructions.
#include "check.h"

static int live, destroyed_derived, destroyed_base;
struct Base {
  Base() { live++; }
  virtual ~Base() { live--; destroyed_base++; }
};
struct Mid : Base {
  int *buf;
  Mid() : buf(new int[16]) { for (int i = 0; i < 16; i++) buf[i] = i; }
  ~Mid() override { delete[] buf; destroyed_derived++; }
};
struct Leaf : Mid {
  char *name;
  Leaf() : name(new char[8]) { strcpy(name, "leaf"); }
  ~Leaf() override { delete[] name; destroyed_derived++; }
};

int main() {
  Base *objs[10];
  for (int i = 0; i < 10; i++) objs[i] = (i % 3 == 0) ? new Base : (i % 3 == 1) ? static_cast<Base *>(new Mid) : new Leaf;
  CHECK_EQ(live, 10);
  for (Base *b : objs) delete b;
  CHECK_EQ(live, 0);
  CHECK_EQ(destroyed_base, 10);
  CHECK_EQ(destroyed_derived, 3 + 3 * 2);   // 3 Mid (i=1,4,7) + 3 Leaf (i=2,5,8) with two levels
  {
    Leaf stack_leaf;
    CHECK_EQ(live, 1);
    CHECK_STR(stack_leaf.name, "leaf");
  }
  CHECK_EQ(live, 0);
  CHECK_DONE();
}
