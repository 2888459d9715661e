/* gather_elements.c - ONNX GatherElements and ScatterElements
   (docs/kernels.md, "Indexing"): an index tensor of x's rank names, for
   each of its positions, the element along `axis` that position reads
   (gather) or writes (scatter); the other coordinates are the position's
   own. Every index is checked before anything is written. */

#include "movement/index_walk.h"

/* The checks both kernels make of x, indices and axis: one rank, the
   indices' extent inside x's outside the axis. */
static accel_status check_common(const char *kernel, const accel_tensor *x,
                                 const accel_tensor *indices, int axis) {
  accel_status s;
  if ((s = accel_check_tensor_typed(kernel, "x", x, ACCEL_ALL_DTYPES, 1,
                                    ACCEL_MAX_RANK, 0)) ||
      (s = accel_check_tensor_typed(kernel, "indices", indices, INDEX_DTYPES,
                                    x->rank, x->rank, 0)))
    return s;
  if (axis < 0 || axis >= x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "axis",
                              "%d, expected 0 to %d", axis, x->rank - 1);
  for (int d = 0; d < x->rank; ++d)
    if (d != axis && indices->dims[d] > x->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "indices",
                                "dimension %d is %ld, past x's %ld", d,
                                indices->dims[d], x->dims[d]);
  return ACCEL_OK;
}

/* A tensor of x's type and the dims `want` (of rank). */
static accel_status check_like(const char *kernel, const char *name,
                               const accel_tensor *t, const accel_tensor *x,
                               const long *want, int rank, int is_output) {
  accel_status s = accel_check_tensor_typed(
      kernel, name, t, ACCEL_DTYPE_BIT(x->dtype), rank, rank, is_output);
  if (s)
    return s;
  for (int d = 0; d < rank; ++d)
    if (t->dims[d] != want[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, name,
                                "dimension %d is %ld, expected %ld", d,
                                t->dims[d], want[d]);
  return ACCEL_OK;
}

/* Every index inside [-size, size) of the axis. */
static accel_status check_indices(const char *kernel,
                                  const accel_tensor *indices, long size) {
  long value, entry = index_outside(indices, 0, size, &value);
  if (entry < 0)
    return ACCEL_OK;
  return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "indices",
                            "entry %ld is %ld, outside [%ld, %ld)", entry,
                            value, -size, size);
}

static accel_status gather_elements_run(const accel_tensor *x,
                                        const accel_tensor *indices, int axis,
                                        const accel_tensor *y) {
  static const char kernel[] = "accel_gather_elements";
  accel_status s;
  if (accel_checking()) {
    if ((s = check_common(kernel, x, indices, axis)) ||
        (s = check_like(kernel, "y", y, x, indices->dims, x->rank, 1)))
      return s;
    if (accel_typed_tensors_overlap(x, y) ||
        accel_typed_tensors_overlap(indices, y))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                                "overlaps x or indices");
    if (accel_only_checking())
      return ACCEL_OK;
  }
  index_stage();
  if ((s = check_indices(kernel, indices, x->dims[axis])))
    return s;
  /* A row of the indices (their last dimension) at a time. */
  int r = indices->rank, last = axis == r - 1;
  long n = indices->dims[r - 1], size = x->dims[axis];
  long is = indices->strides[r - 1], ys = y->strides[r - 1];
  long xa = x->strides[axis], xs = last ? 0 : x->strides[r - 1];
  index_walk w;
  if (!n || !walk_start(&w, r - 1, indices->dims))
    return ACCEL_OK;
  do {
    long io = walk_offset(w.at, indices->strides, r - 1);
    /* x's row with the axis's coordinate 0. */
    long xo =
        walk_offset(w.at, x->strides, r - 1) - (last ? 0 : w.at[axis] * xa);
    long yo = walk_offset(w.at, y->strides, r - 1);
    WITH_ELEMENT_BITS(accel_dtype_log2_bytes(x->dtype), T, {
      T *yp = (T *)y->data + yo;
      const T *xp = (const T *)x->data + xo;
      if (indices->dtype == ACCEL_I64) {
        const long *ip = (const long *)indices->data + io;
        for (long j = 0; j < n; ++j) {
          long i = ip[j * is];
          yp[j * ys] = xp[(i < 0 ? i + size : i) * xa + j * xs];
        }
      } else {
        const int *ip = (const int *)indices->data + io;
        for (long j = 0; j < n; ++j) {
          long i = ip[j * is];
          yp[j * ys] = xp[(i < 0 ? i + size : i) * xa + j * xs];
        }
      }
    })
  } while (walk_next(&w));
  return ACCEL_OK;
}

