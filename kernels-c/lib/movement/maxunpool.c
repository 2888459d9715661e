/* maxunpool.c - ONNX MaxUnpool (docs/kernels.md, "Indexing"): y = 0, then
   each element of x written to y's element that its index names, the
   index counting the elements of the unpooled shape (MaxPool's input's:
   index_dims) in row-major order, y that shape or larger (ONNX's
   output_shape, the extra at each dimension's end), of any element
   type. An output_shape tensor, when the caller has one
   (computed at run time), must be y's dims: checked with the indices
   before anything is written. */

#include "movement/index_walk.h"

static accel_status check(const char *kernel, const accel_tensor *x,
                          const accel_tensor *indices,
                          const accel_tensor *shape, const accel_tensor *y) {
  accel_status s;
  if ((s = accel_check_tensor_typed(kernel, "x", x, ACCEL_ALL_DTYPES, 1,
                                    ACCEL_MAX_RANK, 0)) ||
      (s = accel_check_tensor_typed(kernel, "indices", indices, INDEX_DTYPES,
                                    x->rank, x->rank, 0)) ||
      (shape && (s = accel_check_tensor_typed(kernel, "output_shape", shape,
                                              INDEX_DTYPES, 1, 1, 0))) ||
      (s = accel_check_tensor_typed(kernel, "y", y, ACCEL_DTYPE_BIT(x->dtype),
                                    x->rank, x->rank, 1)))
    return s;
  for (int d = 0; d < x->rank; ++d)
    if (indices->dims[d] != x->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "indices",
                                "dimension %d is %ld, x's %ld", d,
                                indices->dims[d], x->dims[d]);
  if (shape && shape->dims[0] != y->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "output_shape",
                              "%ld entries, y's rank is %d", shape->dims[0],
                              y->rank);
  if (accel_typed_tensors_overlap(x, y) ||
      accel_typed_tensors_overlap(indices, y) ||
      (shape && accel_typed_tensors_overlap(shape, y)))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                              "overlaps an input");
  return ACCEL_OK;
}

/* y's element at row-major position f of dims, in y's strides. */
static long offset_of(const accel_tensor *y, const long *dims, long f) {
  long o = 0;
  for (int d = y->rank - 1; d >= 0; --d) {
    o += f % dims[d] * y->strides[d];
    f /= dims[d];
  }
  return o;
}

static accel_status maxunpool_run(const accel_tensor *x,
                                  const accel_tensor *indices,
                                  const accel_tensor *shape,
                                  const long *index_dims,
                                  const accel_tensor *y) {
  static const char kernel[] = "accel_maxunpool";
  accel_status s;
  if (accel_checking()) {
    if ((s = check(kernel, x, indices, shape, y)))
      return s;
    for (int d = 0; d < y->rank; ++d)
      if (index_dims[d] < 1 || index_dims[d] > y->dims[d])
        return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "index_dims",
                                  "entry %d is %ld, outside [1, y's %ld]", d,
                                  index_dims[d], y->dims[d]);
    if (accel_only_checking())
      return ACCEL_OK;
  }
  index_stage();
  long count = 1;
  for (int d = 0; d < y->rank; ++d) {
    count *= index_dims[d];
    long want = shape ? index_at(shape, d * shape->strides[0]) : y->dims[d];
    if (want != y->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "output_shape",
                                "entry %d is %ld, y's dimension %d is %ld", d,
                                want, d, y->dims[d]);
  }
  index_walk w;
  long entry = 0;
  int some = walk_start(&w, x->rank, x->dims);
  if (some)
    do {
      long i = index_at(indices, walk_offset(w.at, indices->strides, w.rank));
      if (i < 0 || i >= count)
        return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "indices",
                                  "entry %ld is %ld, outside [0, %ld)", entry,
                                  i, count);
      ++entry;
    } while (walk_next(&w));
  static const uint64_t zero = 0;
  unsigned log2 = accel_dtype_log2_bytes(y->dtype);
  if (walk_start(&w, y->rank, y->dims))
    do
      copy_element(element_at(y, walk_offset(w.at, y->strides, w.rank)), &zero,
                   log2);
    while (walk_next(&w));
  if (some && walk_start(&w, x->rank, x->dims))
    do {
      long i = index_at(indices, walk_offset(w.at, indices->strides, w.rank));
      copy_element(element_at(y, offset_of(y, index_dims, i)),
                   element_at(x, walk_offset(w.at, x->strides, w.rank)), log2);
    } while (walk_next(&w));
  return ACCEL_OK;
}

static accel_status maxunpool_body(const accel_tensor *const *t,
                                   const long *p) {
  return maxunpool_run(t[0], t[1], t[2], p, t[3]);
}

accel_status accel_maxunpool(const accel_tensor *x, const accel_tensor *indices,
                             const accel_tensor *output_shape,
                             const long *index_dims, const accel_tensor *y) {
  const accel_tensor *t[] = {x, indices, output_shape, y};
  long dims[ACCEL_MAX_RANK];
  int rank = y && y->rank >= 0 && y->rank <= ACCEL_MAX_RANK ? y->rank : 0;
  for (int d = 0; d < rank; ++d)
    dims[d] = index_dims ? index_dims[d] : y->dims[d];
  return index_on_kernel_stack(maxunpool_body, t, 4, dims, rank);
}
