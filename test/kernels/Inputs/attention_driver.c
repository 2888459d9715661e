/* One accel_attention call on operands read from a file
 * (test/kernels/attention.test, made by attention_check.py):
 *   attention_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "ATTNCAS1"
 *   int64 mask_kind, null_options
 *   f32 scale
 *   5 tensor records (q, k, v, o, mask), each int64:
 *     present, rank, dims[6], strides[6], offset, length
 *   then each present tensor's buffer: length f32.
 * A tensor's descriptor is its buffer + offset elements, with the given
 * dims and strides (in elements). The output is o's whole buffer after the
 * call, so the checker sees what was written outside the view too.
 * Exits 1 on bad input, 2 if accel_attention returns an error (it has
 * printed its own line), 0 otherwise.
 *
 * The files go through open/read/write, not stdio (picolibc's fread moves
 * one byte per getc: see gemm_driver.c). */
#include <accel.h>
#include <accel_kernels.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { Tensors = 5, Rank = 6 };

typedef struct {
  int64_t present, rank, dims[Rank], strides[Rank], offset, length;
} record;

static int in;

static int read_all(void *p, size_t n, const char *what) {
  char *q = p;
  while (n) {
    ssize_t got = read(in, q, n);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0) {
      fprintf(stderr, "attention_driver: input too short: %s\n", what);
      return 0;
    }
    q += got;
    n -= (size_t)got;
  }
  return 1;
}

static int write_all(int fd, const void *p, size_t n) {
  const char *q = p;
  while (n) {
    ssize_t put = write(fd, q, n);
    if (put < 0 && errno == EINTR)
      continue;
    if (put <= 0)
      return 0;
    q += put;
    n -= (size_t)put;
  }
  return 1;
}

/* Reads the buffer of a tensor record and makes its descriptor. */
static int read_tensor(const record *r, const char *what, float **buffer,
                       accel_tensor *t) {
  *buffer = NULL;
  if (!r->present)
    return 1;
  if (r->rank < 0 || r->rank > Rank || r->length < 0 || r->offset < 0 ||
      r->offset > r->length) {
    fprintf(stderr, "attention_driver: bad record for %s\n", what);
    return 0;
  }
  /* At least one element, so that malloc gives a real pointer. */
  *buffer = malloc(sizeof(float) * (size_t)(r->length ? r->length : 1));
  if (!*buffer) {
    fprintf(stderr, "attention_driver: out of memory for %s\n", what);
    return 0;
  }
  if (!read_all(*buffer, sizeof(float) * (size_t)r->length, what))
    return 0;
  memset(t, 0, sizeof *t);
  t->data = *buffer + r->offset;
  t->dtype = ACCEL_F32;
  t->rank = (int)r->rank;
  for (int d = 0; d < Rank; ++d) {
    t->dims[d] = r->dims[d];
    t->strides[d] = r->strides[d];
  }
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: attention_driver <case> <output>\n");
    return 1;
  }
  in = open(argv[1], O_RDONLY);
  if (in < 0) {
    perror(argv[1]);
    return 1;
  }
  char magic[8];
  int64_t h[2];
  float scale;
  record r[Tensors];
  if (!read_all(magic, sizeof magic, "magic") ||
      !read_all(h, sizeof h, "header") ||
      !read_all(&scale, sizeof scale, "scale") ||
      !read_all(r, sizeof r, "tensor records"))
    return 1;
  if (memcmp(magic, "ATTNCAS1", 8) != 0) {
    fprintf(stderr, "attention_driver: %s is not an attention case\n",
            argv[1]);
    return 1;
  }

  static const char *const names[Tensors] = {"q", "k", "v", "o", "mask"};
  float *buffers[Tensors];
  accel_tensor t[Tensors];
  for (int i = 0; i < Tensors; ++i) {
    if (i < 4 && !r[i].present) {
      fprintf(stderr, "attention_driver: no %s\n", names[i]);
      return 1;
    }
    if (!read_tensor(&r[i], names[i], &buffers[i], &t[i]))
      return 1;
  }
  close(in);

  accel_attention_options o = accel_attention_defaults();
  o.scale = scale;
  o.mask_kind = (accel_mask_kind)h[0];
  o.mask = r[4].present ? &t[4] : NULL;

  accel_region_begin();
  accel_status s =
      accel_attention(&t[0], &t[1], &t[2], &t[3], h[1] ? NULL : &o);
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "attention_driver: accel_attention returned %d\n", (int)s);
    return 2;
  }

  int out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (out < 0 ||
      !write_all(out, buffers[3], sizeof(float) * (size_t)r[3].length) ||
      close(out) != 0) {
    perror(argv[2]);
    return 1;
  }
  return 0;
}
