/* norm_lines.h - what the normalization kernels (softmax.c, layernorm.c,
   batchnorm.c, norm_stream.c) share: blocks of lines for the stream
   engine, and the checks of x, y and the axis.

   Each kernel is a reduction along some dimensions followed by an
   elementwise pass over the same elements, so it works on lines (lines.h):
   batches of lines come into the scratchpad, and the stream engine
   (docs/isa.md 7.13) takes a block of up to StreamLines of them in each
   instruction: a row reduction, an activation with per-line bias and
   scale, a column-wise affine map. The lines are padded to a multiple of
   the vector's lanes in the batch, which the engine's row strides
   (vs.stride) step over. The engine moves KERNEL_STREAM_LANES elements a
   cycle against the vector unit's KERNEL_LANES, and its instructions fuse
   what the vector unit does in separate ones (subtract, exp and sum are
   one pass), so softmax is three passes over the data and the norms
   three: less time than the transfers, which is why the batches are
   memory-bound ones (lines.c). */

#ifndef ACCEL_NORM_LINES_H
#define ACCEL_NORM_LINES_H

#include "core/kernel_args.h"
#include "core/kernel_machine.h"
#include "core/lines.h"
#include <accel.h>
#include <accel_kernels.h>

enum {
  T = KERNEL_LANES,
  /* Lines an engine instruction takes: the per-line arrays (two
     parameter blocks of bias and scale, and the sums) fit the batch's
     LinesStreamFloats. */
  StreamLines = LinesStreamFloats / 5 / T * T,
};

/* The engine's per-line arrays: two activation parameter blocks (bias for
   `lines` lines, then scale) and the sums. */
#define STREAM_PARAMS(k) (LINES_SPM->stream + (k)*2 * StreamLines)
#define STREAM_SUMS (LINES_SPM->stream + 4 * StreamLines)

static inline void fill(float *p, long n, float v) {
  /* The value read back through a volatile: a fill of a constant 0 was
     recognized as a memset and called the C library's (116 cycles for 384
     floats, where these vector stores take about 30). */
  static ACCEL_SPM volatile float value;
  value = v;
  float u = value;
  long i = 0;
  for (; i + T <= n; i += T)
    accel_vstore(p + i, (accel_v16f)u);
  for (; i < n; ++i)
    p[i] = u;
}

/* The block of `lines` lines of n, np floats apart: the shape and the
   strides of the engine's instructions on the lines themselves (vs.shape
   alone, as for the per-line arrays, packs them). */
static inline void lines_block(long lines, long n, long np) {
  accel_vs_shape(lines, n);
  accel_vs_stride(np, np, np);
}

/* Runs fn(block, rows) over `count` lines of a batch, at most StreamLines
   at a time. */
#define FOR_STREAM_BLOCKS(lines, count, np, call)                              \
  do {                                                                         \
    for (long k_ = 0; k_ < (count); k_ += StreamLines) {                       \
      float *block = (lines) + k_ * (np);                                      \
      long rows = (count)-k_ < StreamLines ? (count)-k_ : StreamLines;         \
      call;                                                                    \
    }                                                                          \
  } while (0)

/* --------------------------------------------------------------- checks */

static inline int same_layout(const accel_tensor *x, const accel_tensor *y) {
  for (int d = 0; d < x->rank; ++d)
    if (x->dims[d] > 1 && x->strides[d] != y->strides[d])
      return 0;
  return 1;
}

/* t (named name: y, or a normalization's residual) checked, of x's dims. */
static inline accel_status check_like_x(const char *K, const char *name,
                                        const accel_tensor *x,
                                        const accel_tensor *t, int writable) {
  accel_status s;
  if ((s = accel_check_tensor(K, name, t, 1, ACCEL_MAX_RANK, writable)))
    return s;
  if (t->rank != x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name, "rank %d, x's is %d",
                              t->rank, x->rank);
  for (int d = 0; d < x->rank; ++d)
    if (t->dims[d] != x->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                                "dimension %d is %ld, x's is %ld", d,
                                t->dims[d], x->dims[d]);
  return ACCEL_OK;
}

/* y may overlap an input t (named name) only as t itself: each batch of
   lines is read before its results are written. */
static inline accel_status check_in_place(const char *K, const accel_tensor *y,
                                          const char *name,
                                          const accel_tensor *t) {
  if (accel_tensors_overlap(y, t) && (y->data != t->data || !same_layout(t, y)))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y",
                              "overlaps %s (only y = %s in place is allowed)",
                              name, name);
  return ACCEL_OK;
}

/* axis in [-rank, rank) as [0, rank); -1 if out of range. */
static inline int normalized_axis(int axis, int rank) {
  if (axis < -rank || axis >= rank)
    return -1;
  return axis < 0 ? axis + rank : axis;
}

/* x and y: checked, the same dims, not overlapping. */
accel_status norm_check_pair(const char *K, const accel_tensor *x,
                             const accel_tensor *y);

/* The lines of x and y over [first, last], each line at most max floats
   long. */
accel_status norm_line_views(const char *K, const accel_tensor *x,
                             const accel_tensor *y, int first, int last,
                             long max, lines_view *lx, lines_view *ly);

#endif
