/* Binary-to-decimal conversion in printf is correctly rounded: exactly
 * representable halfway cases round to even digits, and values that merely
 * look like ties (2.675 is really 2.67499999...) round by their exact value. */
#include "check.h"

int main(void) {
  CHECK_FORMAT("0", "%.0f", 0.5);
  CHECK_FORMAT("2", "%.0f", 1.5);
  CHECK_FORMAT("2", "%.0f", 2.5);
  CHECK_FORMAT("4", "%.0f", 3.5);
  CHECK_FORMAT("-2", "%.0f", -2.5);
  CHECK_FORMAT("0.12", "%.2f", 0.125);
  CHECK_FORMAT("0.38", "%.2f", 0.375);
  /* 0.625 is exact: a tie between 0.6 and 0.7. */
  CHECK_FORMAT("0.6", "%.1f", 0.625);
  CHECK_FORMAT("2.67", "%.2f", 2.675);
  CHECK_FORMAT("1.01", "%.2f", 1.005 + 0x1p-40); /* clearly above the tie */
  CHECK_FORMAT("2e+00", "%.0e", 2.5);
  CHECK_FORMAT("4e+00", "%.0e", 3.5);
  CHECK_FORMAT("1.2e+01", "%.1e", 12.5);
  CHECK_FORMAT("0.1", "%.1g", 0.125 - 0x1p-30);
  CHECK_FORMAT("1e+02", "%.0e", 125.0 - 25.0);
  CHECK_DONE();
}
