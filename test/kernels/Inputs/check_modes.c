/* accel_set_check_mode (test/kernels/check-modes.test): for one call of
 * each kind of kernel entry (matrix, attention, gemm with layer norm, line
 * kernels, elementwise, convolution, pooling, data movement), in
 * ACCEL_CHECK_ONLY a valid call returns ACCEL_OK and leaves y as it was
 * and an invalid one returns its status and prints its line; in
 * ACCEL_RUN_CHECKED the valid call writes exactly what it writes in
 * ACCEL_CHECK_AND_RUN. Prints "== <what>" before each call, then
 * "<n> calls, <f> mismatches"; exit status 1 on a mismatch. */
#define ERRORS_Y_WORDS 256
#include "errors_check.h"
#include <string.h>

static float x_buf[256], w_buf[256], p_buf[64];
static float *const y_f = (float *)y_buf;
static uint32_t want[ERRORS_Y_WORDS];

static accel_tensor t4(void *data, long a, long b, long c, long d) {
  return accel_tensor_f32(data, 4, (long[]){a, b, c, d});
}
static accel_tensor t2(void *data, long a, long b) {
  return accel_tensor_f32(data, 2, (long[]){a, b});
}

/* The status of a valid call (ACCEL_OK) and, when wrote, that it wrote y
   (else that it left y as it was). */
static void expect_valid(const char *what, accel_status s, int wrote) {
  ++calls;
  int touched = 0;
  for (int i = 0; i < ERRORS_Y_WORDS; ++i)
    touched |= y_buf[i] != Sentinel;
  if (s != ACCEL_OK || touched != wrote) {
    ++mismatches;
    fprintf(stderr, "MISMATCH in %s: status %d, y %s\n", what, (int)s,
            touched ? "written" : "untouched");
  }
}

/* y as the call in ACCEL_CHECK_AND_RUN left it. */
static void expect_same(const char *what) {
  ++calls;
  if (memcmp(want, y_buf, sizeof want))
    ++mismatches, fprintf(stderr, "MISMATCH in %s: y differs\n", what);
}

/* One valid call in the three modes and one invalid call checked only. */
#define MODES(name, valid, invalid, status)                                    \
  do {                                                                         \
    accel_set_check_mode(ACCEL_CHECK_AND_RUN);                                 \
    fprintf(stderr, "== %s\n", name " and run");                              \
    expect_valid(name " and run", valid, 1);                                   \
    memcpy(want, y_buf, sizeof want);                                          \
    fill_y();                                                                  \
    accel_set_check_mode(ACCEL_CHECK_ONLY);                                    \
    fprintf(stderr, "== %s\n", name " checked only");                         \
    expect_valid(name " checked only", valid, 0);                              \
    CALL(name " invalid, checked only", status, invalid);                      \
    accel_set_check_mode(ACCEL_RUN_CHECKED);                                   \
    fprintf(stderr, "== %s\n", name " run checked");                          \
    expect_valid(name " run checked", valid, 1);                               \
    expect_same(name " run checked");                                          \
    fill_y();                                                                  \
  } while (0)

int main(void) {
  for (int i = 0; i < 256; ++i)
    x_buf[i] = (float)(i % 7) - 3.0f, w_buf[i] = (float)(i % 5) * 0.25f;
  for (int i = 0; i < 64; ++i)
    p_buf[i] = 1.0f;
  fill_y();
  accel_tensor a = t2(x_buf, 8, 16), b = t2(w_buf, 16, 8);
  accel_tensor y = t2(y_f, 8, 8), y_bad = t2(y_f, 8, 7);
  MODES("gemm", accel_gemm(&a, &b, &y, NULL),
        accel_gemm(&a, &b, &y_bad, NULL), ACCEL_ERR_ARGUMENT);

  accel_tensor q = accel_tensor_f32(x_buf, 3, (long[]){2, 8, 8});
  accel_tensor o = accel_tensor_f32(y_f, 3, (long[]){2, 8, 8});
  accel_tensor o_over = accel_tensor_f32(x_buf, 3, (long[]){2, 8, 8});
  MODES("attention", accel_attention(&q, &q, &q, &o, NULL),
        accel_attention(&q, &q, &q, &o_over, NULL), ACCEL_ERR_UNSUPPORTED);

  accel_tensor scale = accel_tensor_f32(p_buf, 1, (long[]){8});
  accel_norm_options n = accel_norm_defaults();
  n.scale = &scale;
  accel_norm_options n_bad = n;
  n_bad.epsilon = -1.0f;
  MODES("gemm_layernorm", accel_gemm_layernorm(&a, &b, &y, NULL, &n),
        accel_gemm_layernorm(&a, &b, &y, NULL, &n_bad), ACCEL_ERR_ARGUMENT);

  accel_tensor x8 = t2(x_buf, 8, 8);
  MODES("layernorm", accel_layernorm(&x8, &y, &n),
        accel_layernorm(&x8, &y, &n_bad), ACCEL_ERR_ARGUMENT);
  MODES("softmax", accel_softmax(&x8, &y, -1, 0),
        accel_softmax(&x8, &y, 2, 0), ACCEL_ERR_ARGUMENT);
  MODES("elementwise", accel_elementwise_binary(ACCEL_EW_ADD, &x8, &x8, &y),
        accel_elementwise_binary(ACCEL_EW_ADD, &x8, &a, &y),
        ACCEL_ERR_ARGUMENT);

  accel_tensor img = t4(x_buf, 1, 2, 8, 8), w = t4(w_buf, 3, 2, 3, 3);
  accel_tensor out = t4(y_f, 1, 3, 6, 6), out_bad = t4(y_f, 1, 3, 5, 6);
  MODES("conv2d", accel_conv2d(&img, &w, &out, NULL),
        accel_conv2d(&img, &w, &out_bad, NULL), ACCEL_ERR_ARGUMENT);
  accel_pool2d_options po = accel_pool2d_defaults(2, 2);
  po.stride_h = po.stride_w = 2;
  accel_tensor pooled = t4(y_f, 1, 2, 4, 4), pooled_bad = t4(y_f, 1, 2, 4, 3);
  MODES("maxpool2d", accel_maxpool2d(&img, &pooled, &po),
        accel_maxpool2d(&img, &pooled_bad, &po), ACCEL_ERR_ARGUMENT);

  accel_tensor yt = t2(y_f, 16, 8);
  MODES("transpose", accel_transpose(&a, &yt, NULL),
        accel_transpose(&a, &y, NULL), ACCEL_ERR_ARGUMENT);
  accel_set_check_mode(ACCEL_CHECK_AND_RUN);
  return report();
}
