/* gather_typed.c - accel_gather of the element types other than f32
   (docs/kernels.md, "Data movement"): as f32 where the bytes allow it (an
   element of 4 bytes is one f32, one of 8 two, and rows of 1- or 2-byte
   elements whose bytes are whole f32s are rows of those), so that the
   transfers of the f32 gather move them; else a scalar loop through the
   scratchpad (index_walk.h). */

#include "movement/gather_typed.h"
#include "movement/index_walk.h"

static const char Kernel[] = "accel_gather";

static accel_status check(const accel_tensor *x, const int *indices, long n,
                          int axis, const accel_tensor *y) {
  accel_status s;
  if ((s = accel_check_tensor_typed(Kernel, "x", x, ACCEL_ALL_DTYPES, 1,
                                    ACCEL_MAX_RANK, 0)) ||
      (s = accel_check_tensor_typed(Kernel, "y", y, ACCEL_DTYPE_BIT(x->dtype),
                                    x->rank, x->rank, 1)))
    return s;
  if (axis < 0 || axis >= x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "axis",
                              "%d, expected 0 to %d", axis, x->rank - 1);
  if (n < 0 || (n && !indices))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "indices",
                              "%ld of them at %p", n, (const void *)indices);
  for (int d = 0; d < x->rank; ++d) {
    long want = d == axis ? n : x->dims[d];
    if (y->dims[d] != want)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "y",
                                "dimension %d is %ld, expected %ld", d,
                                y->dims[d], want);
  }
  if (accel_typed_tensors_overlap(x, y))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y", "overlaps x");
  return ACCEL_OK;
}

/* t's bytes as an f32 tensor in *f: an element of 8 bytes as two (a last
   dimension of 2 added), one of 4 as one, a contiguous last dimension of
   1- or 2-byte elements as the f32s its bytes make (the other strides
   whole f32s). 0 if they do not make f32s (or the rank would pass 6). */
static int as_f32(const accel_tensor *t, int axis, accel_tensor *f) {
  unsigned size = accel_dtype_bytes(t->dtype);
  int r = t->rank;
  *f = *t;
  f->dtype = ACCEL_F32;
  if ((unsigned long)t->data % 4)
    return 0;
  if (size >= 4) {
    unsigned k = size / 4;
    for (int d = 0; d < r; ++d)
      f->strides[d] = t->strides[d] * k;
    if (k == 1)
      return 1;
    if (r == ACCEL_MAX_RANK)
      return 0;
    f->dims[r] = 2, f->strides[r] = 1, f->rank = r + 1;
    return 1;
  }
  unsigned per = 4 / size; /* elements a float */
  if (axis == r - 1 || t->strides[r - 1] != 1 || t->dims[r - 1] % per)
    return 0;
  for (int d = 0; d < r - 1; ++d) {
    if (t->strides[d] % per)
      return 0;
    f->strides[d] = t->strides[d] / per;
  }
  f->dims[r - 1] = t->dims[r - 1] / per;
  return 1;
}

/* The scalar loop: a row of y (its last dimension) at a time. */
static accel_status gather_body(const accel_tensor *const *t, const long *p) {
  const accel_tensor *x = t[0], *indices = t[1], *y = t[2];
  int axis = (int)p[0], r = x->rank;
  index_stage();
  long n = y->dims[r - 1], size = x->dims[axis];
  long xs = x->strides[r - 1], ys = y->strides[r - 1];
  const int *index = indices->data;
  index_walk w;
  if (!n || !walk_start(&w, r - 1, y->dims))
    return ACCEL_OK;
  do {
    long yo = walk_offset(w.at, y->strides, r - 1), xo = 0;
    for (int d = 0; d < r - 1; ++d) {
      long i = d == axis ? index[w.at[d]] : w.at[d];
      xo += (i < 0 ? i + size : i) * x->strides[d];
    }
    WITH_ELEMENT_BITS(accel_dtype_log2_bytes(x->dtype), T, {
      const T *xp = (const T *)x->data + xo;
      T *yp = (T *)y->data + yo;
      if (axis == r - 1)
        for (long j = 0; j < n; ++j) {
          long i = index[j];
          yp[j * ys] = xp[(i < 0 ? i + size : i) * xs];
        }
      else
        for (long j = 0; j < n; ++j)
          yp[j * ys] = xp[j * xs];
    })
  } while (walk_next(&w));
  return ACCEL_OK;
}

accel_status gather_typed(const accel_tensor *x, const int *indices, long n,
                          int axis, const accel_tensor *y) {
  accel_status s;
  if (accel_checking() && (s = check(x, indices, n, axis, y)))
    return s;
  accel_tensor fx, fy;
  if (as_f32(x, axis, &fx) && as_f32(y, axis, &fy))
    return accel_gather(&fx, indices, n, axis, &fy);
  if (accel_only_checking())
    return ACCEL_OK;
  /* The f32 gather's check of the indices, on the staged copy. */
  for (long i = 0; i < n; ++i)
    if (indices[i] < -x->dims[axis] || indices[i] >= x->dims[axis])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "indices",
                                "entry %ld is %d, outside [%ld, %ld)", i,
                                indices[i], -x->dims[axis], x->dims[axis]);
  accel_tensor it = {(void *)indices, ACCEL_I32, 1, {n}, {1}};
  const accel_tensor *t[] = {x, &it, y};
  const long p[] = {axis};
  return index_on_kernel_stack(gather_body, t, 3, p, 1);
}
