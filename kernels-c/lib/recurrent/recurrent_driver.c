/* recurrent_driver.c - the checks and the packing of R that accel_lstm
   and accel_gru share (recurrent_driver.h). */

#include "recurrent/recurrent_driver.h"

accel_status recurrent_check_dense(const char *kernel, const char *name,
                                   const accel_tensor *t, int rank,
                                   const long *dims, int out) {
  accel_status s;
  if ((s = accel_check_tensor(kernel, name, t, rank, rank, out)))
    return s;
  long n = 1;
  for (int d = rank - 1; d >= 0; --d) {
    if (t->dims[d] != dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, name,
                                "dimension %d is %ld, expected %ld", d,
                                t->dims[d], dims[d]);
    if (t->dims[d] > 1 && t->strides[d] != n)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, name,
                                "not contiguous");
    n *= dims[d];
  }
  return ACCEL_OK;
}

accel_status recurrent_check_sequence(const char *kernel, long g,
                                      const accel_tensor *xw,
                                      const accel_tensor *w,
                                      const accel_tensor *y) {
  accel_status s;
  if ((s = accel_check_tensor(kernel, "y", y, 3, 3, 1)))
    return s;
  long t = y->dims[0], b = y->dims[1], h = y->dims[2];
  long xd[3] = {t, b, g * h}, wd[3] = {g * accel_tile_padded(h) / T, h, T};
  if ((s = recurrent_check_dense(kernel, "y", y, 3, y->dims, 1)) ||
      (s = recurrent_check_dense(kernel, "xw", xw, 3, xd, 0)))
    return s;
  return recurrent_check_dense(kernel, "w", w, 3, wd, 0);
}

accel_status recurrent_refuse_size(const char *kernel, const char *fits, long b,
                                   long h) {
  return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, kernel, "y",
                            "B = %ld, H = %ld: B from 1 to 16 where %s", b, h,
                            fits);
}

accel_status recurrent_check_apart(const char *kernel, const accel_tensor *y,
                                   const accel_tensor *const *others, int n) {
  for (int i = 0; i < n; ++i)
    if (others[i] && accel_tensors_overlap(y, others[i]))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                                "overlaps another argument");
  return ACCEL_OK;
}

void recurrent_fill(float *p, long n, float v) {
  for (long i = 0; i < n; i += T)
    accel_vstore(p + i, (accel_v16f)v);
}

void recurrent_pack(const float *r, long h, long g, float *packed) {
  long q_blocks = accel_tile_padded(h) / T;
  for (long k = 0; k < g; ++k)
    for (long q = 0; q < q_blocks; ++q) {
      float *dst = packed + (k * q_blocks + q) * h * T;
      for (long m = 0; m < h; ++m)
        for (long c = 0; c < T; ++c) {
          long n = q * T + c;
          dst[m * T + c] = n < h ? r[(k * h + n) * h + m] : 0.0f;
        }
    }
}
