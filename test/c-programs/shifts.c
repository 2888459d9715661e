/* Left and right shifts with constant and variable counts. */
#include <stdint.h>
#include "check.h"

static NOINLINE uint32_t shl32(uint32_t x, int n) { return x << n; }
static NOINLINE uint32_t shr32(uint32_t x, int n) { return x >> n; }
static NOINLINE int32_t sar32(int32_t x, int n) { return x >> n; }
static NOINLINE uint64_t shl64(uint64_t x, int n) { return x << n; }
static NOINLINE uint64_t shr64(uint64_t x, int n) { return x >> n; }
static NOINLINE int64_t sar64(int64_t x, int n) { return x >> n; }

int main(void) {
  for (int n = 0; n < 32; n++) {
    CHECK(shl32(1, n) == (uint32_t)1 << n);
    uint32_t p = 1;
    for (int k = 0; k < n; k++) p *= 2;
    CHECK(shl32(1, n) == p);
    CHECK(shr32(0x80000000u, n) == 0x80000000u / p);
    /* arithmetic shift of -1 stays -1; of INT32_MIN is -(2^31 / 2^n) */
    CHECK(sar32(-1, n) == -1);
    CHECK(sar32(INT32_MIN, n) == (int32_t)(-(int64_t)0x80000000 / (int64_t)p));
  }
  for (int n = 0; n < 64; n++) {
    uint64_t p = 1;
    for (int k = 0; k < n; k++) p *= 2;
    CHECK(shl64(1, n) == p);
    CHECK(shr64(0x8000000000000000ull, n) == 0x8000000000000000ull / p);
    CHECK(sar64(-1, n) == -1);
    if (n >= 1) CHECK(sar64(INT64_MIN, n) == -(int64_t)(0x8000000000000000ull / p));
    /* shifts >= 32 on 64-bit values */
    CHECK(shr64(0xDEADBEEFCAFEBABEull, n) == (0xDEADBEEFCAFEBABEull / p));
  }
  CHECK(sar32(-100, 3) == -13);   /* floor(-12.5) */
  CHECK(sar64(-100, 3) == -13);
  CHECK(sar32(100, 3) == 12);
  CHECK(shl32(0xABCD1234u, 8) == 0xCD123400u);
  CHECK(shr32(0xABCD1234u, 8) == 0x00ABCD12u);
  CHECK(sar32((int32_t)0xABCD1234u, 8) == (int32_t)0xFFABCD12u);
  CHECK(shl64(0x0123456789ABCDEFull, 36) == 0x9ABCDEF000000000ull);
  CHECK(shr64(0x0123456789ABCDEFull, 36) == 0x0000000000123456ull);
  CHECK(sar64((int64_t)0xF123456789ABCDEFull, 36) == (int64_t)0xFFFFFFFFFF123456ull);

  /* shifts of narrow types go through int */
  uint8_t b = OPAQUE((uint8_t)0xF0);
  CHECK((b >> 4) == 0x0F);
  CHECK((uint8_t)(b << 4) == 0);
  int16_t h = OPAQUE((int16_t)-32768);
  CHECK((h >> 15) == -1);

  /* rotate idioms */
  uint32_t x = OPAQUE(0x12345678u);
  int r = OPAQUE(12);
  CHECK(((x << r) | (x >> (32 - r))) == 0x45678123u);
  CHECK(((x >> r) | (x << (32 - r))) == 0x67812345u);
  uint64_t y = OPAQUE(0x0123456789ABCDEFull);
  CHECK(((y << 20) | (y >> 44)) == 0x56789ABCDEF01234ull);
  CHECK_DONE();
}
