/* The indexing kernels' driver of test/kernels/indexing.test
 * (indexing_check.py writes its case file and checks what it writes back).
 *
 * Case file: "ACINDX01", then int64 ncases, then per case the int64s op
 * (0 gather_elements, 1 scatter_elements, 2 gather_nd, 3 scatter_nd,
 * 4 trilu, 5 reverse_sequence, 6 onehot, 7 tile, 8 gather: its indices
 * an int32 tensor, 9 maxunpool: params its index_dims, or 0s for null),
 * params[4], ntensors (the last
 * is y), then per tensor present, dtype, rank, dims[6], strides[6],
 * offset, length (in elements), then each present tensor's buffer (length
 * elements of its type, padded to 8 bytes). Output file: per case the
 * int64 status, then y's buffer after the call (padded to 8 bytes). */
#include "driver_io.h"

enum { MaxTensors = 5, Fields = 3 + 2 * ACCEL_MAX_RANK + 2 };

static size_t padded(int64_t n, accel_dtype t) {
  return ((size_t)n * accel_dtype_bytes(t) + 7) & ~(size_t)7;
}

static int64_t call(int64_t op, const int64_t *p, accel_tensor **t, int n) {
  accel_tensor *y = t[n - 1];
  switch (op) {
  case 0:
    return accel_gather_elements(t[0], t[1], (int)p[0], y);
  case 1:
    return accel_scatter_elements(t[0], t[1], t[2], (int)p[0],
                                  (accel_scatter_reduction)p[1], y);
  case 2:
    return accel_gather_nd(t[0], t[1], (int)p[0], y);
  case 3:
    return accel_scatter_nd(t[0], t[1], t[2], (accel_scatter_reduction)p[1],
                            y);
  case 4:
    return accel_trilu(t[0], p[2], (int)p[3], y);
  case 5:
    return accel_reverse_sequence(t[0], t[1], (int)p[0], (int)p[1], y);
  case 6:
    return accel_onehot(t[0], t[1], t[2], (int)p[0], y);
  case 7:
    return accel_tile(t[0], t[1], y);
  case 8:
    return accel_gather(t[0], (const int *)t[1]->data, t[1]->dims[0],
                        (int)p[0], y);
  default:
    return accel_maxunpool(t[0], t[1], t[2], p[0] ? (const long *)p : NULL,
                           y);
  }
}

int main(int argc, char **argv) {
  int64_t ncases;
  int out =
      driver_open_batch("indexing_driver", argc, argv, "ACINDX01", &ncases);
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
