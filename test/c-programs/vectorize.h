/* Shared by the vectorize-*.c programs: kernels defined twice, once as the
 * loop vectorizer sees fit and once with vectorization disabled, and the
 * check that both give the same bytes. */
#ifndef ACCEL_TEST_VECTORIZE_H
#define ACCEL_TEST_VECTORIZE_H

#include "check.h"
#include <stddef.h>

#define SCALAR _Pragma("clang loop vectorize(disable) interleave(disable)")

/* Defines name() and name_ref(), the second never vectorized. */
#define KERNEL(name, params, body)                                            \
  NOINLINE static void name params {                                          \
    for (int i = 0; i < n; ++i)                                               \
      body;                                                                   \
  }                                                                           \
  NOINLINE static void name##_ref params {                                    \
    SCALAR for (int i = 0; i < n; ++i) body;                                  \
  }

/* The first n elements of got and expected hold the same bytes. */
static inline void same(const void *got, const void *expected, size_t bytes,
                 int n, int line) {
  if (memcmp(got, expected, bytes) != 0) {
    printf("FAIL line %d: n=%d: results differ\n", line, n);
    failures++;
  }
}

/* Runs a kernel and its scalar reference on outputs preset to the same
 * pattern, then compares the first n elements. */
#define CHECK_KERNEL(call, call_ref, got, expected, n)                        \
  do {                                                                        \
    memset(got, 0xa5, sizeof(got));                                           \
    memset(expected, 0xa5, sizeof(expected));                                 \
    call;                                                                     \
    call_ref;                                                                 \
    same(got, expected, (n) * sizeof((got)[0]), (n), __LINE__);               \
  } while (0)

#endif
