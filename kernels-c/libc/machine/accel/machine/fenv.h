/* machine/fenv.h - <fenv.h>'s machine part for Accel.

   Accel's floating point always rounds to nearest, ties to even, and has
   no exception flags and no traps (docs/isa.md, floating point). C11 7.6
   defines a rounding macro only for a direction fesetround can select and
   an exception macro only for a flag the machine has: so FE_TONEAREST is
   the one rounding macro, and there are no exception macros (<fenv.h>
   makes FE_ALL_EXCEPT 0). The functions are picolibc's for machines
   without floating-point state (machine/fenv-softfloat.h). */
#ifndef _MACHINE_FENV_H_
#define _MACHINE_FENV_H_

#define FE_TONEAREST 0

/* Neither has any state to hold; they are ints for a complete type. */
typedef int fenv_t;
typedef int fexcept_t;

#if !defined(__declare_fenv_inline) && defined(__declare_extern_inline)
#define __declare_fenv_inline(type) __declare_extern_inline(type)
#endif

#ifdef __declare_fenv_inline
#include <machine/fenv-softfloat.h>
#endif

#endif /* _MACHINE_FENV_H_ */
