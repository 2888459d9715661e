/* strtod/strtof/atof: correctly rounded decimal conversion, exponents,
 * special values and end pointers. */
#include <stdlib.h>
#include <math.h>
#include <float.h>
#include <errno.h>
#include "check.h"

int main(void) {
  char *end;
  CHECK(strtod("0.1", NULL) == 0.1);
  CHECK(strtod("1.5", &end) == 1.5 && *end == 0);
  CHECK(strtod("-2.25e3", NULL) == -2250.0);
  CHECK(strtod("123.456e2", NULL) == 12345.6);
  CHECK(strtod("  +.5", NULL) == 0.5);
  CHECK(strtod("5.", NULL) == 5.0);
  CHECK(strtod("1e-5", NULL) == 1e-5);
  CHECK(strtod("1E+10", NULL) == 1e10);
  CHECK(strtod("0.000001", NULL) == 1e-6);
  CHECK(strtod("3.14159265358979323846264338327950288", NULL) == 3.141592653589793);
  CHECK(strtod("9007199254740993", NULL) == 9007199254740992.0);  /* tie -> even */
  /* More digits than DECIMAL_DIG (17): C11 7.22.1.3p9 allows the correctly
   * rounded value of either 17-digit bound, 9007199254740993.0 (a tie: to
   * even, ...992; picolibc) or 9007199254740993.1 (...994; glibc, which
   * reads every digit). */
  double past_17_digits = strtod("9007199254740993.0000000001", NULL);
  CHECK(past_17_digits == 9007199254740992.0 ||
        past_17_digits == 9007199254740994.0);
  CHECK(strtod("2.2250738585072014e-308", NULL) == DBL_MIN);
  CHECK(strtod("1.7976931348623157e308", NULL) == DBL_MAX);
  CHECK(strtod("4.9406564584124654e-324", NULL) == DBL_TRUE_MIN);
  CHECK(strtod("0.1e1", NULL) == 1.0);
  CHECK(strtod("12abc", &end) == 12.0 && *end == 'a');
  CHECK(strtod("1e", &end) == 1.0 && *end == 'e');      /* incomplete exponent */
  CHECK(strtod("1e+", &end) == 1.0 && *end == 'e');
  const char *bad = "abc";
  CHECK(strtod(bad, &end) == 0.0 && end == bad);
  CHECK(signbit(strtod("-0.0", NULL)) && strtod("-0.0", NULL) == 0.0);
  CHECK(isinf(strtod("inf", NULL)) && strtod("-INFINITY", NULL) < 0);
  CHECK(isnan(strtod("nan", NULL)));
  CHECK(isnan(strtod("NAN", &end)) && *end == 0);
  errno = 0;
  CHECK(strtod("1e400", NULL) == HUGE_VAL);
  CHECK(errno == ERANGE);
  errno = 0;
  CHECK(strtod("-1e400", NULL) == -HUGE_VAL);
  CHECK(strtod("1e-400", NULL) == 0.0);
  CHECK(strtof("0.1", NULL) == 0.1f);
  CHECK(strtof("3.4028235e38", NULL) == FLT_MAX);
  CHECK(strtof("16777217", NULL) == 16777216.0f);
  CHECK(strtof("1.17549435e-38", NULL) == FLT_MIN);
  CHECK(atof("  -6.5e-1xyz") == -0.65);
  /* integers are exact */
  char buf[40];
  for (long i = -1000000; i <= 1000000; i += 99991) {
    snprintf(buf, sizeof buf, "%ld", i);
    CHECK(strtod(buf, NULL) == (double)i);
  }
  /* n/8 values are exact binary fractions */
  for (int n = -64; n <= 64; n += 3) {
    double v = n / 8.0;
    snprintf(buf, sizeof buf, "%.3f", v);
    CHECK(strtod(buf, NULL) == v);
  }
  CHECK_DONE();
}
