// User-defined literals: cooked floating and integer literals, raw literal
// operator, string literal operator, literal operator templates.
#include "check.h"

struct Meters { double v; };
constexpr Meters operator""_m(long double v) { return Meters{(double)v}; }
constexpr Meters operator""_km(long double v) { return Meters{(double)(v * 1000)}; }
constexpr Meters operator""_m(unsigned long long v) { return Meters{(double)v}; }
constexpr double operator""_deg(long double d) { return (double)(d * 3.14159265358979323846L / 180); }
constexpr unsigned long long operator""_KiB(unsigned long long v) { return v * 1024; }
constexpr unsigned long long operator""_MiB(unsigned long long v) { return v * 1024 * 1024; }
struct Str { const char *p; unsigned long n; };
constexpr Str operator""_s(const char *p, unsigned long n) { return Str{p, n}; }
// raw literal operator: sees the characters of the literal
static int operator""_digits(const char *s) { int n = 0; while (*s) { if (*s >= '0' && *s <= '9') n++; s++; } return n; }
// literal operator template: binary literal parsed at compile time
template <char... Cs> constexpr unsigned operator""_bin() {
  const char cs[] = {Cs...};
  unsigned v = 0;
  for (unsigned i = 0; i < sizeof...(Cs); i++) v = v * 2 + (unsigned)(cs[i] - '0');
  return v;
}
constexpr int operator""_c(char c) { return c * 2; }

int main() {
  Meters a = 1.5_km, b = 250.0_m, c = 3_m;
  CHECK(a.v == 1500.0 && b.v == 250.0 && c.v == 3.0);
  static_assert(2.0_km .v == 2000.0, "constexpr literal");
  CHECK(4_KiB == 4096);
  CHECK(16_MiB == 16777216ull);
  static_assert(1_MiB == 1048576ull, "MiB");
  double r = 180.0_deg;
  CHECK_REL(r, 3.141592653589793, 1e-15);
  Str s = "hello"_s;
  CHECK(s.n == 5 && s.p[4] == 'o');
  Str e = ""_s;
  CHECK(e.n == 0);
  CHECK_EQ(12345_digits, 5);
  CHECK_EQ(1.25e10_digits, 5);          // raw operator sees "1.25e10"
  static_assert(101101_bin == 45, "binary template literal");
  CHECK_EQ(11111111_bin, 255);
  CHECK_EQ('A'_c, 130);
  CHECK_DONE();
}
