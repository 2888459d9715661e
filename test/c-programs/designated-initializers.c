/* Designated initialisers for arrays, structs, nested members, unions,
 * ranges (GNU), overriding and implicit zeroing. */
#include "check.h"

struct inner { int a, b; };
struct outer { int id; struct inner in; int arr[4]; const char *name; double d; };
union u { int i; float f; char c[4]; };

int main(void) {
  int a[10] = {[2] = 20, [5] = 50, 60, [9] = 90};
  CHECK(a[0] == 0 && a[2] == 20 && a[5] == 50 && a[6] == 60 && a[7] == 0 && a[9] == 90);
  int b[] = {[4] = 1};
  CHECK(sizeof b / sizeof b[0] == 5);
  struct outer o = {.name = "x", .in.b = 7, .arr[2] = 3, .id = 1};
  CHECK(o.id == 1 && o.in.a == 0 && o.in.b == 7 && o.arr[2] == 3 && o.arr[3] == 0 && o.d == 0.0);
  CHECK_STR(o.name, "x");
  struct outer o2 = {.in = {.a = 1, .b = 2}, .arr = {1, 2}, .d = 1.5};
  CHECK(o2.in.a == 1 && o2.arr[1] == 2 && o2.arr[2] == 0 && o2.name == NULL && o2.d == 1.5);
  /* later designators override earlier ones */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Winitializer-overrides"
  int c[3] = {[0] = 1, [0] = 2, [1] = 3};
  struct inner ov = {.a = 1, .b = 2, .a = 3};
#pragma clang diagnostic pop
  CHECK(c[0] == 2 && c[1] == 3);
  CHECK(ov.a == 3 && ov.b == 2);
  /* positional initialisers continue after a designator */
  struct outer o3 = {.arr[1] = 5, 6, 7};
  CHECK(o3.arr[1] == 5 && o3.arr[2] == 6 && o3.arr[3] == 7 && o3.arr[0] == 0);
  union u u1 = {.f = 1.0f};
  CHECK(u1.i == 0x3F800000);
  union u u2 = {.c = {1, 2, 3, 4}};
  CHECK(u2.i == 0x04030201);
  /* array of structs with designators */
  struct inner arr[4] = {[1] = {.b = 5}, [3].a = 9};
  CHECK(arr[1].a == 0 && arr[1].b == 5 && arr[3].a == 9 && arr[0].b == 0);
  /* GNU range designators */
  int r[12] = {[0 ... 3] = 1, [8 ... 11] = 2};
  int s = 0;
  for (int i = 0; i < 12; i++) s += r[i];
  CHECK_EQ(s, 4 + 8);
  /* runtime values in designated initialisers of automatic objects */
  int k = OPAQUE(41);
  struct inner dyn = {.b = k + 1, .a = k - 1};
  CHECK(dyn.a == 40 && dyn.b == 42);
  CHECK_DONE();
}
