/* cast_bench.c - one accel_cast call on n contiguous elements in DRAM,
   the call alone the region of interest for accel-sim --stats-json
   (bench/kernels/kernels.py, cast_cases.py):
     cast_bench XTYPE YTYPE N IN OUT
   XTYPE and YTYPE are accel_dtype values. IN holds x's n elements (their
   bytes, as bench_io.h's floats: n * size / 4 of them); OUT gets y's
   bytes likewise (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>

#include "bench_io.h"

int main(int argc, char **argv) {
  if (argc != 6)
    return 2;
  accel_dtype xt = (accel_dtype)atoi(argv[1]), yt = (accel_dtype)atoi(argv[2]);
  long n = atol(argv[3]);
  long xwords = (n * (long)accel_dtype_bytes(xt) + 3) / 4;
  long ywords = (n * (long)accel_dtype_bytes(yt) + 3) / 4;
  float *x = bench_alloc(xwords), *y = bench_alloc(ywords);
  if (!x || !y)
    return 3;
  if (bench_read(argv[4], 1, (float *[]){x}, (long[]){xwords}))
    return 4;
  bench_output(argv[5], y, ywords);
  accel_tensor tx = {x, xt, 1, {n}, {1}}, ty = {y, yt, 1, {n}, {1}};
  accel_region_begin();
  accel_status s = accel_cast(&tx, &ty);
  accel_region_end();
  return bench_finish(s);
}
