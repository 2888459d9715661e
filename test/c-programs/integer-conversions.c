/* Narrowing, widening, sign and zero extension between integer types. */
#include <stdint.h>
#include "check.h"

static NOINLINE int8_t to_i8(int64_t v) { return (int8_t)v; }
static NOINLINE uint8_t to_u8(int64_t v) { return (uint8_t)v; }
static NOINLINE int16_t to_i16(int64_t v) { return (int16_t)v; }
static NOINLINE uint16_t to_u16(int64_t v) { return (uint16_t)v; }
static NOINLINE int32_t to_i32(int64_t v) { return (int32_t)v; }
static NOINLINE uint32_t to_u32(int64_t v) { return (uint32_t)v; }
static NOINLINE int64_t from_i8(int8_t v) { return v; }
static NOINLINE int64_t from_u8(uint8_t v) { return v; }
static NOINLINE int64_t from_i16(int16_t v) { return v; }
static NOINLINE int64_t from_u16(uint16_t v) { return v; }
static NOINLINE int64_t from_i32(int32_t v) { return v; }
static NOINLINE int64_t from_u32(uint32_t v) { return v; }

int main(void) {
  int64_t v = OPAQUE(0x0123456789ABCDEFLL);
  CHECK_EQ(to_i8(v), -17);                 /* 0xEF */
  CHECK_EQ(to_u8(v), 0xEF);
  CHECK_EQ(to_i16(v), -12817);             /* 0xCDEF */
  CHECK_EQ(to_u16(v), 0xCDEF);
  CHECK_EQ(to_i32(v), -1985229329);        /* 0x89ABCDEF */
  CHECK_EQ(to_u32(v), 0x89ABCDEFLL);
  CHECK_EQ(from_i8((int8_t)OPAQUE(0x80)), -128);
  CHECK_EQ(from_u8((uint8_t)OPAQUE(0x80)), 128);
  CHECK_EQ(from_i16((int16_t)OPAQUE(0x8001)), -32767);
  CHECK_EQ(from_u16((uint16_t)OPAQUE(0x8001)), 32769);
  CHECK_EQ(from_i32((int32_t)OPAQUE(0x80000001u)), -2147483647LL);
  CHECK_EQ(from_u32(OPAQUE(0x80000001u)), 2147483649LL);

  /* round trips through every width for a range of values */
  for (int64_t x = -70000; x <= 70000; x += 997) {
    int64_t y = OPAQUE(x);
    CHECK_EQ(from_i32(to_i32(y)), y);
    CHECK_EQ(to_u16(y), ((y % 65536) + 65536) % 65536);
    CHECK_EQ(to_u8(y), ((y % 256) + 256) % 256);
    int8_t s = to_i8(y);
    int64_t m = ((y % 256) + 256) % 256;
    CHECK_EQ(s, m >= 128 ? m - 256 : m);
  }

  /* char arrays hold values that sign/zero extend correctly when loaded */
  int8_t sb[4] = {-1, -128, 127, 0};
  uint8_t ub[4] = {255, 128, 127, 0};
  long long ssum = 0, usum = 0;
  for (int i = 0; i < 4; i++) { ssum += OPAQUE(sb[i]); usum += OPAQUE(ub[i]); }
  CHECK_EQ(ssum, -2);
  CHECK_EQ(usum, 510);
  int16_t sh[2] = {-32768, 32767};
  CHECK_EQ((int64_t)OPAQUE(sh[0]) * OPAQUE(sh[1]), -1073709056LL);

  /* pointer <-> integer */
  int obj = 5;
  uintptr_t p = (uintptr_t)&obj;
  int *q = (int *)p;
  CHECK(q == &obj && *q == 5);
  CHECK(sizeof(uintptr_t) == 8);
  /* bool conversions */
  _Bool b1 = OPAQUE(256), b2 = OPAQUE(0.25), b3 = OPAQUE(0), b4 = (_Bool)OPAQUE(-0.0);
  CHECK(b1 == 1 && b2 == 1 && b3 == 0 && b4 == 0);
  CHECK_DONE();
}
