/* Every function of the C17 library links and has an address: the C
 * library is complete, not only the parts other programs happen to use.
 * (A missing one, such as <fenv.h>'s, is an undefined symbol at link
 * time.) newlib 3.3.0 lacks two things C17 has, left out here: <uchar.h>
 * (mbrtoc16 ...) and timespec_get. */
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
#include <wchar.h>
#include <wctype.h>
#include "check.h"

struct function {
  const char *name;
  void (*address)(void);
};
#define F(f) {#f, (void (*)(void))f},

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
    /* <math.h> (double) */
    F(acos) F(asin) F(atan) F(atan2) F(cos) F(sin) F(tan) F(acosh) F(asinh)
    F(atanh) F(cosh) F(sinh) F(tanh) F(exp) F(exp2) F(expm1) F(frexp) F(ilogb)
    F(ldexp) F(log) F(log10) F(log1p) F(log2) F(logb) F(modf) F(scalbn)
    F(scalbln) F(cbrt) F(fabs) F(hypot) F(pow) F(sqrt) F(erf) F(erfc)
    F(lgamma) F(tgamma) F(ceil) F(floor) F(nearbyint) F(rint) F(lrint)
    F(llrint) F(round) F(lround) F(llround) F(trunc) F(fmod) F(remainder)
    F(remquo) F(copysign) F(nan) F(nextafter) F(nexttoward) F(fdim) F(fmax)
    F(fmin) F(fma)
    /* <math.h> (float) */
    F(acosf) F(asinf) F(atanf) F(atan2f) F(cosf) F(sinf) F(tanf) F(acoshf)
    F(asinhf) F(atanhf) F(coshf) F(sinhf) F(tanhf) F(expf) F(exp2f) F(expm1f)
    F(frexpf) F(ilogbf) F(ldexpf) F(logf) F(log10f) F(log1pf) F(log2f)
    F(logbf) F(modff) F(scalbnf) F(scalblnf) F(cbrtf) F(fabsf) F(hypotf)
    F(powf) F(sqrtf) F(erff) F(erfcf) F(lgammaf) F(tgammaf) F(ceilf) F(floorf)
    F(nearbyintf) F(rintf) F(lrintf) F(llrintf) F(roundf) F(lroundf)
    F(llroundf) F(truncf) F(fmodf) F(remainderf) F(remquof) F(copysignf)
    F(nanf) F(nextafterf) F(nexttowardf) F(fdimf) F(fmaxf) F(fminf) F(fmaf)
    /* <math.h> (long double) */
    F(acosl) F(asinl) F(atanl) F(atan2l) F(cosl) F(sinl) F(tanl) F(acoshl)
    F(asinhl) F(atanhl) F(coshl) F(sinhl) F(tanhl) F(expl) F(exp2l) F(expm1l)
    F(frexpl) F(ilogbl) F(ldexpl) F(logl) F(log10l) F(log1pl) F(log2l)
    F(logbl) F(modfl) F(scalbnl) F(scalblnl) F(cbrtl) F(fabsl) F(hypotl)
    F(powl) F(sqrtl) F(erfl) F(erfcl) F(lgammal) F(tgammal) F(ceill) F(floorl)
    F(nearbyintl) F(rintl) F(lrintl) F(llrintl) F(roundl) F(lroundl)
    F(llroundl) F(truncl) F(fmodl) F(remainderl) F(remquol) F(copysignl)
    F(nanl) F(nextafterl) F(nexttowardl) F(fdiml) F(fmaxl) F(fminl) F(fmal)
    /* <complex.h> (double) */
    F(cabs) F(cacos) F(cacosh) F(carg) F(casin) F(casinh) F(catan) F(catanh)
    F(ccos) F(ccosh) F(cexp) F(cimag) F(clog) F(conj) F(cpow) F(cproj)
    F(creal) F(csin) F(csinh) F(csqrt) F(ctan) F(ctanh)
    /* <complex.h> (float) */
    F(cabsf) F(cacosf) F(cacoshf) F(cargf) F(casinf) F(casinhf) F(catanf)
    F(catanhf) F(ccosf) F(ccoshf) F(cexpf) F(cimagf) F(clogf) F(conjf)
    F(cpowf) F(cprojf) F(crealf) F(csinf) F(csinhf) F(csqrtf) F(ctanf)
    F(ctanhf)
    /* <complex.h> (long double) */
    F(cabsl) F(cacosl) F(cacoshl) F(cargl) F(casinl) F(casinhl) F(catanl)
    F(catanhl) F(ccosl) F(ccoshl) F(cexpl) F(cimagl) F(clogl) F(conjl)
    F(cpowl) F(cprojl) F(creall) F(csinl) F(csinhl) F(csqrtl) F(ctanl)
    F(ctanhl)
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
    F(localtime) F(strftime)
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
    if (!functions[i].address)
      CHECK(!functions[i].name);
  CHECK(count > 400);
  CHECK_DONE();
}
