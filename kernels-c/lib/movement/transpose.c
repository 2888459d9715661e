/* transpose.c - y = np.transpose(x, perm) (docs/kernels.md, "Data
   movement"): one strided copy of x, its strides permuted, into y. */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "movement/move_plan.h"
#include <stddef.h>

static const char Kernel[] = "accel_transpose";

static accel_status check(const accel_tensor *x, const accel_tensor *y,
                          const int *perm) {
  accel_status s = move_check_same_rank(Kernel, x, y);
  if (s)
    return s;
  int seen = 0;
  for (int d = 0; d < x->rank; ++d) {
    if (perm[d] < 0 || perm[d] >= x->rank || (seen >> perm[d] & 1))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "perm",
                                "entry %d is %d: not a permutation of 0 to %d",
                                d, perm[d], x->rank - 1);
    seen |= 1 << perm[d];
  }
  for (int d = 0; d < x->rank; ++d)
    if (y->dims[d] != x->dims[perm[d]])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "y",
                                "dimension %d is %ld, expected x's dimension "
                                "%d, %ld",
                                d, y->dims[d], perm[d], x->dims[perm[d]]);
  if (accel_tensors_overlap(x, y))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y", "overlaps x");
  return ACCEL_OK;
}

/* t, of a 4- or 8-byte type, as the f32s its elements are: an 8-byte
   element as two (a last dimension of 2); x and y of another type or
   of two types stay as they are, for the checks to refuse. Returns the
   f32 rank. */
static int as_f32(const accel_tensor *t, const accel_tensor *other,
                  accel_tensor *out) {
  *out = *t;
  unsigned log2 = accel_dtype_log2_bytes(t->dtype);
  if (t->dtype != other->dtype || log2 < 2 ||
      (log2 == 3 && (t->rank < 0 || t->rank >= ACCEL_MAX_RANK)))
    return t->rank;
  out->dtype = ACCEL_F32;
  if (log2 == 2)
    return t->rank;
  for (int d = 0; d < t->rank; ++d)
    out->strides[d] = 2 * t->strides[d];
  out->dims[t->rank] = 2, out->strides[t->rank] = 1;
  return ++out->rank;
}

static long transpose(const void *xp, const void *yp, const void *permp,
                      const void *unused) {
  (void)unused;
  accel_tensor xc, yc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)xp);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)yp);
  int perm[ACCEL_MAX_RANK];
  accel_dma_wait_all();
  /* The reversed axes without perm, as numpy's default; perm's entries are
     read once x's rank is known to be one. */
  int rank = move_arg_rank(x);
  for (int d = 0; d < rank; ++d)
    perm[d] = permp ? ((const int *)permp)[d] : rank - 1 - d;
  /* Other types move as f32s (an 8-byte element's two staying in
     order). */
  accel_tensor xf, yf;
  if (__builtin_expect(y && y->dtype != ACCEL_F32, 0) && x &&
      x->rank == y->rank) {
    int frank = as_f32(x, y, &xf);
    as_f32(y, x, &yf);
    if (frank == rank + 1)
      perm[rank] = rank;
    x = &xf, y = &yf, rank = frank;
  }
  /* Checked once before in ACCEL_RUN_CHECKED: the same descriptors and
     perm. */
  accel_status s = accel_checking() ? check(x, y, perm) : ACCEL_OK;
  if (s || accel_only_checking())
    return s;
  long src_strides[ACCEL_MAX_RANK];
  for (int d = 0; d < rank; ++d)
    src_strides[d] = x->strides[perm[d]];
  int channel = 0;
  move_copy(rank, y->dims, y->data, y->strides, x->data, src_strides, &channel);
  accel_dma_wait_all();
  return ACCEL_OK;
}

accel_status accel_transpose(const accel_tensor *x, accel_tensor *y,
                             const int *perm) {
  return (accel_status)accel_on_kernel_stack(transpose, x, y, perm, 0);
}
