/* NaN comparisons (all unordered) and propagation through arithmetic. */
#include <math.h>
#include <float.h>
#include "check.h"

static NOINLINE int lt(double a, double b) { return a < b; }
static NOINLINE int le(double a, double b) { return a <= b; }
static NOINLINE int gt(double a, double b) { return a > b; }
static NOINLINE int ge(double a, double b) { return a >= b; }
static NOINLINE int eq(double a, double b) { return a == b; }
static NOINLINE int ne(double a, double b) { return a != b; }
static NOINLINE int ltf(float a, float b) { return a < b; }
static NOINLINE int eqf(float a, float b) { return a == b; }
static NOINLINE double pick_max(double a, double b) { return a > b ? a : b; }

int main(void) {
  double zero = OPAQUE(0.0);
  double qnan = zero / zero;
  float fnan = (float)qnan;
  CHECK(isnan(qnan));
  CHECK(isnan(fnan));
  CHECK(isnan(NAN));
  CHECK(isnan(__builtin_nan("")));
  CHECK(!isnan(1.0) && !isnan(INFINITY));

  double others[] = {0.0, -0.0, 1.0, -1.0, DBL_MAX, -DBL_MAX, INFINITY, -INFINITY, DBL_MIN / 4};
  for (unsigned i = 0; i < sizeof others / sizeof others[0]; i++) {
    double x = others[i];
    CHECK(!lt(qnan, x) && !lt(x, qnan));
    CHECK(!le(qnan, x) && !le(x, qnan));
    CHECK(!gt(qnan, x) && !gt(x, qnan));
    CHECK(!ge(qnan, x) && !ge(x, qnan));
    CHECK(!eq(qnan, x) && !eq(x, qnan));
    CHECK(ne(qnan, x) && ne(x, qnan));
    CHECK(isunordered(qnan, x));
    CHECK(!isless(qnan, x) && !isgreater(x, qnan) && !islessgreater(qnan, x));
    /* propagation */
    CHECK(isnan(qnan + x) && isnan(x - qnan) && isnan(qnan * x) && isnan(x / qnan));
    CHECK(pick_max(qnan, x) == x || isnan(x));        /* qnan > x is false */
    CHECK(isnan(pick_max(x, qnan)));                   /* x > qnan is false -> qnan */
  }
  CHECK(!eq(qnan, qnan) && ne(qnan, qnan));
  CHECK(!ltf(fnan, fnan) && !eqf(fnan, fnan));
  volatile double self = qnan;
  CHECK(self != self);
  /* !(a < b) is not (a >= b) when NaN is involved */
  CHECK(!(qnan < 1.0) && !(qnan >= 1.0));

  /* invalid operations produce NaN */
  double inf = OPAQUE(INFINITY);
  CHECK(isnan(inf - inf));
  CHECK(isnan(inf * zero));
  CHECK(isnan(inf / inf));
  CHECK(isnan(zero / zero));
  CHECK(isnan(sqrt(OPAQUE(-1.0))));
  CHECK(isnan(fmod(inf, 2.0)));
  CHECK(isnan(OPAQUE(-1.0f) < 0 ? sqrtf(OPAQUE(-4.0f)) : 0.0f));

  /* NaN in a branch: the else path is taken */
  int taken = 0;
  if (qnan > 0.0) taken = 1; else if (qnan <= 0.0) taken = 2; else taken = 3;
  CHECK_EQ(taken, 3);
  /* NaN to float and back stays NaN; fmax/fmin ignore a single NaN */
  CHECK(isnan((double)fnan));
  CHECK(fmax(qnan, 2.0) == 2.0 && fmin(3.0, qnan) == 3.0);
  /* sorting comparator guarding for NaN: count NaNs */
  double arr[6] = {1.0, qnan, -2.0, qnan, 5.0, 0.0};
  int nans = 0;
  for (int i = 0; i < 6; i++) nans += arr[i] != arr[i];
  CHECK_EQ(nans, 2);
  CHECK_DONE();
}
