/* The typed elementwise driver of test/kernels/elementwise-typed.test
 * (elementwise_typed_check.py writes its case file and checks what it
 * writes back).
 *
 * Case file: "ACEWTY01", then int64 ncases, then per case the int64s op,
 * ninputs (1 unary, 2 binary, 3 where), then alpha, lo and hi as f32 bit
 * patterns (one int64 each), then ninputs + 1 tensor records (the inputs,
 * then y): dtype, rank, dims[6], strides[6], offset, length (offsets and
 * lengths in elements of the tensor's type; y's offset -1 makes y input
 * 0's buffer itself, in place), then each buffer (length elements of its
 * type, padded to 8 bytes; none for an in-place y).
 * Output file: per case the int64 status, then y's buffer as it is after
 * the call (padded to 8 bytes). */
#include "driver_io.h"

static size_t padded(int64_t n, accel_dtype t) {
  return ((size_t)n * accel_dtype_bytes(t) + 7) & ~(size_t)7;
}

static float f32_of(int64_t bits) {
  uint32_t u = (uint32_t)bits;
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

int main(int argc, char **argv) {
  int64_t ncases;
  int out = driver_open_batch("elementwise_typed_driver", argc, argv,
                              "ACEWTY01", &ncases);
  if (out < 0)
    return 3;
  for (int64_t c = 0; c < ncases; ++c) {
    int64_t h[5];
    if (!driver_read(h, sizeof h, "case"))
      return 3;
    int n = (int)h[1];
    if (n < 1 || n > 3)
      return 3;
    accel_elementwise_options o = accel_elementwise_defaults();
    o.alpha = f32_of(h[2]), o.lo = f32_of(h[3]), o.hi = f32_of(h[4]);
    accel_tensor t[4];
    int64_t off[4], len[4];
    for (int k = 0; k <= n; ++k) {
      int64_t r[2 + 2 * ACCEL_MAX_RANK + 2];
      if (!driver_read(r, sizeof r, "tensor"))
        return 3;
      memset(&t[k], 0, sizeof t[k]);
      t[k].dtype = (accel_dtype)r[0];
      t[k].rank = (int)r[1];
      for (int d = 0; d < ACCEL_MAX_RANK; ++d) {
        t[k].dims[d] = r[2 + d];
        t[k].strides[d] = r[2 + ACCEL_MAX_RANK + d];
      }
      off[k] = r[2 + 2 * ACCEL_MAX_RANK];
      len[k] = r[3 + 2 * ACCEL_MAX_RANK];
    }
    void *buf[4];
    for (int k = 0; k <= n; ++k) {
      if (k == n && off[k] < 0) { /* in place: input 0's buffer */
        buf[k] = buf[0];
        t[k].data = t[0].data;
        continue;
      }
      size_t bytes = padded(len[k], t[k].dtype);
      buf[k] = malloc(bytes + 8);
      if (!buf[k] || !driver_read(buf[k], bytes, "buffer"))
        return 3;
      t[k].data = (char *)buf[k] + off[k] * accel_dtype_bytes(t[k].dtype);
    }
    int64_t status;
    if (n == 1)
      status =
          accel_elementwise_unary((accel_elementwise_op)h[0], &t[0], &t[1], &o);
    else if (n == 2)
      status = accel_elementwise_binary((accel_elementwise_op)h[0], &t[0],
                                        &t[1], &t[2]);
    else
      status = accel_elementwise_where(&t[0], &t[1], &t[2], &t[3]);
    size_t ybytes =
        off[n] < 0 ? padded(len[0], t[0].dtype) : padded(len[n], t[n].dtype);
    if (write(out, &status, sizeof status) != sizeof status ||
        write(out, buf[n], ybytes) != (ssize_t)ybytes)
      return 4;
    for (int k = 0; k <= n; ++k)
      if (k == 0 || buf[k] != buf[0])
        free(buf[k]);
  }
  return close(out) != 0;
}
