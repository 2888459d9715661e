// Compile-time computation with templates: recursive class templates,
// type lists, conditional types, integer sequences, all verified with
// static_assert and mirrored by run-time checks.
#include "check.h"

template <unsigned N> struct Fact { static constexpr unsigned long long value = N * Fact<N - 1>::value; };
template <> struct Fact<0> { static constexpr unsigned long long value = 1; };
template <int N> struct Fib { static constexpr long value = Fib<N - 1>::value + Fib<N - 2>::value; };
template <> struct Fib<0> { static constexpr long value = 0; };
template <> struct Fib<1> { static constexpr long value = 1; };
template <unsigned long long N, unsigned B = 10> struct Digits { static constexpr int value = 1 + Digits<N / B, B>::value; };
template <unsigned B> struct Digits<0, B> { static constexpr int value = 0; };

template <bool C, typename T, typename F> struct Cond { using type = T; };
template <typename T, typename F> struct Cond<false, T, F> { using type = F; };
template <int Bytes> using UInt = typename Cond<(Bytes <= 1), unsigned char,
                                   typename Cond<(Bytes <= 2), unsigned short,
                                   typename Cond<(Bytes <= 4), unsigned, unsigned long>::type>::type>::type;

template <typename... Ts> struct TypeList {};
template <typename L> struct Length;
template <typename... Ts> struct Length<TypeList<Ts...>> { static constexpr int value = sizeof...(Ts); };
template <typename L> struct Front;
template <typename T, typename... Ts> struct Front<TypeList<T, Ts...>> { using type = T; };
template <typename L, typename T> struct PushFront;
template <typename... Ts, typename T> struct PushFront<TypeList<Ts...>, T> { using type = TypeList<T, Ts...>; };
template <typename L> struct SizeSum;
template <typename... Ts> struct SizeSum<TypeList<Ts...>> { static constexpr unsigned long value = (sizeof(Ts) + ... + 0); };
template <typename T, typename L> struct IndexOf;
template <typename T, typename... Ts> struct IndexOf<T, TypeList<T, Ts...>> { static constexpr int value = 0; };
template <typename T, typename U, typename... Ts> struct IndexOf<T, TypeList<U, Ts...>> { static constexpr int value = 1 + IndexOf<T, TypeList<Ts...>>::value; };
template <typename A, typename B> struct Same { static constexpr bool value = false; };
template <typename A> struct Same<A, A> { static constexpr bool value = true; };

template <int... Is> struct Seq {};
template <int N, int... Is> struct MakeSeq : MakeSeq<N - 1, N - 1, Is...> {};
template <int... Is> struct MakeSeq<0, Is...> { using type = Seq<Is...>; };
template <int... Is> constexpr int sum_squares(Seq<Is...>) { return ((Is * Is) + ... + 0); }
template <int... Is> void fill_squares(int *out, Seq<Is...>) { ((out[Is] = Is * Is), ...); }

using L = TypeList<char, short, int, long, double>;

static_assert(Fact<20>::value == 2432902008176640000ull, "Fact");
static_assert(Fib<50>::value == 12586269025L, "Fib");
static_assert(Digits<1234567890123ull>::value == 13 && Digits<255, 16>::value == 2, "Digits");
static_assert(sizeof(UInt<1>) == 1 && sizeof(UInt<2>) == 2 && sizeof(UInt<3>) == 4 && sizeof(UInt<8>) == 8, "UInt");
static_assert(Length<L>::value == 5, "Length");
static_assert(Same<Front<L>::type, char>::value, "Front");
static_assert(Length<PushFront<L, float>::type>::value == 6, "PushFront");
static_assert(SizeSum<L>::value == 1 + 2 + 4 + 8 + 8, "SizeSum (LP64)");
static_assert(IndexOf<long, L>::value == 3, "IndexOf");
static_assert(sum_squares(MakeSeq<10>::type{}) == 285, "integer sequence");

int main() {
  unsigned long long f = 1;
  for (unsigned i = 2; i <= 20; i++) f *= i;
  CHECK(Fact<20>::value == f);
  long a = 0, b = 1;
  for (int i = 0; i < 50; i++) { long t = a + b; a = b; b = t; }
  CHECK(Fib<50>::value == a);
  int sq[12];
  fill_squares(sq, MakeSeq<12>::type{});
  CHECK(sq[11] == 121 && sq[0] == 0 && sq[5] == 25);
  UInt<2> u16 = static_cast<UInt<2>>(OPAQUE(70000));
  CHECK_EQ(u16, 70000 - 65536);
  CHECK_DONE();
}
