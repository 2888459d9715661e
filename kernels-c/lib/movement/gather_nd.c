/* gather_nd.c - ONNX GatherND and ScatterND (docs/kernels.md,
   "Indexing"): indices [..., k] name, for each of their positions but the
   last dimension, a slab of x: the k coordinates after x's batch_dims
   leading ones (the position's own), and the whole of x's dimensions
   after those. GatherND copies each slab into y; ScatterND writes (or adds,
   or multiplies) the updates' slabs into a copy of x. Every index is
   checked before anything is written. */

#include "movement/index_walk.h"

/* The shapes both kernels check: indices of rank q >= 1 whose last
   dimension k, with the batch dimensions, is at most x's rank, the batch
   dimensions the same in both; the slabs' tensor (y or updates) of
   indices' dims but the last, then x's after batch_dims + k. */
static accel_status check_shapes(const char *kernel, const accel_tensor *x,
                                 const accel_tensor *indices, int batch_dims,
                                 const char *name, const accel_tensor *slabs,
                                 int is_output) {
  accel_status s;
  if ((s = accel_check_tensor_typed(kernel, "x", x, ACCEL_ALL_DTYPES, 1,
                                    ACCEL_MAX_RANK, 0)) ||
      (s = accel_check_tensor_typed(kernel, "indices", indices, INDEX_DTYPES, 1,
                                    ACCEL_MAX_RANK, 0)))
    return s;
  int q = indices->rank;
  long k = indices->dims[q - 1];
  if (batch_dims < 0 || batch_dims >= q || batch_dims >= x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "batch_dims",
                              "%d, expected 0 to %d", batch_dims,
                              (q < x->rank ? q : x->rank) - 1);
  if (k < 1 || k > x->rank - batch_dims)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "indices",
                              "last dimension %ld, expected 1 to %d", k,
                              x->rank - batch_dims);
  for (int d = 0; d < batch_dims; ++d)
    if (indices->dims[d] != x->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "indices",
                                "batch dimension %d is %ld, x's %ld", d,
                                indices->dims[d], x->dims[d]);
  long want[2 * ACCEL_MAX_RANK];
  int rank = 0;
  for (int d = 0; d < q - 1; ++d)
    want[rank++] = indices->dims[d];
  for (int d = batch_dims + (int)k; d < x->rank; ++d)
    want[rank++] = x->dims[d];
  if (rank > ACCEL_MAX_RANK)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, kernel, name,
                              "rank %d, past %d", rank, ACCEL_MAX_RANK);
  if ((s = accel_check_tensor_typed(kernel, name, slabs,
                                    ACCEL_DTYPE_BIT(x->dtype), rank, rank,
                                    is_output)))
    return s;
  for (int d = 0; d < rank; ++d)
    if (slabs->dims[d] != want[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, name,
                                "dimension %d is %ld, expected %ld", d,
                                slabs->dims[d], want[d]);
  return ACCEL_OK;
}

/* Every index inside [-size, size) of the x dimension it indexes; an
   index tuple is a row of indices' last dimension. */
static accel_status check_indices(const char *kernel, const accel_tensor *x,
                                  const accel_tensor *indices, int batch_dims) {
  long value, k = indices->dims[indices->rank - 1];
  long entry = index_outside(indices, x->dims + batch_dims, 0, &value);
  if (entry < 0)
    return ACCEL_OK;
  long size = x->dims[batch_dims + entry % k];
  return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "indices",
                            "entry %ld is %ld, outside [%ld, %ld) (x's "
                            "dimension %ld)",
                            entry, value, -size, size, batch_dims + entry % k);
}

/* x's slab for the index tuple at position `at` of indices' leading
   dimensions: its first element's offset. */
static long slab_offset(const accel_tensor *x, const accel_tensor *indices,
                        const long *at, int batch_dims) {
  int q = indices->rank;
  long k = indices->dims[q - 1];
  long tuple = walk_offset(at, indices->strides, q - 1);
  long o = walk_offset(at, x->strides, batch_dims);
  for (long j = 0; j < k; ++j) {
    long i = index_at(indices, tuple + j * indices->strides[q - 1]);
    o += wrap_index(i, x->dims[batch_dims + j]) * x->strides[batch_dims + j];
  }
  return o;
}

/* Each slab of x (from offset x_at, x's dimensions from `from`) and of
   the slabs' tensor s (from s_at, its dimensions from s_from): copied into
   s (gather) or combined into x (scatter), a row (the last dimension) at
   a time. */
