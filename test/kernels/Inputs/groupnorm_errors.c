/* Every argument check of accel_groupnorm (test/kernels/groupnorm-errors.test):
 * each call gets one thing wrong and must return its documented status,
 * print its one line naming the kernel and the argument (FileChecked), and
 * leave y's buffer as it was (errors_check.h). */
#define ERRORS_Y_WORDS 64
#include "errors_check.h"
#include <stdlib.h>
#include <string.h>

static float x_buf[64], p_buf[64], q_buf[64];

static accel_tensor tensor(void *data, int rank, long d0, long d1, long d2) {
  return accel_tensor_f32(data, rank, (long[]){d0, d1, d2});
}

int main(void) {
  for (int i = 0; i < 64; ++i)
    x_buf[i] = (float)(i % 7), p_buf[i] = 1.0f, q_buf[i] = 0.5f;
  fill_y();
  accel_tensor x = tensor(x_buf, 3, 2, 4, 8);
  accel_tensor y = tensor(y_buf, 3, 2, 4, 8);
  accel_tensor y_short = tensor(y_buf, 3, 2, 4, 7);
  accel_tensor y_over = tensor(x_buf + 1, 3, 2, 4, 8);
  accel_tensor scale = tensor(p_buf, 1, 4, 0, 0);
  accel_tensor shift = tensor(q_buf, 1, 4, 0, 0);
  accel_tensor scale_short = tensor(p_buf, 1, 3, 0, 0);
  accel_tensor scale_rank2 = tensor(p_buf, 2, 2, 2, 0);
  accel_tensor x1 = tensor(x_buf, 1, 8, 0, 0);
  accel_tensor y1 = tensor(y_buf, 1, 8, 0, 0);
  accel_tensor x_i32 = x;
  x_i32.dtype = ACCEL_I32;
  accel_tensor gapped = tensor(x_buf, 3, 1, 4, 8); /* channels 9 apart */
  gapped.strides[1] = 9, gapped.strides[0] = 36;
  accel_tensor y_gapped = tensor(y_buf, 3, 1, 4, 8);
  float *big_x = calloc(21846, 4), *big_y = calloc(21846, 4);
  if (!big_x || !big_y)
    return 2;
  accel_tensor wide = tensor(big_x, 3, 1, 21846, 1);
  accel_tensor y_wide = tensor(big_y, 3, 1, 21846, 1);
  accel_tensor deep = tensor(big_x, 3, 1, 4097, 1);
  accel_tensor y_deep = tensor(big_y, 3, 1, 4097, 1);

  accel_groupnorm_options o = {2, 1e-5f, &scale, &shift, ACCEL_ACT_SILU};
  CALL("valid", ACCEL_OK, accel_groupnorm(&x, &y, &o));
  CALL("in place", ACCEL_OK, accel_groupnorm(&x, (accel_tensor *)&x, &o));
  CALL("options null", ACCEL_ERR_ARGUMENT, accel_groupnorm(&x, &y, NULL));
  CALL("x null", ACCEL_ERR_ARGUMENT, accel_groupnorm(NULL, &y, &o));
  CALL("y null", ACCEL_ERR_ARGUMENT, accel_groupnorm(&x, NULL, &o));
  CALL("x int32", ACCEL_ERR_UNSUPPORTED, accel_groupnorm(&x_i32, &y, &o));
  CALL("y dims", ACCEL_ERR_ARGUMENT, accel_groupnorm(&x, &y_short, &o));
  CALL("y overlaps x", ACCEL_ERR_UNSUPPORTED, accel_groupnorm(&x, &y_over, &o));
  CALL("rank 1", ACCEL_ERR_ARGUMENT, accel_groupnorm(&x1, &y1, &o));
  o.groups = 3;
  CALL("groups 3 of 4", ACCEL_ERR_ARGUMENT, accel_groupnorm(&x, &y, &o));
  o.groups = 0;
  CALL("groups 0", ACCEL_ERR_ARGUMENT, accel_groupnorm(&x, &y, &o));
  o.groups = 2, o.epsilon = -1.0f;
  CALL("epsilon -1", ACCEL_ERR_ARGUMENT, accel_groupnorm(&x, &y, &o));
  o.epsilon = 1e-5f, o.act = ACCEL_ACT_GELU;
  CALL("gelu", ACCEL_ERR_UNSUPPORTED, accel_groupnorm(&x, &y, &o));
  o.act = ACCEL_ACT_NONE, o.scale = &scale_short;
  CALL("scale short", ACCEL_ERR_ARGUMENT, accel_groupnorm(&x, &y, &o));
  o.scale = &scale, o.shift = &scale_rank2;
  CALL("shift rank 2", ACCEL_ERR_ARGUMENT, accel_groupnorm(&x, &y, &o));
  o.shift = &shift;
  CALL("channels apart", ACCEL_ERR_UNSUPPORTED,
       accel_groupnorm(&gapped, &y_gapped, &o));
  o.scale = o.shift = NULL, o.groups = 1;
  CALL("21 846 channels", ACCEL_ERR_UNSUPPORTED,
       accel_groupnorm(&wide, &y_wide, &o));
  CALL("4 097 channels a group", ACCEL_ERR_UNSUPPORTED,
       accel_groupnorm(&deep, &y_deep, &o));
  return report();
}
