/* The POSIX file calls: open with flags and mode, partial reads, lseek from
 * each origin, O_APPEND, fstat and stat, the lowest free descriptor, and the
 * errno of each misuse. The files are named after argv[0]. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"

static char path[1024];

int main(int argc, char **argv) {
  snprintf(path, sizeof path, "%s.bin", argv[0]);
  unlink(path);

  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  CHECK(fd > 2);
  CHECK_EQ(write(fd, "0123456789", 10), 10);
  CHECK_EQ(write(fd, "abcdef", 6), 6);
  CHECK_EQ(lseek(fd, 0, SEEK_CUR), 16);
  errno = 0;
  char c;
  CHECK_EQ(read(fd, &c, 1), -1); /* write-only */
  CHECK_EQ(errno, EBADF);
  CHECK_EQ(close(fd), 0);

  errno = 0;
  CHECK_EQ(open(path, O_WRONLY | O_CREAT | O_EXCL, 0644), -1);
  CHECK_EQ(errno, EEXIST);

  /* O_APPEND writes at the end whatever the offset. */
  fd = open(path, O_WRONLY | O_APPEND);
  CHECK(fd > 2);
  CHECK_EQ(lseek(fd, 0, SEEK_SET), 0);
  CHECK_EQ(write(fd, "XY", 2), 2);
  CHECK_EQ(close(fd), 0);

  fd = open(path, O_RDONLY);
  CHECK(fd > 2);
  struct stat st;
  CHECK_EQ(fstat(fd, &st), 0);
  CHECK(S_ISREG(st.st_mode));
  CHECK_EQ(st.st_size, 18);
  CHECK_EQ(st.st_mode & 0777 & ~0022, 0644 & ~0022);
  char buf[32] = {0};
  CHECK_EQ(read(fd, buf, 4), 4);
  CHECK(memcmp(buf, "0123", 4) == 0);
  CHECK_EQ(lseek(fd, 6, SEEK_CUR), 10);
  CHECK_EQ(read(fd, buf, 3), 3);
  CHECK(memcmp(buf, "abc", 3) == 0);
  CHECK_EQ(lseek(fd, -2, SEEK_END), 16);
  CHECK_EQ(read(fd, buf, sizeof buf), 2); /* a short read at the end */
  CHECK(memcmp(buf, "XY", 2) == 0);
  CHECK_EQ(read(fd, buf, sizeof buf), 0);
  errno = 0;
  CHECK_EQ(lseek(fd, -100, SEEK_SET), -1);
  CHECK_EQ(errno, EINVAL);
  errno = 0;
  CHECK_EQ(lseek(fd, 0, 12345), -1);
  CHECK_EQ(errno, EINVAL);
  errno = 0;
  CHECK_EQ(write(fd, "z", 1), -1); /* read-only */
  CHECK_EQ(errno, EBADF);
  errno = 0;
  CHECK_EQ(isatty(fd), 0);
  CHECK_EQ(errno, ENOTTY);

  /* A closed descriptor is the next one open() returns. */
  int second = open(path, O_RDONLY);
  CHECK(second > fd);
  CHECK_EQ(close(fd), 0);
  int again = open(path, O_RDONLY);
  CHECK_EQ(again, fd);
  CHECK_EQ(close(again), 0);
  CHECK_EQ(close(second), 0);
  errno = 0;
  CHECK_EQ(close(second), -1);
  CHECK_EQ(errno, EBADF);

  CHECK_EQ(stat(".", &st), 0);
  CHECK(S_ISDIR(st.st_mode));
  errno = 0;
  CHECK_EQ(open(".", O_WRONLY), -1);
  CHECK_EQ(errno, EISDIR);
  errno = 0;
  snprintf(buf, sizeof buf, "no-such-dir/x");
  CHECK_EQ(open(buf, O_RDONLY), -1);
  CHECK_EQ(errno, ENOENT);
  errno = 0;
  char below[1100];
  snprintf(below, sizeof below, "%s/x", path); /* a file as a directory */
  CHECK_EQ(open(below, O_RDONLY), -1);
  CHECK_EQ(errno, ENOTDIR);

  CHECK_EQ(unlink(path), 0);
  errno = 0;
  CHECK_EQ(stat(path, &st), -1);
  CHECK_EQ(errno, ENOENT);
  errno = 0;
  CHECK_EQ(unlink(path), -1);
  CHECK_EQ(errno, ENOENT);
  CHECK_DONE();
}
