// Variadic templates: parameter packs, sizeof..., fold expressions,
// recursive expansion, hand-written perfect forwarding.
#include "check.h"

template <typename T> struct remove_ref { using type = T; };
template <typename T> struct remove_ref<T &> { using type = T; };
template <typename T> struct remove_ref<T &&> { using type = T; };
template <typename T> T &&fwd(typename remove_ref<T>::type &t) noexcept { return static_cast<T &&>(t); }

template <typename... Ts> constexpr int count(Ts...) { return sizeof...(Ts); }
template <typename... Ts> auto sum(Ts... v) { return (v + ... + 0); }
template <typename... Ts> bool all(Ts... v) { return (... && v); }
template <typename... Ts> bool any(Ts... v) { return (... || v); }
template <typename T> T min_of(T a) { return a; }
template <typename T, typename... R> T min_of(T a, R... rest) { T m = min_of(rest...); return a < m ? a : m; }

static char out[128];
static int outn;
static void put(int v) { outn += snprintf(out + outn, sizeof out - (size_t)outn, "i%d ", v); }
static void put(double v) { outn += snprintf(out + outn, sizeof out - (size_t)outn, "d%g ", v); }
static void put(const char *s) { outn += snprintf(out + outn, sizeof out - (size_t)outn, "s%s ", s); }
template <typename... Ts> void print_all(Ts... v) { (put(v), ...); }

static int lvalue_calls, rvalue_calls;
static void sink(int &) { lvalue_calls++; }
static void sink(int &&) { rvalue_calls++; }
template <typename... Args> void forward_all(Args &&...args) { (sink(fwd<Args>(args)), ...); }

template <typename F, typename... Args> auto invoke(F f, Args... a) { return f(a...); }
template <int... Ns> struct IntList { static constexpr int total = (Ns + ... + 0); static constexpr int n = sizeof...(Ns); };

struct Point3 { int x, y, z; };
template <typename T, typename... Args> T make(Args... a) { return T{a...}; }

int main() {
  static_assert(count() == 0 && count(1, 2.0, "x") == 3, "sizeof...");
  CHECK_EQ(sum(1, 2, 3, 4, 5), 15);
  CHECK(sum(0.5, 0.25, 1) == 1.75);
  CHECK(all(true, 1, 3 > 2) && !all(true, 0));
  CHECK(any(0, 0, 5) && !any(0, false));
  CHECK_EQ(min_of(7, 3, 9, -2, 4), -2);
  CHECK(min_of(2.5) == 2.5);
  print_all(1, 2.5, "three", 4);
  CHECK_STR(out, "i1 d2.5 sthree i4 ");
  int a = 1;
  forward_all(a, 2, a, static_cast<int &&>(a));
  CHECK(lvalue_calls == 2 && rvalue_calls == 2);
  CHECK_EQ(invoke([](int x, int y, int z) { return x * y + z; }, 6, 7, 0), 42);
  static_assert(IntList<1, 2, 3, 4>::total == 10 && IntList<1, 2, 3, 4>::n == 4, "non-type pack");
  Point3 p = make<Point3>(1, 2, 3);
  CHECK(p.x == 1 && p.z == 3);
  CHECK_DONE();
}
