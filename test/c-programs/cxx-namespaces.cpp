// Namespaces: nested (C++17 syntax), anonymous, inline, aliases, using
// declarations and directives, argument-dependent lookup, reopening.
#include "check.h"

namespace geo {
struct Point { int x, y; };
int norm1(Point p) { return (p.x < 0 ? -p.x : p.x) + (p.y < 0 ? -p.y : p.y); }   // found by ADL
namespace detail { inline int sq(int v) { return v * v; } }
int norm2sq(Point p) { return detail::sq(p.x) + detail::sq(p.y); }
}  // namespace geo

namespace geo {                              // reopened
int dot(Point a, Point b) { return a.x * b.x + a.y * b.y; }
}

namespace a::b::c { constexpr int depth = 3; int value() { return 300; } }

namespace lib {
inline namespace v2 { int version() { return 2; } }
namespace v1 { int version() { return 1; } }
}

namespace {
int hidden_counter = 0;                      // internal linkage
int bump() { return ++hidden_counter; }
}

namespace first { int f() { return 1; } int shared = 10; }
namespace second { int f() { return 2; } }

int f() { return 0; }

namespace outer {
int f() { return 100; }
namespace inner { int g() { return f() + ::f() + 5; } }   // outer::f and global f
}

int main() {
  geo::Point p{3, -4};
  CHECK_EQ(norm1(p), 7);                     // ADL finds geo::norm1
  CHECK_EQ(geo::norm2sq(p), 25);
  CHECK_EQ(dot(p, geo::Point{1, 1}), -1);
  CHECK_EQ(a::b::c::depth, 3);
  namespace abc = a::b::c;
  CHECK_EQ(abc::value(), 300);
  CHECK_EQ(lib::version(), 2);
  CHECK_EQ(lib::v1::version(), 1);
  CHECK_EQ(lib::v2::version(), 2);
  CHECK(bump() == 1 && bump() == 2 && hidden_counter == 2);
  {
    using first::f;                          // using declaration hides ::f in this scope
    CHECK_EQ(f(), 1);
  }
  {
    using namespace second;
    CHECK_EQ(second::f(), 2);
    CHECK_EQ(::f(), 0);
  }
  using first::shared;
  shared++;
  CHECK_EQ(first::shared, 11);
  CHECK_EQ(outer::inner::g(), 105);
  CHECK_DONE();
}
