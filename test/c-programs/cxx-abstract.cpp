// Abstract classes with pure virtual functions (one with an out-of-line
// definition), interfaces, and polymorphic containers of heap objects.
#include "check.h"

struct Shape {
  virtual ~Shape() = default;
  virtual double area() const = 0;
  virtual const char *name() const = 0;
  virtual int sides() const = 0;
};
int Shape::sides() const { return -1; }      // pure virtual with a definition

struct Printable {
  virtual ~Printable() = default;
  virtual int print(char *buf, int n) const = 0;
};

struct Rect : Shape, Printable {
  double w, h;
  Rect(double a, double b) : w(a), h(b) {}
  double area() const override { return w * h; }
  const char *name() const override { return "rect"; }
  int sides() const override { return 4; }
  int print(char *buf, int n) const override { return snprintf(buf, (size_t)n, "rect %gx%g", w, h); }
};
struct Tri : Shape {
  double b, h;
  Tri(double x, double y) : b(x), h(y) {}
  double area() const override { return 0.5 * b * h; }
  const char *name() const override { return "tri"; }
  int sides() const override { return 3; }
};
struct Blob : Shape {
  double area() const override { return 1.0; }
  const char *name() const override { return "blob"; }
  int sides() const override { return Shape::sides(); }   // calls the pure virtual's body
};

static double total_area(Shape *const *s, int n) { double t = 0; for (int i = 0; i < n; i++) t += s[i]->area(); return t; }

int main() {
  Shape *shapes[4] = {new Rect(2, 3), new Tri(4, 5), new Blob, new Rect(0.5, 8)};
  CHECK(total_area(shapes, 4) == 6 + 10 + 1 + 4);
  int sides = 0;
  for (Shape *s : shapes) sides += s->sides();
  CHECK_EQ(sides, 4 + 3 - 1 + 4);
  CHECK_STR(shapes[1]->name(), "tri");
  Rect r(1.5, 2);
  Printable &pr = r;
  char buf[32];
  CHECK_EQ(pr.print(buf, sizeof buf), 10);
  CHECK_STR(buf, "rect 1.5x2");
  Shape &sr = r;
  CHECK(sr.area() == 3.0);
  for (Shape *s : shapes) delete s;
  CHECK_DONE();
}