/* Whether y is x itself (the same elements at the same addresses). */
static int same_tensor(const accel_tensor *x, const accel_tensor *y) {
  if (x->data != y->data || x->rank != y->rank)
    return 0;
  for (int d = 0; d < x->rank; ++d)
    if (x->dims[d] != y->dims[d] ||
        (x->dims[d] > 1 && x->strides[d] != y->strides[d]))
      return 0;
  return 1;
}

static accel_status scatter_elements_run(const accel_tensor *x,
                                         const accel_tensor *indices,
                                         const accel_tensor *updates, int axis,
                                         accel_scatter_reduction reduction,
                                         const accel_tensor *y) {
  static const char kernel[] = "accel_scatter_elements";
  accel_status s;
  if (accel_checking()) {
    if ((s = check_common(kernel, x, indices, axis)) ||
        (s = check_like(kernel, "updates", updates, x, indices->dims, x->rank,
                        0)) ||
        (s = check_like(kernel, "y", y, x, x->dims, x->rank, 1)) ||
        (s = check_scatter_reduction(kernel, x->dtype, reduction)))
      return s;
    if ((!same_tensor(x, y) && accel_typed_tensors_overlap(x, y)) ||
        accel_typed_tensors_overlap(indices, y) ||
        accel_typed_tensors_overlap(updates, y))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                                "overlaps x (other than exactly in place), "
                                "indices or updates");
    if (accel_only_checking())
      return ACCEL_OK;
  }
  int in_place = same_tensor(x, y);
  index_stage();
  if ((s = check_indices(kernel, indices, x->dims[axis])) ||
      (!in_place && (s = copy_tensor(x, y))))
    return s;
  /* A row of the indices (their last dimension) at a time; y has x's
     dims. */
  int r = indices->rank, last = axis == r - 1;
  long n = indices->dims[r - 1], size = y->dims[axis];
  long is = indices->strides[r - 1], us = updates->strides[r - 1];
  long ya = y->strides[axis], ys = last ? 0 : y->strides[r - 1];
  unsigned log2 = accel_dtype_log2_bytes(x->dtype);
  index_walk w;
  if (!n || !walk_start(&w, r - 1, indices->dims))
    return ACCEL_OK;
  do {
    long io = walk_offset(w.at, indices->strides, r - 1);
    long uo = walk_offset(w.at, updates->strides, r - 1);
    long yo =
        walk_offset(w.at, y->strides, r - 1) - (last ? 0 : w.at[axis] * ya);
    for (long j = 0; j < n; ++j) {
      long i = index_at(indices, io + j * is);
      char *at = element_at(y, yo + (i < 0 ? i + size : i) * ya + j * ys);
      const char *u = element_at(updates, uo + j * us);
      if (reduction == ACCEL_SCATTER_NONE)
        copy_element(at, u, log2);
      else
        scatter_element(at, u, y->dtype, reduction);
    }
  } while (walk_next(&w));
  return ACCEL_OK;
}

static accel_status gather_elements_body(const accel_tensor *const *t,
                                         const long *p) {
  return gather_elements_run(t[0], t[1], (int)p[0], t[2]);
}

accel_status accel_gather_elements(const accel_tensor *x,
                                   const accel_tensor *indices, int axis,
                                   const accel_tensor *y) {
  const accel_tensor *t[] = {x, indices, y};
  const long p[] = {axis};
  return index_on_kernel_stack(gather_elements_body, t, 3, p, 1);
}

static accel_status scatter_elements_body(const accel_tensor *const *t,
                                          const long *p) {
  return scatter_elements_run(t[0], t[1], t[2], (int)p[0],
                              (accel_scatter_reduction)p[1], t[3]);
}

accel_status accel_scatter_elements(const accel_tensor *x,
                                    const accel_tensor *indices,
                                    const accel_tensor *updates, int axis,
                                    accel_scatter_reduction reduction,
                                    const accel_tensor *y) {
  const accel_tensor *t[] = {x, indices, updates, y};
  const long p[] = {axis, reduction};
  return index_on_kernel_stack(scatter_elements_body, t, 4, p, 2);
}
