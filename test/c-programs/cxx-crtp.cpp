// Curiously recurring template pattern: static polymorphism, mixins that
// add operators, per-derived-class instance counters.
#include "check.h"

template <typename D> struct Shape {
  double area() const { return static_cast<const D *>(this)->area_impl(); }
  double twice_area() const { return 2 * area(); }
};
struct Sq : Shape<Sq> { double s; explicit Sq(double v) : s(v) {} double area_impl() const { return s * s; } };
struct Rc : Shape<Rc> { double w, h; Rc(double a, double b) : w(a), h(b) {} double area_impl() const { return w * h; } };
template <typename T> double total_area(const T *s, int n) {
  double t = 0;
  for (int i = 0; i < n; i++) { const Shape<T> &base = s[i]; t += base.area(); }   // through the CRTP base
  return t;
}

template <typename D> struct Comparable {     // derive all relations from operator<
  friend bool operator>(const D &a, const D &b) { return b < a; }
  friend bool operator<=(const D &a, const D &b) { return !(b < a); }
  friend bool operator>=(const D &a, const D &b) { return !(a < b); }
  friend bool operator==(const D &a, const D &b) { return !(a < b) && !(b < a); }
  friend bool operator!=(const D &a, const D &b) { return !(a == b); }
};
struct Version : Comparable<Version> {
  int major, minor;
  Version(int a, int b) : major(a), minor(b) {}
  friend bool operator<(const Version &a, const Version &b) { return a.major != b.major ? a.major < b.major : a.minor < b.minor; }
};

template <typename D> struct InstanceCounter {
  static int count;
  InstanceCounter() { count++; }
  InstanceCounter(const InstanceCounter &) { count++; }
  ~InstanceCounter() { count--; }
};
template <typename D> int InstanceCounter<D>::count = 0;
struct Apple : InstanceCounter<Apple> {};
struct Pear : InstanceCounter<Pear> {};

int main() {
  Sq s(3);
  Rc r(2, 5);
  CHECK(s.area() == 9 && r.twice_area() == 20);
  Sq squares[3] = {Sq(1), Sq(2), Sq(3)};
  CHECK(total_area(squares, 3) == 14);
  Version v1(1, 2), v2(1, 10), v3(1, 2);
  CHECK(v1 < v2 && v2 > v1 && v1 <= v3 && v1 >= v3 && v1 == v3 && v1 != v2);
  CHECK(!(v2 <= v1));
  {
    Apple a1, a2;
    Pear p1;
    Apple a3 = a1;
    CHECK(InstanceCounter<Apple>::count == 3 && InstanceCounter<Pear>::count == 1);
  }
  CHECK(InstanceCounter<Apple>::count == 0 && InstanceCounter<Pear>::count == 0);
  CHECK(sizeof(Sq) == sizeof(double));      // empty base optimisation
  CHECK_DONE();
}
