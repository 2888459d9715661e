/* Every argument check of accel_reduce (test/kernels/reduce-errors.test):
 * each call gets one thing wrong and must return its documented status,
 * print its one line naming the kernel and the argument (FileChecked), and
 * leave y's buffer as it was. Before each call the program prints
 * "== <what>" to stderr; at the end "<n> calls, <f> mismatches", and exit
 * status 1 on a mismatch. */
#define ERRORS_Y_WORDS 64
#include "errors_check.h"
#include <stdint.h>
#include <stdio.h>

static float x_buf[3 * 4 * 5];


int main(void) {
  for (int i = 0; i < 60; ++i)
    x_buf[i] = (float)(i % 7);
  fill_y();
  accel_tensor x = accel_tensor_f32(x_buf, 3, (long[]){3, 4, 5});
  accel_tensor y_keep = accel_tensor_f32((float *)y_buf, 3, (long[]){3, 1, 5});
  accel_tensor y_drop = accel_matrix_f32((float *)y_buf, 3, 5);
  accel_tensor y_bad = accel_matrix_f32((float *)y_buf, 3, 4);
  accel_tensor y_rank1 = accel_tensor_f32((float *)y_buf, 1, (long[]){15});
  accel_tensor y_all = accel_tensor_f32((float *)y_buf, 0, NULL);
  accel_tensor y_over = accel_matrix_f32(x_buf + 2, 3, 5);
  int ax1[] = {1}, ax_out[] = {3}, ax_neg[] = {-4}, ax_twice[] = {1, -2};
  int ax7[7] = {0, 1, 2, 0, 1, 2, 0};

  CALL("sum keepdims", ACCEL_OK,
       accel_reduce(ACCEL_REDUCE_SUM, &x, &y_keep, ax1, 1));
  CALL("mean dropped", ACCEL_OK,
       accel_reduce(ACCEL_REDUCE_MEAN, &x, &y_drop, ax1, 1));
  CALL("max all", ACCEL_OK,
       accel_reduce(ACCEL_REDUCE_MAX, &x, &y_all, NULL, 0));
  CALL("op 10", ACCEL_ERR_ARGUMENT,
       accel_reduce((accel_reduce_op)10, &x, &y_keep, ax1, 1));
  CALL("op -1", ACCEL_ERR_ARGUMENT,
       accel_reduce((accel_reduce_op)-1, &x, &y_keep, ax1, 1));
  CALL("x null", ACCEL_ERR_ARGUMENT,
       accel_reduce(ACCEL_REDUCE_SUM, NULL, &y_keep, ax1, 1));
  CALL("y null", ACCEL_ERR_ARGUMENT,
       accel_reduce(ACCEL_REDUCE_SUM, &x, NULL, ax1, 1));
  CALL("num_axes -1", ACCEL_ERR_ARGUMENT,
       accel_reduce(ACCEL_REDUCE_SUM, &x, &y_keep, ax1, -1));
  CALL("num_axes 4", ACCEL_ERR_ARGUMENT,
       accel_reduce(ACCEL_REDUCE_SUM, &x, &y_keep, ax7, 4));
  CALL("num_axes 7", ACCEL_ERR_ARGUMENT,
       accel_reduce(ACCEL_REDUCE_SUM, &x, &y_keep, ax7, 7));
  CALL("axes null", ACCEL_ERR_ARGUMENT,
       accel_reduce(ACCEL_REDUCE_SUM, &x, &y_keep, NULL, 1));
  CALL("axis 3", ACCEL_ERR_ARGUMENT,
       accel_reduce(ACCEL_REDUCE_SUM, &x, &y_keep, ax_out, 1));
  CALL("axis -4", ACCEL_ERR_ARGUMENT,
       accel_reduce(ACCEL_REDUCE_SUM, &x, &y_keep, ax_neg, 1));
  CALL("axis twice", ACCEL_ERR_ARGUMENT,
       accel_reduce(ACCEL_REDUCE_SUM, &x, &y_keep, ax_twice, 2));
  CALL("y rank", ACCEL_ERR_ARGUMENT,
       accel_reduce(ACCEL_REDUCE_SUM, &x, &y_rank1, ax1, 1));
  CALL("y dims", ACCEL_ERR_ARGUMENT,
       accel_reduce(ACCEL_REDUCE_MIN, &x, &y_bad, ax1, 1));
  CALL("y overlaps x", ACCEL_ERR_UNSUPPORTED,
       accel_reduce(ACCEL_REDUCE_SUM, &x, &y_over, ax1, 1));

  /* Other element types, and the other kernels of reduce/. */
  accel_tensor x_bool = x, x_i32 = x, y_i32 = y_keep, y_i64 = y_drop;
  x_bool.dtype = ACCEL_BOOL, x_i32.dtype = ACCEL_I32;
  y_i32.dtype = ACCEL_I32, y_i64.dtype = ACCEL_I64;
  accel_tensor y_i64_bad = y_bad;
  y_i64_bad.dtype = ACCEL_I64;
  CALL("log_sum_exp f32", ACCEL_OK,
       accel_reduce(ACCEL_REDUCE_LOG_SUM_EXP, &x, &y_keep, ax1, 1));
  CALL("int32 prod", ACCEL_OK,
       accel_reduce(ACCEL_REDUCE_PROD, &x_i32, &y_i32, ax1, 1));
  CALL("x bool", ACCEL_ERR_UNSUPPORTED,
       accel_reduce(ACCEL_REDUCE_SUM, &x_bool, &y_keep, ax1, 1));
  CALL("y int32 for x f32", ACCEL_ERR_UNSUPPORTED,
       accel_reduce(ACCEL_REDUCE_L1, &x, &y_i32, ax1, 1));
  CALL("argmax", ACCEL_OK, accel_argreduce(&x, &y_i64, 1, 0, 1));
  CALL("argmax y f32", ACCEL_ERR_UNSUPPORTED,
       accel_argreduce(&x, &y_drop, 1, 0, 0));
  CALL("argmin axis 3", ACCEL_ERR_ARGUMENT,
       accel_argreduce(&x, &y_i64, 3, 1, 0));
  CALL("argmin y dims", ACCEL_ERR_ARGUMENT,
       accel_argreduce(&x, &y_i64_bad, 1, 1, 0));
  CALL("hardmax x int32", ACCEL_ERR_UNSUPPORTED,
       accel_hardmax(&x_i32, &y_keep, 1));
  CALL("hardmax y dims", ACCEL_ERR_ARGUMENT, accel_hardmax(&x, &y_keep, 1));
  CALL("cumsum y dims", ACCEL_ERR_ARGUMENT,
       accel_cumsum(&x, &y_keep, 1, 0, 0));
  CALL("cumsum axis -4", ACCEL_ERR_ARGUMENT, accel_cumsum(&x, &x, -4, 0, 0));
  CALL("topk k 5", ACCEL_ERR_ARGUMENT,
       accel_topk(&x, &y_keep, NULL, 1, 5, 1));
  CALL("topk indices f32", ACCEL_ERR_UNSUPPORTED,
       accel_topk(&x, NULL, &y_keep, 1, 1, 1));

  return report();
}
