/* Sparse switches (compare trees / lookup), 64-bit and unsigned selectors,
 * extreme case values. */
#include <limits.h>
#include <stdint.h>
#include "check.h"

static NOINLINE int sparse(int x) {
  switch (x) {
    case INT_MIN: return 1;
    case -100000: return 2;
    case -5: return 3;
    case 1: return 4;
    case 100: return 5;
    case 1000: return 6;
    case 1 << 20: return 7;
    case 123456789: return 8;
    case INT_MAX: return 9;
    default: return 0;
  }
}
static NOINLINE int sparse64(int64_t x) {
  switch (x) {
    case INT64_MIN: return 1;
    case -4294967296LL: return 2;
    case 0: return 3;
    case 4294967296LL: return 4;
    case 0x7FFFFFFFFFFFFFFFLL: return 5;
    case 0x100000001LL: return 6;
    default: return -1;
  }
}
static NOINLINE int usw(unsigned x) {
  switch (x) {
    case 0u: return 1;
    case 0x80000000u: return 2;
    case 0xFFFFFFFFu: return 3;
    case 0x7FFFFFFFu: return 4;
    default: return 0;
  }
}
static NOINLINE int uc(unsigned char c) {
  switch (c) {
    case 0: return 1;
    case 127: return 2;
    case 128: return 3;
    case 255: return 4;
    default: return 0;
  }
}
static NOINLINE int sc(signed char c) {
  switch (c) {
    case -128: return 1;
    case -1: return 2;
    case 127: return 3;
    default: return 0;
  }
}

int main(void) {
  int keys[] = {INT_MIN, -100000, -5, 1, 100, 1000, 1 << 20, 123456789, INT_MAX};
  for (int i = 0; i < 9; i++) {
    CHECK_EQ(sparse(OPAQUE(keys[i])), i + 1);
    if (keys[i] != INT_MAX) CHECK_EQ(sparse(OPAQUE(keys[i] + 1)), keys[i] + 1 == 1 ? 4 : 0);
    if (keys[i] != INT_MIN) CHECK_EQ(sparse(OPAQUE(keys[i] - 1)), 0);
  }
  int64_t k64[] = {INT64_MIN, -4294967296LL, 0, 4294967296LL, 0x7FFFFFFFFFFFFFFFLL, 0x100000001LL};
  for (int i = 0; i < 6; i++) CHECK_EQ(sparse64(OPAQUE(k64[i])), i + 1);
  CHECK_EQ(sparse64(OPAQUE(1LL)), -1);
  CHECK_EQ(sparse64(OPAQUE(4294967295LL)), -1);
  CHECK_EQ(sparse64(OPAQUE(-1LL)), -1);   /* not confused with 0xFFFFFFFF truncations */
  CHECK_EQ(usw(OPAQUE(0u)), 1);
  CHECK_EQ(usw(OPAQUE(0x80000000u)), 2);
  CHECK_EQ(usw(OPAQUE(0xFFFFFFFFu)), 3);
  CHECK_EQ(usw(OPAQUE(0x7FFFFFFFu)), 4);
  CHECK_EQ(usw(OPAQUE(1u)), 0);
  CHECK_EQ(uc(OPAQUE((unsigned char)128)), 3);
  CHECK_EQ(uc(OPAQUE((unsigned char)255)), 4);
  CHECK_EQ(uc(OPAQUE((unsigned char)1)), 0);
  CHECK_EQ(sc(OPAQUE((signed char)-128)), 1);
  CHECK_EQ(sc(OPAQUE((signed char)-1)), 2);
  CHECK_EQ(sc(OPAQUE((signed char)127)), 3);
  CHECK_EQ(sc(OPAQUE((signed char)0)), 0);
  /* switch on a value computed in a loop, many iterations */
  long total = 0;
  for (int i = 0; i < 2000; i++) total += sparse(i * 50);
  CHECK_EQ(total, 4 * 0 + 5 + 6);   /* i*50 == 100 and 1000 only (1 is not a multiple of 50) */
  CHECK_DONE();
}
