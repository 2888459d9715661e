/* Every argument check of accel_squeeze_excite
 * (test/kernels/squeeze-excite-errors.test): each call gets one thing
 * wrong and must return its documented status, print its one line naming
 * the kernel and the argument (FileChecked), and leave y's buffer as it
 * was. Before each call the program prints "== <what>" to stderr; at the
 * end "<n> calls, <f> mismatches", and exit status 1 on a mismatch. */
#define ERRORS_Y_WORDS (2 * 8 * 4 * 4)
#include "errors_check.h"
#include <stdint.h>
#include <stdio.h>

static float x_buf[2 * 8 * 4 * 4], w1_buf[2 * 8], w2_buf[8 * 2], b_buf[8];

int main(void) {
  for (int i = 0; i < 2 * 8 * 4 * 4; ++i)
    x_buf[i] = (float)(i % 7) - 3.0f;
  for (int i = 0; i < 16; ++i)
    w1_buf[i] = w2_buf[i] = 0.125f * (float)(i % 5);
  fill_y();
  accel_tensor x = accel_tensor_f32(x_buf, 4, (long[]){2, 8, 4, 4});
  accel_tensor y = accel_tensor_f32((float *)y_buf, 4, (long[]){2, 8, 4, 4});
  accel_tensor w1 = accel_tensor_f32(w1_buf, 2, (long[]){2, 8});
  accel_tensor w2 = accel_tensor_f32(w2_buf, 4, (long[]){8, 2, 1, 1});
  accel_tensor b1 = accel_tensor_f32(b_buf, 1, (long[]){2});
  accel_tensor b2 = accel_tensor_f32(b_buf, 1, (long[]){8});
  accel_tensor y_small = accel_tensor_f32((float *)y_buf, 4, (long[]){2, 8, 4, 3});
  accel_tensor x3 = accel_tensor_f32(x_buf, 3, (long[]){2, 8, 16});
  accel_tensor w2_bad = accel_tensor_f32(w2_buf, 2, (long[]){8, 3});
  accel_tensor w1_3x3 = accel_tensor_f32(w1_buf, 4, (long[]){2, 8, 1, 1});
  w1_3x3.dims[2] = 3;
  accel_tensor w1_t = w1; /* transposed: strided */
  w1_t.strides[0] = 1, w1_t.strides[1] = 2;
  accel_tensor x_pad = x; /* planes apart */
  x_pad.dims[0] = 1, x_pad.strides[1] = 17;
  accel_tensor y1 = y;
  y1.dims[0] = 1;
  accel_tensor y_over = accel_tensor_f32(x_buf, 4, (long[]){2, 8, 4, 4});
  accel_tensor x_big = accel_tensor_f32(x_buf, 4, (long[]){1, 8, 129, 128});
  accel_tensor y_big = accel_tensor_f32((float *)y_buf, 4, (long[]){1, 8, 129, 128});
  accel_squeeze_excite_options o = accel_squeeze_excite_defaults();
  o.act = ACCEL_ACT_SILU, o.bias1 = &b1, o.bias2 = &b2;

  CALL("valid", ACCEL_OK, accel_squeeze_excite(&x, &w1, &w2, &y, &o));
  CALL("options null", ACCEL_OK,
       accel_squeeze_excite(&x, &w1, &w2, &y, NULL));
  CALL("x null", ACCEL_ERR_ARGUMENT,
       accel_squeeze_excite(NULL, &w1, &w2, &y, &o));
  CALL("x rank 3", ACCEL_ERR_ARGUMENT,
       accel_squeeze_excite(&x3, &w1, &w2, &y, &o));
  CALL("y dims", ACCEL_ERR_ARGUMENT,
       accel_squeeze_excite(&x, &w1, &w2, &y_small, &o));
  CALL("w2 dims", ACCEL_ERR_ARGUMENT,
       accel_squeeze_excite(&x, &w1, &w2_bad, &y, &o));
  CALL("w1 3x1 kernel", ACCEL_ERR_ARGUMENT,
       accel_squeeze_excite(&x, &w1_3x3, &w2, &y, &o));
  CALL("w1 strided", ACCEL_ERR_UNSUPPORTED,
       accel_squeeze_excite(&x, &w1_t, &w2, &y, &o));
  CALL("x planes apart", ACCEL_ERR_UNSUPPORTED,
       accel_squeeze_excite(&x_pad, &w1, &w2, &y1, &o));
  o.bias1 = &b2;
  CALL("bias1 dims", ACCEL_ERR_ARGUMENT,
       accel_squeeze_excite(&x, &w1, &w2, &y, &o));
  o.bias1 = &b1, o.act = ACCEL_ACT_GELU;
  CALL("act gelu", ACCEL_ERR_UNSUPPORTED,
       accel_squeeze_excite(&x, &w1, &w2, &y, &o));
  o.act = ACCEL_ACT_RELU;
  CALL("y overlaps x", ACCEL_ERR_UNSUPPORTED,
       accel_squeeze_excite(&x, &w1, &w2, &y_over, &o));
  CALL("plane past the limit", ACCEL_ERR_UNSUPPORTED,
       accel_squeeze_excite(&x_big, &w1, &w2, &y_big, &o));
  fprintf(stderr, "%d calls, %d mismatches\n", calls, mismatches);
  return mismatches != 0;
}
