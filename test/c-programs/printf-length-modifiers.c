/* Length modifiers: %ld %lu %lx %lo %lld %llu %llx %zu %zx (the rarer C99
 * modifiers hh, h, j, t are in printf-c99-formats.c). */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include "check.h"

int main(void) {
  CHECK_FORMAT("-9223372036854775808", "%ld", LONG_MIN);
  CHECK_FORMAT("9223372036854775807", "%ld", LONG_MAX);
  CHECK_FORMAT("18446744073709551615", "%lu", ULONG_MAX);
  CHECK_FORMAT("ffffffffffffffff", "%lx", ULONG_MAX);
  CHECK_FORMAT("1777777777777777777777", "%lo", ULONG_MAX);
  CHECK_FORMAT("-9223372036854775808", "%lld", LLONG_MIN);
  CHECK_FORMAT("18446744073709551615", "%llu", ULLONG_MAX);
  CHECK_FORMAT("DEADBEEFCAFEBABE", "%llX", 0xDEADBEEFCAFEBABEull);
  CHECK_FORMAT("0x123456789a", "%#llx", 0x123456789Aull);
  CHECK_FORMAT("18446744073709551615", "%zu", (size_t)-1);
  CHECK_FORMAT("ffffffffffffffff", "%zx", SIZE_MAX);
  CHECK_FORMAT("40", "%zu", sizeof(int[10]));
  /* mixing widths in one call checks va_arg sizes */
  CHECK_FORMAT("3 4 5 6", "%d %ld %lld %zu", 3, 4L, 5LL, (size_t)6);
  CHECK_FORMAT("-1 4294967295 18446744073709551615 -1", "%d %u %lu %lld", -1,
               4294967295u, ULONG_MAX, -1LL);
  CHECK_FORMAT("      -123", "%10ld", -123L);
  CHECK_FORMAT("0000000000000000000000123", "%025llu", 123ULL);
  CHECK_FORMAT("1.5 100000000000 2.5", "%.1f %ld %.1f", 1.5, 100000000000L,
               2.5);
  CHECK_DONE();
}
