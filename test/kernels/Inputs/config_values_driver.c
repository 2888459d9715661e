/* The driver of test/kernels/config-values.test (config_values_check.py
 * writes its case file and checks what it writes back): the kernels of
 * configuration values read at run time (movement/config_values.c).
 *
 * Case file: "ACINDX01" (indexing_check.py writes it), then int64 ncases, then per case the int64s op
 * (0 accel_slice_values: x, starts, ends, axes, steps, y; 1
 * accel_pad_values: x, pads, y with params mode and value; 2
 * accel_expand_check: x, shape, y; 3 accel_range: start, limit, delta,
 * y), params[4], ntensors (the last is y; absent ones 0s), then tensors
 * as indexing_driver.c's. Output file: per case the int64 status, then
 * y's buffer after the call (padded to 8 bytes). */
#include "driver_io.h"

enum { MaxTensors = 6, Fields = 3 + 2 * ACCEL_MAX_RANK + 2 };

static size_t padded(int64_t n, accel_dtype t) {
  return ((size_t)n * accel_dtype_bytes(t) + 7) & ~(size_t)7;
}

static int64_t call(int64_t op, const int64_t *p, accel_tensor **t, int n) {
  accel_tensor *y = t[n - 1];
  switch (op) {
  case 0:
    return accel_slice_values(t[0], t[1], t[2], t[3], t[4], y);
  case 1:
    return accel_pad_values(t[0], t[1], (accel_pad_mode)p[0], (float)p[1], y);
  case 2:
    return accel_expand_check(t[0], t[1], y);
  default:
    return accel_range(t[0], t[1], t[2], y);
  }
}

int main(int argc, char **argv) {
  int64_t ncases;
  int out = driver_open_batch("config_values_driver", argc, argv, "ACINDX01",
                              &ncases);
  if (out < 0)
    return 3;
  for (int64_t c = 0; c < ncases; ++c) {
    int64_t head[6], h[MaxTensors][Fields];
    if (!driver_read(head, sizeof head, "case") || head[5] < 1 ||
        head[5] > MaxTensors || !driver_read(h, head[5] * sizeof h[0], "case"))
      return 3;
    int n = (int)head[5];
    accel_tensor tensors[MaxTensors], *t[MaxTensors];
    void *buffers[MaxTensors];
    for (int i = 0; i < n; ++i) {
      memset(&tensors[i], 0, sizeof tensors[i]);
      t[i] = NULL;
      buffers[i] = NULL;
      if (!h[i][0])
        continue;
      accel_tensor *x = &tensors[i];
      x->dtype = (accel_dtype)h[i][1];
      x->rank = (int)h[i][2];
      for (int d = 0; d < ACCEL_MAX_RANK; ++d) {
        x->dims[d] = h[i][3 + d];
        x->strides[d] = h[i][3 + ACCEL_MAX_RANK + d];
      }
      size_t bytes = padded(h[i][Fields - 1], x->dtype);
      buffers[i] = malloc(bytes + 8);
      if (!buffers[i] || !driver_read(buffers[i], bytes, "buffer"))
        return 3;
      x->data = (char *)buffers[i] + h[i][Fields - 2] * accel_dtype_bytes(x->dtype);
      t[i] = x;
    }
    int64_t status = call(head[0], head + 1, t, n);
    size_t ybytes = padded(h[n - 1][Fields - 1], tensors[n - 1].dtype);
    if (write(out, &status, sizeof status) != sizeof status ||
        write(out, buffers[n - 1], ybytes) != (ssize_t)ybytes)
      return 4;
    for (int i = 0; i < n; ++i)
      free(buffers[i]);
  }
  return close(out) != 0;
}
