/* mman.c - anonymous memory mappings, from the heap. A mapping is whole
   pages, page-aligned and zeroed, as on a host; the live ones are listed so
   that munmap and MAP_FIXED can check what they are given. Accel has no
   memory protection: prot is recorded nowhere, and PROT_NONE memory stays
   accessible. */

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define PAGE_SIZE 4096u

struct mapping {
  struct mapping *next;
  uintptr_t start;
  size_t length; /* whole pages */
};

static struct mapping *mappings;

/* The live mapping that holds [start, start + length), or null. */
static struct mapping *find(uintptr_t start, size_t length) {
  for (struct mapping *m = mappings; m; m = m->next)
    if (start >= m->start && length <= m->length &&
        start - m->start <= m->length - length)
      return m;
  return NULL;
}

static void *fail(int error) {
  errno = error;
  return MAP_FAILED;
}

void *mmap(void *addr, size_t length, int prot, int flags, int fd,
           off_t offset) {
  int sharing = flags & (MAP_SHARED | MAP_PRIVATE);
  if (length == 0 || sharing == 0 || sharing == (MAP_SHARED | MAP_PRIVATE))
    return fail(EINVAL);
  if (!(flags & MAP_ANONYMOUS))
    return fail(ENODEV); /* No file can be mapped. */
  if (length > SIZE_MAX - PAGE_SIZE)
    return fail(ENOMEM);
  size_t pages = (length + PAGE_SIZE - 1) & ~(size_t)(PAGE_SIZE - 1);
  if (flags & MAP_FIXED) {
    /* A new mapping over part of a live one: fresh zero pages. */
    uintptr_t start = (uintptr_t)addr;
    if (start % PAGE_SIZE)
      return fail(EINVAL);
    if (!find(start, pages))
      return fail(ENOMEM);
    memset(addr, 0, pages);
    return addr;
  }
  struct mapping *m = malloc(sizeof(*m));
  void *p = m ? aligned_alloc(PAGE_SIZE, pages) : NULL;
  if (!p) {
    free(m);
    return fail(ENOMEM);
  }
  memset(p, 0, pages);
  *m = (struct mapping){mappings, (uintptr_t)p, pages};
  mappings = m;
  return p;
}

/* Unmaps a whole mapping; a part of one cannot go back to the heap. */
int munmap(void *addr, size_t length) {
  uintptr_t start = (uintptr_t)addr;
  if (start % PAGE_SIZE || length == 0) {
    errno = EINVAL;
    return -1;
  }
  size_t pages = (length + PAGE_SIZE - 1) & ~(size_t)(PAGE_SIZE - 1);
  for (struct mapping **link = &mappings; *link; link = &(*link)->next) {
    struct mapping *m = *link;
    if (m->start != start || m->length != pages)
      continue;
    *link = m->next;
    free((void *)m->start);
    free(m);
    return 0;
  }
  /* POSIX: no mapping there is not an error; part of one is unsupported. */
  if (find(start, 1)) {
    errno = EINVAL;
    return -1;
  }
  return 0;
}

int mprotect(void *addr, size_t length, int prot) {
  if ((uintptr_t)addr % PAGE_SIZE || !find((uintptr_t)addr, length)) {
    errno = ENOMEM;
    return -1;
  }
  return 0;
}

int msync(void *addr, size_t length, int flags) {
  if ((uintptr_t)addr % PAGE_SIZE || !find((uintptr_t)addr, length)) {
    errno = ENOMEM;
    return -1;
  }
  return 0;
}
