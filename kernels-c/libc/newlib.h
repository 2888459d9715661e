/* newlib.h - newlib's configuration for Accel (what newlib's configure
   would write from newlib.hin for this target). */
#ifndef __NEWLIB_H__
#define __NEWLIB_H__ 1

#include <_newlib_version.h>

/* printf and scanf: C99 formats (%zu, %hhd, %a, ...) and long long. */
#define _WANT_IO_C99_FORMATS 1
#define _WANT_IO_LONG_LONG 1
#define _WANT_IO_POS_ARGS 1

/* long double is double on Accel. */
#define _HAVE_LONG_DOUBLE 1
#define _LDBL_EQ_DBL 1

/* crt0 runs .init_array/.fini_array; atexit may register any number of
   handlers. */
#define HAVE_INITFINI_ARRAY 1
#define _ATEXIT_DYNAMIC_ALLOC 1

#define _MB_LEN_MAX 1
#define _WANT_REENT_GLOBAL_STDIO_STREAMS 1

#endif /* __NEWLIB_H__ */
