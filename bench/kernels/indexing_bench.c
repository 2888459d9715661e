/* indexing_bench.c - the indexing kernels of indexing_cases.py:
     gather_elements R C N IN OUT  y [R, N] = x [R, C] along axis 1 at
                                   indices (i * 7919 + j * 31) mod C
     scatter_nd R C N IN OUT       y = x [R, C], then rows (i * 7919) mod R
                                   += updates [N, C] (reduction add)
   IN holds x (then updates); OUT gets y (bench_io.h). The indices are
   int64, made before the region. */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>
#include <string.h>

#include "bench_io.h"

static accel_tensor matrix(void *data, accel_dtype t, long r, long c) {
  accel_tensor m = {data, t, 2, {r, c}, {c, 1}};
  return m;
}

int main(int argc, char **argv) {
  if (argc != 7)
    return 2;
  const char *kind = argv[1];
  long r = atol(argv[2]), c = atol(argv[3]), n = atol(argv[4]);
  int gather = !strcmp(kind, "gather_elements");
  long y_size = gather ? r * n : r * c, u_size = gather ? 0 : n * c;
  float *x = bench_alloc(r * c), *y = bench_alloc(y_size);
  float *u = bench_alloc(u_size + 1);
  long *indices = bench_alloc(2 * (gather ? r * n : n));
  if (!x || !y || !u || !indices)
    return 3;
  if (bench_read(argv[5], gather ? 1 : 2, (float *[]){x, u},
                 (long[]){r * c, u_size}))
    return 4;
  accel_tensor tx = matrix(x, ACCEL_F32, r, c);
  accel_status s;
  if (gather) {
    for (long i = 0; i < r; ++i)
      for (long j = 0; j < n; ++j)
        indices[i * n + j] = (i * 7919 + j * 31) % c;
    accel_tensor ti = matrix(indices, ACCEL_I64, r, n);
    accel_tensor ty = matrix(y, ACCEL_F32, r, n);
    bench_output(argv[6], y, y_size);
    accel_region_begin();
    s = accel_gather_elements(&tx, &ti, 1, &ty);
    accel_region_end();
  } else {
    for (long i = 0; i < n; ++i)
      indices[i] = (i * 7919) % r;
    accel_tensor ti = matrix(indices, ACCEL_I64, n, 1);
    accel_tensor tu = matrix(u, ACCEL_F32, n, c);
    accel_tensor ty = matrix(y, ACCEL_F32, r, c);
    bench_output(argv[6], y, y_size);
    accel_region_begin();
    s = accel_scatter_nd(&tx, &ti, &tu, ACCEL_SCATTER_ADD, &ty);
    accel_region_end();
  }
  return bench_finish(s);
}
