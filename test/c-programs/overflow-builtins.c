/* __builtin_{add,sub,mul}_overflow with assorted operand types. */
#include <limits.h>
#include <stdint.h>
#include "check.h"

int main(void) {
  int r;
  CHECK(!__builtin_add_overflow(OPAQUE(1), OPAQUE(2), &r) && r == 3);
  CHECK(__builtin_add_overflow(OPAQUE(INT_MAX), OPAQUE(1), &r) && r == INT_MIN);
  CHECK(__builtin_sub_overflow(OPAQUE(INT_MIN), OPAQUE(1), &r) && r == INT_MAX);
  CHECK(!__builtin_sub_overflow(OPAQUE(-1), OPAQUE(INT_MAX), &r) && r == INT_MIN);
  CHECK(__builtin_mul_overflow(OPAQUE(65536), OPAQUE(65536), &r) && r == 0);
  CHECK(!__builtin_mul_overflow(OPAQUE(-46340), OPAQUE(46340), &r) && r == -2147395600);
  CHECK(__builtin_mul_overflow(OPAQUE(INT_MIN), OPAQUE(-1), &r) && r == INT_MIN);

  unsigned u;
  CHECK(__builtin_add_overflow(OPAQUE(UINT_MAX), OPAQUE(1u), &u) && u == 0);
  CHECK(__builtin_sub_overflow(OPAQUE(0u), OPAQUE(1u), &u) && u == UINT_MAX);
  CHECK(__builtin_mul_overflow(OPAQUE(0x10000u), OPAQUE(0x10000u), &u) && u == 0);
  /* signed operands into an unsigned result */
  CHECK(__builtin_add_overflow(OPAQUE(-1), OPAQUE(0), &u) && u == UINT_MAX);
  CHECK(!__builtin_add_overflow(OPAQUE(-1), OPAQUE(2), &u) && u == 1);

  long long ll;
  CHECK(__builtin_mul_overflow(OPAQUE(LLONG_MAX), OPAQUE(2LL), &ll) && ll == -2);
  CHECK(!__builtin_mul_overflow(OPAQUE(3037000499LL), OPAQUE(3037000499LL), &ll) && ll == 9223372030926249001LL);
  CHECK(__builtin_mul_overflow(OPAQUE(3037000500LL), OPAQUE(3037000500LL), &ll));
  unsigned long long ull;
  CHECK(__builtin_mul_overflow(OPAQUE(0x100000000ull), OPAQUE(0x100000000ull), &ull) && ull == 0);
  CHECK(!__builtin_mul_overflow(OPAQUE(0xFFFFFFFFull), OPAQUE(0x100000001ull), &ull) && ull == ~0ull);

  /* narrow result types */
  int8_t c;
  CHECK(__builtin_add_overflow(OPAQUE(100), OPAQUE(28), &c) && c == -128);
  CHECK(!__builtin_add_overflow(OPAQUE(100), OPAQUE(27), &c) && c == 127);
  uint16_t h;
  CHECK(__builtin_mul_overflow(OPAQUE(256), OPAQUE(256), &h) && h == 0);
  CHECK(!__builtin_mul_overflow(OPAQUE(255), OPAQUE(257), &h) && h == 65535);

  /* exhaustive check of 8-bit add/mul overflow against wide arithmetic */
  for (int a = -128; a < 128; a += 3)
    for (int b = -128; b < 128; b += 5) {
      int8_t s8;
      int wide = a + b;
      CHECK(__builtin_add_overflow((int8_t)a, (int8_t)b, &s8) == (wide < -128 || wide > 127));
      CHECK(s8 == (int8_t)wide);
      wide = a * b;
      CHECK(__builtin_mul_overflow((int8_t)a, (int8_t)b, &s8) == (wide < -128 || wide > 127));
      CHECK(s8 == (int8_t)wide);
    }
  CHECK_DONE();
}
