/* C99 printf features beyond the basic set: length modifiers hh, h, j, t,
 * and the %F conversion. */
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include "check.h"

static char buf[128];
#define FMT(expect, ...)                                                    \
  do {                                                                      \
    int n_ = snprintf(buf, sizeof buf, __VA_ARGS__);                        \
    CHECK_STR(buf, expect);                                                 \
    CHECK_EQ(n_, (int)strlen(expect));                                      \
  } while (0)

int main(void) {
  int arr[10];
  FMT("-7", "%td", &arr[2] - &arr[9]);
  FMT("-9223372036854775807", "%jd", (intmax_t)-INTMAX_MAX);
  FMT("18446744073709551615", "%ju", UINTMAX_MAX);
  FMT("-1", "%hd", 65535);            /* converted to short */
  FMT("5", "%hu", 65536 + 5);
  FMT("-32768", "%hd", 32768);
  FMT("-1", "%hhd", 255);             /* converted to signed char */
  FMT("0", "%hhu", 256);
  FMT("7f", "%hhx", 0x17F);
  FMT("1 2 3 4 5 6", "%hhd %hd %d %ld %lld %zu", (signed char)1, (short)2, 3, 4L, 5LL, (size_t)6);
  FMT("INF", "%F", INFINITY);
  FMT("2.500000", "%F", 2.5);
  double z = OPAQUE(0.0);
  snprintf(buf, sizeof buf, "%F", z / z);
  CHECK(strstr(buf, "NAN") != NULL);
  CHECK_DONE();
}
