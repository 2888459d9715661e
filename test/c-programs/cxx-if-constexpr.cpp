// if constexpr: compile-time branch selection in templates (discarded
// branches are not instantiated), recursion terminated by if constexpr.
#include "check.h"

template <typename T> struct is_ptr { static constexpr bool value = false; };
template <typename T> struct is_ptr<T *> { static constexpr bool value = true; };
template <typename A, typename B> struct same { static constexpr bool value = false; };
template <typename A> struct same<A, A> { static constexpr bool value = true; };

template <typename T> long long to_number(T v) {
  if constexpr (is_ptr<T>::value) return *v;                 // only valid for pointers
  else if constexpr (same<T, double>::value) return (long long)(v * 100);
  else if constexpr (sizeof(T) == 1) return v - '0';
  else return v;
}
template <int N> int sum_to() { if constexpr (N == 0) return 0; else return N + sum_to<N - 1>(); }
template <typename T, typename... Rest> int count_ints(T, Rest... rest) {
  int here = same<T, int>::value ? 1 : 0;
  if constexpr (sizeof...(rest) == 0) return here;
  else return here + count_ints(rest...);
}
template <typename T> const char *describe() {
  if constexpr (same<T, int>::value) return "int";
  else if constexpr (same<T, float>::value) return "float";
  else if constexpr (is_ptr<T>::value) return "pointer";
  else return "other";
}
template <unsigned Bits> auto make_uint(unsigned long long v) {
  if constexpr (Bits <= 8) return (unsigned char)v;
  else if constexpr (Bits <= 16) return (unsigned short)v;
  else if constexpr (Bits <= 32) return (unsigned)v;
  else return v;
}

int main() {
  int x = 42;
  CHECK_EQ(to_number(&x), 42);
  CHECK_EQ(to_number(1.25), 125);
  CHECK_EQ(to_number('7'), 7);
  CHECK_EQ(to_number(123456789012LL), 123456789012LL);
  CHECK_EQ(sum_to<100>(), 5050);
  CHECK_EQ(count_ints(1, 2.0, 3, 'c', 5, 6L), 3);
  CHECK_STR(describe<int>(), "int");
  CHECK_STR(describe<float>(), "float");
  CHECK_STR(describe<char *>(), "pointer");
  CHECK_STR(describe<double>(), "other");
  static_assert(sizeof(make_uint<7>(0)) == 1 && sizeof(make_uint<12>(0)) == 2, "bits");
  static_assert(sizeof(make_uint<32>(0)) == 4 && sizeof(make_uint<33>(0)) == 8, "bits");
  CHECK_EQ(make_uint<8>(0x1FF), 0xFF);
  CHECK_EQ(make_uint<16>(0x12345), 0x2345);
  CHECK_DONE();
}
