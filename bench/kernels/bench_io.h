/* bench_io.h - the kernel benchmarks' operands and results
   (bench/kernels/kernels.py). A benchmark's last two arguments are two
   files in the simulator's file root: before its region it reads its
   inputs from the first, f32 arrays one after the other in the order its
   comment gives (kernels.py writes them: seeded random values), and after
   the region it writes its output to the second, which kernels.py
   compares with a float64 reference. The region itself is the kernel call
   alone, as before. Through open/read/write, not stdio: picolibc's fread
   and fwrite here move a byte a call (test/kernels/Inputs/driver_io.h). */
#ifndef BENCH_IO_H
#define BENCH_IO_H

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <accel_kernels.h>

/* count zeroed floats starting on a DRAM burst, as the graph compiler
   places tensors (PlanMemory's 64-byte arena slots): an operand's offset
   from a burst changes what its rows cost (docs/isa.md 7.12), and from
   calloc it would move with the heap's start, that is with the size of the
   code linked before it. Never freed: a benchmark makes one call. */
static inline void *bench_alloc(long count) {
  enum { Burst = __ACCEL_DRAM_BURST_BYTES__ };
  char *raw = malloc((size_t)count * 4 + Burst - 1);
  if (!raw)
    return NULL;
  char *p = raw + (-(unsigned long)raw & (Burst - 1));
  memset(p, 0, (size_t)count * 4);
  return p;
}

/* Reads n arrays of counts[i] floats from path into bufs[i], in order, and
   checks that nothing follows them; 0 on success, else a line on stderr and
   4. */
static inline int bench_read(const char *path, int n, float *const *bufs,
                             const long *counts) {
  int fd = open(path, O_RDONLY);
  if (fd < 0) {
    perror(path);
    return 4;
  }
  for (int i = 0; i < n; ++i) {
    char *p = (char *)bufs[i];
    size_t left = (size_t)counts[i] * 4;
    while (left) {
      ssize_t got = read(fd, p, left);
      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0) {
        fprintf(stderr, "%s: input %d short\n", path, i);
        close(fd);
        return 4;
      }
      p += got;
      left -= (size_t)got;
    }
  }
  char extra;
  ssize_t more = read(fd, &extra, 1);
  close(fd);
  if (more != 0) {
    fprintf(stderr, "%s: more than the inputs' %d arrays\n", path, n);
    return 4;
  }
  return 0;
}

/* Writes count floats from buf to path; 0 on success, else 4. */
static inline int bench_write(const char *path, const float *buf, long count) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    perror(path);
    return 4;
  }
  const char *p = (const char *)buf;
  size_t left = (size_t)count * 4;
  while (left) {
    ssize_t put = write(fd, p, left);
    if (put < 0 && errno == EINTR)
      continue;
    if (put <= 0) {
      perror(path);
      close(fd);
      return 4;
    }
    p += put;
    left -= (size_t)put;
  }
  return close(fd) ? 4 : 0;
}

/* What bench_finish writes, in memory (volatile), so that nothing the
   write needs stays in a register across the region: the region's code is
   then what it was before the benchmarks wrote their outputs. */
static struct {
  const char *volatile path;
  const float *volatile buf;
  volatile long count;
} bench_out;

/* Before the region: after it, bench_finish writes count floats from buf
   to path. */
static inline void bench_output(const char *path, const float *buf,
                                long count) {
  bench_out.path = path;
  bench_out.buf = buf;
  bench_out.count = count;
}

/* After the region: the status the region's call returned, or if it is
   ACCEL_OK, bench_write's of the output bench_output named. Out of line
   and taking the status as the call returned it, so that main does
   nothing after the region but call it: no constant or reload it would
   need is scheduled into the region. */
static __attribute__((noinline)) int bench_finish(accel_status s) {
  if (s != ACCEL_OK)
    return (int)s;
  return bench_write(bench_out.path, bench_out.buf, bench_out.count);
}

#endif
