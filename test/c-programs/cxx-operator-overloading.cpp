// Operator overloading: arithmetic (member and free), compound assignment,
// comparison, unary, subscript, call, increment (prefix/postfix),
// conversion operators (explicit and implicit), stream-like <<.
#include "check.h"

struct Frac {
  long n, d;
  static long gcd(long a, long b) { if (a < 0) a = -a; if (b < 0) b = -b; while (b) { long t = a % b; a = b; b = t; } return a; }
  Frac(long num = 0, long den = 1) : n(num), d(den) { norm(); }
  void norm() { if (d < 0) { n = -n; d = -d; } long g = gcd(n, d); if (g) { n /= g; d /= g; } }
  Frac &operator+=(const Frac &o) { n = n * o.d + o.n * d; d *= o.d; norm(); return *this; }
  Frac &operator*=(const Frac &o) { n *= o.n; d *= o.d; norm(); return *this; }
  Frac operator-() const { return Frac(-n, d); }
  Frac &operator++() { n += d; return *this; }
  Frac operator++(int) { Frac old = *this; ++*this; return old; }
  explicit operator double() const { return (double)n / (double)d; }
  explicit operator bool() const { return n != 0; }
};
Frac operator+(Frac a, const Frac &b) { return a += b; }
Frac operator*(Frac a, const Frac &b) { return a *= b; }
Frac operator-(const Frac &a, const Frac &b) { return a + -b; }
Frac operator/(const Frac &a, const Frac &b) { return a * Frac(b.d, b.n); }
bool operator==(const Frac &a, const Frac &b) { return a.n == b.n && a.d == b.d; }
bool operator!=(const Frac &a, const Frac &b) { return !(a == b); }
bool operator<(const Frac &a, const Frac &b) { return a.n * b.d < b.n * a.d; }

struct Matrix2 {
  double m[2][2];
  double *operator[](int r) { return m[r]; }
  const double *operator[](int r) const { return m[r]; }
  double operator()(int r, int c) const { return m[r][c]; }
  Matrix2 operator*(const Matrix2 &o) const {
    Matrix2 r{};
    for (int i = 0; i < 2; i++) for (int j = 0; j < 2; j++) for (int k = 0; k < 2; k++) r.m[i][j] += m[i][k] * o.m[k][j];
    return r;
  }
};

struct Buf {
  char data[64]; int len = 0;
  Buf &operator<<(const char *s) { while (*s) data[len++] = *s++; data[len] = 0; return *this; }
  Buf &operator<<(long v) { len += snprintf(data + len, sizeof data - (size_t)len, "%ld", v); return *this; }
  Buf &operator<<(const Frac &f) { return *this << f.n << "/" << f.d; }
};

struct Celsius {
  double v;
  operator double() const { return v; }          // implicit conversion
};

int main() {
  Frac a(1, 2), b(1, 3);
  CHECK((a + b == Frac(5, 6)));
  CHECK((a - b == Frac(1, 6)));
  CHECK((a * b == Frac(1, 6)));
  CHECK((a / b == Frac(3, 2)));
  CHECK((Frac(2, 4) == Frac(1, 2)));
  CHECK((Frac(3, -6) == Frac(-1, 2)));
  CHECK(b < a && !(a < b) && a != b);
  CHECK((a + 1 == Frac(3, 2)));                  // implicit conversion from long
  Frac c = a;
  Frac old = c++;
  CHECK((old == Frac(1, 2)) && (c == Frac(3, 2)));
  CHECK((++c == Frac(5, 2)));
  CHECK(static_cast<double>(c) == 2.5);
  CHECK(static_cast<bool>(c) && !static_cast<bool>(Frac(0)));
  Frac h;
  for (int i = 1; i <= 10; i++) h += Frac(1, i);
  CHECK(h.n == 7381 && h.d == 2520);
  Matrix2 m{{{1, 2}, {3, 4}}};
  Matrix2 sq = m * m;
  CHECK(sq[0][0] == 7 && sq[0][1] == 10 && sq(1, 0) == 15 && sq(1, 1) == 22);
  m[1][1] = 0;
  CHECK(m(1, 1) == 0);
  Buf buf;
  buf << "x=" << 42L << " f=" << Frac(6, 8);
  CHECK_STR(buf.data, "x=42 f=3/4");
  Celsius t{21.5};
  double d = t + 0.5;
  CHECK(d == 22.0);
  CHECK_DONE();
}
