/* Every argument check of accel_conv2d_upsampled
 * (test/kernels/conv2d-upsampled-errors.test): each call gets one thing
 * wrong and must return its documented status, print its one line naming
 * the kernel and the argument (FileChecked), and leave y's buffer as it
 * was. Before each call the program prints "== <what>" to stderr; at the
 * end "<n> calls, <f> mismatches", and exit status 1 on a mismatch. */
#define ERRORS_Y_WORDS (1 * 8 * 6 * 10)
#include "errors_check.h"
#include <stdint.h>
#include <stdio.h>

static float x_buf[1 * 4 * 3 * 5], w_buf[16 * 4 * 3 * 3], b_buf[16];

int main(void) {
  for (int i = 0; i < 4 * 3 * 5; ++i)
    x_buf[i] = (float)(i % 7) - 3.0f;
  for (int i = 0; i < 16 * 4 * 3 * 3; ++i)
    w_buf[i] = 0.125f * (float)(i % 5);
  fill_y();
  accel_tensor x = accel_tensor_f32(x_buf, 4, (long[]){1, 4, 3, 5});
  accel_tensor w = accel_tensor_f32(w_buf, 4, (long[]){16, 4, 2, 3});
  accel_tensor y = accel_tensor_f32((float *)y_buf, 4, (long[]){1, 8, 6, 10});
  accel_tensor b = accel_tensor_f32(b_buf, 1, (long[]){8});
  accel_tensor b16 = accel_tensor_f32(b_buf, 1, (long[]){16});
  accel_tensor x3 = accel_tensor_f32(x_buf, 3, (long[]){4, 3, 5});
  accel_tensor w_3x3 = accel_tensor_f32(w_buf, 4, (long[]){8, 4, 3, 3});
  accel_tensor y_small =
      accel_tensor_f32((float *)y_buf, 4, (long[]){1, 8, 3, 5});
  accel_tensor y_over = accel_tensor_f32(w_buf, 4, (long[]){1, 8, 6, 10});
  accel_conv2d_upsampled_options o = {2, 3, 1,  1,
                                      1, 1, &b, {ACCEL_ACT_RELU, 0.0f, 0.0f}};

  CALL("valid", ACCEL_OK, accel_conv2d_upsampled(&x, &w, &y, &o));
  CALL("options null", ACCEL_ERR_ARGUMENT,
       accel_conv2d_upsampled(&x, &w, &y, NULL));
  CALL("x null", ACCEL_ERR_ARGUMENT, accel_conv2d_upsampled(NULL, &w, &y, &o));
  CALL("x rank 3", ACCEL_ERR_ARGUMENT, accel_conv2d_upsampled(&x3, &w, &y, &o));
  CALL("w unsummed", ACCEL_ERR_ARGUMENT,
       accel_conv2d_upsampled(&x, &w_3x3, &y, &o));
  CALL("y dims", ACCEL_ERR_ARGUMENT,
       accel_conv2d_upsampled(&x, &w, &y_small, &o));
  o.bias = &b16;
  CALL("bias dims", ACCEL_ERR_ARGUMENT, accel_conv2d_upsampled(&x, &w, &y, &o));
  o.bias = &b, o.scale = 0;
  CALL("scale 0", ACCEL_ERR_ARGUMENT, accel_conv2d_upsampled(&x, &w, &y, &o));
  o.scale = 9;
  CALL("scale 9", ACCEL_ERR_UNSUPPORTED,
       accel_conv2d_upsampled(&x, &w, &y, &o));
  o.scale = 2, o.kernel_h = 0;
  CALL("kernel_h 0", ACCEL_ERR_ARGUMENT,
       accel_conv2d_upsampled(&x, &w, &y, &o));
  o.kernel_h = 3, o.pad_left = -1;
  CALL("pad negative", ACCEL_ERR_ARGUMENT,
       accel_conv2d_upsampled(&x, &w, &y, &o));
  o.pad_left = 1, o.act.kind = ACCEL_ACT_GELU_ERF;
  CALL("act gelu_erf", ACCEL_ERR_ARGUMENT,
       accel_conv2d_upsampled(&x, &w, &y, &o));
  o.act.kind = ACCEL_ACT_CLIP, o.act.lo = 1.0f, o.act.hi = -1.0f;
  CALL("clip unordered", ACCEL_ERR_ARGUMENT,
       accel_conv2d_upsampled(&x, &w, &y, &o));
  o.act.kind = ACCEL_ACT_NONE;
  CALL("y overlaps w_rows", ACCEL_ERR_UNSUPPORTED,
       accel_conv2d_upsampled(&x, &w, &y_over, &o));
  return report();
}
