/* Length modifiers: %ld %lu %lx %lo %lld %llu %llx %zu %zx (the rarer C99
 * modifiers hh, h, j, t are in printf-c99-formats.c). */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include "check.h"

static char buf[128];
#define FMT(expect, ...)                                                    \
  do {                                                                      \
    int n_ = snprintf(buf, sizeof buf, __VA_ARGS__);                        \
    CHECK_STR(buf, expect);                                                 \
    CHECK_EQ(n_, (int)strlen(expect));                                      \
  } while (0)

int main(void) {
  FMT("-9223372036854775808", "%ld", LONG_MIN);
  FMT("9223372036854775807", "%ld", LONG_MAX);
  FMT("18446744073709551615", "%lu", ULONG_MAX);
  FMT("ffffffffffffffff", "%lx", ULONG_MAX);
  FMT("1777777777777777777777", "%lo", ULONG_MAX);
  FMT("-9223372036854775808", "%lld", LLONG_MIN);
  FMT("18446744073709551615", "%llu", ULLONG_MAX);
  FMT("DEADBEEFCAFEBABE", "%llX", 0xDEADBEEFCAFEBABEull);
  FMT("0x123456789a", "%#llx", 0x123456789Aull);
  FMT("18446744073709551615", "%zu", (size_t)-1);
  FMT("ffffffffffffffff", "%zx", SIZE_MAX);
  FMT("40", "%zu", sizeof(int[10]));
  /* mixing widths in one call checks va_arg sizes */
  FMT("3 4 5 6", "%d %ld %lld %zu", 3, 4L, 5LL, (size_t)6);
  FMT("-1 4294967295 18446744073709551615 -1", "%d %u %lu %lld", -1, 4294967295u, ULONG_MAX, -1LL);
  FMT("      -123", "%10ld", -123L);
  FMT("0000000000000000000000123", "%025llu", 123ULL);
  FMT("1.5 100000000000 2.5", "%.1f %ld %.1f", 1.5, 100000000000L, 2.5);
  CHECK_DONE();
}
