/* Structs containing float/double members (homogeneous and mixed)
 * passed and returned by value. */
#include "check.h"

struct F2 { float x, y; };
struct F4 { float x, y, z, w; };
struct D2 { double re, im; };
struct D3 { double a, b, c; };
struct FI { float f; int i; };
struct DL { double d; long l; };
struct CF { char c; float f; };

static NOINLINE struct F2 addf2(struct F2 a, struct F2 b) { struct F2 r = {a.x + b.x, a.y + b.y}; return r; }
static NOINLINE struct F4 scale4(struct F4 v, float s) { v.x *= s; v.y *= s; v.z *= s; v.w *= s; return v; }
static NOINLINE struct D2 cmul(struct D2 a, struct D2 b) {
  struct D2 r = {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  return r;
}
static NOINLINE struct D3 cross(struct D3 u, struct D3 v) {
  struct D3 r = {u.b * v.c - u.c * v.b, u.c * v.a - u.a * v.c, u.a * v.b - u.b * v.a};
  return r;
}
static NOINLINE struct FI swapfi(struct FI a) { struct FI r = {(float)a.i, (int)a.f}; return r; }
static NOINLINE struct DL mixdl(struct DL a, int k) { a.d *= k; a.l += k; return a; }
static NOINLINE float cfsum(struct CF a, struct CF b) { return a.c + a.f + b.c + b.f; }
static NOINLINE double many(struct D2 a, struct F2 b, double c, struct D3 d, float e, struct DL f) {
  return a.re + a.im + b.x + b.y + c + d.a + d.b + d.c + e + f.d + (double)f.l;
}

int main(void) {
  struct F2 a = {OPAQUE(1.5f), 2.5f}, b = {0.25f, -0.5f};
  struct F2 s = addf2(a, b);
  CHECK(s.x == 1.75f && s.y == 2.0f);
  struct F4 v = {1, 2, 3, 4};
  struct F4 w = scale4(v, OPAQUE(0.5f));
  CHECK(w.x == 0.5f && w.y == 1.0f && w.z == 1.5f && w.w == 2.0f);
  struct D2 c1 = {OPAQUE(1.0), 2.0}, c2 = {3.0, 4.0};
  struct D2 p = cmul(c1, c2);
  CHECK(p.re == -5.0 && p.im == 10.0);
  struct D3 x = {1, 0, 0}, y = {0, 1, 0};
  struct D3 z = cross(x, y);
  CHECK(z.a == 0 && z.b == 0 && z.c == 1);
  struct D3 u = {OPAQUE(2.0), 3.0, 4.0}, t = {5.0, 6.0, 7.0};
  struct D3 uc = cross(u, t);
  CHECK(uc.a == -3.0 && uc.b == 6.0 && uc.c == -3.0);
  struct FI fi = {OPAQUE(7.9f), -3};
  struct FI rf = swapfi(fi);
  CHECK(rf.f == -3.0f && rf.i == 7);
  struct DL dl = {OPAQUE(1.25), 100};
  struct DL rd = mixdl(dl, 4);
  CHECK(rd.d == 5.0 && rd.l == 104);
  struct CF q = {1, 0.5f}, r = {2, 0.25f};
  CHECK(cfsum(q, r) == 3.75f);
  CHECK(many(c1, a, 10.0, u, 0.5f, dl) == 1 + 2 + 1.5 + 2.5 + 10 + 9 + 0.5 + 1.25 + 100);
  CHECK_DONE();
}
