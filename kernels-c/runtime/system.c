/* system.c - the system layer under the C library: the POSIX calls that
   picolibc (and libc++) make of the operating system. The simulator offers
   console output and exit (write and _exit in syscalls.s); there are no
   files, processes or clocks, so the rest reports the usual "not
   supported" errors. The heap is picolibc's sbrk, between the linker's
   __heap_start and __heap_end. */

#include <errno.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>

/* Standard input is always at its end. */
ssize_t read(int fd, void *buf, size_t count) { return 0; }

int open(const char *path, int flags, ...) {
  errno = ENOENT;
  return -1;
}

int close(int fd) {
  errno = EBADF;
  return -1;
}

off_t lseek(int fd, off_t offset, int whence) {
  errno = ESPIPE;
  return -1;
}

/* The three standard streams are character devices (terminals). */
int fstat(int fd, struct stat *st) {
  if (fd < 0 || fd > 2) {
    errno = EBADF;
    return -1;
  }
  st->st_mode = S_IFCHR;
  return 0;
}

int isatty(int fd) { return fd >= 0 && fd <= 2; }

int stat(const char *path, struct stat *st) {
  errno = ENOENT;
  return -1;
}

int unlink(const char *path) {
  errno = ENOENT;
  return -1;
}

int fcntl(int fd, int cmd, ...) {
  errno = ENOSYS;
  return -1;
}

pid_t getpid(void) { return 1; }

/* There is no clock: clock() and time() see the errors and return -1.
   gettimeofday still fills in the epoch, because libc++'s
   system_clock::now() ignores the failure. */
clock_t times(struct tms *buf) {
  errno = ENOSYS;
  return (clock_t)-1;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
  if (tv)
    *tv = (struct timeval){0, 0};
  errno = ENOSYS;
  return -1;
}

/* picolibc declares C11's timespec_get and leaves it to the system. */
int timespec_get(struct timespec *ts, int base) { return 0; }

int rename(const char *old_path, const char *new_path) {
  errno = ENOENT;
  return -1;
}
