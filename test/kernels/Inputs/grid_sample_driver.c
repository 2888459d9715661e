/* accel_grid_sample's driver of test/kernels/grid-sample.test
 * (grid_sample_check.py writes its case file and checks what it writes
 * back).
 *
 * Case file: "GRIDSMP1", int64 ncases, then per case the int64s mode,
 * padding, align_corners, x's dims[4], grid's dims[4], y's dims[4], then
 * x's and grid's f32 elements (contiguous). Output file: per case the
 * int64 status, then y's elements (contiguous, NaN where not written). */
#include "driver_io.h"

static long count(const int64_t *d) { return d[0] * d[1] * d[2] * d[3]; }

static void describe(accel_tensor *t, void *data, const int64_t *dims) {
  memset(t, 0, sizeof *t);
  t->data = data, t->dtype = ACCEL_F32, t->rank = 4;
  long s = 1;
  for (int d = 3; d >= 0; --d)
    t->dims[d] = dims[d], t->strides[d] = s, s *= dims[d];
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  int64_t ncases;
  if (!driver_open("grid_sample_driver", argv[1], "GRIDSMP1") ||
      !driver_read(&ncases, sizeof ncases, "header"))
    return 3;
  int out = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (out < 0)
    return 3;
  for (int64_t c = 0; c < ncases; ++c) {
    int64_t h[15];
    if (!driver_read(h, sizeof h, "case"))
      return 3;
    long nx = count(h + 3), ng = count(h + 7), ny = count(h + 11);
    float *x = malloc(nx * 4 + 4), *g = malloc(ng * 4 + 4),
          *y = malloc(ny * 4 + 4);
    if (!x || !g || !y || !driver_read(x, nx * 4, "x") ||
        !driver_read(g, ng * 4, "grid"))
      return 3;
    for (long i = 0; i < ny; ++i)
      y[i] = __builtin_nanf("");
    accel_tensor tx, tg, ty;
    describe(&tx, x, h + 3), describe(&tg, g, h + 7), describe(&ty, y, h + 11);
    accel_grid_sample_options o = {(int)h[0], (int)h[1], (int)h[2]};
    int64_t status = accel_grid_sample(&tx, &tg, &ty, &o);
    if (write(out, &status, 8) != 8 || write(out, y, ny * 4) != ny * 4)
      return 4;
    free(x), free(g), free(y);
  }
  return close(out) != 0;
}
