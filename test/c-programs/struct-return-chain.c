/* Struct results used directly: member access on call results, nested
 * calls, conditional expressions and struct-returning function pointers. */
#include "check.h"

struct V3 { double x, y, z; };
struct P { int a, b; };

static NOINLINE struct V3 v3(double x, double y, double z) { struct V3 r = {x, y, z}; return r; }
static NOINLINE struct V3 vadd(struct V3 a, struct V3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static NOINLINE struct V3 vscale(struct V3 a, double s) { return v3(a.x * s, a.y * s, a.z * s); }
static NOINLINE double dot(struct V3 a, struct V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static NOINLINE struct P pair(int a, int b) { return (struct P){a, b}; }
static NOINLINE struct P swap(struct P p) { return pair(p.b, p.a); }
static struct P (*const ops[2])(struct P) = {swap, 0};

static struct P counter_state;
static NOINLINE struct P next(void) { counter_state.a++; counter_state.b += 2; return counter_state; }

int main(void) {
  struct V3 a = v3(OPAQUE(1.0), 2.0, 3.0);
  struct V3 b = vadd(vscale(a, 2.0), vadd(a, v3(0.5, 0.5, 0.5)));
  CHECK(b.x == 3.5 && b.y == 6.5 && b.z == 9.5);
  CHECK(dot(vadd(a, a), vscale(a, 0.5)) == 14.0);
  CHECK(vadd(a, a).y == 4.0);                 /* member of an rvalue */
  CHECK(v3(7, 8, 9).z == 9.0);
  int which = OPAQUE(1);
  struct P p = which ? pair(1, 2) : pair(3, 4);
  CHECK(p.a == 1 && p.b == 2);
  p = swap(swap(swap(p)));
  CHECK(p.a == 2 && p.b == 1);
  p = ops[0](p);
  CHECK(p.a == 1 && p.b == 2);
  /* order of evaluation within separate statements */
  struct P n1 = next();
  struct P n2 = next();
  CHECK(n1.a == 1 && n2.a == 2 && n2.b == 4);
  /* returned struct assigned to global then read */
  counter_state = pair(100, 200);
  CHECK(next().b == 202);
  /* loop accumulating through returned structs */
  struct V3 acc = v3(0, 0, 0);
  for (int i = 1; i <= 10; i++) acc = vadd(acc, v3(i, i * i, -i));
  CHECK(acc.x == 55 && acc.y == 385 && acc.z == -55);
  CHECK_DONE();
}
