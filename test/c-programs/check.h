/* Shared self-check helpers for the Accel C/C++ program suite.
 *
 * Every program counts failed checks in `failures` and returns
 * `failures != 0` from main (exit status 0 = pass).  Printed text is only a
 * diagnostic aid; no verdict depends on it.  Works for C and C++. */
#ifndef ACCEL_TEST_CHECK_H
#define ACCEL_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(c)                                                              \
  do {                                                                        \
    if (!(c)) {                                                               \
      printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c);                     \
      failures++;                                                             \
    }                                                                         \
  } while (0)

/* Integer equality; both sides are converted to long long for the report. */
#define CHECK_EQ(a, b)                                                        \
  do {                                                                        \
    long long check_a_ = (long long)(a), check_b_ = (long long)(b);           \
    if (check_a_ != check_b_) {                                               \
      printf("FAIL %s:%d: %s == %s (%lld vs %lld)\n", __FILE__, __LINE__, #a, \
             #b, check_a_, check_b_);                                         \
      failures++;                                                             \
    }                                                                         \
  } while (0)

/* String equality. */
#define CHECK_STR(a, b)                                                       \
  do {                                                                        \
    const char *check_sa_ = (a), *check_sb_ = (b);                            \
    if (strcmp(check_sa_, check_sb_) != 0) {                                  \
      printf("FAIL %s:%d: %s == %s (\"%s\" vs \"%s\")\n", __FILE__, __LINE__, \
             #a, #b, check_sa_, check_sb_);                                   \
      failures++;                                                             \
    }                                                                         \
  } while (0)

/* |a - b| <= rel * |b| (b must be non-zero); false for NaN. */
static inline int check_near_rel(double a, double b, double rel) {
  double d = a - b, m = b;
  if (d < 0) d = -d;
  if (m < 0) m = -m;
  return d <= rel * m;
}
/* |a - b| <= tol; false for NaN. */
static inline int check_near_abs(double a, double b, double tol) {
  double d = a - b;
  if (d < 0) d = -d;
  return d <= tol;
}
#define CHECK_REL(a, b, rel) CHECK(check_near_rel((a), (b), (rel)))
#define CHECK_ABS(a, b, tol) CHECK(check_near_abs((a), (b), (tol)))

/* snprintf(...) writes exactly the string expect and returns its length. */
#define CHECK_FORMAT(expect, ...)                                             \
  do {                                                                        \
    char check_buf_[512];                                                     \
    int check_n_ = snprintf(check_buf_, sizeof check_buf_, __VA_ARGS__);     \
    CHECK_STR(check_buf_, expect);                                            \
    CHECK_EQ(check_n_, (int)strlen(expect));                                  \
  } while (0)

/* Hide a value from the optimiser so that -O2 code still computes at run
 * time what -O0 code computes (GNU statement expression). */
#define OPAQUE(x)                                                             \
  ({                                                                          \
    volatile __typeof__(x) opaque_v_ = (x);                                   \
    opaque_v_;                                                                \
  })

#define NOINLINE __attribute__((noinline))

#define CHECK_DONE()                                                          \
  do {                                                                        \
    if (failures)                                                             \
      printf("%d check(s) failed\n", failures);                               \
    return failures != 0;                                                     \
  } while (0)

#endif
