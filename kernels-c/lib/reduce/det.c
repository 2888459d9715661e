/* det.c - ONNX Det (docs/kernels.md, "Det"): the determinant of each
   square matrix of x [..., M, M] by LU decomposition with partial
   pivoting in f64 on the scalar unit, rounded once to y's type (x's: f32,
   f64, f16 or bf16). Det is rare and its matrices small; M is at most
   ACCEL_DET_MAX_M. */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "reduce/typed_elem.h"
#include <math.h>
#include <stddef.h>

#define DET_DTYPES                                                             \
  (ACCEL_DTYPE_BIT(ACCEL_F32) | ACCEL_DTYPE_BIT(ACCEL_F64) |                   \
   ACCEL_DTYPE_BIT(ACCEL_F16) | ACCEL_DTYPE_BIT(ACCEL_BF16))

/* One matrix being factored (in DRAM: its loads are few next to the
   elimination's arithmetic in f64). */
static double lu[ACCEL_DET_MAX_M * ACCEL_DET_MAX_M];

/* The determinant of the n x n matrix in lu (destroyed). */
static double det_lu(long n) {
  double det = 1;
  for (long k = 0; k < n; ++k) {
    long p = k;
    for (long i = k + 1; i < n; ++i)
      if (fabs(lu[i * n + k]) > fabs(lu[p * n + k]))
        p = i;
    if (lu[p * n + k] == 0)
      return 0;
    if (p != k) {
      for (long j = k; j < n; ++j) {
        double t = lu[k * n + j];
        lu[k * n + j] = lu[p * n + j];
        lu[p * n + j] = t;
      }
      det = -det;
    }
    double pivot = lu[k * n + k];
    det *= pivot;
    for (long i = k + 1; i < n; ++i) {
      double f = lu[i * n + k] / pivot;
      for (long j = k + 1; j < n; ++j)
        lu[i * n + j] -= f * lu[k * n + j];
    }
  }
  return det;
}

typedef struct {
  const accel_tensor *x, *y;
} det_args;

static long det_body(const void *args, const void *unused1, const void *unused2,
                     const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  static const char K[] = "accel_det";
  det_args a = *(const det_args *)args;
  accel_tensor xc, yc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, a.x);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, a.y);
  accel_dma_wait_all();
  accel_status s;
  if ((s = accel_check_tensor_typed(K, "x", x, DET_DTYPES, 2, ACCEL_MAX_RANK,
                                    0)))
    return s;
  int r = x->rank - 2;
  if ((s = accel_check_tensor_typed(K, "y", y, ACCEL_DTYPE_BIT(x->dtype), r, r,
                                    1)))
    return s;
  long m = x->dims[r];
  if (x->dims[r + 1] != m)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "x",
                              "matrices of %ld x %ld, not square", m,
                              x->dims[r + 1]);
  if (m > ACCEL_DET_MAX_M)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "matrices of %ld x %ld; at most %d x %d", m, m,
                              ACCEL_DET_MAX_M, ACCEL_DET_MAX_M);
  long count = 1;
  for (int d = 0; d < r; ++d) {
    if (y->dims[d] != x->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                                "dimension %d is %ld, x's %ld", d, y->dims[d],
                                x->dims[d]);
    count *= x->dims[d];
  }
  if (accel_typed_tensors_overlap(x, y))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y", "overlaps x");
  if (accel_only_checking())
    return ACCEL_OK;
  accel_dtype t = x->dtype;
  for (long b = 0; b < count; ++b) {
    long xo = 0, yo = 0, rest = b;
    for (int d = r - 1; d >= 0; --d) {
      long i = rest % x->dims[d];
      rest /= x->dims[d];
      xo += i * x->strides[d];
      yo += i * y->strides[d];
    }
    for (long i = 0; i < m; ++i)
      for (long j = 0; j < m; ++j)
        lu[i * m + j] = elem_load_f64(
            t, x->data, xo + i * x->strides[r] + j * x->strides[r + 1]);
    elem_store_f64(t, y->data, yo, det_lu(m));
  }
  return ACCEL_OK;
}

accel_status accel_det(const accel_tensor *x, accel_tensor *y) {
  static ACCEL_SPM det_args args;
  args = (det_args){x, y};
  return (accel_status)accel_on_kernel_stack(det_body, &args, NULL, NULL, NULL);
}
