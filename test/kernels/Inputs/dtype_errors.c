/* The f32 kernels given every other element type
 * (test/kernels/dtype-errors.test): each call must return
 * ACCEL_ERR_UNSUPPORTED naming the type, or ACCEL_ERR_ARGUMENT for a value
 * that is not an accel_dtype, and leave y's buffer as it was. Before each
 * call the program prints "== <what>" to stderr. */
#define ERRORS_Y_WORDS 16
#include "errors_check.h"
#include <string.h>

static float x_buf[16];

static accel_tensor matrix(void *data, accel_dtype dtype) {
  accel_tensor t;
  memset(&t, 0, sizeof t);
  t.data = data;
  t.dtype = dtype;
  t.rank = 2;
  t.dims[0] = t.dims[1] = 4;
  t.strides[0] = 4;
  t.strides[1] = 1;
  return t;
}

static void try_type(accel_dtype d, accel_status want) {
  char what[64];
  const char *name = accel_dtype_name(d);
  accel_tensor x = matrix(x_buf, d), y = matrix(y_buf, ACCEL_F32);
  accel_tensor xf = matrix(x_buf, ACCEL_F32), yd = matrix(y_buf, d);
  snprintf(what, sizeof what, "gemm c %s (%d)", name ? name : "?", (int)d);
  CALL(what, want, accel_gemm(&xf, &xf, &yd, NULL));
  snprintf(what, sizeof what, "transpose x %s (%d)", name ? name : "?",
           (int)d);
  CALL(what, want, accel_transpose(&x, &y, NULL));
}

/* accel_cast's own checks: it takes every type, so only a value that is
   not one, a shape that changes or an overlap is refused. */
static void cast_errors(void) {
  accel_tensor x = matrix(x_buf, ACCEL_F32), y = matrix(y_buf, ACCEL_I64);
  x.dims[0] = y.dims[0] = 2; /* y_buf holds 8 int64s */
  CALL("cast f32 -> int64", ACCEL_OK, accel_cast(&x, &y));
  fill_y();
  x.dims[0] = 4;
  accel_tensor t = matrix(y_buf, ACCEL_DTYPE_COUNT);
  CALL("cast y dtype 13", ACCEL_ERR_ARGUMENT, accel_cast(&x, &t));
  t = matrix(y_buf, ACCEL_I8), t.dims[0] = 3;
  CALL("cast y's dims [3, 4] from x's [4, 4]", ACCEL_ERR_ARGUMENT,
       accel_cast(&x, &t));
  t = matrix(y_buf, ACCEL_I8), t.rank = 1;
  CALL("cast y rank 1", ACCEL_ERR_ARGUMENT, accel_cast(&x, &t));
  t = matrix((char *)x_buf + 4, ACCEL_I32);
  CALL("cast y is x shifted by one", ACCEL_ERR_ARGUMENT, accel_cast(&x, &t));
  t = matrix(x_buf, ACCEL_F16);
  CALL("cast y is x, f16 from f32", ACCEL_ERR_ARGUMENT, accel_cast(&x, &t));
  t = matrix(x_buf, ACCEL_U32);
  CALL("cast y is x, uint32 from f32", ACCEL_OK, accel_cast(&x, &t));
  t = matrix((char *)y_buf + 1, ACCEL_I16);
  CALL("cast y int16 misaligned", ACCEL_ERR_ARGUMENT, accel_cast(&x, &t));
}

int main(void) {
  fill_y();
  cast_errors();
  for (int d = 0; d < ACCEL_DTYPE_COUNT; ++d)
    try_type((accel_dtype)d, d == ACCEL_F32 ? ACCEL_OK : ACCEL_ERR_UNSUPPORTED);
  try_type(ACCEL_DTYPE_COUNT, ACCEL_ERR_ARGUMENT);
  try_type((accel_dtype)-1, ACCEL_ERR_ARGUMENT);
  return report();
}
