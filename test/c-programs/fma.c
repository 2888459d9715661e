/* fma/fmaf compute x*y+z with a single rounding. */
#include <math.h>
#include <float.h>
#include "check.h"

static NOINLINE float unfused_f(float a, float b, float c) {
  volatile float p = a * b;   /* product rounded on its own */
  return p + c;
}
static NOINLINE double unfused_d(double a, double b, double c) {
  volatile double p = a * b;
  return p + c;
}

int main(void) {
  float a = OPAQUE(1.0f + 0x1p-20f);
  /* (1+2^-20)^2 = 1 + 2^-19 + 2^-40: the 2^-40 term is lost when rounded */
  CHECK(fmaf(a, a, -(1.0f + 0x1p-19f)) == 0x1p-40f);
  CHECK(unfused_f(a, a, -(1.0f + 0x1p-19f)) == 0.0f);
  CHECK(__builtin_fmaf(a, a, -(1.0f + 0x1p-19f)) == 0x1p-40f);
  double d = OPAQUE(1.0 + 0x1p-30);
  CHECK(fma(d, d, -(1.0 + 0x1p-29)) == 0x1p-60);
  CHECK(unfused_d(d, d, -(1.0 + 0x1p-29)) == 0.0);
  CHECK(__builtin_fma(d, d, -(1.0 + 0x1p-29)) == 0x1p-60);

  /* exact error of a product: p + fma(x, y, -p) == x*y exactly */
  double x = OPAQUE(0.1), y = OPAQUE(0.3);
  double p = x * y;
  double err = fma(x, y, -p);
  CHECK(err != 0.0);
  /* the error term is below half an ulp of p (ulp(0.03) = 2^-58) */
  CHECK(fabs(err) <= 0x1p-59);
  /* and p + err reproduces x*y to double-double precision: check against
     the exact product computed with integer mantissas */
  {
    unsigned long long mx = 0x1999999999999Aull, my = 0x13333333333333ull; /* 0.1 = mx*2^-56, 0.3 = my*2^-54 */
    unsigned __int128 exact = (unsigned __int128)mx * my;                  /* x*y = exact * 2^-110 */
    double hi = (double)(exact >> 52) * 0x1p-58;                          /* top bits */
    double lo = (double)(unsigned long long)(exact & ((1ull << 52) - 1)) * 0x1p-110;
    CHECK(hi + lo == p);
    CHECK((hi - p) + lo == err);
  }
  /* simple exact cases */
  CHECK(fma(OPAQUE(2.0), 3.0, 4.0) == 10.0);
  CHECK(fmaf(OPAQUE(-2.0f), 3.0f, 4.0f) == -2.0f);
  CHECK(fma(OPAQUE(1e308), 10.0, -1e308 * 9.0) < 1.1e308); /* no intermediate overflow */
  /* x*y overflows but fma with large negative addend is finite */
  double big = OPAQUE(0x1p1000);
  CHECK(fma(big, 0x1p30, -0x1p1023) == 0x1p1023 * (0x1p7 - 1.0));
  /* fma with infinities and NaN */
  CHECK(isnan(fma(OPAQUE(INFINITY), 0.0, 1.0)));
  CHECK(fma(OPAQUE(INFINITY), 2.0, 1.0) == INFINITY);
  CHECK(isnan(fmaf(OPAQUE(NAN), 1.0f, 1.0f)));
  /* signed zero: fma(0, -1, 0)... (+0)*(-1) + (+0) = -0 + +0 = +0 */
  CHECK(!signbit(fma(OPAQUE(0.0), -1.0, 0.0)));
  CHECK(signbit(fma(OPAQUE(0.0), -1.0, -0.0)));
  /* rounding of the final result: 1 + 2^-53 + tiny product -> rounds up */
  CHECK(fma(OPAQUE(0x1p-60), 0x1p-60, 1.0 + 0x1p-52) == 1.0 + 0x1p-52);
  CHECK(fma(OPAQUE(0x1p-53), 1.0 + 0x1p-52, 1.0) == 1.0 + 0x1p-52);   /* just above tie */
  CHECK(fma(OPAQUE(0x1p-53), 1.0, 1.0) == 1.0);                       /* exact tie -> even */
  CHECK(fmaf(OPAQUE(0x1p-24f), 1.0f + 0x1p-23f, 1.0f) == 1.0f + 0x1p-23f);
  /* dot product with fma equals exact integer result */
  double acc = 0.0;
  for (int i = 1; i <= 100; i++) acc = fma((double)i, (double)(101 - i), acc);
  CHECK(acc == 171700.0);
  CHECK_DONE();
}
