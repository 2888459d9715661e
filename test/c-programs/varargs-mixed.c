/* Variadic arguments of mixed kinds: int, long, long long, double (also
 * from promoted float), pointers, chars, described by a format string. */
#include <stdarg.h>
#include <stdint.h>
#include "check.h"

/* i=int l=long L=long long d=double p=pointer-to-int s=string c=char u=unsigned */
static NOINLINE double mix(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  double total = 0;
  for (const char *f = fmt; *f; f++) {
    switch (*f) {
      case 'i': total += va_arg(ap, int); break;
      case 'u': total += va_arg(ap, unsigned); break;
      case 'l': total += (double)va_arg(ap, long); break;
      case 'L': total += (double)va_arg(ap, long long); break;
      case 'd': total += va_arg(ap, double); break;
      case 'p': total += *va_arg(ap, int *); break;
      case 's': total += (double)strlen(va_arg(ap, const char *)); break;
      case 'c': total += (char)va_arg(ap, int); break;
    }
  }
  va_end(ap);
  return total;
}
static NOINLINE void collect(char *out, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  out[0] = 0;
  for (const char *f = fmt; *f; f++) {
    char tmp[64];
    switch (*f) {
      case 'i': snprintf(tmp, sizeof tmp, "%d;", va_arg(ap, int)); break;
      case 'd': snprintf(tmp, sizeof tmp, "%g;", va_arg(ap, double)); break;
      case 'L': snprintf(tmp, sizeof tmp, "%lld;", va_arg(ap, long long)); break;
      case 's': snprintf(tmp, sizeof tmp, "%s;", va_arg(ap, const char *)); break;
      default: tmp[0] = 0;
    }
    strcat(out, tmp);
  }
  va_end(ap);
}

int main(void) {
  int x = 1000;
  float f = OPAQUE(0.5f);
  double m = mix("idlLpscu", 1, 2.5, 3L, 4LL, &x, "hello", 'A', 4000000000u, 0);
  CHECK(m == 1 + 2.5 + 3 + 4 + 1000 + 5 + 65 + 4000000000.0);
  CHECK(mix("dddddddddddd", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, (double)f) == 66.5);
  CHECK(mix("idididididid", 1, 0.5, 2, 0.25, 3, 0.125, 4, 1.0, 5, 2.0, 6, 4.0) == 21 + 7.875);
  CHECK(mix("d", (double)f) == 0.5);
  CHECK(mix("L", (long long)INT64_MIN) == -9223372036854775808.0);
  CHECK(mix("ic", -5, -3) == -8);
  char buf[256];
  collect(buf, "idLsid", 7, 1.5, -9000000000LL, "str", -1, 1e10);
  CHECK_STR(buf, "7;1.5;-9000000000;str;-1;1e+10;");
  collect(buf, "ddddddddddi", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11);
  CHECK_STR(buf, "1;2;3;4;5;6;7;8;9;10;11;");
  CHECK_DONE();
}
