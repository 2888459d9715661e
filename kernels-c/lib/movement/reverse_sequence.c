/* reverse_sequence.c - ONNX ReverseSequence (docs/kernels.md,
   "Indexing"): for each batch entry b, the first lengths[b] elements
   along the time axis reversed, the rest copied, of any element type. */

#include "movement/index_walk.h"

static accel_status reverse_sequence_run(const accel_tensor *x,
                                         const accel_tensor *lengths,
                                         int batch_axis, int time_axis,
                                         const accel_tensor *y) {
  static const char kernel[] = "accel_reverse_sequence";
  accel_status s;
  if (accel_checking()) {
    if ((s = accel_check_tensor_typed(kernel, "x", x, ACCEL_ALL_DTYPES, 2,
                                      ACCEL_MAX_RANK, 0)) ||
        (s = accel_check_tensor_typed(kernel, "lengths", lengths, INDEX_DTYPES,
                                      1, 1, 0)) ||
        (s = accel_check_tensor_typed(kernel, "y", y, ACCEL_DTYPE_BIT(x->dtype),
                                      x->rank, x->rank, 1)))
      return s;
    if (batch_axis < 0 || batch_axis > 1 || time_axis < 0 || time_axis > 1 ||
        batch_axis == time_axis)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "time_axis",
                                "%d and batch_axis %d, expected 0 and 1 in "
                                "either order",
                                time_axis, batch_axis);
    if (lengths->dims[0] != x->dims[batch_axis])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "lengths",
                                "%ld of them, expected x's batch %ld",
                                lengths->dims[0], x->dims[batch_axis]);
    for (int d = 0; d < x->rank; ++d)
      if (y->dims[d] != x->dims[d])
        return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                                  "dimension %d is %ld, x's %ld", d, y->dims[d],
                                  x->dims[d]);
    if (accel_typed_tensors_overlap(x, y) ||
        accel_typed_tensors_overlap(lengths, y))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                                "overlaps x or lengths");
    if (accel_only_checking())
      return ACCEL_OK;
  }
  index_stage();
  long steps = x->dims[time_axis];
  for (long b = 0; b < lengths->dims[0]; ++b) {
    long n = index_at(lengths, b * lengths->strides[0]);
    if (n < 0 || n > steps)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "lengths",
                                "entry %ld is %ld, outside [0, %ld]", b, n,
                                steps);
  }
  unsigned log2 = accel_dtype_log2_bytes(x->dtype);
  index_walk w;
  if (!walk_start(&w, x->rank, x->dims))
    return ACCEL_OK;
  do {
    long t = w.at[time_axis];
    long n = index_at(lengths, w.at[batch_axis] * lengths->strides[0]);
    long from = t < n ? n - 1 - t : t;
    long xo = walk_offset(w.at, x->strides, w.rank) +
              (from - t) * x->strides[time_axis];
    copy_element(element_at(y, walk_offset(w.at, y->strides, w.rank)),
                 element_at(x, xo), log2);
  } while (walk_next(&w));
  return ACCEL_OK;
}

static accel_status reverse_sequence_body(const accel_tensor *const *t,
                                          const long *p) {
  return reverse_sequence_run(t[0], t[1], (int)p[0], (int)p[1], t[2]);
}

accel_status accel_reverse_sequence(const accel_tensor *x,
                                    const accel_tensor *lengths, int batch_axis,
                                    int time_axis, const accel_tensor *y) {
  const accel_tensor *t[] = {x, lengths, y};
  const long p[] = {batch_axis, time_axis};
  return index_on_kernel_stack(reverse_sequence_body, t, 3, p, 2);
}
