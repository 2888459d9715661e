// Generic lambdas (auto parameters), variadic generic lambdas, lambdas
// returning lambdas (closures), composition and currying.
#include "check.h"

template <typename F, typename G> auto compose(F f, G g) { return [f, g](auto x) { return f(g(x)); }; }

int main() {
  auto twice = [](auto v) { return v + v; };
  CHECK_EQ(twice(21), 42);
  CHECK(twice(1.25) == 2.5);
  CHECK_EQ(twice(10L), 20L);
  auto maxv = [](auto a, auto b) { return a > b ? a : b; };
  CHECK_EQ(maxv(3, 9), 9);
  CHECK(maxv(2.5, 1.5) == 2.5);
  auto count = [](auto... args) { return (int)sizeof...(args); };
  CHECK(count() == 0 && count(1, 'a', 2.0) == 3);
  auto sum = [](auto... v) { return (v + ... + 0); };
  CHECK_EQ(sum(1, 2, 3), 6);
  CHECK(sum(0.5, 0.5, 1) == 2.0);
  auto make_adder = [](int n) { return [n](int x) { return x + n; }; };
  auto add5 = make_adder(5);
  auto add10 = make_adder(10);
  CHECK(add5(1) == 6 && add10(1) == 11);
  auto curry = [](auto f) { return [f](auto a) { return [f, a](auto b) { return f(a, b); }; }; };
  auto mul = curry([](auto a, auto b) { return a * b; });
  CHECK_EQ(mul(6)(7), 42);
  CHECK(mul(0.5)(3.0) == 1.5);
  auto inc = [](int v) { return v + 1; };
  auto sq = [](int v) { return v * v; };
  CHECK_EQ(compose(inc, sq)(5), 26);
  CHECK_EQ(compose(sq, inc)(5), 36);
  auto counter = [c = 0]() mutable { return ++c; };
  auto copy = counter;                   // closures are copyable
  counter();
  counter();
  CHECK(counter() == 3 && copy() == 1);
  auto apply_all = [](auto f, auto &...xs) { (f(xs), ...); };
  int a = 1, b = 2, c = 3;
  apply_all([](int &v) { v *= 10; }, a, b, c);
  CHECK(a == 10 && b == 20 && c == 30);
  auto typed = [](auto v) -> long { return v * 2; };
  CHECK(sizeof(typed(1)) == 8 && typed(3) == 6);
  CHECK_DONE();
}
