// Full and partial template specialisation, hand-written type traits,
// enable_if-style SFINAE, tag dispatch.
#include "check.h"

template <typename T, typename U> struct is_same { static constexpr bool value = false; };
template <typename T> struct is_same<T, T> { static constexpr bool value = true; };
template <typename T> struct is_pointer { static constexpr bool value = false; };
template <typename T> struct is_pointer<T *> { static constexpr bool value = true; };
template <typename T> struct remove_const { using type = T; };
template <typename T> struct remove_const<const T> { using type = T; };
template <bool B, typename T = void> struct enable_if {};
template <typename T> struct enable_if<true, T> { using type = T; };
template <typename T> struct is_integral { static constexpr bool value = false; };
template <> struct is_integral<int> { static constexpr bool value = true; };
template <> struct is_integral<long> { static constexpr bool value = true; };
template <> struct is_integral<char> { static constexpr bool value = true; };

template <typename T> struct TypeName { static const char *get() { return "unknown"; } };
template <> struct TypeName<int> { static const char *get() { return "int"; } };
template <> struct TypeName<double> { static const char *get() { return "double"; } };
template <typename T> struct TypeName<T *> { static const char *get() { return "pointer"; } };
template <typename T, int N> struct TypeName<T[N]> { static const char *get() { return "array"; } };

template <typename T> typename enable_if<is_integral<T>::value, const char *>::type kind(T) { return "integral"; }
template <typename T> typename enable_if<!is_integral<T>::value, const char *>::type kind(T) { return "other"; }

template <typename A, typename B> struct PairKind { static constexpr int v = 0; };
template <typename A> struct PairKind<A, A> { static constexpr int v = 1; };
template <typename A> struct PairKind<A, int> { static constexpr int v = 2; };
template <> struct PairKind<int, int> { static constexpr int v = 3; };

template <typename T> T absval(T v) { return v < 0 ? -v : v; }
template <> unsigned absval<unsigned>(unsigned v) { return v; }      // full specialisation of a function template

struct fast_tag {};
struct slow_tag {};
template <typename T> struct algo_traits { using tag = slow_tag; };
template <> struct algo_traits<int> { using tag = fast_tag; };
static int run_impl(fast_tag) { return 1; }
static int run_impl(slow_tag) { return 2; }
template <typename T> int run() { return run_impl(typename algo_traits<T>::tag()); }

int main() {
  static_assert(is_same<int, int>::value && !is_same<int, long>::value, "is_same");
  static_assert(is_pointer<int *>::value && !is_pointer<int>::value, "is_pointer");
  static_assert(is_same<remove_const<const double>::type, double>::value, "remove_const");
  static_assert(!is_same<long, long long>::value, "distinct types in LP64");
  CHECK_STR(TypeName<int>::get(), "int");
  CHECK_STR(TypeName<double>::get(), "double");
  CHECK_STR(TypeName<char *>::get(), "pointer");
  CHECK_STR((TypeName<int[4]>::get()), "array");
  CHECK_STR(TypeName<float>::get(), "unknown");
  CHECK_STR(kind(5), "integral");
  CHECK_STR(kind('c'), "integral");
  CHECK_STR(kind(5.0), "other");
  CHECK_STR(kind("s"), "other");
  CHECK_EQ((PairKind<double, float>::v), 0);
  CHECK_EQ((PairKind<double, double>::v), 1);
  CHECK_EQ((PairKind<double, int>::v), 2);
  CHECK_EQ((PairKind<int, int>::v), 3);
  CHECK_EQ(absval(-5), 5);
  CHECK(absval(-2.5) == 2.5);
  CHECK(absval(7u) == 7u);
  CHECK_EQ(run<int>(), 1);
  CHECK_EQ(run<double>(), 2);
  CHECK_DONE();
}
