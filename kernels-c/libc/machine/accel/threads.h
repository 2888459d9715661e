/* threads.h - Accel has one core and no threads, and the compiler says so
   with __STDC_NO_THREADS__ (C11 6.10.8.3); picolibc has no <threads.h>
   without thread-local storage. A clear error in place of "file not
   found". */
#error "<threads.h> is not available for accel: one core, no threads (__STDC_NO_THREADS__ is defined)"
