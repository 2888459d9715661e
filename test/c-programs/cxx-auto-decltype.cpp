// auto and decltype: deduction from initialisers (dropping references and
// top-level const), auto&, decltype of names vs expressions,
// decltype(auto), trailing return types, auto in structured contexts.
#include "check.h"

template <typename A, typename B> struct same { static constexpr bool value = false; };
template <typename A> struct same<A, A> { static constexpr bool value = true; };

template <typename A, typename B> auto add(A a, B b) -> decltype(a + b) { return a + b; }
static int global_val = 5;
static int &get_ref() { return global_val; }
static decltype(auto) forward_ref() { return get_ref(); }          // int&
static auto copy_ref() { return get_ref(); }                        // int
static auto fact(int n) -> long { return n <= 1 ? 1 : n * fact(n - 1); }

int main() {
  auto i = 1;
  auto l = 1L;
  auto u = 1u;
  auto d = 1.0;
  auto f = 1.0f;
  auto c = 'c';
  auto s = "str";
  static_assert(same<decltype(i), int>::value, "int");
  static_assert(same<decltype(l), long>::value, "long");
  static_assert(same<decltype(u), unsigned>::value, "unsigned");
  static_assert(same<decltype(d), double>::value && same<decltype(f), float>::value, "fp");
  static_assert(same<decltype(c), char>::value, "char");
  static_assert(same<decltype(s), const char *>::value, "string decays");
  const int ci = 3;
  int &ri = i;
  auto a1 = ci;                     // const dropped
  auto a2 = ri;                     // reference dropped
  auto &a3 = ci;                    // const int&
  const auto &a4 = i;
  auto *a5 = &i;
  static_assert(same<decltype(a1), int>::value && same<decltype(a2), int>::value, "decay");
  static_assert(same<decltype(a3), const int &>::value && same<decltype(a4), const int &>::value, "refs");
  static_assert(same<decltype(a5), int *>::value, "pointer");
  static_assert(same<decltype(i), int>::value && same<decltype((i)), int &>::value, "decltype((x))");
  static_assert(same<decltype(ri), int &>::value, "decltype of reference");
  static_assert(same<decltype(i + 1L), long>::value, "expression type");
  static_assert(same<decltype(add(1, 2.5)), double>::value, "trailing return");
  static_assert(same<decltype(forward_ref()), int &>::value && same<decltype(copy_ref()), int>::value, "decltype(auto)");
  static_assert(same<decltype(sizeof(int)), unsigned long>::value, "size_t");
  a2 = 100;
  CHECK_EQ(i, 1);
  ri = 7;
  CHECK_EQ(a4, 7);
  forward_ref() = 42;
  CHECK_EQ(global_val, 42);
  int cp = copy_ref();
  cp++;
  CHECK(cp == 43 && global_val == 42);
  CHECK(add(1, 2.5) == 3.5);
  CHECK_EQ(fact(10), 3628800);
  auto lam = [](auto x) { return x * 2; };
  auto r = lam(21L);
  static_assert(same<decltype(r), long>::value, "generic lambda result");
  CHECK_EQ(r, 42);
  decltype(global_val) copy = global_val;
  copy++;
  CHECK(copy == 43 && global_val == 42);
  (void)a1; (void)a3; (void)a5; (void)u; (void)f; (void)c; (void)s; (void)l; (void)d;
  CHECK_DONE();
}
