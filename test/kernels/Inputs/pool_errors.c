/* Every argument check of the pooling kernels
 * (test/kernels/pooling-errors.test): each call gets one thing wrong and
 * must return its documented status, print its one line naming the kernel
 * and the argument (FileChecked), and leave y's buffer as it was. Before
 * each call the program prints "== <what>" to stderr; at the end "<n>
 * calls, <f> mismatches", and exit status 1 on a mismatch. */
#define ERRORS_Y_WORDS 256
#include "errors_check.h"
#include <stdint.h>
#include <stdio.h>

static float x_buf[2 * 3 * 8 * 8];

static accel_tensor t4(void *data, long n, long c, long h, long w) {
  return accel_tensor_f32(data, 4, (long[]){n, c, h, w});
}


int main(void) {
  for (int i = 0; i < 2 * 3 * 8 * 8; ++i)
    x_buf[i] = (float)(i % 7);
  fill_y();
  accel_tensor x = t4(x_buf, 2, 3, 8, 8);
  accel_tensor y = t4(y_buf, 2, 3, 4, 4); /* 2x2 stride 2 */
  accel_tensor y_big = t4(y_buf, 2, 3, 5, 4);
  accel_tensor x3 = accel_tensor_f32(x_buf, 3, (long[]){2, 3, 8});
  accel_tensor y_over = t4(x_buf + 4, 2, 3, 4, 4);
  accel_tensor x_i8 = x;
  x_i8.dtype = ACCEL_I8;
  accel_pool2d_options o = accel_pool2d_defaults(2, 2);
  o.stride_h = o.stride_w = 2;

  CALL("maxpool valid", ACCEL_OK, accel_maxpool2d(&x, &y, &o));
  CALL("avgpool valid", ACCEL_OK, accel_avgpool2d(&x, &y, &o));
  CALL("maxpool x null", ACCEL_ERR_ARGUMENT, accel_maxpool2d(NULL, &y, &o));
  CALL("maxpool y null", ACCEL_ERR_ARGUMENT, accel_maxpool2d(&x, NULL, &o));
  CALL("maxpool x rank 3", ACCEL_ERR_ARGUMENT, accel_maxpool2d(&x3, &y, &o));
  CALL("maxpool x int8", ACCEL_ERR_UNSUPPORTED,
       accel_maxpool2d(&x_i8, &y, &o));
  CALL("avgpool options null", ACCEL_ERR_ARGUMENT,
       accel_avgpool2d(&x, &y, NULL));
  o.kernel_h = 0;
  CALL("maxpool kernel 0", ACCEL_ERR_ARGUMENT, accel_maxpool2d(&x, &y, &o));
  o.kernel_h = 2, o.stride_w = 0;
  CALL("maxpool stride 0", ACCEL_ERR_ARGUMENT, accel_maxpool2d(&x, &y, &o));
  o.stride_w = 2, o.dilation_h = -1;
  CALL("avgpool dilation -1", ACCEL_ERR_ARGUMENT,
       accel_avgpool2d(&x, &y, &o));
  o.dilation_h = 1, o.pad_left = -1;
  CALL("maxpool pad -1", ACCEL_ERR_ARGUMENT, accel_maxpool2d(&x, &y, &o));
  o.pad_left = 0, o.pad_bottom = 2;
  CALL("maxpool pad 2 of a 2-tap window", ACCEL_ERR_ARGUMENT,
       accel_maxpool2d(&x, &y, &o));
  o.pad_bottom = 0, o.kernel_w = 9;
  CALL("maxpool kernel wider than x", ACCEL_ERR_ARGUMENT,
       accel_maxpool2d(&x, &y, &o));
  o.kernel_w = 2;
  CALL("maxpool y dims", ACCEL_ERR_ARGUMENT,
       accel_maxpool2d(&x, &y_big, &o));
  o.ceil_mode = 1;
  CALL("maxpool ceil mode, y dims", ACCEL_ERR_ARGUMENT,
       accel_maxpool2d(&x, &y_big, &o));
  o.ceil_mode = 0;
  CALL("avgpool overlap", ACCEL_ERR_UNSUPPORTED,
       accel_avgpool2d(&x, &y_over, &o));
  /* rows too long for a band of the window, and output rows too long (x
     a broadcast view, y a buffer of its own) */
  static float wide[1], wide_y[10000];
  accel_tensor x_wide = t4(wide, 1, 1, 2, 20000);
  x_wide.strides[2] = 0, x_wide.strides[3] = 0;
  accel_tensor y_wide = t4(wide_y, 1, 1, 1, 10000);
  CALL("maxpool rows too long", ACCEL_ERR_UNSUPPORTED,
       accel_maxpool2d(&x_wide, &y_wide, &o));
  accel_pool2d_options one = accel_pool2d_defaults(1, 1);
  accel_tensor x_long = t4(wide, 1, 1, 1, 4000);
  x_long.strides[3] = 0;
  accel_tensor y_long = t4(wide_y, 1, 1, 1, 4000);
  CALL("avgpool output rows too long", ACCEL_ERR_UNSUPPORTED,
       accel_avgpool2d(&x_long, &y_long, &one));

  accel_tensor g = t4(y_buf, 2, 3, 1, 1);
  accel_tensor g2 = accel_matrix_f32((float *)y_buf, 2, 3);
  accel_tensor g_bad = t4(y_buf, 2, 3, 2, 1);
  accel_tensor g3 = accel_tensor_f32((float *)y_buf, 3, (long[]){2, 3, 1});
  CALL("global avgpool valid", ACCEL_OK, accel_global_avgpool(&x, &g));
  CALL("global maxpool [N, C]", ACCEL_OK, accel_global_maxpool(&x, &g2));
  CALL("global avgpool x rank 3", ACCEL_ERR_ARGUMENT,
       accel_global_avgpool(&x3, &g));
  CALL("global maxpool y null", ACCEL_ERR_ARGUMENT,
       accel_global_maxpool(&x, NULL));
  CALL("global avgpool y 2x3x2x1", ACCEL_ERR_ARGUMENT,
       accel_global_avgpool(&x, &g_bad));
  CALL("global maxpool y rank 3", ACCEL_ERR_ARGUMENT,
       accel_global_maxpool(&x, &g3));
  accel_tensor g_over = t4(x_buf + 1, 2, 3, 1, 1);
  CALL("global avgpool overlap", ACCEL_ERR_UNSUPPORTED,
       accel_global_avgpool(&x, &g_over));

  return report();
}
