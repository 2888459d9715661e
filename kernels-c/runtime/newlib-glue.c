/* newlib-glue.c - the system layer under the C library (what libgloss is
   for other newlib targets). The simulator offers console output and exit
   (write and _exit in syscalls.s); there are no files, processes or clocks,
   so the rest reports the usual "not supported" errors. The heap lies
   between the linker's __heap_start and __heap_end, below the stack guard. */

#include <errno.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/times.h>

/* The system layer's errno, defined by newlib's reent.c: the reentrant
   wrappers (_write_r, ...) copy it into the caller's struct _reent. */
#undef errno
extern int errno;

extern char __heap_start[], __heap_end[];

void *_sbrk(ptrdiff_t increment) {
  static char *brk = __heap_start;
  if (increment > __heap_end - brk || increment < __heap_start - brk) {
    errno = ENOMEM;
    return (void *)-1;
  }
  char *old = brk;
  brk += increment;
  return old;
}

/* Standard input is always at its end. */
int _read(int fd, void *buf, size_t count) { return 0; }

int _close(int fd) {
  errno = EBADF;
  return -1;
}

int _open(const char *path, int flags, ...) {
  errno = ENOENT;
  return -1;
}

long _lseek(int fd, long offset, int whence) {
  errno = ESPIPE;
  return -1;
}

/* The three standard streams are character devices (line buffered). */
int _fstat(int fd, struct stat *st) {
  if (fd < 0 || fd > 2) {
    errno = EBADF;
    return -1;
  }
  st->st_mode = S_IFCHR;
  return 0;
}

int _isatty(int fd) { return fd >= 0 && fd <= 2; }

int _stat(const char *path, struct stat *st) {
  errno = ENOENT;
  return -1;
}

int _unlink(const char *path) {
  errno = ENOENT;
  return -1;
}

int _link(const char *old, const char *new_path) {
  errno = EMLINK;
  return -1;
}

int _getpid(void) { return 1; }

/* raise() and abort() end up here: stop with the signal's number. */
void _exit(int status);
int _kill(int pid, int sig) {
  if (pid == 1)
    _exit(128 + sig);
  errno = EINVAL;
  return -1;
}

int _fork(void) {
  errno = EAGAIN;
  return -1;
}

int _wait(int *status) {
  errno = ECHILD;
  return -1;
}

int _execve(const char *name, char *const argv[], char *const env[]) {
  errno = ENOMEM;
  return -1;
}

static char *empty_environment[1];
char **environ = empty_environment;

clock_t _times(struct tms *buf) {
  errno = ENOSYS;
  return (clock_t)-1;
}

/* There is no clock. time() sees the error and returns -1; libc++'s
   system_clock::now() ignores it, so it gets the epoch rather than an
   uninitialized time. */
int _gettimeofday(struct timeval *tv, void *tz) {
  if (tv)
    *tv = (struct timeval){0, 0};
  errno = ENOSYS;
  return -1;
}

/* newlib's aligned_alloc (which libc++'s aligned operator new calls) leaves
   posix_memalign to the system, as on Linux and RTEMS; here it is newlib's
   own memalign with POSIX's checks and error codes. */
void *memalign(size_t align, size_t size);

int posix_memalign(void **result, size_t align, size_t size) {
  if (align < sizeof(void *) || (align & (align - 1)) != 0)
    return EINVAL;
  void *p = memalign(align, size);
  if (!p)
    return ENOMEM;
  *result = p;
  return 0;
}