static void move_slab(const accel_tensor *x, long x_at, int from,
                      const accel_tensor *s, long s_at, int s_from, int gather,
                      accel_scatter_reduction reduction) {
  int rank = x->rank - from;
  long n = rank ? x->dims[x->rank - 1] : 1;
  long xs = rank ? x->strides[x->rank - 1] : 0;
  long ss = rank ? s->strides[s->rank - 1] : 0;
  index_walk w;
  if (!n || !walk_start(&w, rank ? rank - 1 : 0, x->dims + from))
    return;
  do {
    long xo = x_at + walk_offset(w.at, x->strides + from, w.rank);
    long so = s_at + walk_offset(w.at, s->strides + s_from, w.rank);
    if (gather || reduction == ACCEL_SCATTER_NONE) {
      WITH_ELEMENT_BITS(accel_dtype_log2_bytes(x->dtype), T, {
        T *xp = (T *)x->data + xo, *sp = (T *)s->data + so;
        if (gather)
          for (long j = 0; j < n; ++j)
            sp[j * ss] = xp[j * xs];
        else
          for (long j = 0; j < n; ++j)
            xp[j * xs] = sp[j * ss];
      })
    } else if (x->dtype == ACCEL_F32 && reduction == ACCEL_SCATTER_ADD) {
      /* A model's common reduction, without a call an element. */
      float *xp = (float *)x->data + xo;
      const float *sp = (const float *)s->data + so;
      for (long j = 0; j < n; ++j)
        xp[j * xs] += sp[j * ss];
    } else {
      for (long j = 0; j < n; ++j)
        scatter_element(element_at(x, xo + j * xs), element_at(s, so + j * ss),
                        x->dtype, reduction);
    }
  } while (walk_next(&w));
}

static accel_status gather_nd_run(const accel_tensor *x,
                                  const accel_tensor *indices, int batch_dims,
                                  const accel_tensor *y) {
  static const char kernel[] = "accel_gather_nd";
  accel_status s;
  if (accel_checking()) {
    if ((s = check_shapes(kernel, x, indices, batch_dims, "y", y, 1)))
      return s;
    if (accel_typed_tensors_overlap(x, y) ||
        accel_typed_tensors_overlap(indices, y))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                                "overlaps x or indices");
    if (accel_only_checking())
      return ACCEL_OK;
  }
  index_stage();
  if ((s = check_indices(kernel, x, indices, batch_dims)))
    return s;
  int q = indices->rank, from = batch_dims + (int)indices->dims[q - 1];
  index_walk w;
  if (!walk_start(&w, q - 1, indices->dims))
    return ACCEL_OK;
  do {
    move_slab(x, slab_offset(x, indices, w.at, batch_dims), from, y,
              walk_offset(w.at, y->strides, q - 1), q - 1, 1,
              ACCEL_SCATTER_NONE);
  } while (walk_next(&w));
  return ACCEL_OK;
}

static accel_status scatter_nd_run(const accel_tensor *x,
                                   const accel_tensor *indices,
                                   const accel_tensor *updates,
                                   accel_scatter_reduction reduction,
                                   const accel_tensor *y) {
  static const char kernel[] = "accel_scatter_nd";
  accel_status s;
  if (accel_checking()) {
    if ((s = check_shapes(kernel, x, indices, 0, "updates", updates, 0)) ||
        (s = accel_check_tensor_typed(kernel, "y", y, ACCEL_DTYPE_BIT(x->dtype),
                                      x->rank, x->rank, 1)) ||
        (s = check_scatter_reduction(kernel, x->dtype, reduction)))
      return s;
    for (int d = 0; d < x->rank; ++d)
      if (y->dims[d] != x->dims[d])
        return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                                  "dimension %d is %ld, x's %ld", d, y->dims[d],
                                  x->dims[d]);
    if (accel_typed_tensors_overlap(x, y) ||
        accel_typed_tensors_overlap(indices, y) ||
        accel_typed_tensors_overlap(updates, y))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                                "overlaps x, indices or updates");
    if (accel_only_checking())
      return ACCEL_OK;
  }
  index_stage();
  if ((s = check_indices(kernel, x, indices, 0)) || (s = copy_tensor(x, y)))
    return s;
  int q = indices->rank, from = (int)indices->dims[q - 1];
  index_walk w;
  if (!walk_start(&w, q - 1, indices->dims))
    return ACCEL_OK;
  do {
    move_slab(y, slab_offset(y, indices, w.at, 0), from, updates,
              walk_offset(w.at, updates->strides, q - 1), q - 1, 0, reduction);
  } while (walk_next(&w));
  return ACCEL_OK;
}

static accel_status gather_nd_body(const accel_tensor *const *t,
                                   const long *p) {
  return gather_nd_run(t[0], t[1], (int)p[0], t[2]);
}

accel_status accel_gather_nd(const accel_tensor *x, const accel_tensor *indices,
                             int batch_dims, const accel_tensor *y) {
  const accel_tensor *t[] = {x, indices, y};
  const long p[] = {batch_dims};
  return index_on_kernel_stack(gather_nd_body, t, 3, p, 1);
}

static accel_status scatter_nd_body(const accel_tensor *const *t,
                                    const long *p) {
  return scatter_nd_run(t[0], t[1], t[2], (accel_scatter_reduction)p[0], t[3]);
}

accel_status accel_scatter_nd(const accel_tensor *x,
                              const accel_tensor *indices,
                              const accel_tensor *updates,
                              accel_scatter_reduction reduction,
                              const accel_tensor *y) {
  const accel_tensor *t[] = {x, indices, updates, y};
  const long p[] = {reduction};
  return index_on_kernel_stack(scatter_nd_body, t, 4, p, 1);
}
