// Default arguments: trailing defaults, defaults that are evaluated at
// each call, defaults in member functions and constructors, defaults
// combined with overloading and templates.
#include "check.h"

static int calls;
static int next_id() { return ++calls; }
static int make(int a, int b = 10, int c = 100) { return a + b + c; }
static int with_call(int id = next_id()) { return id; }
static const char *greet(const char *who = "world", char punct = '!') {
  static char buf[32];
  snprintf(buf, sizeof buf, "hello %s%c", who, punct);
  return buf;
}
template <typename T> T scaled(T v, T factor = T(2)) { return v * factor; }

struct Box {
  int w, h, d;
  Box(int w_ = 1, int h_ = 1, int d_ = 1) : w(w_), h(h_), d(d_) {}
  int volume(int scale = 1) const { return w * h * d * scale * scale * scale; }
};
struct Base { virtual ~Base() {} virtual int f(int x = 1) const { return x; } };
struct Derived : Base { int f(int x = 2) const override { return x * 10; } };

int main() {
  CHECK_EQ(make(1), 111);
  CHECK_EQ(make(1, 2), 103);
  CHECK_EQ(make(1, 2, 3), 6);
  CHECK_EQ(with_call(), 1);
  CHECK_EQ(with_call(), 2);              // default re-evaluated on every call
  CHECK_EQ(with_call(50), 50);
  CHECK_EQ(calls, 2);
  CHECK_STR(greet(), "hello world!");
  CHECK_STR(greet("accel"), "hello accel!");
  CHECK_STR(greet("sim", '?'), "hello sim?");
  CHECK_EQ(scaled(21), 42);
  CHECK(scaled(1.5) == 3.0);
  CHECK(scaled(1.5, 4.0) == 6.0);
  Box a, b(2), c(2, 3), d(2, 3, 4);
  CHECK(a.volume() == 1 && b.volume() == 2 && c.volume() == 6 && d.volume() == 24);
  CHECK_EQ(d.volume(2), 192);
  Derived der;
  const Base &br = der;
  CHECK_EQ(br.f(), 10);                  // default from the static type (Base), body from Derived
  CHECK_EQ(der.f(), 20);
  CHECK_DONE();
}
