/* One call of a pooling or reduction kernel on tensors read from a file
 * (test/kernels/pooling.test and reduce.test, made by pool_check.py):
 *   pool_driver <case> <output>
 * The case file is little-endian:
 *   char magic[8] = "POOLCAS1"
 *   int64 op (0 maxpool, 1 avgpool, 2 global avg, 3 global max,
 *             4 + accel_reduce_op: accel_reduce), null_options
 *   int64 kernel_h, kernel_w, stride_h, stride_w, pad_top, pad_left,
 *         pad_bottom, pad_right, dilation_h, dilation_w, ceil_mode,
 *         count_include_pad
 *   int64 num_axes, axes[6]
 *   2 tensor records (x, y), each int64:
 *     rank, dims[6], strides[6], offset, length
 *   then x's buffer and y's buffer: length f32 each.
 * A descriptor is its buffer + offset elements with the given dims and
 * strides. The output is y's whole buffer after the call. Exits 1 on bad
 * input, 2 if the kernel returns an error (it has printed its own line),
 * 0 otherwise. */
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
  int64_t rank, dims[6], strides[6], offset, length;
} record;

static int in;

static int read_all(void *p, size_t n) {
  char *q = p;
  while (n) {
    ssize_t got = read(in, q, n);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0) {
      fprintf(stderr, "pool_driver: input too short\n");
      return 0;
    }
    q += got;
    n -= (size_t)got;
  }
  return 1;
}

static int read_tensor(const record *r, float **buffer, accel_tensor *t) {
  if (r->rank < 0 || r->rank > 6 || r->length < 0 || r->offset < 0 ||
      r->offset > r->length) {
    fprintf(stderr, "pool_driver: bad tensor record\n");
    return 0;
  }
  *buffer = malloc(sizeof(float) * (size_t)(r->length ? r->length : 1));
  if (!*buffer || !read_all(*buffer, sizeof(float) * (size_t)r->length))
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
    fprintf(stderr, "usage: pool_driver <case> <output>\n");
    return 1;
  }
  in = open(argv[1], O_RDONLY);
  if (in < 0) {
    perror(argv[1]);
    return 1;
  }
  char magic[8];
  int64_t h[2], o[12], ax[7];
  record r[2];
  if (!read_all(magic, 8) || !read_all(h, sizeof h) || !read_all(o, sizeof o) ||
      !read_all(ax, sizeof ax) || !read_all(r, sizeof r))
    return 1;
  if (memcmp(magic, "POOLCAS1", 8) != 0) {
    fprintf(stderr, "pool_driver: %s is not a pooling case\n", argv[1]);
    return 1;
  }
  float *buffers[2];
  accel_tensor x, y;
  if (!read_tensor(&r[0], &buffers[0], &x) ||
      !read_tensor(&r[1], &buffers[1], &y))
    return 1;
  close(in);
  accel_pool2d_options po = {o[0], o[1], o[2], o[3], o[4],  o[5],
                             o[6], o[7], o[8], o[9], (int)o[10],
                             (int)o[11]};
  int axes[6];
  for (int i = 0; i < 6; ++i)
    axes[i] = (int)ax[1 + i];
  const accel_pool2d_options *opt = h[1] ? NULL : &po;
  accel_status s;
  accel_region_begin();
  switch (h[0]) {
  case 0:
    s = accel_maxpool2d(&x, &y, opt);
    break;
  case 1:
    s = accel_avgpool2d(&x, &y, opt);
    break;
  case 2:
    s = accel_global_avgpool(&x, &y);
    break;
  case 3:
    s = accel_global_maxpool(&x, &y);
    break;
  default:
    s = accel_reduce((accel_reduce_op)(h[0] - 4), &x, &y,
                     ax[0] ? axes : NULL, (int)ax[0]);
    break;
  }
  accel_region_end();
  if (s != ACCEL_OK) {
    fprintf(stderr, "pool_driver: the kernel returned %d\n", (int)s);
    return 2;
  }
  int out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const char *p = (const char *)buffers[1];
  size_t n = sizeof(float) * (size_t)r[1].length;
  while (n) {
    ssize_t put = write(out, p, n);
    if (put < 0 && errno == EINTR)
      continue;
    if (put <= 0) {
      perror(argv[2]);
      return 1;
    }
    p += put;
    n -= (size_t)put;
  }
  close(out);
  return 0;
}
