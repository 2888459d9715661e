/* One call of an elementwise kernel on a case file that
   elementwise_check.py wrote; writes y's whole buffer (its view and the
   sentinels around it) to argv[2].

   Case file, little-endian: "EWCASE01"; int64 kind (0 unary, 1 binary,
   2 where, 3 chain), steps, inputs, y_buffer (-1: y has a buffer of its
   own; k: y is in input k's buffer, for in-place calls); per step int64
   op, in, in2, swap and f32 alpha, lo, hi, pad; per tensor (the inputs,
   then y) int64 rank, dims[6], strides[6], offset, length (the buffer's
   floats); then each buffer's floats (the inputs', then y's own). */
#include <accel_kernels.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int read_all(int fd, void *p, size_t n) {
  char *c = p;
  while (n) {
    ssize_t got = read(fd, c, n);
    if (got <= 0)
      return 0;
    c += got, n -= (size_t)got;
  }
  return 1;
}

typedef struct {
  long op, in, in2, swap;
  float alpha, lo, hi, pad;
} step_record;

typedef struct {
  long rank, dims[6], strides[6], offset, length;
} tensor_record;

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  int fd = open(argv[1], O_RDONLY);
  char magic[8];
  long h[4];
  if (fd < 0 || !read_all(fd, magic, 8) || memcmp(magic, "EWCASE01", 8) ||
      !read_all(fd, h, sizeof h))
    return 3;
  long kind = h[0], nsteps = h[1], nin = h[2], ybuf = h[3];
  step_record sr[ACCEL_EW_MAX_STEPS];
  tensor_record tr[ACCEL_EW_MAX_INPUTS + 1];
  if (nsteps > ACCEL_EW_MAX_STEPS || nin > ACCEL_EW_MAX_INPUTS ||
      !read_all(fd, sr, nsteps * sizeof sr[0]) ||
      !read_all(fd, tr, (nin + 1) * sizeof tr[0]))
    return 3;
  accel_elementwise_step steps[ACCEL_EW_MAX_STEPS];
  for (long s = 0; s < nsteps; ++s) {
    steps[s].op = (accel_elementwise_op)sr[s].op;
    steps[s].in = (int)sr[s].in, steps[s].in2 = (int)sr[s].in2;
    steps[s].swap = (int)sr[s].swap;
    steps[s].options.alpha = sr[s].alpha;
    steps[s].options.lo = sr[s].lo, steps[s].options.hi = sr[s].hi;
  }
  accel_tensor t[ACCEL_EW_MAX_INPUTS + 1];
  float *buf[ACCEL_EW_MAX_INPUTS + 1];
  for (long k = 0; k <= nin; ++k) {
    int own = k < nin || ybuf < 0;
    buf[k] = own ? malloc(4 * (size_t)tr[k].length + 4) : buf[ybuf];
    if (!buf[k] || (own && !read_all(fd, buf[k], 4 * (size_t)tr[k].length)))
      return 4;
    t[k].data = buf[k] + tr[k].offset;
    t[k].dtype = ACCEL_F32;
    t[k].rank = (int)tr[k].rank;
    for (int d = 0; d < 6; ++d)
      t[k].dims[d] = tr[k].dims[d], t[k].strides[d] = tr[k].strides[d];
  }
  close(fd);
  const accel_tensor *in[ACCEL_EW_MAX_INPUTS];
  for (long k = 0; k < nin; ++k)
    in[k] = &t[k];
  accel_tensor *y = &t[nin];
  accel_status s;
  if (kind == 0)
    s = accel_elementwise_unary(steps[0].op, in[0], y, &steps[0].options);
  else if (kind == 1)
    s = accel_elementwise_binary(steps[0].op, in[0], in[1], y);
  else if (kind == 2)
    s = accel_elementwise_where(in[0], in[1], in[2], y);
  else
    s = accel_elementwise_chain(steps, (int)nsteps, in, (int)nin, y);
  if (s)
    return 10 + s;
  fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  size_t bytes = 4 * (size_t)tr[nin].length;
  if (fd < 0 || write(fd, buf[nin], bytes) != (ssize_t)bytes)
    return 5;
  return close(fd) != 0;
}
