/* floor, ceil, trunc, round, lround, llround, rint, nearbyint, lrint,
 * modf, fmod, remainder: all exactly specified. */
#include <math.h>
#include "check.h"

int main(void) {
  struct { double x, fl, ce, tr, ro, ri; } t[] = {
    {0.5, 0, 1, 0, 1, 0},        {1.5, 1, 2, 1, 2, 2},     {2.5, 2, 3, 2, 3, 2},
    {-0.5, -1, -0.0, -0.0, -1, -0.0}, {-1.5, -2, -1, -1, -2, -2}, {-2.5, -3, -2, -2, -3, -2},
    {2.4999, 2, 3, 2, 2, 2},     {-7.75, -8, -7, -7, -8, -8}, {1e15 + 0.5, 1e15, 1e15 + 1, 1e15, 1e15 + 1, 1e15},
    {4503599627370496.0, 4503599627370496.0, 4503599627370496.0, 4503599627370496.0, 4503599627370496.0, 4503599627370496.0},
    {0.0, 0, 0, 0, 0, 0},        {3.0, 3, 3, 3, 3, 3},
  };
  for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
    double x = OPAQUE(t[i].x);
    CHECK(floor(x) == t[i].fl);
    CHECK(ceil(x) == t[i].ce);
    CHECK(trunc(x) == t[i].tr);
    CHECK(round(x) == t[i].ro);
    CHECK(rint(x) == t[i].ri);
    CHECK(nearbyint(x) == t[i].ri);
    CHECK(lround(x) == (long)t[i].ro);
    CHECK(llround(x) == (long long)t[i].ro);
    CHECK(lrint(x) == (long)t[i].ri);
    CHECK(floorf((float)x) == (float)t[i].fl || fabs(x) > 1e7);
    CHECK(ceilf((float)x) == (float)t[i].ce || fabs(x) > 1e7);
    CHECK(roundf((float)x) == (float)t[i].ro || fabs(x) > 1e7);
    CHECK(truncf((float)x) == (float)t[i].tr || fabs(x) > 1e7);
  }
  CHECK(signbit(ceil(OPAQUE(-0.5))) && signbit(trunc(OPAQUE(-0.5))));
  CHECK(isinf(floor(OPAQUE(INFINITY))) && isnan(ceil(OPAQUE(NAN))));
  double ip;
  double fr = modf(OPAQUE(-3.75), &ip);
  CHECK(fr == -0.75 && ip == -3.0);
  fr = modf(OPAQUE(42.0), &ip);
  CHECK(fr == 0.0 && ip == 42.0);
  float ipf;
  CHECK(modff(OPAQUE(2.5f), &ipf) == 0.5f && ipf == 2.0f);
  CHECK(fmod(OPAQUE(7.5), 2.0) == 1.5);
  CHECK(fmod(OPAQUE(-7.5), 2.0) == -1.5);
  CHECK(fmod(OPAQUE(7.5), -2.0) == 1.5);
  /* the double nearest 1e300 is an integer N with N mod 3 == 0, N mod 7 == 1 */
  CHECK(fmod(OPAQUE(1e300), 3.0) == 0.0);
  CHECK(fmod(OPAQUE(1e300), 7.0) == 1.0);
  /* fmod is exact: 0.1 - 3*0.03 evaluated in exact rational arithmetic */
  CHECK(fmod(OPAQUE(0.1), 0.03) == 0x1.47ae147ae148p-7);
  CHECK(fmodf(OPAQUE(10.0f), 3.0f) == 1.0f);
  CHECK(remainder(OPAQUE(7.5), 2.0) == -0.5);    /* 7.5/2 = 3.75 -> 4 */
  CHECK(remainder(OPAQUE(5.0), 2.0) == 1.0);     /* 2.5 -> 2 (even) */
  CHECK(remainder(OPAQUE(7.0), 2.0) == -1.0);    /* 3.5 -> 4 (even) */
  CHECK(isnan(fmod(OPAQUE(1.0), 0.0)));
  /* fmod is exact: compare with integer remainder */
  for (int a = -200; a <= 200; a += 13)
    for (int b = 1; b <= 17; b += 4)
      CHECK(fmod((double)a, (double)b) == (double)(a % b));
  /* floor(x) <= x < floor(x)+1 for many x */
  for (int i = -1000; i <= 1000; i += 7) {
    double x = i / 16.0 + 1.0 / 3.0;
    double f = floor(x);
    CHECK(f <= x && x < f + 1 && f == (double)(long)f);
    CHECK(ceil(x) == -floor(-x));
  }
  CHECK_DONE();
}
