/* <fenv.h>: the rounding mode and exception flags. Accel rounds to
 * nearest-even, always, and has no exception flags: FE_TONEAREST is its
 * one rounding macro, FE_ALL_EXCEPT is 0, and a request for anything else
 * fails (C11 7.6). On a host with a full environment the portable part
 * runs. */
#include <fenv.h>
#include <float.h>
#include "check.h"

static NOINLINE double third(double x) { return x / 3.0; }

int main(void) {
  CHECK(fegetround() == FE_TONEAREST);
  CHECK(fesetround(FE_TONEAREST) == 0);
  CHECK(fegetround() == FE_TONEAREST);
  CHECK(FLT_ROUNDS == 1);

  CHECK(feclearexcept(FE_ALL_EXCEPT) == 0);
  CHECK(feraiseexcept(0) == 0 && feclearexcept(0) == 0);
  fexcept_t flags;
  CHECK(fegetexceptflag(&flags, FE_ALL_EXCEPT) == 0);
  CHECK(fesetexceptflag(&flags, FE_ALL_EXCEPT) == 0);

  fenv_t env;
  CHECK(fegetenv(&env) == 0);
  CHECK(fesetenv(&env) == 0);
  CHECK(feholdexcept(&env) == 0);
  CHECK(feupdateenv(&env) == 0);
  CHECK(fesetenv(FE_DFL_ENV) == 0);
  CHECK(fegetround() == FE_TONEAREST);
  /* Arithmetic still rounds to nearest after all of that. */
  CHECK(third(OPAQUE(1.0)) == 0x1.5555555555555p-2);

#ifdef __accel__
  CHECK(FE_ALL_EXCEPT == 0);
  CHECK(fetestexcept(FE_ALL_EXCEPT) == 0);
  /* No other direction exists: asking for one fails and changes nothing. */
  CHECK(fesetround(OPAQUE(FE_TONEAREST + 1)) != 0);
  CHECK(fegetround() == FE_TONEAREST);
  /* There is no flag to raise (clearing one that does not exist
     succeeds: afterwards, it is not set). */
  CHECK(feraiseexcept(OPAQUE(1)) != 0 && feclearexcept(OPAQUE(1)) == 0);
#else
  CHECK(feclearexcept(FE_INEXACT) == 0);
  volatile double inexact = third(OPAQUE(1.0));
  (void)inexact;
  CHECK(fetestexcept(FE_INEXACT) == FE_INEXACT);
#endif
  CHECK_DONE();
}
