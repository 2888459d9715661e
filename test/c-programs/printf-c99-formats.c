/* C99 printf features beyond the basic set: length modifiers hh, h, j, t,
 * and the %F conversion. */
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include "check.h"

static char buf[128];
int main(void) {
  int arr[10];
  CHECK_FORMAT("-7", "%td", &arr[2] - &arr[9]);
  CHECK_FORMAT("-9223372036854775807", "%jd", (intmax_t)-INTMAX_MAX);
  CHECK_FORMAT("18446744073709551615", "%ju", UINTMAX_MAX);
  CHECK_FORMAT("-1", "%hd", 65535);            /* converted to short */
  CHECK_FORMAT("5", "%hu", 65536 + 5);
  CHECK_FORMAT("-32768", "%hd", 32768);
  CHECK_FORMAT("-1", "%hhd", 255);             /* converted to signed char */
  CHECK_FORMAT("0", "%hhu", 256);
  CHECK_FORMAT("7f", "%hhx", 0x17F);
  CHECK_FORMAT("1 2 3 4 5 6", "%hhd %hd %d %ld %lld %zu", (signed char)1,
               (short)2, 3, 4L, 5LL, (size_t)6);
  CHECK_FORMAT("INF", "%F", INFINITY);
  CHECK_FORMAT("2.500000", "%F", 2.5);
  double z = OPAQUE(0.0);
  snprintf(buf, sizeof buf, "%F", z / z);
  CHECK(strstr(buf, "NAN") != NULL);
  CHECK_DONE();
}
