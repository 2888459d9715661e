/* typedefs of scalars, pointers, arrays, function types and structs;
 * shadowing in inner scopes. */
#include <stdint.h>
#include "check.h"

typedef unsigned long ulong_t;
typedef int vec3[3];
typedef int (*cmp_fn)(int, int);
typedef int binop_t(int, int);
typedef struct point { int x, y; } point_t, *point_ptr;
typedef const char *cstr;
typedef vec3 mat3[3];

static int less(int a, int b) { return a < b; }
static binop_t plus;
static int plus(int a, int b) { return a + b; }
static NOINLINE int trace(mat3 m) { return m[0][0] + m[1][1] + m[2][2]; }

int main(void) {
  ulong_t u = OPAQUE(~0ul);
  CHECK(u == 18446744073709551615ul && sizeof(ulong_t) == 8);
  vec3 v = {1, 2, 3};
  CHECK(sizeof(vec3) == 12 && v[2] == 3);
  cmp_fn f = less;
  CHECK(f(1, 2) && !f(2, 1));
  binop_t *g = plus;
  CHECK(g(20, 22) == 42);
  point_t p = {3, 4};
  point_ptr pp = &p;
  pp->x = 10;
  CHECK(p.x == 10 && sizeof(point_t) == 8);
  struct point q = p;
  CHECK(q.y == 4);
  cstr s = "typedef";
  CHECK(s[0] == 't');
  mat3 m = {{1, 0, 0}, {0, 2, 0}, {0, 0, 3}};
  CHECK(sizeof(mat3) == 36 && trace(m) == 6);
  {
    typedef double ulong_t;          /* shadows the outer typedef */
    ulong_t d = 0.5;
    CHECK(sizeof(ulong_t) == 8 && d == 0.5);
  }
  typedef uint8_t byte;
  byte b = (byte)300;
  CHECK(b == 44);
  CHECK_DONE();
}
