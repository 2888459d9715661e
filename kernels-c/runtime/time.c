/* time.c - the clocks: simulated time, the cycle count at the simulator's
   --clock-hz, from the Unix epoch at the program's start. Every clock is
   that one (one process, one thread, no wall clock), so a program times
   the same run to run. */

#include "accel_sys.h"
#include <errno.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>

/* The elapsed time, exact: nanoseconds of a partial second at a rate up to
   the simulator's limit need 128 bits. */
static void now(struct timespec *ts) {
  unsigned long cycles = __accel_sys_cycles();
  unsigned long hz = __accel_sys_clock_hz();
  ts->tv_sec = (time_t)(cycles / hz);
  ts->tv_nsec = (long)((unsigned __int128)(cycles % hz) * 1000000000u / hz);
}

/* picolibc's clock ids 0 (CLOCK_REALTIME_COARSE) to 7 (CLOCK_BOOTTIME),
   CLOCK_REALTIME, CLOCK_MONOTONIC and the CPU-time clocks among them; not
   all are visible in every feature mode, hence the range. */
static int known_clock(clockid_t id) { return id >= 0 && id <= 7; }

int clock_gettime(clockid_t id, struct timespec *ts) {
  if (!known_clock(id)) {
    errno = EINVAL;
    return -1;
  }
  now(ts);
  return 0;
}

/* One cycle, rounded up to a nanosecond. */
int clock_getres(clockid_t id, struct timespec *res) {
  if (!known_clock(id)) {
    errno = EINVAL;
    return -1;
  }
  if (res) {
    unsigned long hz = __accel_sys_clock_hz();
    res->tv_sec = 0;
    res->tv_nsec = (long)((1000000000u + hz - 1) / hz);
  }
  return 0;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
  if (tv) {
    struct timespec ts;
    now(&ts);
    tv->tv_sec = ts.tv_sec;
    tv->tv_usec = ts.tv_nsec / 1000;
  }
  return 0;
}

/* clock() is picolibc's, the user time of times() in CLK_TCK units. */
clock_t times(struct tms *buf) {
  unsigned long hz = __accel_sys_clock_hz();
  clock_t ticks =
      (clock_t)((unsigned __int128)__accel_sys_cycles() * CLK_TCK / hz);
  if (buf)
    *buf = (struct tms){ticks, 0, 0, 0};
  return ticks;
}

int timespec_get(struct timespec *ts, int base) {
  if (base != TIME_UTC)
    return 0;
  now(ts);
  return base;
}
