/* C11 _Generic: type-based dispatch, including qualifiers, pointers,
 * default, and the LP64 distinctions (long vs long long, char vs signed char). */
#include <stdint.h>
#include "check.h"

#define TYPE_NAME(x) _Generic((x), \
  _Bool: "bool", char: "char", signed char: "schar", unsigned char: "uchar", \
  short: "short", unsigned short: "ushort", int: "int", unsigned: "uint", \
  long: "long", unsigned long: "ulong", long long: "llong", unsigned long long: "ullong", \
  float: "float", double: "double", long double: "ldouble", \
  char *: "char*", const char *: "cchar*", int *: "int*", void *: "void*", default: "other")

static double absd(double x) { return x < 0 ? -x : x; }
static float absf(float x) { return x < 0 ? -x : x; }
static long absl_(long x) { return x < 0 ? -x : x; }
static int absi(int x) { return x < 0 ? -x : x; }
#define ABS(x) _Generic((x), double: absd, float: absf, long: absl_, default: absi)(x)

#define MAX_OF(T) _Generic((T)0, int: 2147483647, long: 9223372036854775807L, unsigned char: 255, default: 0)

int main(void) {
  char c = 0; signed char sc = 0; unsigned char uc = 0;
  CHECK_STR(TYPE_NAME(c), "char");
  CHECK_STR(TYPE_NAME(sc), "schar");
  CHECK_STR(TYPE_NAME(uc), "uchar");
  CHECK_STR(TYPE_NAME((_Bool)1), "bool");
  CHECK_STR(TYPE_NAME((short)1), "short");
  CHECK_STR(TYPE_NAME(1), "int");
  CHECK_STR(TYPE_NAME(1u), "uint");
  CHECK_STR(TYPE_NAME(1L), "long");
  CHECK_STR(TYPE_NAME(1UL), "ulong");
  CHECK_STR(TYPE_NAME(1LL), "llong");
  CHECK_STR(TYPE_NAME(1ULL), "ullong");
  CHECK_STR(TYPE_NAME(1.0f), "float");
  CHECK_STR(TYPE_NAME(1.0), "double");
  CHECK_STR(TYPE_NAME('a'), "int");              /* character constants are int */
  CHECK_STR(TYPE_NAME(c + c), "int");            /* promotion */
  CHECK_STR(TYPE_NAME(sizeof(int)), "ulong");    /* size_t is unsigned long */
  CHECK_STR(TYPE_NAME((int64_t)0), "long");
  CHECK_STR(TYPE_NAME((uint64_t)0), "ulong");
  CHECK_STR(TYPE_NAME(&c - &c), "long");         /* ptrdiff_t is long */
  CHECK_STR(TYPE_NAME(4294967296), "long");
  CHECK_STR(TYPE_NAME(1.0f + 1), "float");
  CHECK_STR(TYPE_NAME(1.0f + 1.0), "double");
  CHECK_STR(TYPE_NAME(1u + 1L), "long");
  CHECK_STR(TYPE_NAME(1ul + 1LL), "ullong");
  char buf[4] = {0};
  const char *cp = buf;
  int arr[2] = {0};
  CHECK_STR(TYPE_NAME(buf), "char*");            /* array decays */
  CHECK_STR(TYPE_NAME(cp), "cchar*");
  CHECK_STR(TYPE_NAME(arr), "int*");
  CHECK_STR(TYPE_NAME((void *)0), "void*");
  struct { int x; } anon = {0};
  CHECK_STR(TYPE_NAME(&anon), "other");
  CHECK_STR(TYPE_NAME(anon.x), "int");
  const int ci = 5;
  CHECK_STR(TYPE_NAME(ci), "int");               /* qualifiers dropped (lvalue conversion) */
  CHECK(ABS(-2.5) == 2.5);
  CHECK(ABS(-1.5f) == 1.5f);
  CHECK(ABS(-5000000000L) == 5000000000L);
  CHECK(ABS(-3) == 3);
  CHECK(MAX_OF(int) == 2147483647 && MAX_OF(long) == 9223372036854775807L && MAX_OF(unsigned char) == 255);
  (void)c; (void)sc; (void)uc;
  CHECK_DONE();
}
