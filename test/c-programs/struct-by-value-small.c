/* Small structs (1..16 bytes) passed and returned by value. */
#include <stdint.h>
#include "check.h"

struct S1 { char a; };
struct S2 { short a; };
struct S3 { char a, b, c; };
struct S4 { int a; };
struct S5 { char a[5]; };
struct S6 { short a, b, c; };
struct S8 { int a, b; };
struct S12 { int a, b, c; };
struct S16 { long a, b; };
struct SM { char c; long l; };          /* padded mix */
struct SP { int *p; int n; };

static NOINLINE struct S1 f1(struct S1 x) { x.a++; return x; }
static NOINLINE struct S2 f2(struct S2 x) { x.a *= 3; return x; }
static NOINLINE struct S3 f3(struct S3 x) { struct S3 r = {x.c, x.b, x.a}; return r; }
static NOINLINE struct S4 f4(struct S4 x) { x.a = -x.a; return x; }
static NOINLINE struct S5 f5(struct S5 x) { for (int i = 0; i < 5; i++) x.a[i] += (char)i; return x; }
static NOINLINE struct S6 f6(struct S6 x) { struct S6 r = {(short)(x.a + x.b), (short)(x.b + x.c), (short)(x.c + x.a)}; return r; }
static NOINLINE struct S8 f8(struct S8 x) { struct S8 r = {x.b, x.a}; return r; }
static NOINLINE struct S12 f12(struct S12 x) { x.a += 1; x.b += 2; x.c += 3; return x; }
static NOINLINE struct S16 f16(struct S16 x) { struct S16 r = {x.a + x.b, x.a - x.b}; return r; }
static NOINLINE struct SM fm(struct SM x) { x.c = (char)(x.c + 1); x.l <<= 4; return x; }
static NOINLINE int sum_sp(struct SP s) { int t = 0; for (int i = 0; i < s.n; i++) t += s.p[i]; return t; }
/* several struct arguments mixed with scalars */
static NOINLINE long mix(int a, struct S3 b, long c, struct S12 d, char e, struct S16 f, struct S8 g) {
  return a + b.a + b.b + b.c + c + d.a + d.b + d.c + e + f.a + f.b + g.a + g.b;
}

int main(void) {
  struct S1 s1 = {OPAQUE((char)41)};
  CHECK(f1(s1).a == 42 && s1.a == 41);
  struct S2 s2 = {OPAQUE((short)-1000)};
  CHECK(f2(s2).a == -3000);
  struct S3 s3 = {1, 2, 3};
  struct S3 r3 = f3(s3);
  CHECK(r3.a == 3 && r3.b == 2 && r3.c == 1);
  struct S4 s4 = {OPAQUE(123456)};
  CHECK(f4(s4).a == -123456);
  struct S5 s5 = {{10, 20, 30, 40, 50}};
  struct S5 r5 = f5(s5);
  CHECK(r5.a[0] == 10 && r5.a[4] == 54 && s5.a[4] == 50);
  struct S6 s6 = {100, 200, 300};
  struct S6 r6 = f6(s6);
  CHECK(r6.a == 300 && r6.b == 500 && r6.c == 400);
  struct S8 s8 = {OPAQUE(7), -9};
  struct S8 r8 = f8(s8);
  CHECK(r8.a == -9 && r8.b == 7);
  struct S12 s12 = {10, 20, 30};
  struct S12 r12 = f12(f12(s12));
  CHECK(r12.a == 12 && r12.b == 24 && r12.c == 36);
  struct S16 s16 = {OPAQUE(0x100000000L), 5};
  struct S16 r16 = f16(s16);
  CHECK(r16.a == 0x100000005L && r16.b == 0xFFFFFFFBL);
  struct SM sm = {'a', OPAQUE(0x0123456789ABCDEL)};
  struct SM rm = fm(sm);
  CHECK(rm.c == 'b' && rm.l == 0x123456789ABCDE0L);
  int arr[5] = {1, 2, 3, 4, 5};
  struct SP sp = {arr, 5};
  CHECK_EQ(sum_sp(sp), 15);
  CHECK_EQ(mix(1, s3, 100, s12, 7, s16, s8), 1 + 6 + 100 + 60 + 7 + (0x100000000L + 5) + (7 - 9));
  CHECK(sizeof(struct S3) == 3 && sizeof(struct S5) == 5 && sizeof(struct S6) == 6);
  CHECK(sizeof(struct S12) == 12 && sizeof(struct SM) == 16);
  CHECK_DONE();
}
