// Virtual inheritance: the diamond has a single shared base subobject,
// constructed once by the most-derived class; virtual calls and member
// access through every path.
#include "check.h"

static int base_ctor_calls;
struct Base {
  int v;
  explicit Base(int x) : v(x) { base_ctor_calls++; }
  virtual ~Base() {}
  virtual int get() const { return v; }
};
struct Left : virtual Base {
  int l = 10;
  Left() : Base(-1) {}                    // ignored when Left is not most-derived
  int from_left() const { return v + l; }
};
struct Right : virtual Base {
  int r = 20;
  Right() : Base(-2) {}
  int get() const override { return v * 2; }
  int from_right() const { return v + r; }
};
struct Bottom : Left, Right {
  Bottom() : Base(5) {}                   // most-derived class initialises the virtual base
};

static NOINLINE int via_left(Left &l) { return l.from_left() + l.get(); }
static NOINLINE int via_right(Right &r) { return r.from_right(); }

int main() {
  base_ctor_calls = 0;
  Bottom b;
  CHECK_EQ(base_ctor_calls, 1);
  CHECK_EQ(b.v, 5);
  Left &l = b;
  Right &r = b;
  Base &bl = l, &br = r;
  CHECK(&bl == &br);                      // one shared Base
  b.v = 7;
  CHECK_EQ(l.from_left(), 17);
  CHECK_EQ(r.from_right(), 27);
  CHECK_EQ(bl.get(), 14);                 // final overrider is Right::get
  CHECK_EQ(via_left(b), 17 + 14);
  CHECK_EQ(via_right(b), 27);
  Left standalone;
  CHECK_EQ(standalone.v, -1);
  CHECK_EQ(standalone.get(), -1);
  Base *heap = new Bottom;
  CHECK_EQ(heap->get(), 10);
  delete heap;
  CHECK_EQ(base_ctor_calls, 3);
  CHECK_DONE();
}
