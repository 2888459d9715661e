/* Structs of several sizes and kinds passed through "...". */
#include <stdarg.h>
#include <stdint.h>
#include "check.h"

struct s1 { char c; };
struct s4 { int16_t a, b; };
struct s8 { int32_t a, b; };
struct s12 { int32_t a, b, c; };
struct s16 { int64_t a, b; };
struct sd { double x, y; };
struct sf { float x; float y; float z; };
struct big { int64_t v[6]; };

static NOINLINE long visit(const char *kinds, ...) {
  va_list ap;
  va_start(ap, kinds);
  long total = 0;
  for (const char *k = kinds; *k; k++) {
    switch (*k) {
      case '1': { struct s1 s = va_arg(ap, struct s1); total += s.c; break; }
      case '4': { struct s4 s = va_arg(ap, struct s4); total += s.a * 10 + s.b; break; }
      case '8': { struct s8 s = va_arg(ap, struct s8); total += s.a - s.b; break; }
      case 'c': { struct s12 s = va_arg(ap, struct s12); total += s.a + s.b + s.c; break; }
      case 'g': { struct s16 s = va_arg(ap, struct s16); total += (long)(s.a / s.b); break; }
      case 'd': { struct sd s = va_arg(ap, struct sd); total += (long)(s.x * s.y); break; }
      case 'f': { struct sf s = va_arg(ap, struct sf); total += (long)(s.x + s.y + s.z); break; }
      case 'B': { struct big s = va_arg(ap, struct big); for (int i = 0; i < 6; i++) total += s.v[i]; break; }
      case 'i': total += va_arg(ap, int); break;
    }
  }
  va_end(ap);
  return total;
}

int main(void) {
  struct s1 a = {5};
  struct s4 b = {3, 4};
  struct s8 c = {100, 1};
  struct s12 d = {1, 2, 3};
  struct s16 e = {1000000000000LL, 1000};
  struct sd f = {2.5, 4.0};
  struct sf g = {0.5f, 1.5f, 2.0f};
  struct big h = {{1, 2, 3, 4, 5, 6}};
  CHECK_EQ(visit("1", a), 5);
  CHECK_EQ(visit("4", b), 34);
  CHECK_EQ(visit("8", c), 99);
  CHECK_EQ(visit("c", d), 6);
  CHECK_EQ(visit("g", e), 1000000000);
  CHECK_EQ(visit("d", f), 10);
  CHECK_EQ(visit("f", g), 4);
  CHECK_EQ(visit("B", h), 21);
  CHECK_EQ(visit("i1i4i8icigidifiBi", 1, a, 1, b, 1, c, 1, d, 1, e, 1, f, 1, g, 1, h, 1),
           9 + 5 + 34 + 99 + 6 + 1000000000 + 10 + 4 + 21);
  CHECK_EQ(visit("BBBB", h, h, h, h), 84);
  CHECK_DONE();
}
