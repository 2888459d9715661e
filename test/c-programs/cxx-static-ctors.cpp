// Global objects with non-trivial constructors run before main, in
// definition order within a translation unit; dynamic initialisation of
// globals that depend on earlier globals.
#include "check.h"

static int ctor_seq;
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

struct Registry {
  int order;
  int value;
  explicit Registry(int v) : order(++ctor_seq), value(v) {}
};

Registry first(10);
Registry second(first.value * 2);            // uses the already-initialised first
static Registry third(fib(15));              // dynamic initialisation by a call
int computed = fib(10) + second.value;       // non-class dynamic initialisation
static const int constant_init = 42;         // constant initialisation
Registry table[3] = {Registry(1), Registry(2), Registry(3)};

struct SelfCheck {
  bool saw_first;
  SelfCheck() : saw_first(first.order == 1 && first.value == 10) {}
};
SelfCheck check_obj;

int main() {
  CHECK_EQ(first.order, 1);
  CHECK_EQ(second.order, 2);
  CHECK_EQ(third.order, 3);
  CHECK_EQ(table[0].order, 4);
  CHECK_EQ(table[2].order, 6);
  CHECK_EQ(ctor_seq, 6);
  CHECK_EQ(second.value, 20);
  CHECK_EQ(third.value, 610);
  CHECK_EQ(computed, 55 + 20);
  CHECK_EQ(constant_init, 42);
  CHECK(check_obj.saw_first);
  CHECK_EQ(table[1].value, 2);
  CHECK_DONE();
}
