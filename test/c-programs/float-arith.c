/* Single-precision +,-,*,/ are correctly rounded (round to nearest even). */
#include <float.h>
#include "check.h"

static NOINLINE float add(float a, float b) { return a + b; }
static NOINLINE float sub(float a, float b) { return a - b; }
static NOINLINE float mul(float a, float b) { return a * b; }
static NOINLINE float dvd(float a, float b) { return a / b; }
static NOINLINE float neg(float a) { return -a; }

int main(void) {
  CHECK(add(1.5f, 2.25f) == 3.75f);
  CHECK(sub(1.0f, 0.75f) == 0.25f);
  CHECK(mul(1.5f, 1.5f) == 2.25f);
  CHECK(dvd(1.0f, 4.0f) == 0.25f);
  CHECK(dvd(1.0f, 3.0f) == 0x1.555556p-2f);
  CHECK(dvd(2.0f, 3.0f) == 0x1.555556p-1f);
  CHECK(dvd(1.0f, 10.0f) == 0.1f);
  CHECK(0.1f == 0x1.99999ap-4f);
  CHECK(add(0.1f, 0.2f) == 0x1.33333300p-2f);
  CHECK(mul(3.0f, dvd(1.0f, 3.0f)) == 1.0f);
  CHECK(neg(2.5f) == -2.5f);
  /* halfway cases go to even */
  CHECK(add(1.0f, 0x1p-24f) == 1.0f);
  CHECK(add(0x1.000002p0f, 0x1p-24f) == 0x1.000004p0f);
  CHECK(add(1.0f, 0x1.000002p-24f) == 0x1.000002p0f);  /* just above half: up */
  CHECK(sub(1.0f, 0x1p-25f) == 1.0f);
  CHECK(sub(1.0f, 0x1p-24f) == 0x1.fffffep-1f);
  CHECK(mul(0x1.000002p0f, 0x1.000002p0f) == 0x1.000004p0f);
  CHECK(mul(0x1.fffffep0f, 0x1.fffffep0f) == 0x1.fffffcp1f);
  /* exact integer arithmetic up to 2^24 */
  float acc = 0.0f;
  for (int i = 1; i <= 1000; i++) acc = add(acc, (float)i);
  CHECK(acc == 500500.0f);
  float prod = 1.0f;
  for (int i = 1; i <= 10; i++) prod = mul(prod, (float)i);
  CHECK(prod == 3628800.0f);
  for (int i = 1; i <= 10; i++) prod = dvd(prod, (float)i);
  CHECK(prod == 1.0f);
  /* 2^24 + 1 is not representable */
  CHECK(add(16777216.0f, 1.0f) == 16777216.0f);
  CHECK(add(16777216.0f, 2.0f) == 16777218.0f);
  CHECK(add(16777216.0f, 3.0f) == 16777220.0f);      /* tie -> even */
  /* cancellation is exact (Sterbenz) */
  CHECK(sub(1.0000001f, 1.0f) == 0x1p-23f);
  CHECK(sub(3.0f, 1.5f) == 1.5f);
  /* precedence and associativity are not reordered */
  float big = OPAQUE(1e8f), one = OPAQUE(1.0f);
  CHECK((big + one) - big == 0.0f);
  CHECK(big + (one - big) == 0.0f);    /* 1 - 1e8 rounds to -1e8 (ulp 8) */
  CHECK(dvd(7.0f, 0.5f) == 14.0f);
  CHECK(dvd(-9.0f, 3.0f) == -3.0f);
  CHECK(mul(-0.5f, 8.0f) == -4.0f);
  CHECK(mul(FLT_MAX, 0.5f) == 0x1.fffffep126f);
  CHECK_DONE();
}
