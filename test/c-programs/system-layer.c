/* The system layer under the C library (kernels-c/runtime/system.c and
 * time.c), through the POSIX names and the C functions over it: a missing
 * file and an unopened descriptor are the usual errors, the clock is the
 * simulated one that starts at the epoch with the program, and every
 * failure sets errno. What a host answers differs, so the checks are
 * Accel's. (The standard streams are the simulator's own, whatever the
 * test runner made them: not checked here.) */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include "check.h"

int main(void) {
#ifdef __accel__
  CHECK(write(1, "", 0) == 0);
  errno = 0;
  CHECK(!isatty(OPAQUE(7)) && errno == EBADF);
  struct stat st;
  errno = 0;
  CHECK(fstat(OPAQUE(7), &st) == -1 && errno == EBADF);

  errno = 0;
  CHECK(open("weights.bin", O_RDONLY) == -1 && errno == ENOENT);
  errno = 0;
  CHECK(fopen("weights.bin", "r") == NULL && errno == ENOENT);
  errno = 0;
  CHECK(close(OPAQUE(7)) == -1 && errno == EBADF);
  errno = 0;
  CHECK(unlink("weights.bin") == -1 && errno == ENOENT);
  CHECK(remove("weights.bin") != 0);
  errno = 0;
  CHECK(fcntl(1, F_GETFL, 0) == -1 && errno == ENOSYS);

  /* A program this short runs for well under a simulated second. */
  struct timeval tv = {5, 5};
  CHECK(gettimeofday(&tv, NULL) == 0);
  CHECK(tv.tv_sec == 0 && tv.tv_usec >= 0 && tv.tv_usec < 1000000);
  CHECK(time(NULL) == 0);
  CHECK(clock() != (clock_t)-1);
  CHECK(getpid() == 1);
#endif
  CHECK_DONE();
}
