/* trilu.c - ONNX Trilu (docs/kernels.md, "Indexing"): y = x with the
   elements of each matrix (x's last two dimensions) outside its upper or
   lower triangle from diagonal k made zero, of any element type. */

#include "movement/index_walk.h"

/* The kept columns of row i: [from, to). */
static void kept(long i, long k, int upper, long cols, long *from, long *to) {
  long edge = i + k;
  if (upper) {
    *from = edge < 0 ? 0 : edge > cols ? cols : edge;
    *to = cols;
  } else {
    *from = 0;
    *to = edge + 1 < 0 ? 0 : edge + 1 > cols ? cols : edge + 1;
  }
}

static accel_status trilu_run(const accel_tensor *x, long k, int upper,
                              const accel_tensor *y) {
  static const char kernel[] = "accel_trilu";
  accel_status s;
  if (accel_checking()) {
    if ((s = accel_check_tensor_typed(kernel, "x", x, ACCEL_ALL_DTYPES, 2,
                                      ACCEL_MAX_RANK, 0)) ||
        (s = accel_check_tensor_typed(kernel, "y", y, ACCEL_DTYPE_BIT(x->dtype),
                                      x->rank, x->rank, 1)))
      return s;
    for (int d = 0; d < x->rank; ++d)
      if (y->dims[d] != x->dims[d])
        return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                                  "dimension %d is %ld, x's %ld", d, y->dims[d],
                                  x->dims[d]);
    if (accel_typed_tensors_overlap(x, y))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y", "overlaps x");
    if (accel_only_checking())
      return ACCEL_OK;
  }
  index_stage();
  unsigned log2 = accel_dtype_log2_bytes(x->dtype);
  static const uint64_t zero = 0;
  int r = x->rank;
  long cols = x->dims[r - 1];
  index_walk w;
  /* A row at a time: its kept columns copied, the others zero. */
  if (!walk_start(&w, r - 1, x->dims))
    return ACCEL_OK;
  do {
    long from, to;
    kept(w.at[r - 2], k, upper, cols, &from, &to);
    long xo = walk_offset(w.at, x->strides, r - 1);
    long yo = walk_offset(w.at, y->strides, r - 1);
    long xs = x->strides[r - 1], ys = y->strides[r - 1];
    for (long j = 0; j < cols; ++j)
      copy_element(element_at(y, yo + j * ys),
                   j >= from && j < to ? element_at(x, xo + j * xs)
                                       : (const char *)&zero,
                   log2);
  } while (walk_next(&w));
  return ACCEL_OK;
}

static accel_status trilu_body(const accel_tensor *const *t, const long *p) {
  return trilu_run(t[0], p[0], (int)p[1], t[1]);
}

accel_status accel_trilu(const accel_tensor *x, long k, int upper,
                         const accel_tensor *y) {
  const accel_tensor *t[] = {x, y};
  const long p[] = {k, upper};
  return index_on_kernel_stack(trilu_body, t, 2, p, 2);
}
