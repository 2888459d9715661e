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

int main(int argc, char **argv) {
  int64_t ncases;
  int out =
      driver_open_batch("grid_sample_driver", argc, argv, "GRIDSMP1", &ncases);
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
    driver_dense(&tx, x, ACCEL_F32, 4, h + 3);
    driver_dense(&tg, g, ACCEL_F32, 4, h + 7);
    driver_dense(&ty, y, ACCEL_F32, 4, h + 11);
    accel_grid_sample_options o = {(int)h[0], (int)h[1], (int)h[2]};
    int64_t status = accel_grid_sample(&tx, &tg, &ty, &o);
    if (write(out, &status, 8) != 8 || write(out, y, ny * 4) != ny * 4)
      return 4;
    free(x), free(g), free(y);
  }
  return close(out) != 0;
}
