/* Every argument check of the normalization kernels
 * (test/kernels/normalization-errors.test): each call gets one thing wrong
 * and must return its documented status, print its one line naming the
 * kernel and the argument (FileChecked), and leave y's buffer as it was.
 * Before each call the program prints "== <what>" to stderr; at the end
 * "<n> calls, <f> mismatches", and exit status 1 on a mismatch. */
#define ERRORS_Y_WORDS 64
#include "errors_check.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { Rows = 3, Cols = 8 };

static float x_buf[64], p_buf[64], q_buf[64];

static accel_tensor tensor(void *data, int rank, long d0, long d1, long d2) {
  accel_tensor t = accel_tensor_f32(data, rank, (long[]){d0, d1, d2});
  return t;
}


int main(void) {
  for (int i = 0; i < 64; ++i)
    x_buf[i] = (float)(i % 7), p_buf[i] = 1.0f, q_buf[i] = 0.5f, y_buf[i] =
        Sentinel;
  accel_tensor x = tensor(x_buf, 2, Rows, Cols, 0);
  accel_tensor y = tensor(y_buf, 2, Rows, Cols, 0);
  accel_tensor y_short = tensor(y_buf, 2, Rows, Cols - 1, 0);
  accel_tensor y_rank3 = tensor(y_buf, 3, 1, Rows, Cols);
  accel_tensor y_over = tensor(x_buf + 1, 2, Rows, Cols, 0);
  accel_tensor scale = tensor(p_buf, 1, Cols, 0, 0);
  accel_tensor scale_short = tensor(p_buf, 1, Cols - 1, 0, 0);
  accel_tensor channels = tensor(p_buf, 1, Cols, 0, 0);
  accel_tensor channels_short = tensor(q_buf, 1, 2, 0, 0);
  accel_tensor gapped = x;
  gapped.dims[0] = 2, gapped.dims[1] = 4, gapped.strides[0] = 5;
  accel_tensor y_gapped = tensor(y_buf, 2, 2, 4, 0);
  accel_tensor x1 = tensor(x_buf, 1, Cols, 0, 0);
  accel_tensor y1 = tensor(y_buf, 1, Cols, 0, 0);

  CALL("softmax valid", ACCEL_OK, accel_softmax(&x, &y, 1, 0));
  CALL("softmax in place", ACCEL_OK, accel_softmax(&x, &x, -1, 1));
  CALL("softmax x null", ACCEL_ERR_ARGUMENT, accel_softmax(NULL, &y, 0, 0));
  CALL("softmax y null", ACCEL_ERR_ARGUMENT, accel_softmax(&x, NULL, 0, 0));
  CALL("softmax dims", ACCEL_ERR_ARGUMENT, accel_softmax(&x, &y_short, 0, 0));
  CALL("softmax rank", ACCEL_ERR_ARGUMENT, accel_softmax(&x, &y_rank3, 0, 0));
  CALL("softmax axis 2", ACCEL_ERR_ARGUMENT, accel_softmax(&x, &y, 2, 0));
  CALL("softmax axis -3", ACCEL_ERR_ARGUMENT, accel_softmax(&x, &y, -3, 0));
  CALL("softmax overlap", ACCEL_ERR_UNSUPPORTED,
       accel_softmax(&x, &y_over, 1, 0));

  accel_norm_options o = accel_norm_defaults();
  CALL("layernorm valid", ACCEL_OK, accel_layernorm(&x, &y, NULL));
  o.scale = &scale;
  o.shift = &scale;
  CALL("layernorm scale, shift", ACCEL_OK, accel_layernorm(&x, &y, &o));
  o.scale = &scale_short;
  CALL("layernorm scale short", ACCEL_ERR_ARGUMENT,
       accel_layernorm(&x, &y, &o));
  o.scale = NULL;
  o.shift = NULL;
  o.axis = 0;
  CALL("layernorm gapped", ACCEL_ERR_UNSUPPORTED,
       accel_layernorm(&gapped, &y_gapped, &o));
  o.axis = 5;
  CALL("layernorm axis 5", ACCEL_ERR_ARGUMENT, accel_layernorm(&x, &y, &o));
  o.axis = -1;
  o.epsilon = -1.0f;
  CALL("layernorm epsilon", ACCEL_ERR_ARGUMENT, accel_layernorm(&x, &y, &o));
  o.epsilon = NAN;
  CALL("rmsnorm epsilon NaN", ACCEL_ERR_ARGUMENT, accel_rmsnorm(&x, &y, &o));
  o.epsilon = 1e-5f;
  o.shift = &scale;
  CALL("rmsnorm shift", ACCEL_ERR_ARGUMENT, accel_rmsnorm(&x, &y, &o));
  o.shift = NULL;
  CALL("rmsnorm valid", ACCEL_OK, accel_rmsnorm(&x, &y, &o));
  accel_tensor residual = tensor(q_buf, 2, Rows, Cols, 0);
  accel_tensor residual_short = tensor(q_buf, 2, Rows, Cols - 1, 0);
  accel_tensor residual_gapped = gapped;
  residual_gapped.data = q_buf;
  accel_tensor residual_over = tensor(y_buf + 1, 2, Rows, Cols, 0);
  accel_tensor x_compact = tensor(x_buf, 2, 2, 4, 0);
  o.residual = &residual;
  CALL("layernorm residual", ACCEL_OK, accel_layernorm(&x, &y, &o));
  CALL("rmsnorm residual in place", ACCEL_OK,
       accel_rmsnorm(&x, &residual, &o));
  o.residual = &residual_short;
  CALL("layernorm residual dims", ACCEL_ERR_ARGUMENT,
       accel_layernorm(&x, &y, &o));
  o.residual = &residual_over;
  CALL("layernorm residual overlaps y", ACCEL_ERR_UNSUPPORTED,
       accel_layernorm(&x, &y, &o));
  o.residual = &residual_gapped;
  o.axis = 0;
  CALL("layernorm residual gapped", ACCEL_ERR_UNSUPPORTED,
       accel_layernorm(&x_compact, &y_gapped, &o));
  o.residual = NULL;
  o.axis = -1;

  accel_batchnorm_options b = {&channels, &channels, NULL, NULL, 1e-5f};
  accel_tensor x3 = tensor(x_buf, 3, 2, Cols, 2);
  accel_tensor y3 = tensor(y_buf, 3, 2, Cols, 2);
  CALL("batchnorm valid", ACCEL_OK, accel_batchnorm(&x3, &y3, &b));
  CALL("batchnorm options null", ACCEL_ERR_ARGUMENT,
       accel_batchnorm(&x3, &y3, NULL));
  b.var = NULL;
  CALL("batchnorm var null", ACCEL_ERR_ARGUMENT,
       accel_batchnorm(&x3, &y3, &b));
  b.var = &channels;
  b.scale = &channels_short;
  CALL("batchnorm scale short", ACCEL_ERR_ARGUMENT,
       accel_batchnorm(&x3, &y3, &b));
  b.scale = NULL;
  CALL("batchnorm rank 1", ACCEL_ERR_ARGUMENT,
       accel_batchnorm(&x1, &y1, &b));

  return report();
}
