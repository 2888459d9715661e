// constexpr functions (with loops and branches), constexpr objects and
// arrays built at compile time, verified by static_assert and at run time.
#include "check.h"

constexpr unsigned long long factorial(int n) { unsigned long long r = 1; for (int i = 2; i <= n; i++) r *= (unsigned)i; return r; }
constexpr int fib(int n) { int a = 0, b = 1; while (n--) { int t = a + b; a = b; b = t; } return a; }
constexpr bool is_prime(int n) { if (n < 2) return false; for (int d = 2; d * d <= n; d++) if (n % d == 0) return false; return true; }
constexpr int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }
constexpr unsigned popcount(unsigned v) { unsigned c = 0; while (v) { c += v & 1; v >>= 1; } return c; }

struct Vec2 {
  double x, y;
  constexpr Vec2(double a, double b) : x(a), y(b) {}
  constexpr Vec2 operator+(Vec2 o) const { return Vec2(x + o.x, y + o.y); }
  constexpr double dot(Vec2 o) const { return x * o.x + y * o.y; }
};

template <int N> struct Squares {
  int v[N];
  constexpr Squares() : v() { for (int i = 0; i < N; i++) v[i] = i * i; }
};
constexpr Squares<20> squares{};
constexpr int count_primes(int limit) { int c = 0; for (int i = 0; i < limit; i++) c += is_prime(i); return c; }
constexpr const char *const names[] = {"zero", "one", "two"};
constexpr int str_len(const char *s) { int n = 0; while (s[n]) n++; return n; }

static_assert(factorial(20) == 2432902008176640000ull, "factorial");
static_assert(fib(40) == 102334155, "fib");
static_assert(is_prime(97) && !is_prime(91), "primes");
static_assert(gcd(1071, 462) == 21, "gcd");
static_assert(popcount(0xF0F0u) == 8, "popcount");
static_assert(squares.v[19] == 361, "constexpr array");
static_assert(count_primes(1000) == 168, "prime count");
static_assert(Vec2(1, 2).dot(Vec2(3, 4)) == 11.0, "constexpr double");
static_assert(str_len(names[2]) == 3, "constexpr strings");

int main() {
  int n = OPAQUE(20);
  CHECK(factorial(n) == 2432902008176640000ull);       // same function at run time
  CHECK_EQ(fib(OPAQUE(40)), 102334155);
  int rt_primes = 0;
  for (int i = 0; i < 1000; i++) rt_primes += is_prime(i);
  CHECK_EQ(rt_primes, 168);
  constexpr Vec2 v = Vec2(1.5, 2.5) + Vec2(0.5, 0.5);
  CHECK(v.x == 2.0 && v.y == 3.0);
  int sum = 0;
  for (int i = 0; i < 20; i++) sum += squares.v[i];
  CHECK_EQ(sum, 2470);
  constexpr int arr_size = fib(7);
  int arr[arr_size] = {};
  CHECK(sizeof arr == 13 * sizeof(int));
  CHECK_EQ(str_len(names[0]), 4);
  CHECK_DONE();
}
