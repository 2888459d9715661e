/* The system layer under the C library (kernels-c/runtime/system.c),
 * through the POSIX names and the C functions over it: the standard
 * streams are terminals, standard input is at its end, there are no files
 * and no clock, and every failure sets errno. What a host answers differs,
 * so the checks are Accel's. */
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
  CHECK(isatty(0) && isatty(1) && isatty(2) && !isatty(OPAQUE(7)));
  struct stat st;
  CHECK(fstat(1, &st) == 0 && S_ISCHR(st.st_mode));
  CHECK(write(1, "", 0) == 0);

  char c;
  CHECK(read(0, &c, 1) == 0);
  CHECK(getchar() == EOF && feof(stdin));

  errno = 0;
  CHECK(open("weights.bin", O_RDONLY) == -1 && errno == ENOENT);
  errno = 0;
  CHECK(fopen("weights.bin", "r") == NULL && errno == ENOENT);
  errno = 0;
  CHECK(close(OPAQUE(7)) == -1 && errno == EBADF);
  errno = 0;
  CHECK(lseek(1, 0, SEEK_SET) == -1 && errno == ESPIPE);
  errno = 0;
  CHECK(unlink("weights.bin") == -1 && errno == ENOENT);
  CHECK(remove("weights.bin") != 0);
  errno = 0;
  CHECK(fcntl(1, F_GETFL, 0) == -1 && errno == ENOSYS);

  /* No clock: the calls fail, and gettimeofday leaves the epoch rather
     than garbage for callers that ignore the failure. */
  struct timeval tv = {5, 5};
  errno = 0;
  CHECK(gettimeofday(&tv, NULL) == -1 && errno == ENOSYS);
  CHECK(tv.tv_sec == 0 && tv.tv_usec == 0);
  CHECK(time(NULL) == (time_t)-1);
  CHECK(clock() == (clock_t)-1);
  CHECK(getpid() == 1);
#endif
  CHECK_DONE();
}
