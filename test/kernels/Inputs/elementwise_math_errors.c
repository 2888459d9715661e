/* The argument checks of the elementwise kernels' float math kinds
   (test/kernels/elementwise-math.test): each call gets one thing wrong and
   must return its status, print its one line and leave y as it was; the
   valid calls near them print nothing. */
#include <accel_kernels.h>

#define ERRORS_Y_WORDS 16
#include "errors_check.h"

static float x_buf[16];
static double x64_buf[16];

int main(void) {
  fill_y();
  long n = 16;
  accel_tensor x = accel_tensor_f32(x_buf, 1, &n);
  accel_tensor y = accel_tensor_f32((float *)y_buf, 1, &n);
  accel_tensor x64 = x, y64 = y;
  x64.data = x64_buf, x64.dtype = ACCEL_F64;
  y64.data = x64_buf, y64.dtype = ACCEL_F64;
  accel_elementwise_options o = accel_elementwise_defaults();
  CALL("valid floor", ACCEL_OK,
       accel_elementwise_unary(ACCEL_EW_FLOOR, &x, &y, &o));
  CALL("valid prelu", ACCEL_OK,
       accel_elementwise_binary(ACCEL_EW_PRELU, &x, &x, &y));
  CALL("unary given prelu", ACCEL_ERR_ARGUMENT,
       accel_elementwise_unary(ACCEL_EW_PRELU, &x, &y, &o));
  CALL("binary given floor", ACCEL_ERR_ARGUMENT,
       accel_elementwise_binary(ACCEL_EW_FLOOR, &x, &x, &y));
  CALL("unary op 60", ACCEL_ERR_ARGUMENT,
       accel_elementwise_unary((accel_elementwise_op)60, &x, &y, &o));
  const accel_tensor *in[1] = {&x};
  accel_elementwise_step steps[2] = {{ACCEL_EW_SIN, 0, 0, 0, o},
                                     {(accel_elementwise_op)60, 0, 0, 0, o}};
  CALL("chain step op 60", ACCEL_ERR_ARGUMENT,
       accel_elementwise_chain(steps, 2, in, 1, &y));
  CALL("sin of f64", ACCEL_ERR_UNSUPPORTED,
       accel_elementwise_unary(ACCEL_EW_SIN, &x64, &y64, &o));
  return report();
}
