/* Little-endian byte order seen through unions, memcpy and pointer casts. */
#include <stdint.h>
#include "check.h"

static NOINLINE uint32_t load_le32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static NOINLINE uint32_t load_be32(const unsigned char *p) {
  return (uint32_t)p[3] | (uint32_t)p[2] << 8 | (uint32_t)p[1] << 16 | (uint32_t)p[0] << 24;
}

int main(void) {
  union { uint32_t w; uint8_t b[4]; } u;
  u.w = OPAQUE(0x11223344u);
  CHECK(u.b[0] == 0x44 && u.b[1] == 0x33 && u.b[2] == 0x22 && u.b[3] == 0x11);
  union { uint64_t q; uint16_t h[4]; uint32_t w[2]; } v;
  v.q = OPAQUE(0x0123456789ABCDEFull);
  CHECK(v.h[0] == 0xCDEF && v.h[3] == 0x0123);
  CHECK(v.w[0] == 0x89ABCDEFu && v.w[1] == 0x01234567u);

  unsigned char buf[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  uint32_t x;
  memcpy(&x, buf + 1, 4);              /* unaligned source */
  CHECK(x == 0x05040302u);
  CHECK(load_le32(buf) == 0x04030201u);
  CHECK(load_be32(buf) == 0x01020304u);
  uint64_t q;
  memcpy(&q, buf, 8);
  CHECK(q == 0x0807060504030201ull);
  uint16_t h;
  memcpy(&h, buf + 3, 2);
  CHECK(h == 0x0504);

  /* store then read bytes */
  uint32_t y = OPAQUE(0xA1B2C3D4u);
  unsigned char out[4];
  memcpy(out, &y, 4);
  CHECK(out[0] == 0xD4 && out[3] == 0xA1);
  const unsigned char *bp = (const unsigned char *)&y;
  CHECK(bp[1] == 0xC3 && bp[2] == 0xB2);

  /* byte-swapping by hand vs builtin */
  uint32_t sw = ((y & 0xFF) << 24) | ((y & 0xFF00) << 8) | ((y >> 8) & 0xFF00) | (y >> 24);
  CHECK(sw == __builtin_bswap32(y));
  CHECK(load_be32(out) == sw);
  CHECK_DONE();
}
