/* _Bool / stdbool.h: conversion of any non-zero scalar to 1, arithmetic,
 * bool in structs and arrays, bool-returning functions. */
#include <stdbool.h>
#include <stdint.h>
#include "check.h"

static NOINLINE bool to_bool_int(int x) { return x; }
static NOINLINE bool to_bool_dbl(double x) { return x; }
static NOINLINE bool to_bool_ptr(const void *p) { return p; }
static NOINLINE bool to_bool_u64(uint64_t x) { return x; }
struct flags { bool a, b; bool c : 1; int n; };

int main(void) {
  CHECK(sizeof(bool) == 1 && true == 1 && false == 0);
  CHECK(to_bool_int(OPAQUE(2)) == 1);
  CHECK(to_bool_int(OPAQUE(-1)) == 1);
  CHECK(to_bool_int(OPAQUE(256)) == 1);           /* not truncated to 8 bits */
  CHECK(to_bool_int(OPAQUE(0)) == 0);
  CHECK(to_bool_dbl(OPAQUE(0.5)) == 1);
  CHECK(to_bool_dbl(OPAQUE(-0.0)) == 0);
  CHECK(to_bool_dbl(OPAQUE(1e-300)) == 1);
  int z = 0;
  CHECK(to_bool_ptr(&z) == 1 && to_bool_ptr(NULL) == 0);
  CHECK(to_bool_u64(OPAQUE(0x100000000ull)) == 1);  /* high bits only */
  CHECK(to_bool_u64(OPAQUE(0x8000000000000000ull)) == 1);
  bool b = OPAQUE(1);
  b += 5;                                          /* 6 -> true */
  CHECK(b == 1);
  b = b + b;                                       /* 2 -> true */
  CHECK(b == 1);
  b--;                                             /* 0 */
  CHECK(b == 0);
  b--;                                             /* -1 -> true */
  CHECK(b == 1);
  CHECK(true + true == 2);
  struct flags f = {.a = 7, .c = 3};
  CHECK(f.a == 1 && f.b == 0 && f.c == 1);
  bool arr[10];
  for (int i = 0; i < 10; i++) arr[i] = i % 3;
  int count = 0;
  for (int i = 0; i < 10; i++) count += arr[i];
  CHECK_EQ(count, 6);
  CHECK(!!OPAQUE(42) == 1);
  CHECK_DONE();
}
