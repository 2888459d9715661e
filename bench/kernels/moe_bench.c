/* moe_bench.c - accel_moe_route on logits [T, E] and accel_gated_sum of
   n terms [T, D] (the first ungated, term i by gate column i - 1) with
   gates [T, E], all contiguous (bench/kernels/moe_cases.py): the call
   alone the region of interest for accel-sim --stats-json.
     moe_bench route <t> <e> <k> IN OUT    IN: logits; OUT: gates
     moe_bench sum <t> <e> <d> <n> IN OUT  IN: gates, the terms; OUT: y
   (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>
#include <string.h>

#include "bench_io.h"

static int route(char **argv) {
  long t = atol(argv[2]), e = atol(argv[3]), k = atol(argv[4]);
  float *x = bench_alloc(t * e), *g = bench_alloc(t * e);
  if (!x || !g)
    return 3;
  if (bench_read(argv[5], 1, (float *[]){x}, (long[]){t * e}))
    return 4;
  bench_output(argv[6], g, t * e);
  accel_tensor tx = accel_matrix_f32(x, t, e), tg = accel_matrix_f32(g, t, e);
  accel_region_begin();
  accel_status st = accel_moe_route(&tx, &tg, k, 1);
  accel_region_end();
  return bench_finish(st);
}

static int sum(char **argv) {
  long t = atol(argv[2]), e = atol(argv[3]), d = atol(argv[4]);
  int n = atoi(argv[5]);
  if (n < 1 || n > ACCEL_GATED_SUM_MAX_TERMS)
    return 2;
  static float *data[ACCEL_GATED_SUM_MAX_TERMS + 1];
  static long sizes[ACCEL_GATED_SUM_MAX_TERMS + 1];
  static accel_tensor terms[ACCEL_GATED_SUM_MAX_TERMS];
  static const accel_tensor *ptrs[ACCEL_GATED_SUM_MAX_TERMS];
  static long columns[ACCEL_GATED_SUM_MAX_TERMS];
  float *y = bench_alloc(t * d);
  for (int i = 0; i <= n; ++i) {
    sizes[i] = i ? t * d : t * e;
    if (!(data[i] = bench_alloc(sizes[i])) || !y)
      return 3;
  }
  if (bench_read(argv[6], n + 1, data, sizes))
    return 4;
  bench_output(argv[7], y, t * d);
  for (int i = 0; i < n; ++i) {
    terms[i] = accel_matrix_f32(data[i + 1], t, d);
    ptrs[i] = &terms[i];
    columns[i] = i - 1;
  }
  accel_tensor tg = accel_matrix_f32(data[0], t, e);
  accel_tensor ty = accel_matrix_f32(y, t, d);
  accel_region_begin();
  accel_status st = accel_gated_sum(&tg, ptrs, columns, n, &ty);
  accel_region_end();
  return bench_finish(st);
}

int main(int argc, char **argv) {
  if (argc == 7 && !strcmp(argv[1], "route"))
    return route(argv);
  if (argc == 8 && !strcmp(argv[1], "sum"))
    return sum(argv);
  return 2;
}
