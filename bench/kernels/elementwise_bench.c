/* elementwise_bench.c - one elementwise call on rows x cols f32 tensors in
   DRAM, the call alone the region of interest for accel-sim --stats-json
   (bench/kernels/kernels.py, elementwise_cases.py):
     elementwise_bench CASE ROWS COLS IN OUT
   CASE: "add" (y = x + w), "exp", "gelu" (the erf form), "gelu_tanh",
   "chain4" (y = gelu_tanh(x * w + bias) * scale: bias one row, scale one
   element, broadcast, in one accel_elementwise_chain), "separate4" (the
   same as four calls, y the intermediate each time), "round" (on the
   vector unit), "softplus" (the stream engine's exp, then the vector unit),
   "sin" or "atan" (polynomials on the vector unit). IN holds x and w
   (rows x cols), the bias (cols) and the scale (1); OUT gets y
   (bench_io.h). */
#include <accel.h>
#include <accel_kernels.h>
#include <stdlib.h>
#include <string.h>

#include "bench_io.h"

int main(int argc, char **argv) {
  if (argc != 6)
    return 2;
  long rows = atol(argv[2]), cols = atol(argv[3]);
  float *x = bench_alloc(rows * cols), *w = bench_alloc(rows * cols);
  float *y = bench_alloc(rows * cols), *bias = bench_alloc(cols);
  float *scale = bench_alloc(1);
  if (!x || !w || !y || !bias || !scale)
    return 3;
  if (bench_read(argv[4], 4, (float *[]){x, w, bias, scale},
                 (long[]){rows * cols, rows * cols, cols, 1}))
    return 4;
  bench_output(argv[5], y, rows * cols);
  accel_tensor tx = accel_matrix_f32(x, rows, cols);
  accel_tensor tw = accel_matrix_f32(w, rows, cols);
  accel_tensor ty = accel_matrix_f32(y, rows, cols);
  accel_tensor tb = accel_tensor_f32(bias, 1, &cols);
  long one = 1;
  accel_tensor ts = accel_tensor_f32(scale, 1, &one);
  /* The case decided before the region: a strcmp in it costs 300 cycles
     (the bytes of argv are in DRAM). */
  static const char *const names[] = {
      "add",   "exp", "gelu",     "gelu_tanh", "separate4",
      "round", "sin", "softplus", "atan",      "chain4"};
  int which = 0;
  while (which < 9 && strcmp(argv[1], names[which]))
    ++which;
  accel_elementwise_options o = accel_elementwise_defaults();
  accel_elementwise_step steps[4] = {{ACCEL_EW_MUL, 1, 0, 0, o},
                                     {ACCEL_EW_ADD, 2, 0, 0, o},
                                     {ACCEL_EW_GELU_TANH, 0, 0, 0, o},
                                     {ACCEL_EW_MUL, 3, 0, 0, o}};
  const accel_tensor *in[4] = {&tx, &tw, &tb, &ts};
  accel_status s;
  accel_region_begin();
  if (which == 0) {
    s = accel_elementwise_binary(ACCEL_EW_ADD, &tx, &tw, &ty);
  } else if (which == 1) {
    s = accel_elementwise_unary(ACCEL_EW_EXP, &tx, &ty, NULL);
  } else if (which == 2) {
    s = accel_elementwise_unary(ACCEL_EW_GELU, &tx, &ty, NULL);
  } else if (which == 3) {
    s = accel_elementwise_unary(ACCEL_EW_GELU_TANH, &tx, &ty, NULL);
  } else if (which == 4) {
    s = accel_elementwise_binary(ACCEL_EW_MUL, &tx, &tw, &ty);
    s |= accel_elementwise_binary(ACCEL_EW_ADD, &ty, &tb, &ty);
    s |= accel_elementwise_unary(ACCEL_EW_GELU_TANH, &ty, &ty, NULL);
    s |= accel_elementwise_binary(ACCEL_EW_MUL, &ty, &ts, &ty);
  } else if (which == 5) {
    s = accel_elementwise_unary(ACCEL_EW_ROUND, &tx, &ty, NULL);
  } else if (which == 6) {
    s = accel_elementwise_unary(ACCEL_EW_SIN, &tx, &ty, NULL);
  } else if (which == 7) {
    s = accel_elementwise_unary(ACCEL_EW_SOFTPLUS, &tx, &ty, NULL);
  } else if (which == 8) {
    s = accel_elementwise_unary(ACCEL_EW_ATAN, &tx, &ty, NULL);
  } else {
    s = accel_elementwise_chain(steps, 4, in, 4, &ty);
  }
  accel_region_end();
  return bench_finish(s);
}
