/* system.c - the system layer under the C library: the POSIX calls that
   picolibc (and libc++) make of the operating system, over the simulator's
   sys services (sim/SystemServices.def; docs/simulator.md, "Files", and
   docs/abi.md, "System services"). A failing service returns -1 and has
   stored the error number in errno itself, so the POSIX functions that
   match a service are the service itself (services.c); here are the ones
   that adapt an argument or a result. Paths are the
   host's, confined by the simulator to its --fs-root. The heap is
   picolibc's sbrk, between the linker's __heap_start and __heap_end. */

#include "accel_sys.h"
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The mode is an argument only when the call may create the file. */
int open(const char *path, int flags, ...) {
  mode_t mode = 0;
  if (flags & O_CREAT) {
    va_list ap;
    va_start(ap, flags);
    mode = va_arg(ap, mode_t);
    va_end(ap);
  }
  return (int)__accel_sys_open(path, flags, mode);
}

static void from_accel_stat(struct stat *st, const struct accel_stat *a) {
  memset(st, 0, sizeof(*st));
  st->st_mode = a->mode;
  st->st_nlink = a->links;
  st->st_size = (off_t)a->size;
  st->st_mtime = (time_t)a->modified_seconds;
  st->st_blksize = (blksize_t)a->block_size;
  st->st_blocks = (blkcnt_t)((a->size + 511) / 512);
}

int fstat(int fd, struct stat *st) {
  struct accel_stat a;
  if (__accel_sys_fstat(fd, &a) < 0)
    return -1;
  from_accel_stat(st, &a);
  return 0;
}

int stat(const char *path, struct stat *st) {
  struct accel_stat a;
  if (__accel_sys_stat(path, &a) < 0)
    return -1;
  from_accel_stat(st, &a);
  return 0;
}

int fcntl(int fd, int cmd, ...) {
  errno = ENOSYS;
  return -1;
}

pid_t getpid(void) { return 1; }
