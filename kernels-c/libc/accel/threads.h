/* threads.h - in place of newlib's, which needs an RTOS's
   machine/_threads.h: Accel has one core and no threads, and the compiler
   says so with __STDC_NO_THREADS__ (C11 6.10.8.3). */
#error "<threads.h> is not available for accel: one core, no threads (__STDC_NO_THREADS__ is defined)"
