/* Every argument check of accel_gemm_layernorm, and accel_mlp_layernorm's
 * own (test/kernels/gemm-norm-errors.test): each call gets one thing wrong and
 * must return its documented status, print its one line naming the kernel
 * and the argument (FileChecked), and leave y's buffer as it was. Before
 * each call the program prints "== <what>" to stderr; at the end
 * "<n> calls, <f> mismatches", and exit status 1 on a mismatch. */
#define ERRORS_Y_WORDS 64
#include "errors_check.h"
#include <math.h>
#include <stdio.h>

enum { Rows = 4, K = 6, N = 8 };

static float a_buf[64], b_buf[64], p_buf[64], r_buf[64];

static accel_tensor matrix(void *data, long rows, long cols) {
  return accel_tensor_f32(data, 2, (long[]){rows, cols});
}

int main(void) {
  for (int i = 0; i < 64; ++i)
    a_buf[i] = (float)(i % 5), b_buf[i] = (float)(i % 3) - 1.0f,
    p_buf[i] = 1.0f, r_buf[i] = 0.25f;
  fill_y();
  accel_tensor a = matrix(a_buf, Rows, K), b = matrix(b_buf, K, N);
  accel_tensor y = matrix(y_buf, Rows, N), r = matrix(r_buf, Rows, N);
  accel_tensor bias = accel_tensor_f32(p_buf, 1, (long[]){N});
  accel_tensor short_bias = accel_tensor_f32(p_buf, 1, (long[]){N - 1});
  accel_tensor a_rows = matrix(a_buf, Rows + 1, K);
  accel_tensor a_k = matrix(a_buf, Rows, K + 1);
  accel_tensor b_n = matrix(b_buf, K, N - 1);
  accel_tensor y_over = matrix(a_buf, Rows, N);
  accel_tensor y_half = matrix(r_buf + 1, Rows, N);
  /* K of 8192 (broadcast views: they fit DRAM): op(b) does not fit the
     scratchpad. */
  accel_tensor b_big = matrix(b_buf, 8192, N), a_big = matrix(a_buf, Rows, 8192);
  b_big.strides[0] = 0, a_big.strides[0] = a_big.strides[1] = 0;

  accel_gemm_options g = accel_gemm_defaults();
  accel_norm_options n = accel_norm_defaults();
  CALL("valid", ACCEL_OK, accel_gemm_layernorm(&a, &b, &y, NULL, NULL));
  g.bias_kind = ACCEL_BIAS_PER_COLUMN, g.bias = &bias;
  n.scale = n.shift = &bias, n.residual = &r;
  CALL("valid, every option", ACCEL_OK,
       accel_gemm_layernorm(&a, &b, &y, &g, &n));
  CALL("y in place of the residual", ACCEL_OK,
       accel_gemm_layernorm(&a, &b, &r, &g, &n));
  CALL("a null", ACCEL_ERR_ARGUMENT,
       accel_gemm_layernorm(NULL, &b, &y, &g, &n));
  CALL("a rows", ACCEL_ERR_ARGUMENT,
       accel_gemm_layernorm(&a_rows, &b, &y, &g, &n));
  CALL("a columns", ACCEL_ERR_ARGUMENT,
       accel_gemm_layernorm(&a_k, &b, &y, &g, &n));
  CALL("b columns", ACCEL_ERR_ARGUMENT,
       accel_gemm_layernorm(&a, &b_n, &y, &g, &n));
  g.bias = &short_bias;
  CALL("bias short", ACCEL_ERR_ARGUMENT,
       accel_gemm_layernorm(&a, &b, &y, &g, &n));
  g.bias = &bias;
  g.alpha = 2.0f;
  CALL("alpha", ACCEL_ERR_UNSUPPORTED,
       accel_gemm_layernorm(&a, &b, &y, &g, &n));
  g.alpha = 1.0f;
  g.act.kind = ACCEL_ACT_RELU;
  CALL("activation", ACCEL_ERR_UNSUPPORTED,
       accel_gemm_layernorm(&a, &b, &y, &g, &n));
  g.act.kind = ACCEL_ACT_NONE;
  n.axis = 0;
  CALL("axis 0", ACCEL_ERR_UNSUPPORTED,
       accel_gemm_layernorm(&a, &b, &y, &g, &n));
  n.axis = -1;
  n.epsilon = NAN;
  CALL("epsilon NaN", ACCEL_ERR_ARGUMENT,
       accel_gemm_layernorm(&a, &b, &y, &g, &n));
  n.epsilon = 1e-5f;
  CALL("y overlaps a", ACCEL_ERR_UNSUPPORTED,
       accel_gemm_layernorm(&a, &b, &y_over, &g, &n));
  CALL("y overlaps the residual", ACCEL_ERR_UNSUPPORTED,
       accel_gemm_layernorm(&a, &b, &y_half, &g, &n));
  g.bias_kind = ACCEL_BIAS_NONE;
  n.scale = n.shift = n.residual = NULL;
  CALL("b too big", ACCEL_ERR_UNSUPPORTED,
       accel_gemm_layernorm(&a_big, &b_big, &y, &g, &n));
  /* accel_mlp_layernorm: x [4, 6] . w1 [6, 8] . w2 [8, 8]. */
  accel_tensor w1 = matrix(b_buf, K, N), w2 = matrix(b_buf, N, N);
  accel_tensor w2_short = matrix(b_buf, N - 1, N);
  accel_mlp_options m = accel_mlp_defaults();
  m.act = ACCEL_ACT_RELU;
  CALL("mlp valid", ACCEL_OK, accel_mlp_layernorm(&a, &w1, &w2, &y, &m, &n));
  CALL("mlp w2 rows", ACCEL_ERR_ARGUMENT,
       accel_mlp_layernorm(&a, &w1, &w2_short, &y, &m, &n));
  m.act = ACCEL_ACT_CLIP;
  CALL("mlp clip", ACCEL_ERR_UNSUPPORTED,
       accel_mlp_layernorm(&a, &w1, &w2, &y, &m, &n));
  m.act = ACCEL_ACT_RELU;
  accel_tensor w1_wide = matrix(b_buf, K, 16), w2_tall = matrix(b_buf, 16, N);
  m.bias1 = &bias; /* N elements where the hidden layer has 16 */
  CALL("mlp bias1 short", ACCEL_ERR_ARGUMENT,
       accel_mlp_layernorm(&a, &w1_wide, &w2_tall, &y, &m, &n));
  m.bias1 = NULL;
  accel_tensor w1_big = matrix(b_buf, 8192, N); /* K of 8192, as above */
  w1_big.strides[0] = 0;
  CALL("mlp too big", ACCEL_ERR_UNSUPPORTED,
       accel_mlp_layernorm(&a_big, &w1_big, &w2, &y, &m, &n));
  return report();
}
