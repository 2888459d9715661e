// Single inheritance: protected members, base-class calls, name hiding,
// slicing, conversions of pointers and references to bases.
#include "check.h"

class Shape {
 protected:
  int x_, y_;
  static int created;
 public:
  Shape(int x, int y) : x_(x), y_(y) { created++; }
  int x() const { return x_; }
  void move(int dx, int dy) { x_ += dx; y_ += dy; }
  const char *kind() const { return "shape"; }
  static int count() { return created; }
};
int Shape::created = 0;

class Rect : public Shape {
 protected:
  int w_, h_;
 public:
  Rect(int x, int y, int w, int h) : Shape(x, y), w_(w), h_(h) {}
  int area() const { return w_ * h_; }
  const char *kind() const { return "rect"; }           // hides Shape::kind
  int right() const { return x_ + w_; }                  // uses protected base member
};

class Square : public Rect {
 public:
  Square(int x, int y, int s) : Rect(x, y, s, s) {}
  const char *kind() const { return "square"; }
  const char *base_kind() const { return Rect::kind(); }
  void grow(int d) { w_ += d; h_ += d; move(-d / 2, -d / 2); }
};

struct PrivBase { int secret() const { return 7; } };
struct UsesPriv : private PrivBase {
  using PrivBase::secret;                                // re-expose
};

int main() {
  Square s(10, 20, 4);
  CHECK_EQ(s.area(), 16);
  CHECK_STR(s.kind(), "square");
  CHECK_STR(s.base_kind(), "rect");
  CHECK_STR(static_cast<Rect &>(s).kind(), "rect");      // static binding
  CHECK_STR(static_cast<Shape &>(s).kind(), "shape");
  s.grow(2);
  CHECK_EQ(s.area(), 36);
  CHECK_EQ(s.x(), 9);
  CHECK_EQ(s.right(), 15);
  Shape *p = &s;
  p->move(1, 1);
  CHECK_EQ(s.x(), 10);
  Rect r = s;                                            // slicing copy
  CHECK_EQ(r.area(), 36);
  CHECK_STR(r.kind(), "rect");
  Rect *rp = &s;
  CHECK(static_cast<Square *>(rp) == &s);                // downcast
  CHECK(static_cast<void *>(p) == static_cast<void *>(&s)); // single inheritance: same address
  CHECK_EQ(Shape::count(), 1);                           // the implicit copy ctor of r does not count
  UsesPriv u;
  CHECK_EQ(u.secret(), 7);
  CHECK(sizeof(Square) == 4 * sizeof(int));
  CHECK_DONE();
}
