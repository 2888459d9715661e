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

  return report();
}
