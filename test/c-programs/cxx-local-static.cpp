// Function-local statics with dynamic initialisation (guard variables):
// initialised exactly once, on first use, with the constructor's side
// effects visible in order.
#include "check.h"

static int ctor_calls;
static int seq;
struct Config {
  int value;
  int order;
  explicit Config(int v) : value(v), order(++seq) { ctor_calls++; }
};
static int expensive(int v) { return v * 3; }

static Config &get_config() {
  static Config c(expensive(14));         // dynamic initialisation, guarded
  return c;
}
static int get_counter() {
  static int n = expensive(1);            // non-constant initialiser for a scalar
  return n++;
}
static Config &second_config() { static Config c(7); return c; }
template <typename T> T &instance() { static T obj{}; return obj; }
struct Widget { int hits = 0; };

int main() {
  CHECK_EQ(ctor_calls, 0);                // not constructed before first use
  seq = 100;
  Config &a = get_config();
  CHECK(a.value == 42 && a.order == 101 && ctor_calls == 1);
  Config &b = get_config();
  CHECK(&a == &b && ctor_calls == 1);
  a.value = 5;
  CHECK_EQ(get_config().value, 5);
  CHECK_EQ(second_config().order, 102);
  CHECK_EQ(ctor_calls, 2);
  CHECK(get_counter() == 3 && get_counter() == 4 && get_counter() == 5);
  instance<Widget>().hits++;
  instance<Widget>().hits++;
  CHECK_EQ(instance<Widget>().hits, 2);
  CHECK(instance<int>() == 0);
  CHECK(&instance<int>() == &instance<int>());
  for (int i = 0; i < 100; i++) get_config();
  CHECK_EQ(ctor_calls, 2);
  CHECK_DONE();
}
