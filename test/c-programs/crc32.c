/* CRC-32 (IEEE, reflected), bitwise and table-driven, with the standard
 * check value CRC32("123456789") = 0xCBF43926; also CRC-16/CCITT-FALSE
 * ("123456789" -> 0x29B1) and Adler-32 ("Wikipedia" -> 0x11E60398). */
#include <stdint.h>
#include "check.h"

static uint32_t crc32_bitwise(const uint8_t *p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  while (n--) {
    c ^= *p++;
    for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xEDB88320u & -(c & 1));
  }
  return ~c;
}
static uint32_t table[256];
static void make_table(void) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
}
static uint32_t crc32_table(const uint8_t *p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  while (n--) c = table[(c ^ *p++) & 0xFF] ^ (c >> 8);
  return ~c;
}
static uint16_t crc16_ccitt(const uint8_t *p, size_t n) {
  uint16_t c = 0xFFFF;
  while (n--) {
    c ^= (uint16_t)(*p++ << 8);
    for (int k = 0; k < 8; k++) c = (uint16_t)(c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1);
  }
  return c;
}
static uint32_t adler32(const uint8_t *p, size_t n) {
  uint32_t a = 1, b = 0;
  while (n--) { a = (a + *p++) % 65521; b = (b + a) % 65521; }
  return b << 16 | a;
}

int main(void) {
  make_table();
  CHECK(table[1] == 0x77073096u && table[255] == 0x2D02EF8Du);
  const uint8_t *check = (const uint8_t *)"123456789";
  CHECK(crc32_bitwise(check, 9) == 0xCBF43926u);
  CHECK(crc32_table(check, 9) == 0xCBF43926u);
  CHECK(crc32_table((const uint8_t *)"", 0) == 0);
  CHECK(crc32_table((const uint8_t *)"The quick brown fox jumps over the lazy dog", 43) == 0x414FA339u);
  CHECK(crc16_ccitt(check, 9) == 0x29B1);
  CHECK(adler32((const uint8_t *)"Wikipedia", 9) == 0x11E60398u);
  uint8_t buf[1000];
  for (int i = 0; i < 1000; i++) buf[i] = (uint8_t)(i * 31 + 7);
  CHECK(crc32_bitwise(buf, 1000) == crc32_table(buf, 1000));
  CHECK_DONE();
}
