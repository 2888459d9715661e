/* __attribute__((packed)) structs: unaligned members must be accessed
 * correctly (byte-wise or with unaligned accesses). */
#include <stdint.h>
#include <stddef.h>
#include "check.h"

struct __attribute__((packed)) Hdr {
  uint8_t type;
  uint32_t len;
  uint16_t flags;
  uint64_t stamp;
  double val;
};
struct __attribute__((packed)) Pix { uint8_t r; int16_t g; uint8_t b; };
struct Outer { char c; struct Hdr h; };

static NOINLINE uint64_t get_stamp(const struct Hdr *h) { return h->stamp; }
static NOINLINE void set_len(struct Hdr *h, uint32_t v) { h->len = v; }
static NOINLINE double get_val(struct Hdr h) { return h.val; }

int main(void) {
  CHECK(sizeof(struct Hdr) == 23);
  CHECK(offsetof(struct Hdr, len) == 1 && offsetof(struct Hdr, flags) == 5);
  CHECK(offsetof(struct Hdr, stamp) == 7 && offsetof(struct Hdr, val) == 15);
  CHECK(sizeof(struct Pix) == 4 && _Alignof(struct Pix) == 1);
  CHECK(sizeof(struct Outer) == 24 && offsetof(struct Outer, h) == 1);

  struct Hdr h;
  memset(&h, 0, sizeof h);
  h.type = 7;
  set_len(&h, OPAQUE(0xDEADBEEFu));
  h.flags = OPAQUE((uint16_t)0x1234);
  h.stamp = OPAQUE(0x0102030405060708ull);
  h.val = OPAQUE(-2.5);
  const uint8_t *raw = (const uint8_t *)&h;
  CHECK(raw[0] == 7);
  CHECK(raw[1] == 0xEF && raw[4] == 0xDE);
  CHECK(raw[5] == 0x34 && raw[6] == 0x12);
  CHECK(raw[7] == 0x08 && raw[14] == 0x01);
  CHECK(get_stamp(&h) == 0x0102030405060708ull);
  CHECK(get_val(h) == -2.5);
  CHECK(h.len == 0xDEADBEEFu);
  h.len++;
  h.stamp += 0xF8;
  CHECK(h.len == 0xDEADBEF0u && h.stamp == 0x0102030405060800ull);

  /* array of packed structs: every element misaligned differently */
  struct Outer o[4];
  for (int i = 0; i < 4; i++) {
    o[i].c = (char)i;
    o[i].h.stamp = 0x1111111111111111ull * (uint64_t)(i + 1);
    o[i].h.val = i * 1.5;
    o[i].h.len = (uint32_t)(i * 1000);
  }
  uint64_t s = 0;
  double vs = 0;
  for (int i = 0; i < 4; i++) { s += get_stamp(&o[i].h); vs += o[i].h.val; }
  CHECK(s == 0x1111111111111111ull * 10);
  CHECK(vs == 9.0);
  struct Pix px[3] = {{1, -2, 3}, {4, -500, 6}, {7, 32767, 9}};
  int g = 0;
  for (int i = 0; i < 3; i++) g += px[i].g;
  CHECK_EQ(g, 32265);
  CHECK_DONE();
}
