/* sys/fenv.h - <fenv.h>'s machine part for Accel (what newlib keeps in
   libc/machine/ARCH/sys/fenv.h).

   Accel's floating point always rounds to nearest, ties to even, and has
   no exception flags and no traps (docs/isa.md, floating point). C11 7.6
   defines a rounding macro only for a direction fesetround can select and
   an exception macro only for a flag the machine has: so FE_TONEAREST is
   the one rounding macro, and there are no exception macros
   (FE_ALL_EXCEPT is 0). */
#ifndef _SYS_FENV_H_
#define _SYS_FENV_H_

#define FE_ALL_EXCEPT 0
#define FE_TONEAREST 0

/* Neither has any state to hold; they are ints for a complete type. */
typedef int fenv_t;
typedef int fexcept_t;

extern const fenv_t *_fe_dfl_env;
#define FE_DFL_ENV _fe_dfl_env

#endif /* _SYS_FENV_H_ */
