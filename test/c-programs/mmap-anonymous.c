/* Anonymous memory mappings: page-aligned, zeroed, writable; munmap; the
 * errors of bad arguments; MAP_FIXED over a live mapping gives fresh zero
 * pages. On Accel, file mappings and MAP_FIXED outside a mapping are
 * unsupported (MAP_FAILED). */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "check.h"

enum { Page = 4096 };

static int all_zero(const unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (p[i])
      return 0;
  return 1;
}

int main(int argc, char **argv) {
  unsigned char *p = mmap(NULL, 3 * Page, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CHECK(p != MAP_FAILED);
  if (p == MAP_FAILED)
    CHECK_DONE();
  CHECK_EQ((uintptr_t)p % Page, 0);
  CHECK(all_zero(p, 3 * Page));
  memset(p, 0xab, 3 * Page);
  CHECK_EQ(p[3 * Page - 1], 0xab);

  /* A length that is not whole pages rounds up. */
  unsigned char *q = mmap(NULL, 100, PROT_READ | PROT_WRITE,
                          MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  CHECK(q != MAP_FAILED);
  CHECK(q + Page <= p || q >= p + 3 * Page);
  CHECK(all_zero(q, Page));

  /* MAP_FIXED over the middle page of the first mapping: zero again. */
  unsigned char *mid = mmap(p + Page, Page, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
  CHECK(mid == p + Page);
  CHECK(all_zero(p + Page, Page));
  CHECK_EQ(p[0], 0xab);
  CHECK_EQ(p[2 * Page], 0xab);

  errno = 0;
  CHECK(mmap(NULL, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) ==
        MAP_FAILED);
  CHECK_EQ(errno, EINVAL);
  errno = 0;
  CHECK(mmap(NULL, Page, PROT_READ, MAP_ANONYMOUS, -1, 0) == MAP_FAILED);
  CHECK_EQ(errno, EINVAL);

  CHECK_EQ(mprotect(p, Page, PROT_READ), 0);
  CHECK_EQ(munmap(q, 100), 0);
  CHECK_EQ(munmap(p, 3 * Page), 0);
  errno = 0;
  CHECK_EQ(munmap(p + 1, Page), -1);
  CHECK_EQ(errno, EINVAL);

#ifdef __accel__
  /* No file can be mapped. */
  char path[1024];
  snprintf(path, sizeof path, "%s.map", argv[0]);
  int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
  CHECK(fd >= 0);
  CHECK_EQ(write(fd, "x", 1), 1);
  errno = 0;
  CHECK(mmap(NULL, Page, PROT_READ, MAP_PRIVATE, fd, 0) == MAP_FAILED);
  CHECK_EQ(errno, ENODEV);
  close(fd);
  unlink(path);
  /* MAP_FIXED only over a live mapping: not over freed pages, nor at a
     fixed address of one's choosing. */
  errno = 0;
  CHECK(mmap(p, Page, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED);
  CHECK_EQ(errno, ENOMEM);
  errno = 0;
  CHECK(mmap((void *)0x100000, Page, PROT_READ,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED);
  CHECK_EQ(errno, ENOMEM);
#endif
  CHECK_DONE();
}
