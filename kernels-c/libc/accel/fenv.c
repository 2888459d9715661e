/* fenv.c - <fenv.h> for Accel (what newlib keeps in libm/machine/ARCH).

   The floating-point environment is fixed (sys/fenv.h): round to nearest,
   no exception flags, never a trap. So every request that names only what
   exists succeeds, and every other fails with a nonzero result, as C11 7.6
   asks: an exception argument other than 0, a rounding direction other
   than FE_TONEAREST. */
#include <fenv.h>

static const fenv_t default_environment = 0;
const fenv_t *_fe_dfl_env = &default_environment;

int feclearexcept(int excepts) { return excepts != 0; }

int feraiseexcept(int excepts) { return excepts != 0; }

int fegetexceptflag(fexcept_t *flagp, int excepts) {
  *flagp = 0;
  return excepts != 0;
}

int fesetexceptflag(const fexcept_t *flagp, int excepts) {
  return excepts != 0;
}

int fetestexcept(int excepts) { return 0; }

int fegetround(void) { return FE_TONEAREST; }

int fesetround(int round) { return round != FE_TONEAREST; }

int fegetenv(fenv_t *envp) {
  *envp = default_environment;
  return 0;
}

/* Non-stop mode is the only mode. */
int feholdexcept(fenv_t *envp) { return fegetenv(envp); }

int fesetenv(const fenv_t *envp) { return 0; }

int feupdateenv(const fenv_t *envp) { return 0; }
