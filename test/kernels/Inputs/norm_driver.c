/* One call of a normalization kernel on tensors read from a file
 * (test/kernels/normalization.test, made by norm_check.py):
 *   norm_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "NORMCAS1"
 *   int64 op (0 softmax, 1 log-softmax, 2 layernorm, 3 rmsnorm,
 *             4 batchnorm), axis, in_place, null_options
 *   f32 epsilon
 *   6 tensor records (x, y, then scale, shift for the norms or mean, var,
 *   scale, shift for batchnorm), each int64:
 *     present, rank, dims[6], strides[6], offset, length
 *   then each present tensor's buffer: length f32.
 * A descriptor is its buffer + offset elements with the given dims and
 * strides. in_place: y is x's descriptor (y's record is then absent). The
 * output is y's whole buffer after the call (x's when in place).
 * Exits 1 on bad input, 2 if the kernel returns an error (it has printed
 * its own line), 0 otherwise. Files go through open/read/write (see
 * gemm_driver.c). */
#include <accel.h>
#include <accel_kernels.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { Tensors = 6 };

typedef struct {
  int64_t present, rank, dims[6], strides[6], offset, length;
} record;

static int in;

static int read_all(void *p, size_t n, const char *what) {
  char *q = p;
  while (n) {
    ssize_t got = read(in, q, n);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0) {
      fprintf(stderr, "norm_driver: input too short: %s\n", what);
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

static int read_tensor(const record *r, float **buffer, accel_tensor *t) {
  *buffer = NULL;
  if (!r->present)
    return 1;
  if (r->rank < 0 || r->rank > 6 || r->length < 0 || r->offset < 0 ||
      r->offset > r->length) {
    fprintf(stderr, "norm_driver: bad tensor record\n");
    return 0;
  }
  *buffer = malloc(sizeof(float) * (size_t)(r->length ? r->length : 1));
  if (!*buffer || !read_all(*buffer, sizeof(float) * (size_t)r->length,
                            "tensor"))
    return 0;
  memset(t, 0, sizeof *t);
  t->data = *buffer + r->offset;
  t->dtype = ACCEL_F32;
  t->rank = (int)r->rank;
  for (int d = 0; d < t->rank; ++d) {
    t->dims[d] = r->dims[d];
    t->strides[d] = r->strides[d];
  }
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: norm_driver <case> <output>\n");
    return 1;
  }
  in = open(argv[1], O_RDONLY);
  if (in < 0) {
    perror(argv[1]);
    return 1;
  }
  char magic[8];
  int64_t h[4];
  float epsilon;
  record r[Tensors];
  if (!read_all(magic, sizeof magic, "magic") ||
      !read_all(h, sizeof h, "header") ||
      !read_all(&epsilon, sizeof epsilon, "epsilon") ||
      !read_all(r, sizeof r, "tensor records"))
    return 1;
  if (memcmp(magic, "NORMCAS1", 8) != 0) {
    fprintf(stderr, "norm_driver: %s is not a normalization case\n",
            argv[1]);
    return 1;
  }
  float *buffers[Tensors];
  accel_tensor t[Tensors];
  for (int i = 0; i < Tensors; ++i)
    if (!read_tensor(&r[i], &buffers[i], &t[i]))
      return 1;
  close(in);

  int64_t op = h[0], in_place = h[2], null_options = h[3];
  int axis = (int)h[1];
  accel_tensor *x = &t[0], *y = in_place ? &t[0] : &t[1];
#define OR_NULL(i) (r[i].present ? &t[i] : NULL)
  accel_norm_options norm = accel_norm_defaults();
  norm.axis = axis;
  norm.epsilon = epsilon;
  norm.scale = OR_NULL(2);
  norm.shift = OR_NULL(3);
  accel_batchnorm_options bn = {OR_NULL(2), OR_NULL(3), OR_NULL(4),
                                OR_NULL(5), epsilon};
  accel_status s;
  accel_region_begin();
  switch (op) {
  case 0:
  case 1:
    s = accel_softmax(x, y, axis, op == 1);
    break;
  case 2:
    s = accel_layernorm(x, y, null_options ? NULL : &norm);
    break;
  case 3:
    s = accel_rmsnorm(x, y, null_options ? NULL : &norm);
    break;
  default:
    s = accel_batchnorm(x, y, null_options ? NULL : &bn);
    break;
  }
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "norm_driver: the kernel returned %d\n", (int)s);
    return 2;
  }
  int which = in_place ? 0 : 1;
  int out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (out < 0 ||
      !write_all(out, buffers[which],
                 sizeof(float) * (size_t)r[which].length) ||
      close(out) != 0) {
    perror(argv[2]);
    return 1;
  }
  return 0;
}
