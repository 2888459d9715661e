/* errno: set by library functions on error, left alone on success,
 * writable by the program; standard macro values are distinct. */
#include <errno.h>
#include <stdlib.h>
#include <math.h>
#include "check.h"

int main(void) {
  CHECK(EDOM != ERANGE && EDOM > 0 && ERANGE > 0 && EILSEQ > 0);
  errno = 0;
  CHECK(errno == 0);
  errno = 12345;
  CHECK(errno == 12345);
  errno = 0;
  (void)strtol("99999999999999999999999", NULL, 10);
  CHECK(errno == ERANGE);
  errno = 0;
  (void)strtoul("12", NULL, 10);
  CHECK(errno == 0);
  errno = 0;
  (void)strtod("1e999", NULL);
  CHECK(errno == ERANGE);
  /* errno is an lvalue usable in expressions */
  errno = 3;
  errno += 4;
  CHECK(errno == 7);
  int *pe = &errno;
  *pe = 1;
  CHECK(errno == 1);
  CHECK_DONE();
}
