/* Every function of the C17 library links and has an address: the C
 * library is complete, not only the parts other programs happen to use.
 * (A missing one, such as <fenv.h>'s, is an undefined symbol at link
 * time.) */
#include <complex.h>
#include <ctype.h>
#include <fenv.h>
#include <inttypes.h>
#include <locale.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <uchar.h>
#include <wchar.h>
#include <wctype.h>
#include "check.h"

struct function {
  const char *name;
  void (*address)(void);
};
#define F(f) {#f, (void (*)(void))f},
#define FFL(name) F(name) F(name##f) F(name##l)

/* volatile: so that no reference is optimized away. */
static const volatile struct function functions[] = {
    /* <ctype.h> */
    F(isalnum) F(isalpha) F(isblank) F(iscntrl) F(isdigit) F(isgraph)
    F(islower) F(isprint) F(ispunct) F(isspace) F(isupper) F(isxdigit)
    F(tolower) F(toupper)
    /* <fenv.h> */
    F(feclearexcept) F(fegetexceptflag) F(feraiseexcept) F(fesetexceptflag)
    F(fetestexcept) F(fegetround) F(fesetround) F(fegetenv) F(feholdexcept)
    F(fesetenv) F(feupdateenv)
    /* <inttypes.h> */
    F(imaxabs) F(imaxdiv) F(strtoimax) F(strtoumax) F(wcstoimax) F(wcstoumax)
    /* <locale.h> */
    F(setlocale) F(localeconv)
    /* <math.h>, each with its float and long double forms */
    FFL(acos) FFL(asin) FFL(atan) FFL(atan2) FFL(cos) FFL(sin) FFL(tan)
    FFL(acosh) FFL(asinh) FFL(atanh) FFL(cosh) FFL(sinh) FFL(tanh) FFL(exp)
    FFL(exp2) FFL(expm1) FFL(frexp) FFL(ilogb) FFL(ldexp) FFL(log) FFL(log10)
    FFL(log1p) FFL(log2) FFL(logb) FFL(modf) FFL(scalbn) FFL(scalbln)
    FFL(cbrt) FFL(fabs) FFL(hypot) FFL(pow) FFL(sqrt) FFL(erf) FFL(erfc)
    FFL(lgamma) FFL(tgamma) FFL(ceil) FFL(floor) FFL(nearbyint) FFL(rint)
    FFL(lrint) FFL(llrint) FFL(round) FFL(lround) FFL(llround) FFL(trunc)
    FFL(fmod) FFL(remainder) FFL(remquo) FFL(copysign) FFL(nan) FFL(nextafter)
    FFL(nexttoward) FFL(fdim) FFL(fmax) FFL(fmin) FFL(fma)
    /* <complex.h>, each with its float and long double forms */
    FFL(cabs) FFL(cacos) FFL(cacosh) FFL(carg) FFL(casin) FFL(casinh)
    FFL(catan) FFL(catanh) FFL(ccos) FFL(ccosh) FFL(cexp) FFL(cimag) FFL(clog)
    FFL(conj) FFL(cpow) FFL(cproj) FFL(creal) FFL(csin) FFL(csinh) FFL(csqrt)
    FFL(ctan) FFL(ctanh)
    /* <setjmp.h>, <signal.h> */
    F(longjmp) F(signal) F(raise)
    /* <stdio.h> */
    F(remove) F(rename) F(tmpfile) F(tmpnam) F(fclose) F(fflush) F(fopen)
    F(freopen) F(setbuf) F(setvbuf) F(fprintf) F(fscanf) F(printf) F(scanf)
    F(snprintf) F(sprintf) F(sscanf) F(vfprintf) F(vfscanf) F(vprintf)
    F(vscanf) F(vsnprintf) F(vsprintf) F(vsscanf) F(fgetc) F(fgets) F(fputc)
    F(fputs) F(getc) F(getchar) F(putc) F(putchar) F(puts) F(ungetc) F(fread)
    F(fwrite) F(fgetpos) F(fseek) F(fsetpos) F(ftell) F(rewind) F(clearerr)
    F(feof) F(ferror) F(perror)
    /* <stdlib.h> */
    F(atof) F(atoi) F(atol) F(atoll) F(strtod) F(strtof) F(strtold) F(strtol)
    F(strtoll) F(strtoul) F(strtoull) F(rand) F(srand) F(aligned_alloc)
    F(calloc) F(free) F(malloc) F(realloc) F(abort) F(atexit) F(at_quick_exit)
    F(exit) F(_Exit) F(getenv) F(quick_exit) F(system) F(bsearch) F(qsort)
    F(abs) F(labs) F(llabs) F(div) F(ldiv) F(lldiv) F(mblen) F(mbtowc)
    F(wctomb) F(mbstowcs) F(wcstombs)
    /* <string.h> */
    F(memcpy) F(memmove) F(strcpy) F(strncpy) F(strcat) F(strncat) F(memcmp)
    F(strcmp) F(strcoll) F(strncmp) F(strxfrm) F(memchr) F(strchr) F(strcspn)
    F(strpbrk) F(strrchr) F(strspn) F(strstr) F(strtok) F(memset) F(strerror)
    F(strlen)
    /* <time.h> */
    F(clock) F(difftime) F(mktime) F(time) F(asctime) F(ctime) F(gmtime)
    F(localtime) F(strftime) F(timespec_get)
    /* <uchar.h> */
    F(mbrtoc16) F(c16rtomb) F(mbrtoc32) F(c32rtomb)
    /* <wchar.h> */
    F(fwprintf) F(fwscanf) F(swprintf) F(swscanf) F(vfwprintf) F(vfwscanf)
    F(vswprintf) F(vswscanf) F(vwprintf) F(vwscanf) F(wprintf) F(wscanf)
    F(fgetwc) F(fgetws) F(fputwc) F(fputws) F(fwide) F(getwc) F(getwchar)
    F(putwc) F(putwchar) F(ungetwc) F(wcstod) F(wcstof) F(wcstold) F(wcstol)
    F(wcstoll) F(wcstoul) F(wcstoull) F(wcscpy) F(wcsncpy) F(wmemcpy)
    F(wmemmove) F(wcscat) F(wcsncat) F(wcscmp) F(wcscoll) F(wcsncmp)
    F(wcsxfrm) F(wmemcmp) F(wcschr) F(wcscspn) F(wcspbrk) F(wcsrchr) F(wcsspn)
    F(wcsstr) F(wcstok) F(wmemchr) F(wcslen) F(wmemset) F(wcsftime) F(btowc)
    F(wctob) F(mbsinit) F(mbrlen) F(mbrtowc) F(wcrtomb) F(mbsrtowcs)
    F(wcsrtombs)
    /* <wctype.h> */
    F(iswalnum) F(iswalpha) F(iswblank) F(iswcntrl) F(iswdigit) F(iswgraph)
    F(iswlower) F(iswprint) F(iswpunct) F(iswspace) F(iswupper) F(iswxdigit)
    F(iswctype) F(wctype) F(towlower) F(towupper) F(towctrans) F(wctrans)
};

int main(void) {
  int count = sizeof functions / sizeof functions[0];
  for (int i = 0; i < count; i++)
    if (!functions[i].address) {
      printf("FAIL: %s has no address\n", functions[i].name);
      failures++;
    }
  CHECK(count > 400);
  CHECK_DONE();
}
