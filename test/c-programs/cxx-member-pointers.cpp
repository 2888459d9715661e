// Pointers to data members and to member functions (non-virtual and
// virtual), arrays of member function pointers, use through objects,
// pointers and derived classes.
#include "check.h"

struct Vec3 {
  double x, y, z;
  double get_x() const { return x; }
  double len2() const { return x * x + y * y + z * z; }
  void scale(double s) { x *= s; y *= s; z *= s; }
};
struct Base {
  virtual ~Base() {}
  virtual int f() const { return 1; }
  int g() const { return 10; }
};
struct Derived : Base {
  int extra = 5;
  int f() const override { return 2; }
};
struct Multi1 { int a = 1; int get_a() const { return a; } };
struct Multi2 { int b = 2; int get_b() const { return b; } };
struct Multi : Multi1, Multi2 {};

static double sum_member(const Vec3 *v, int n, double Vec3::*m) { double s = 0; for (int i = 0; i < n; i++) s += v[i].*m; return s; }

int main() {
  Vec3 pts[3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  double Vec3::*mx = &Vec3::x, Vec3::*mz = &Vec3::z;
  CHECK(sum_member(pts, 3, mx) == 12 && sum_member(pts, 3, mz) == 18);
  double Vec3::*members[] = {&Vec3::x, &Vec3::y, &Vec3::z};
  double t = 0;
  for (auto m : members) t += pts[1].*m;
  CHECK(t == 15);
  Vec3 *pp = &pts[2];
  pp->*mx = 70;
  CHECK(pts[2].x == 70);
  double (Vec3::*getter)() const = &Vec3::get_x;
  CHECK((pts[0].*getter)() == 1);
  void (Vec3::*scaler)(double) = &Vec3::scale;
  (pp->*scaler)(0.5);
  CHECK(pts[2].x == 35 && pts[2].z == 4.5);
  double (Vec3::*ops[])() const = {&Vec3::get_x, &Vec3::len2};
  CHECK((pts[0].*ops[OPAQUE(1)])() == 14);
  // virtual member function pointers dispatch dynamically
  int (Base::*vf)() const = &Base::f;
  int (Base::*nf)() const = &Base::g;
  Derived d;
  Base b;
  const Base &rb = d;
  CHECK((b.*vf)() == 1);
  CHECK((rb.*vf)() == 2);
  CHECK((rb.*nf)() == 10);
  int Derived::*pe = &Derived::extra;
  CHECK(d.*pe == 5);
  int (Derived::*dvf)() const = &Base::f;     // base member pointer converts to derived
  CHECK((d.*dvf)() == 2);
  // member pointers into a non-primary base need this-adjustment
  Multi m;
  int (Multi::*gb)() const = &Multi2::get_b;
  int (Multi::*ga)() const = &Multi1::get_a;
  CHECK((m.*gb)() == 2 && (m.*ga)() == 1);
  int Multi::*db = &Multi2::b;
  m.*db = 20;
  CHECK(m.b == 20);
  CHECK(vf != nullptr && getter == &Vec3::get_x && mx != mz);
  CHECK_DONE();
}
