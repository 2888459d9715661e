// Lambdas: capture by value and by reference, mutable, init-captures,
// capturing this, conversion of captureless lambdas to function pointers,
// immediately invoked lambdas, lambdas stored and passed to templates.
#include "check.h"

template <typename F> int apply_to_range(int lo, int hi, F f) { int acc = 0; for (int i = lo; i < hi; i++) acc += f(i); return acc; }
static int call_fp(int (*fp)(int), int v) { return fp(v); }

struct Widget {
  int base = 100;
  int compute(int k) const { auto f = [this](int x) { return base + x; }; return f(k); }
  auto adder() { return [=](int x) { return base + x; }; }      // [=] captures this (C++17)
  auto copier() { return [*this](int x) { return base + x; }; } // captures a copy of *this
};

int main() {
  int x = OPAQUE(10), y = 20;
  auto by_val = [x]() { return x * 2; };
  auto by_ref = [&y]() { return y * 2; };
  x = 11; y = 21;
  CHECK_EQ(by_val(), 20);            // captured when the lambda was created
  CHECK_EQ(by_ref(), 42);            // sees the update
  auto all_val = [=] { return x + y; };
  auto all_ref = [&] { x++; y++; return x + y; };
  CHECK_EQ(all_val(), 32);
  CHECK_EQ(all_ref(), 34);
  CHECK(x == 12 && y == 22);
  int counter = 0;
  auto inc = [counter]() mutable { return ++counter; };  // own copy
  CHECK(inc() == 1 && inc() == 2 && inc() == 3 && counter == 0);
  auto gen = [n = 5, step = x - 10]() mutable { n += step; return n; };
  CHECK(gen() == 7 && gen() == 9);
  int total = 0;
  auto accumulate = [&total](int v) { total += v; };
  for (int i = 1; i <= 10; i++) accumulate(i);
  CHECK_EQ(total, 55);
  CHECK_EQ(apply_to_range(0, 5, [](int i) { return i * i; }), 30);
  int scale = 3;
  CHECK_EQ(apply_to_range(1, 4, [scale](int i) { return i * scale; }), 18);
  int (*fp)(int) = [](int v) { return v + 1; };
  CHECK_EQ(fp(41), 42);
  CHECK_EQ(call_fp([](int v) { return v * v; }, 9), 81);
  CHECK_EQ(+[]() { return 5; }(), 5);
  const int iife = [&] { int s = 0; for (int i = 0; i < 4; i++) s += i * x; return s; }();
  CHECK_EQ(iife, 6 * 12);
  Widget w;
  CHECK_EQ(w.compute(5), 105);
  auto add = w.adder();
  auto cp = w.copier();
  w.base = 200;
  CHECK_EQ(add(1), 201);             // refers to w through this
  CHECK_EQ(cp(1), 101);              // has its own copy
  // recursive lambda through a reference to a function-pointer-like variable
  auto fact = [](auto self, int n) -> long { return n <= 1 ? 1 : n * self(self, n - 1); };
  CHECK_EQ(fact(fact, 15), 1307674368000L);
  // lambda capturing an array by value copies it
  int arr[3] = {1, 2, 3};
  auto arr_copy = [arr]() { return arr[0] + arr[1] + arr[2]; };
  arr[0] = 100;
  CHECK_EQ(arr_copy(), 6);
  CHECK(sizeof(by_val) == sizeof(int));
  CHECK_DONE();
}
