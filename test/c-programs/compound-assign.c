/* All compound assignment operators on narrow, wide, unsigned, floating and
 * pointer operands, including implicit narrowing of the result. */
#include <stdint.h>
#include "check.h"

int main(void) {
  int8_t c = OPAQUE((int8_t)100);
  c += 100;                         /* computed in int, stored modulo 256 */
  CHECK_EQ(c, -56);
  c *= 3;
  CHECK_EQ(c, (int8_t)-168);
  c = 7; c <<= 5;
  CHECK_EQ(c, -32);
  c >>= 2;
  CHECK_EQ(c, -8);
  uint16_t h = OPAQUE((uint16_t)1);
  h -= 2;
  CHECK_EQ(h, 65535);
  h /= 3;
  CHECK_EQ(h, 21845);
  h %= 1000;
  CHECK_EQ(h, 845);
  h |= 0xF000; h &= 0xF0FF; h ^= 0x0101;
  CHECK_EQ(h, (((845 | 0xF000) & 0xF0FF) ^ 0x0101));
  int64_t l = OPAQUE((int64_t)1);
  l <<= 40; l += 7; l *= -3; l /= 2; l %= 1000000007;
  int64_t ref = ((((int64_t)1 << 40) + 7) * -3 / 2) % 1000000007;
  CHECK_EQ(l, ref);
  unsigned u = OPAQUE(5u);
  u -= 10;
  CHECK(u == 4294967291u);
  u >>= 28;
  CHECK(u == 15);
  double d = OPAQUE(1.0);
  d += 0.5; d *= 4; d -= 1; d /= 2;
  CHECK(d == 2.5);
  float f = OPAQUE(3.0f);
  f /= 2; f *= f;
  CHECK(f == 2.25f);
  int i = OPAQUE(10);
  i *= 2.75;                        /* 27.5 truncated */
  CHECK_EQ(i, 27);
  i += 0.9;                         /* 27.9 -> 27 */
  CHECK_EQ(i, 27);
  i -= -0.5;                        /* 27.5 -> 27 */
  CHECK_EQ(i, 27);
  int arr[10] = {0};
  int *p = arr;
  p += 7; p -= 2;
  CHECK(p == &arr[5]);
  *p += 3; p[1] -= 4;
  CHECK(arr[5] == 3 && arr[6] == -4);
  /* the left operand is evaluated once */
  int idx = 0, vals[4] = {1, 1, 1, 1};
  vals[idx++] += 10;
  CHECK(idx == 1 && vals[0] == 11 && vals[1] == 1);
  /* chained */
  int a, b, e;
  a = b = e = 4;
  a += b *= e -= 1;
  CHECK(e == 3 && b == 12 && a == 16);
  CHECK_DONE();
}
