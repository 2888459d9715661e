/* Type sizes and alignments of the LP64 data model. */
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include "check.h"

int main(void) {
  CHECK(sizeof(char) == 1);
  CHECK(sizeof(short) == 2);
  CHECK(sizeof(int) == 4);
  CHECK(sizeof(long) == 8);
  CHECK(sizeof(long long) == 8);
  CHECK(sizeof(void *) == 8);
  CHECK(sizeof(int (*)(void)) == 8);
  CHECK(sizeof(size_t) == 8);
  CHECK(sizeof(ptrdiff_t) == 8);
  CHECK(sizeof(intptr_t) == 8);
  CHECK(sizeof(float) == 4);
  CHECK(sizeof(double) == 8);
  CHECK(sizeof(__int128) == 16);
  CHECK(sizeof(_Bool) == 1);
  CHECK(_Alignof(short) == 2);
  CHECK(_Alignof(int) == 4);
  CHECK(_Alignof(long) == 8);
  CHECK(_Alignof(long long) == 8);
  CHECK(_Alignof(void *) == 8);
  CHECK(_Alignof(double) == 8);
  CHECK(_Alignof(float) == 4);
  CHECK(sizeof(long) * CHAR_BIT == 64);
  CHECK(sizeof 'x' == 4);
  CHECK(sizeof 1.0f == 4 && sizeof 1.0 == 8);
  CHECK(sizeof 1L == 8 && sizeof 1 == 4 && sizeof 1LL == 8);
  CHECK(sizeof 4294967295 == 8);         /* decimal constant too big for int -> long */
  CHECK(sizeof 0xFFFFFFFF == 4);         /* hex constant fits unsigned int */
  CHECK(sizeof(size_t) == sizeof(unsigned long));
  CHECK((size_t)-1 == ULONG_MAX);
  CHECK(SIZE_MAX == ULONG_MAX);
  CHECK(PTRDIFF_MAX == LONG_MAX);
  CHECK(INTPTR_MAX == LONG_MAX);
#ifdef __LP64__
  CHECK(__LP64__ == 1);
#else
  CHECK(0 && "__LP64__ not defined");
#endif
  CHECK(__SIZEOF_POINTER__ == 8 && __SIZEOF_LONG__ == 8 && __SIZEOF_INT__ == 4);
  CHECK(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__);
#ifdef __accel__
  CHECK(sizeof(long double) == 8);       /* long double is double on Accel */
  CHECK(__SIZEOF_LONG_DOUBLE__ == 8);
  CHECK((char)-1 < 0);                   /* plain char is signed */
#endif
  struct s1 { char c; int i; };
  struct s2 { char c; long l; };
  struct s3 { char c; double d; };
  struct s4 { char c; short s; char d; };
  struct s5 { int i; char c; };
  struct s6 { long l; char c; };
  CHECK(sizeof(struct s1) == 8 && offsetof(struct s1, i) == 4);
  CHECK(sizeof(struct s2) == 16 && offsetof(struct s2, l) == 8);
  CHECK(sizeof(struct s3) == 16 && offsetof(struct s3, d) == 8);
  CHECK(sizeof(struct s4) == 6 && offsetof(struct s4, d) == 4);
  CHECK(sizeof(struct s5) == 8);
  CHECK(sizeof(struct s6) == 16);
  int arr[10];
  CHECK(sizeof arr == 40 && sizeof arr / sizeof arr[0] == 10);
  CHECK(sizeof(int[3][5]) == 60);
  CHECK_DONE();
}
