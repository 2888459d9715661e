/* driver_io.h: the file input and output of the kernel test drivers.
 *
 * Each driver (gemm_driver.c, conv2d_driver.c, ...) reads a case file that
 * its checker wrote (the driver's comment gives the format), calls a kernel
 * and writes a buffer back, through the simulator's file services. The files
 * go through open/read/write, not stdio: this build of picolibc's fread and
 * fwrite (no fast-bufio) move one byte per getc/putc, about 375 cycles a
 * byte, which for the 20 MB cases is more than --max-cycles.
 *
 * A tensor record of a case file is int64s: [present,] rank, dims[R],
 * strides[R], offset, length. R (2 to ACCEL_MAX_RANK) is the driver's; a
 * record without the present flag is always present. The tensor's buffer,
 * `length` f32s, comes later in the file, and its descriptor is the buffer
 * + offset elements with the record's dims and strides (in elements), so
 * the file says which views are strided and what lies around them. */
#ifndef DRIVER_IO_H
#define DRIVER_IO_H

#include <accel_kernels.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The case file being read, and the driver's name for its messages. */
static int driver_in = -1;
static const char *driver_name = "driver";

/* Reads n bytes of the case file. At its end prints a line saying what was
 * short and returns 0. */
static inline int driver_read(void *p, size_t n, const char *what) {
  char *q = p;
  while (n) {
    ssize_t got = read(driver_in, q, n);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0) {
      fprintf(stderr, "%s: input too short: %s\n", driver_name, what);
      return 0;
    }
    q += got;
    n -= (size_t)got;
  }
  return 1;
}

/* Opens the case file at path for driver_read, checking that it starts with
 * the 8 characters of magic (unless magic is NULL). Returns 0 after a line
 * saying why if it cannot. */
static inline int driver_open(const char *name, const char *path,
                              const char *magic) {
  driver_name = name;
  driver_in = open(path, O_RDONLY);
  if (driver_in < 0) {
    perror(path);
    return 0;
  }
  char m[8];
  if (!magic)
    return 1;
  if (!driver_read(m, sizeof m, "magic"))
    return 0;
  if (memcmp(m, magic, sizeof m) != 0) {
    fprintf(stderr, "%s: %s does not start with %.8s\n", name, path, magic);
    return 0;
  }
  return 1;
}

/* The start of a driver that runs every case of one file (check_runner.py's
 * run_batch): argv[1] is the case file, the 8 characters of magic and the
 * int64 count of cases (into *ncases), then the cases; argv[2] the output
 * file, made new. Returns the output's descriptor, or -1 after a line
 * saying why. */
static inline int driver_open_batch(const char *name, int argc, char **argv,
                                    const char *magic, int64_t *ncases) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s <cases> <output>\n", name);
    return -1;
  }
  if (!driver_open(name, argv[1], magic) ||
      !driver_read(ncases, sizeof *ncases, "header"))
    return -1;
  int out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (out < 0)
    perror(argv[2]);
  return out;
}

/* Makes t the contiguous (row-major) view of data: rank dims of type. */
static inline void driver_dense(accel_tensor *t, void *data, accel_dtype type,
                                int rank, const int64_t *dims) {
  memset(t, 0, sizeof *t);
  t->data = data, t->dtype = type, t->rank = rank;
  long s = 1;
  for (int d = rank - 1; d >= 0; --d)
    t->dims[d] = dims[d], t->strides[d] = s, s *= dims[d];
}

typedef struct {
  int64_t present, rank, dims[ACCEL_MAX_RANK], strides[ACCEL_MAX_RANK],
      offset, length;
} driver_record;

/* Reads n tensor records of rank R, each with a present flag if flagged. */
static inline int driver_read_records(driver_record *r, int n, int R,
                                      int flagged) {
  for (int i = 0; i < n; ++i) {
    int64_t w[1 + 2 * ACCEL_MAX_RANK + 3];
    const int64_t *p = w;
    int words = flagged + 2 * R + 3;
    if (R > ACCEL_MAX_RANK ||
        !driver_read(w, sizeof w[0] * (size_t)words, "tensor records"))
      return 0;
    memset(&r[i], 0, sizeof r[i]);
    r[i].present = flagged ? *p++ : 1;
    r[i].rank = *p++;
    for (int d = 0; d < R; ++d)
      r[i].dims[d] = *p++;
    for (int d = 0; d < R; ++d)
      r[i].strides[d] = *p++;
    r[i].offset = *p++;
    r[i].length = *p++;
    if (r[i].present &&
        (r[i].rank < 0 || r[i].rank > R || r[i].length < 0 ||
         r[i].offset < 0 || r[i].offset > r[i].length)) {
      fprintf(stderr, "%s: bad tensor record %d\n", driver_name, i);
      return 0;
    }
  }
  return 1;
}

/* Makes t the f32 view of buffer that r describes. */
static inline void driver_view(const driver_record *r, float *buffer,
                               accel_tensor *t) {
  memset(t, 0, sizeof *t);
  t->data = buffer + r->offset;
  t->dtype = ACCEL_F32;
  t->rank = (int)r->rank;
  for (int d = 0; d < ACCEL_MAX_RANK; ++d) {
    t->dims[d] = r->dims[d];
    t->strides[d] = r->strides[d];
  }
}

/* Reads the buffers of n records, in order, into memory of their own and
 * makes their descriptors; an absent record's buffer is NULL. The first
 * `required` records must be present; names[i] names record i in messages
 * (names may be NULL). */
static inline int driver_read_tensors(const driver_record *r, int n,
                                      const char *const *names, int required,
                                      float **buffers, accel_tensor *t) {
  for (int i = 0; i < n; ++i) {
    const char *what = names ? names[i] : "tensor";
    buffers[i] = NULL;
    if (!r[i].present) {
      if (i < required) {
        fprintf(stderr, "%s: no %s\n", driver_name, what);
        return 0;
      }
      continue;
    }
    /* At least one element, so that malloc gives a real pointer. */
    size_t length = (size_t)r[i].length;
    buffers[i] = malloc(sizeof(float) * (length ? length : 1));
    if (!buffers[i]) {
      fprintf(stderr, "%s: out of memory for %s\n", driver_name, what);
      return 0;
    }
    if (!driver_read(buffers[i], sizeof(float) * length, what))
      return 0;
    driver_view(&r[i], buffers[i], &t[i]);
  }
  return 1;
}

/* Writes n bytes to a new file at path. Returns 0 after perror if it
 * cannot. */
static inline int driver_write_file(const char *path, const void *p,
                                    size_t n) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const char *q = p;
  while (fd >= 0 && n) {
    ssize_t put = write(fd, q, n);
    if (put < 0 && errno == EINTR)
      continue;
    if (put <= 0)
      break;
    q += put;
    n -= (size_t)put;
  }
  if (fd < 0 || n || close(fd) != 0) {
    perror(path);
    return 0;
  }
  return 1;
}

/* Writes the whole buffer of record r, its length f32s, to a new file at
 * path. */
static inline int driver_write_buffer(const char *path, const float *buffer,
                                      const driver_record *r) {
  return driver_write_file(path, buffer, sizeof(float) * (size_t)r->length);
}

#endif
