/* Exact-width, least, fast and max integer types from stdint.h. */
#include <stdint.h>
#include "check.h"

int main(void) {
  CHECK(sizeof(int8_t) == 1 && sizeof(int16_t) == 2 && sizeof(int32_t) == 4 && sizeof(int64_t) == 8);
  CHECK(sizeof(uint8_t) == 1 && sizeof(uint16_t) == 2 && sizeof(uint32_t) == 4 && sizeof(uint64_t) == 8);
  CHECK(sizeof(int_least8_t) >= 1 && sizeof(int_least32_t) >= 4 && sizeof(int_fast16_t) >= 2);
  CHECK(sizeof(intmax_t) == 8 && sizeof(uintmax_t) == 8);
  CHECK(INT8_MIN == -128 && INT8_MAX == 127 && UINT8_MAX == 255);
  CHECK(INT16_MIN == -32768 && INT16_MAX == 32767 && UINT16_MAX == 65535);
  CHECK(INT32_MIN == -2147483647 - 1 && INT32_MAX == 2147483647 && UINT32_MAX == 4294967295u);
  CHECK(INT64_MAX == 9223372036854775807LL && UINT64_MAX == 18446744073709551615ULL);
  CHECK(INTMAX_MAX == INT64_MAX && UINTMAX_MAX == UINT64_MAX);
  CHECK(INT64_C(1) << 40 == 1099511627776LL);
  CHECK(UINT64_C(0xFFFFFFFFFFFFFFFF) == UINT64_MAX);
  CHECK(UINT32_C(7) == 7u);

  /* wrap-around of exact-width unsigned types */
  uint8_t a = OPAQUE((uint8_t)200);
  a = (uint8_t)(a * 2);
  CHECK(a == 144);
  uint16_t b = OPAQUE((uint16_t)60000);
  b = (uint16_t)(b + 10000);
  CHECK(b == 4464);
  uint32_t c = OPAQUE(4000000000u);
  c += 500000000u;
  CHECK(c == 205032704u);
  uint64_t d = OPAQUE(UINT64_MAX);
  d += 2;
  CHECK(d == 1);

  /* intmax_t arithmetic */
  intmax_t m = OPAQUE((intmax_t)-9000000000000000000LL);
  CHECK(m / 1000000000 == -9000000000LL);
  uintmax_t um = (uintmax_t)m;
  CHECK(um == 9446744073709551616ULL);
  CHECK_DONE();
}
