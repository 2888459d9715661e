/* Binary-to-decimal conversion in printf is correctly rounded: exactly
 * representable halfway cases round to even digits, and values that merely
 * look like ties (2.675 is really 2.67499999...) round by their exact value. */
#include "check.h"

static char buf[64];
#define FMT(expect, ...)                                                    \
  do {                                                                      \
    snprintf(buf, sizeof buf, __VA_ARGS__);                                 \
    CHECK_STR(buf, expect);                                                 \
  } while (0)

int main(void) {
  FMT("0", "%.0f", 0.5);
  FMT("2", "%.0f", 1.5);
  FMT("2", "%.0f", 2.5);
  FMT("4", "%.0f", 3.5);
  FMT("-2", "%.0f", -2.5);
  FMT("0.12", "%.2f", 0.125);
  FMT("0.38", "%.2f", 0.375);
  FMT("0.6", "%.1f", 0.625);            /* 0.625 exact: tie between 0.6 and 0.7 */
  FMT("2.67", "%.2f", 2.675);
  FMT("1.01", "%.2f", 1.005 + 0x1p-40); /* clearly above the tie */
  FMT("2e+00", "%.0e", 2.5);
  FMT("4e+00", "%.0e", 3.5);
  FMT("1.2e+01", "%.1e", 12.5);
  FMT("0.1", "%.1g", 0.125 - 0x1p-30);
  FMT("1e+02", "%.0e", 125.0 - 25.0);
  CHECK_DONE();
}
