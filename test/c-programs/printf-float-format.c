/* snprintf floating-point conversions %f %e %E %g %G with precision, width
 * and flags. Expected strings follow from the exact binary values. */
#include <math.h>
#include <float.h>
#include "check.h"

static char buf[512];
#define FMT(expect, ...)                                                    \
  do {                                                                      \
    int n_ = snprintf(buf, sizeof buf, __VA_ARGS__);                        \
    CHECK_STR(buf, expect);                                                 \
    CHECK_EQ(n_, (int)strlen(expect));                                      \
  } while (0)

int main(void) {
  double pi = OPAQUE(3.14159265358979);
  FMT("3.141593", "%f", pi);
  FMT("3.14", "%.2f", pi);
  FMT("3", "%.0f", pi);
  FMT("3.", "%#.0f", pi);
  FMT("     3.142", "%10.3f", pi);
  FMT("3.142     |", "%-10.3f|", pi);
  FMT("+3.1", "%+.1f", pi);
  FMT(" 3.1", "% .1f", pi);
  FMT("-003.500", "%08.3f", -3.5);
  FMT("-0.000000", "%f", -0.0);
  FMT("0.000000", "%f", 0.0);
  FMT("10000000000.000000", "%f", 1e10);
  FMT("0.10000000000000000555", "%.20f", 0.1);
  FMT("0.1000000015", "%.10f", (double)0.1f);
  FMT("123456789.000", "%.3f", 123456789.0);
  FMT("0.001", "%.3f", 0.0005 + 0x1p-40);   /* just above the tie */
  FMT("1.000000e+00", "%e", 1.0);
  FMT("1.234568e+04", "%e", 12345.678);
  FMT("1.234568E+04", "%E", 12345.678);
  FMT("-1.23e-04", "%.2e", -0.000123);
  FMT("0.000000e+00", "%e", 0.0);
  FMT("1.000000e+300", "%e", 1e300);
  FMT("1.000000e-300", "%e", 1e-300);
  FMT("4.940656e-324", "%e", DBL_TRUE_MIN);
  FMT("1.797693e+308", "%e", DBL_MAX);
  FMT("3e+00", "%.0e", 3.0);
  FMT("  1.50e+02", "%10.2e", 150.0);
  FMT("100000", "%g", 100000.0);
  FMT("1e+06", "%g", 1000000.0);
  FMT("1E+06", "%G", 1000000.0);
  FMT("0.0001", "%g", 0.0001);
  FMT("1e-05", "%g", 0.00001);
  FMT("1.5", "%g", 1.5);
  FMT("3.14", "%.3g", pi);
  FMT("3.14159", "%g", pi);
  FMT("1.00000", "%#g", 1.0);
  FMT("0", "%g", 0.0);
  FMT("-2.5", "%g", -2.5);
  FMT("1.23457e+08", "%g", 123456789.0);
  FMT("123456789", "%.9g", 123456789.0);
  FMT("0.1", "%g", 0.1);
  FMT("0.10000000000000001", "%.17g", 0.1);
  FMT("2.5", "%.2g", 2.5);
  FMT("inf", "%f", INFINITY);
  FMT("-inf", "%f", -INFINITY);
  FMT("inf", "%e", INFINITY);
  FMT("inf", "%g", INFINITY);
  FMT("       inf", "%10f", INFINITY);
  /* NaN: only the letters are portable (sign of a NaN may be printed) */
  double z = OPAQUE(0.0);
  snprintf(buf, sizeof buf, "%f", z / z);
  CHECK(strstr(buf, "nan") != NULL);
  /* float arguments are promoted to double */
  float f = OPAQUE(0.5f);
  FMT("0.500", "%.3f", f);
  FMT("x=1.250000 y=-2 z=7.5e-01", "x=%f y=%g z=%.1e", 1.25, -2.0, 0.75);
  FMT("0.125", "%.3f", 0.125);
  /* the value 2.675 is really 2.67499999... */
  FMT("2.67", "%.2f", 2.675);
  /* many integers print exactly */
  for (int i = -2000; i <= 2000; i += 137) {
    char ref[32];
    snprintf(ref, sizeof ref, "%d.000", i);
    snprintf(buf, sizeof buf, "%.3f", (double)i);
    CHECK_STR(buf, ref);
  }
  CHECK_DONE();
}
