/* accel_maxpool2d_typed's driver of test/kernels/maxpool-typed.test
 * (maxpool_typed_check.py writes its case file and checks what it writes
 * back).
 *
 * Case file: "ACMPTY01", int64 ncases, then per case the int64s output
 * (accel_pool_output), null_options, options[12] (accel_pool2d_options'
 * fields in order), then for x and y: dtype, dims[4], strides[4], offset,
 * length (in elements), then x's buffer and y's (length elements of its
 * type, padded to 8 bytes). Output file: per case the int64 status, then
 * y's buffer after the call (padded to 8 bytes). */
#include "driver_io.h"

enum { Fields = 1 + 4 + 4 + 2 };

static size_t padded(int64_t n, accel_dtype t) {
  return ((size_t)n * accel_dtype_bytes(t) + 7) & ~(size_t)7;
}

int main(int argc, char **argv) {
  int64_t ncases;
  int out = driver_open_batch("maxpool_typed_driver", argc, argv, "ACMPTY01",
                              &ncases);
  if (out < 0)
    return 3;
  for (int64_t c = 0; c < ncases; ++c) {
    int64_t head[14], h[2][Fields];
    if (!driver_read(head, sizeof head, "case") ||
        !driver_read(h, sizeof h, "case"))
      return 3;
    accel_tensor t[2];
    void *buffers[2];
    for (int i = 0; i < 2; ++i) {
      memset(&t[i], 0, sizeof t[i]);
      t[i].dtype = (accel_dtype)h[i][0];
      t[i].rank = 4;
      for (int d = 0; d < 4; ++d) {
        t[i].dims[d] = h[i][1 + d];
        t[i].strides[d] = h[i][5 + d];
      }
      size_t bytes = padded(h[i][Fields - 1], t[i].dtype);
      buffers[i] = malloc(bytes + 8);
      if (!buffers[i] || !driver_read(buffers[i], bytes, "buffer"))
        return 3;
      t[i].data =
          (char *)buffers[i] + h[i][Fields - 2] * accel_dtype_bytes(t[i].dtype);
    }
    const int64_t *o = head + 2;
    accel_pool2d_options po = {o[0], o[1], o[2], o[3], o[4],       o[5],
                               o[6], o[7], o[8], o[9], (int)o[10], (int)o[11]};
    int64_t status = accel_maxpool2d_typed(&t[0], &t[1], head[1] ? NULL : &po,
                                           (accel_pool_output)head[0]);
    size_t ybytes = padded(h[1][Fields - 1], t[1].dtype);
    if (write(out, &status, sizeof status) != sizeof status ||
        write(out, buffers[1], ybytes) != (ssize_t)ybytes)
      return 4;
    free(buffers[0]);
    free(buffers[1]);
  }
  return close(out) != 0;
}
