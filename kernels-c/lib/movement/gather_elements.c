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
  index_walk w;
  long entry = 0;
  if (!walk_start(&w, indices->rank, indices->dims))
    return ACCEL_OK;
  do {
    long i = index_at(indices, walk_offset(w.at, indices->strides, w.rank));
    if (wrap_index(i, size) < 0)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "indices",
                                "entry %ld is %ld, outside [%ld, %ld)", entry,
                                i, -size, size);
    ++entry;
  } while (walk_next(&w));
  return ACCEL_OK;
}

/* x's element at the walk's position with the axis's coordinate replaced
   by the position's (checked) index. */
static long indexed_offset(const index_walk *w, const accel_tensor *indices,
                           const accel_tensor *x, int axis) {
  long i = index_at(indices, walk_offset(w->at, indices->strides, w->rank));
  long j = wrap_index(i, x->dims[axis]);
  return walk_offset(w->at, x->strides, w->rank) +
         (j - w->at[axis]) * x->strides[axis];
}

accel_status accel_gather_elements(const accel_tensor *x,
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
  if ((s = check_indices(kernel, indices, x->dims[axis])))
    return s;
  unsigned log2 = accel_dtype_log2_bytes(x->dtype);
  index_walk w;
  if (!walk_start(&w, indices->rank, indices->dims))
    return ACCEL_OK;
  do {
    copy_element(element_at(y, walk_offset(w.at, y->strides, w.rank)),
                 element_at(x, indexed_offset(&w, indices, x, axis)), log2);
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

accel_status accel_scatter_elements(const accel_tensor *x,
                                    const accel_tensor *indices,
                                    const accel_tensor *updates, int axis,
                                    accel_scatter_reduction reduction,
                                    const accel_tensor *y) {
  static const char kernel[] = "accel_scatter_elements";
  accel_status s;
  if (accel_checking()) {
    if ((s = check_common(kernel, x, indices, axis)) ||
        (s = check_like(kernel, "updates", updates, x, indices->dims,
                        x->rank, 0)) ||
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
  if ((s = check_indices(kernel, indices, x->dims[axis])))
    return s;
  if (!same_tensor(x, y) && (s = accel_cast(x, y)))
    return s;
  unsigned log2 = accel_dtype_log2_bytes(x->dtype);
  index_walk w;
  if (!walk_start(&w, indices->rank, indices->dims))
    return ACCEL_OK;
  do {
    /* y has x's dims: the offset in y's strides. */
    long i = index_at(indices, walk_offset(w.at, indices->strides, w.rank));
    long j = wrap_index(i, y->dims[axis]);
    long at = walk_offset(w.at, y->strides, w.rank) +
              (j - w.at[axis]) * y->strides[axis];
    const char *u = element_at(updates, walk_offset(w.at, updates->strides,
                                                    w.rank));
    if (reduction == ACCEL_SCATTER_NONE)
      copy_element(element_at(y, at), u, log2);
    else
      scatter_element(element_at(y, at), u, y->dtype, reduction);
  } while (walk_next(&w));
  return ACCEL_OK;
}
