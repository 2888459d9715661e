// Function templates: deduction, explicit arguments, non-type parameters,
// overloading with non-templates, recursion, templates over arrays.
#include "check.h"

template <typename T> T max_of(T a, T b) { return a > b ? a : b; }
template <typename T, int N> constexpr int array_size(const T (&)[N]) { return N; }
template <typename T, unsigned N> T sum(const T (&a)[N]) { T s = T(); for (unsigned i = 0; i < N; i++) s += a[i]; return s; }
template <typename To, typename From> To convert(From f) { return static_cast<To>(f); }
template <int N> int times() { return N * 3; }
template <typename T> const char *which(T) { return "template"; }
const char *which(int) { return "int-overload"; }
template <typename T> const char *which(T *) { return "pointer-template"; }
template <unsigned N> unsigned long long fact() { if constexpr (N == 0) return 1; else return N * fact<N - 1>(); }
template <typename T> void swap_vals(T &a, T &b) { T t = a; a = b; b = t; }
template <typename It, typename T> It find_val(It first, It last, const T &v) { for (; first != last; ++first) if (*first == v) return first; return last; }
template <typename T, typename F> T apply_n(T x, int n, F f) { for (int i = 0; i < n; i++) x = f(x); return x; }
static int twice(int v) { return 2 * v; }

int main() {
  CHECK_EQ(max_of(3, 7), 7);
  CHECK(max_of(2.5, -1.0) == 2.5);
  CHECK_EQ(max_of<long>(3, 7L), 7);                  // explicit argument resolves mixed types
  CHECK_STR(max_of<const char *>("a", "a") , "a");
  int arr[7] = {1, 2, 3, 4, 5, 6, 7};
  double darr[3] = {0.5, 0.25, 0.125};
  static_assert(array_size(arr) == 7, "deduced N");
  CHECK_EQ(sum(arr), 28);
  CHECK(sum(darr) == 0.875);
  CHECK_EQ(convert<int>(3.99), 3);
  CHECK(convert<double>(7) == 7.0);
  CHECK_EQ(times<14>(), 42);
  CHECK_STR(which(1), "int-overload");
  CHECK_STR(which(1.0), "template");
  CHECK_STR(which(arr), "pointer-template");
  CHECK_STR(which<int>(1), "template");
  CHECK(fact<20>() == 2432902008176640000ull);
  double x = 1, y = 2;
  swap_vals(x, y);
  CHECK(x == 2 && y == 1);
  int *f = find_val(arr, arr + 7, 5);
  CHECK(f - arr == 4);
  CHECK(find_val(arr, arr + 7, 99) == arr + 7);
  CHECK_EQ(apply_n(1, 10, twice), 1024);
  CHECK(apply_n(1.0, 3, [](double v) { return v / 2; }) == 0.125);
  CHECK_DONE();
}
