/* The clocks: clock_gettime, gettimeofday, time, clock and timespec_get
 * advance with the work done and stay in range. On Accel they are the
 * simulated clock, the cycle count at accel-sim's --clock-hz (1 GHz unless
 * set), so there the time must also match the cycle counter read around it
 * (bundles with --fast). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <sys/time.h>
#include <time.h>
#include "check.h"

#ifdef __accel__
/* The runtime's sys services behind the clocks (docs/abi.md). */
unsigned long __accel_sys_cycles(void);
unsigned long __accel_sys_clock_hz(void);
#endif

static long long ns(const struct timespec *t) {
  return t->tv_sec * 1000000000LL + t->tv_nsec;
}

static volatile unsigned sink;

static void work(int n) {
  for (int i = 0; i < n; ++i)
    sink = sink * 1664525u + 1013904223u;
}

int main(void) {
  struct timespec a, b, res;
  CHECK_EQ(clock_gettime(CLOCK_MONOTONIC, &a), 0);
  work(20000);
  CHECK_EQ(clock_gettime(CLOCK_MONOTONIC, &b), 0);
  CHECK(ns(&b) > ns(&a));
  CHECK(a.tv_nsec >= 0 && a.tv_nsec < 1000000000);
  CHECK(b.tv_nsec >= 0 && b.tv_nsec < 1000000000);
  CHECK_EQ(clock_gettime(CLOCK_REALTIME, &a), 0);
  CHECK_EQ(clock_getres(CLOCK_MONOTONIC, &res), 0);
  CHECK(ns(&res) > 0);
  CHECK_EQ(clock_gettime((clockid_t)12345, &a), -1);

  struct timeval tv;
  CHECK_EQ(gettimeofday(&tv, NULL), 0);
  CHECK(tv.tv_usec >= 0 && tv.tv_usec < 1000000);
  CHECK(time(NULL) != (time_t)-1);
  struct timespec u;
  CHECK_EQ(timespec_get(&u, TIME_UTC), TIME_UTC);

  clock_t c0 = clock();
  CHECK(c0 != (clock_t)-1);
  work(20000);
  clock_t c1 = clock();
  CHECK(c1 >= c0);

#ifdef __accel__
  /* 20 000 iterations take at least 20 000 cycles, 20 us at 1 GHz: clock()
     counts microseconds. */
  CHECK(c1 - c0 >= 20);
  unsigned long hz = __accel_sys_clock_hz();
  CHECK_EQ(hz, 1000000000);
  unsigned long before = __accel_sys_cycles();
  CHECK_EQ(clock_gettime(CLOCK_MONOTONIC, &a), 0);
  unsigned long after = __accel_sys_cycles();
  /* At 1 GHz a nanosecond is a cycle. */
  CHECK(ns(&a) > (long long)before && ns(&a) < (long long)after);
  CHECK_EQ(a.tv_sec, 0);
#endif
  CHECK_DONE();
}
