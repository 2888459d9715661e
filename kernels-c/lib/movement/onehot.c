/* onehot.c - ONNX OneHot (docs/kernels.md, "Indexing"): y has the
   indices' dimensions with one of depth (y's) inserted at axis; along it,
   values[1] where the coordinate is the index (negative: from the end),
   values[0] elsewhere. An index outside [-depth, depth) gives a row of
   values[0], as ONNX says. A depth tensor (its first element) must be
   y's: the caller sized y by it. */

#include "movement/index_walk.h"

/* The index types OneHot reads: the integers and f32, f64 (truncated
   toward zero, as ONNX's cast to int64). */
#define ONEHOT_INDEX_DTYPES                                                    \
  (ACCEL_DTYPE_BIT(ACCEL_F32) | ACCEL_DTYPE_BIT(ACCEL_F64) |                   \
   ACCEL_DTYPE_BIT(ACCEL_I8) | ACCEL_DTYPE_BIT(ACCEL_I16) |                    \
   ACCEL_DTYPE_BIT(ACCEL_I32) | ACCEL_DTYPE_BIT(ACCEL_I64) |                   \
   ACCEL_DTYPE_BIT(ACCEL_U8) | ACCEL_DTYPE_BIT(ACCEL_U16) |                    \
   ACCEL_DTYPE_BIT(ACCEL_U32) | ACCEL_DTYPE_BIT(ACCEL_U64))

static long index_value(const accel_tensor *t, long offset) {
  const char *p = element_at(t, offset);
  switch (t->dtype) {
  case ACCEL_F32:
    return (long)*(const float *)p;
  case ACCEL_F64:
    return (long)*(const double *)p;
  case ACCEL_I8:
    return *(const int8_t *)p;
  case ACCEL_I16:
    return *(const int16_t *)p;
  case ACCEL_I32:
    return *(const int32_t *)p;
  case ACCEL_U8:
    return *(const uint8_t *)p;
  case ACCEL_U16:
    return *(const uint16_t *)p;
  case ACCEL_U32:
    return *(const uint32_t *)p;
  default: /* int64, uint64 */
    return *(const long *)p;
  }
}

static accel_status onehot_run(const accel_tensor *indices,
                               const accel_tensor *depth,
                               const accel_tensor *values, int axis,
                               const accel_tensor *y) {
  static const char kernel[] = "accel_onehot";
  accel_status s;
  if (accel_checking()) {
    if ((s = accel_check_tensor_typed(kernel, "indices", indices,
                                      ONEHOT_INDEX_DTYPES, 0,
                                      ACCEL_MAX_RANK - 1, 0)) ||
        (depth && (s = accel_check_tensor_typed(kernel, "depth", depth,
                                                ONEHOT_INDEX_DTYPES, 0,
                                                ACCEL_MAX_RANK, 0))) ||
        (s = accel_check_tensor_typed(kernel, "values", values,
                                      ACCEL_ALL_DTYPES, 1, 1, 0)) ||
        (s = accel_check_tensor_typed(kernel, "y", y,
                                      ACCEL_DTYPE_BIT(values->dtype),
                                      indices->rank + 1, indices->rank + 1, 1)))
      return s;
    if (values->dims[0] != 2)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "values",
                                "%ld of them, expected 2 (off, on)",
                                values->dims[0]);
    if (axis < 0 || axis > indices->rank)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "axis",
                                "%d, expected 0 to %d", axis, indices->rank);
    for (int d = 0, i = 0; d < y->rank; ++d)
      if (d != axis && y->dims[d] != indices->dims[i++])
        return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                                  "dimension %d is %ld, indices' %ld", d,
                                  y->dims[d], indices->dims[i - 1]);
    if (accel_typed_tensors_overlap(indices, y) ||
        accel_typed_tensors_overlap(values, y))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                                "overlaps indices or values");
    if (accel_only_checking())
      return ACCEL_OK;
  }
  index_stage();
  long size = y->dims[axis];
  if (depth && index_value(depth, 0) != size)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "depth",
                              "%ld, y's dimension %d is %ld",
                              index_value(depth, 0), axis, size);
  unsigned log2 = accel_dtype_log2_bytes(y->dtype);
  const char *off = element_at(values, 0);
  const char *on = element_at(values, values->strides[0]);
  index_walk w;
  if (!walk_start(&w, y->rank, y->dims))
    return ACCEL_OK;
  do {
    /* The indices' position: y's without the axis. */
    long at = 0;
    for (int d = 0, i = 0; d < y->rank; ++d)
      if (d != axis)
        at += w.at[d] * indices->strides[i++];
    long hot = wrap_index(index_value(indices, at), size);
    copy_element(element_at(y, walk_offset(w.at, y->strides, w.rank)),
                 hot == w.at[axis] ? on : off, log2);
  } while (walk_next(&w));
  return ACCEL_OK;
}

static accel_status onehot_body(const accel_tensor *const *t, const long *p) {
  return onehot_run(t[0], t[1], t[2], (int)p[0], t[3]);
}

accel_status accel_onehot(const accel_tensor *indices,
                          const accel_tensor *depth, const accel_tensor *values,
                          int axis, const accel_tensor *y) {
  const accel_tensor *t[] = {indices, depth, values, y};
  const long p[] = {axis};
  return index_on_kernel_stack(onehot_body, t, 4, p, 1);
}
