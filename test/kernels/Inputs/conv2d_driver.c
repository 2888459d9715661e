/* One accel_conv2d call on tensors read from a file
 * (test/kernels/conv2d.test, made by conv2d_check.py):
 *   conv2d_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "CONVCAS1"
 *   int64 stride_h, stride_w, pad_top, pad_left, pad_bottom, pad_right,
 *         dilation_h, dilation_w, groups, act_kind, null_options
 *   f32 lo, hi
 *   4 tensor records (x, w, y, bias), each int64:
 *     present, rank, dims[4], strides[4], offset, length
 *   then each present tensor's buffer: length f32.
 * A tensor's descriptor is its buffer + offset elements with the given
 * dims and strides (in elements); a record with present = 0 is a null
 * pointer (bias only). The output is y's whole buffer after the call, so
 * the checker sees what was written outside the view too.
 * Exits 1 on bad input, 2 if accel_conv2d returns an error (it has printed
 * its own line), 0 otherwise. The files go through open/read/write:
 * picolibc's stdio moves one byte per call (gemm_driver.c). */
#include <accel.h>
#include <accel_kernels.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
  int64_t present, rank, dims[4], strides[4], offset, length;
} record;

static int in;

static int read_all(void *p, size_t n, const char *what) {
  char *q = p;
  while (n) {
    ssize_t got = read(in, q, n);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0) {
      fprintf(stderr, "conv2d_driver: input too short: %s\n", what);
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
  if (r->rank < 0 || r->rank > 4 || r->length < 0 || r->offset < 0 ||
      r->offset > r->length) {
    fprintf(stderr, "conv2d_driver: bad record for %s\n", what);
    return 0;
  }
  *buffer = malloc(sizeof(float) * (size_t)(r->length ? r->length : 1));
  if (!*buffer) {
    fprintf(stderr, "conv2d_driver: out of memory for %s\n", what);
    return 0;
  }
  if (!read_all(*buffer, sizeof(float) * (size_t)r->length, what))
    return 0;
  memset(t, 0, sizeof *t);
  t->data = *buffer + r->offset;
  t->dtype = ACCEL_F32;
  t->rank = (int)r->rank;
  for (int d = 0; d < 4; ++d) {
    t->dims[d] = r->dims[d];
    t->strides[d] = r->strides[d];
  }
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: conv2d_driver <case> <output>\n");
    return 1;
  }
  in = open(argv[1], O_RDONLY);
  if (in < 0) {
    perror(argv[1]);
    return 1;
  }
  char magic[8];
  int64_t h[11];
  float f[2];
  record r[4];
  if (!read_all(magic, sizeof magic, "magic") ||
      !read_all(h, sizeof h, "header") || !read_all(f, sizeof f, "scalars") ||
      !read_all(r, sizeof r, "tensor records"))
    return 1;
  if (memcmp(magic, "CONVCAS1", 8) != 0) {
    fprintf(stderr, "conv2d_driver: %s is not a conv2d case\n", argv[1]);
    return 1;
  }
  static const char *const names[4] = {"x", "w", "y", "bias"};
  float *buffers[4];
  accel_tensor t[4];
  for (int i = 0; i < 4; ++i) {
    if (i < 3 && !r[i].present) {
      fprintf(stderr, "conv2d_driver: no %s\n", names[i]);
      return 1;
    }
    if (!read_tensor(&r[i], names[i], &buffers[i], &t[i]))
      return 1;
  }
  close(in);

  accel_conv2d_options o = accel_conv2d_defaults();
  o.stride_h = h[0], o.stride_w = h[1];
  o.pad_top = h[2], o.pad_left = h[3], o.pad_bottom = h[4], o.pad_right = h[5];
  o.dilation_h = h[6], o.dilation_w = h[7];
  o.groups = h[8];
  o.act.kind = (accel_act_kind)h[9];
  o.act.lo = f[0], o.act.hi = f[1];
  o.bias = r[3].present ? &t[3] : NULL;

  accel_region_begin();
  accel_status s = accel_conv2d(&t[0], &t[1], &t[2], h[10] ? NULL : &o);
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "conv2d_driver: accel_conv2d returned %d\n", (int)s);
    return 2;
  }
  int out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (out < 0 ||
      !write_all(out, buffers[2], sizeof(float) * (size_t)r[2].length) ||
      close(out) != 0) {
    perror(argv[2]);
    return 1;
  }
  return 0;
}
