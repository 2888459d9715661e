/* snprintf floating-point conversions %f %e %E %g %G with precision, width
 * and flags. Expected strings follow from the exact binary values, within
 * what C11 7.21.6.1p13 asks of digits beyond DECIMAL_DIG (17). */
#include <math.h>
#include <float.h>
#include <stdlib.h>
#include "check.h"

/* Where C only recommends correct rounding: picolibc's printf (tinystdio,
 * Ryu) produces the shortest digits that read back as the same double and
 * pads them with zeros, which %g then strips (docs/design.md). What it
 * guarantees is that the digits read back as VALUE. */
#ifdef __PICOLIBC__
#define CHECK_RECOMMENDED(expect, format, value)                              \
  do {                                                                        \
    char round_trip_[64];                                                     \
    snprintf(round_trip_, sizeof round_trip_, format, value);                 \
    CHECK(strtod(round_trip_, NULL) == (value));                              \
  } while (0)
#else
#define CHECK_RECOMMENDED(expect, format, value)                              \
  CHECK_FORMAT(expect, format, value)
#endif

static char buf[512];
int main(void) {
  double pi = OPAQUE(3.14159265358979);
  CHECK_FORMAT("3.141593", "%f", pi);
  CHECK_FORMAT("3.14", "%.2f", pi);
  CHECK_FORMAT("3", "%.0f", pi);
  CHECK_FORMAT("3.", "%#.0f", pi);
  CHECK_FORMAT("     3.142", "%10.3f", pi);
  CHECK_FORMAT("3.142     |", "%-10.3f|", pi);
  CHECK_FORMAT("+3.1", "%+.1f", pi);
  CHECK_FORMAT(" 3.1", "% .1f", pi);
  CHECK_FORMAT("-003.500", "%08.3f", -3.5);
  CHECK_FORMAT("-0.000000", "%f", -0.0);
  CHECK_FORMAT("0.000000", "%f", 0.0);
  CHECK_FORMAT("10000000000.000000", "%f", 1e10);
  /* 20 significant digits: C asks for a string between the 17-digit bounds
   * 0.10000000000000000 and 0.10000000000000001 (glibc's is exact,
   * ...0555; picolibc pads the shortest digits, ...0000). */
  snprintf(buf, sizeof buf, "%.20f", OPAQUE(0.1));
  CHECK(strncmp(buf, "0.10000000000000000", 19) == 0 && strlen(buf) == 22);
  CHECK_FORMAT("0.1000000015", "%.10f", (double)0.1f);
  CHECK_FORMAT("123456789.000", "%.3f", 123456789.0);
  CHECK_FORMAT("0.001", "%.3f", 0.0005 + 0x1p-40);   /* just above the tie */
  CHECK_FORMAT("1.000000e+00", "%e", 1.0);
  CHECK_FORMAT("1.234568e+04", "%e", 12345.678);
  CHECK_FORMAT("1.234568E+04", "%E", 12345.678);
  CHECK_FORMAT("-1.23e-04", "%.2e", -0.000123);
  CHECK_FORMAT("0.000000e+00", "%e", 0.0);
  CHECK_FORMAT("1.000000e+300", "%e", 1e300);
  CHECK_FORMAT("1.000000e-300", "%e", 1e-300);
  CHECK_RECOMMENDED("4.940656e-324", "%e", DBL_TRUE_MIN);
  CHECK_FORMAT("1.797693e+308", "%e", DBL_MAX);
  CHECK_FORMAT("3e+00", "%.0e", 3.0);
  CHECK_FORMAT("  1.50e+02", "%10.2e", 150.0);
  CHECK_FORMAT("100000", "%g", 100000.0);
  CHECK_FORMAT("1e+06", "%g", 1000000.0);
  CHECK_FORMAT("1E+06", "%G", 1000000.0);
  CHECK_FORMAT("0.0001", "%g", 0.0001);
  CHECK_FORMAT("1e-05", "%g", 0.00001);
  CHECK_FORMAT("1.5", "%g", 1.5);
  CHECK_FORMAT("3.14", "%.3g", pi);
  CHECK_FORMAT("3.14159", "%g", pi);
  CHECK_FORMAT("1.00000", "%#g", 1.0);
  CHECK_FORMAT("0", "%g", 0.0);
  CHECK_FORMAT("-2.5", "%g", -2.5);
  CHECK_FORMAT("1.23457e+08", "%g", 123456789.0);
  CHECK_FORMAT("123456789", "%.9g", 123456789.0);
  CHECK_FORMAT("0.1", "%g", 0.1);
  CHECK_RECOMMENDED("0.10000000000000001", "%.17g", 0.1);
  CHECK_FORMAT("2.5", "%.2g", 2.5);
  CHECK_FORMAT("inf", "%f", INFINITY);
  CHECK_FORMAT("-inf", "%f", -INFINITY);
  CHECK_FORMAT("inf", "%e", INFINITY);
  CHECK_FORMAT("inf", "%g", INFINITY);
  CHECK_FORMAT("       inf", "%10f", INFINITY);
  /* NaN: only the letters are portable (sign of a NaN may be printed) */
  double z = OPAQUE(0.0);
  snprintf(buf, sizeof buf, "%f", z / z);
  CHECK(strstr(buf, "nan") != NULL);
  /* float arguments are promoted to double */
  float f = OPAQUE(0.5f);
  CHECK_FORMAT("0.500", "%.3f", f);
  CHECK_FORMAT("x=1.250000 y=-2 z=7.5e-01", "x=%f y=%g z=%.1e", 1.25, -2.0,
               0.75);
  CHECK_FORMAT("0.125", "%.3f", 0.125);
  /* the value 2.675 is really 2.67499999... */
  CHECK_FORMAT("2.67", "%.2f", 2.675);
  /* many integers print exactly */
  for (int i = -2000; i <= 2000; i += 137) {
    char ref[32];
    snprintf(ref, sizeof ref, "%d.000", i);
    snprintf(buf, sizeof buf, "%.3f", (double)i);
    CHECK_STR(buf, ref);
  }
  CHECK_DONE();
}
