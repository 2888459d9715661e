/* tile.c - ONNX Tile (docs/kernels.md, "Indexing"): y is x repeated along
   each dimension, y's dims a whole multiple of x's, of any element type.
   A repeats tensor, when the caller has one (computed at run time), must
   say y's multiples: checked before anything is written. */

#include "movement/index_walk.h"

static accel_status check(const char *kernel, const accel_tensor *x,
                          const accel_tensor *repeats, const accel_tensor *y) {
  accel_status s;
  if ((s = accel_check_tensor_typed(kernel, "x", x, ACCEL_ALL_DTYPES, 0,
                                    ACCEL_MAX_RANK, 0)) ||
      (repeats && (s = accel_check_tensor_typed(kernel, "repeats", repeats,
                                                INDEX_DTYPES, 1, 1, 0))) ||
      (s = accel_check_tensor_typed(kernel, "y", y, ACCEL_DTYPE_BIT(x->dtype),
                                    x->rank, x->rank, 1)))
    return s;
  if (repeats && repeats->dims[0] != x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "repeats",
                              "%ld of them, x's rank is %d", repeats->dims[0],
                              x->rank);
  for (int d = 0; d < x->rank; ++d)
    if (x->dims[d] ? y->dims[d] % x->dims[d] : y->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                                "dimension %d is %ld, not a multiple of x's "
                                "%ld",
                                d, y->dims[d], x->dims[d]);
  if (accel_typed_tensors_overlap(x, y) ||
      (repeats && accel_typed_tensors_overlap(repeats, y)))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                              "overlaps x or repeats");
  return ACCEL_OK;
}

static accel_status tile_run(const accel_tensor *x, const accel_tensor *repeats,
                             const accel_tensor *y) {
  static const char kernel[] = "accel_tile";
  accel_status s;
  if (accel_checking()) {
    if ((s = check(kernel, x, repeats, y)))
      return s;
    if (accel_only_checking())
      return ACCEL_OK;
  }
  index_stage();
  for (int d = 0; repeats && d < x->rank; ++d) {
    long r = index_at(repeats, d * repeats->strides[0]);
    if (r * x->dims[d] != y->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "repeats",
                                "entry %d is %ld; y's dimension %d is %ld, x's "
                                "%ld",
                                d, r, d, y->dims[d], x->dims[d]);
  }
  /* A row of y (its last dimension) at a time: the row of x its
     coordinates name modulo x's dims, repeated. */
  int r = y->rank;
  long n = r ? x->dims[r - 1] : 1, copies = r && n ? y->dims[r - 1] / n : 1;
  long xs = r ? x->strides[r - 1] : 0, ys = r ? y->strides[r - 1] : 0;
  index_walk w;
  if (!n || !walk_start(&w, r ? r - 1 : 0, y->dims))
    return ACCEL_OK;
  do {
    long xo = 0;
    for (int d = 0; d < w.rank; ++d)
      xo += w.at[d] % x->dims[d] * x->strides[d];
    long yo = walk_offset(w.at, y->strides, w.rank);
    WITH_ELEMENT_BITS(accel_dtype_log2_bytes(x->dtype), T, {
      const T *xp = (const T *)x->data + xo;
      T *yp = (T *)y->data + yo;
      for (long c = 0; c < copies; ++c, yp += n * ys)
        for (long j = 0; j < n; ++j)
          yp[j * ys] = xp[j * xs];
    })
  } while (walk_next(&w));
  return ACCEL_OK;
}

static accel_status tile_body(const accel_tensor *const *t, const long *p) {
  (void)p;
  return tile_run(t[0], t[1], t[2]);
}

accel_status accel_tile(const accel_tensor *x, const accel_tensor *repeats,
                        const accel_tensor *y) {
  const accel_tensor *t[] = {x, repeats, y};
  return index_on_kernel_stack(tile_body, t, 3, 0, 0);
}
