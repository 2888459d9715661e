/* errors_check.h - the bookkeeping the argument-check programs share
   (norm_errors.c, pool_errors.c, reduce_errors.c): each call gets one
   thing wrong and must return its documented status and leave the result
   buffer y_buf, filled with Sentinel, as it was. Define ERRORS_Y_WORDS,
   y_buf's size in 32-bit words, before including this. */
#ifndef ERRORS_CHECK_H
#define ERRORS_CHECK_H

#include <accel_kernels.h>
#include <stdint.h>
#include <stdio.h>

enum { Sentinel = 0x7fc0dead };

static uint32_t y_buf[ERRORS_Y_WORDS];
static int calls, mismatches;

static void fill_y(void) {
  for (int i = 0; i < ERRORS_Y_WORDS; ++i)
    y_buf[i] = Sentinel;
}

static void expect(const char *what, accel_status want, accel_status got) {
  ++calls;
  int touched = 0;
  for (int i = 0; i < ERRORS_Y_WORDS; ++i)
    touched |= want != ACCEL_OK && y_buf[i] != Sentinel;
  if (got != want || touched) {
    ++mismatches;
    fprintf(stderr, "MISMATCH in %s: status %d, expected %d%s\n", what,
            (int)got, (int)want, touched ? ", y written" : "");
  }
  fill_y();
}

/* Prints "== what" (which the tests' FileCheck lines follow) and checks
   the call. */
#define CALL(what, want, call)                                                 \
  do {                                                                         \
    fprintf(stderr, "== %s\n", what);                                          \
    expect(what, want, call);                                                  \
  } while (0)

/* The summary line; the exit status. */
static int report(void) {
  fprintf(stderr, "%d calls, %d mismatches\n", calls, mismatches);
  return mismatches != 0;
}

#endif
