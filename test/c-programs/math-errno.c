/* libm and errno. picolibc's libm is built in its IEEE mode (without
 * want-math-errno, its default): no function sets errno, which is why the
 * driver defaults to -fno-math-errno and compiles sqrtf() to fsqrt.f32.
 * The library functions are called through volatile pointers so that the
 * compiler cannot replace them by instructions. math_errhandling says what
 * a program may rely on: neither errno (IEEE mode) nor exception flags,
 * which Accel's floating point does not have. */
#include <errno.h>
#include <math.h>
#include <string.h>
#include "check.h"

static float (*volatile lib_sqrtf)(float) = sqrtf;
static double (*volatile lib_log)(double) = log;

static unsigned bits(float f) {
  unsigned u;
  memcpy(&u, &f, sizeof u);
  return u;
}

int main(void) {
  errno = 0;
  CHECK(isnan(lib_sqrtf(-1.0f)));
  CHECK(isinf(lib_log(0.0)) && lib_log(0.0) < 0);
  CHECK(isnan(lib_log(-1.0)));
#ifdef __accel__ /* glibc sets errno and the exception flags */
  CHECK_EQ(math_errhandling & MATH_ERRNO, 0);
  CHECK_EQ(math_errhandling & MATH_ERREXCEPT, 0);
  CHECK_EQ(errno, 0);
#endif

  /* The instruction and the library agree, and both round correctly:
   * sqrt(2) as a float is 0x3fb504f3. */
  CHECK_EQ(bits(sqrtf(OPAQUE(2.0f))), 0x3fb504f3u);
  CHECK_EQ(bits(lib_sqrtf(2.0f)), 0x3fb504f3u);
  /* fmaf rounds once: (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly, which
   * a separate multiply would round to 0. */
  float e = 0x1p-23f;
  CHECK(fmaf(OPAQUE(1.0f + e), OPAQUE(1.0f - e), -1.0f) == -0x1p-46f);
  CHECK_DONE();
}
