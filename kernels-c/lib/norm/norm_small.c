/* norm_small.c - layer and RMS norms of a few lines in one block
   (norm_small.h; docs/kernels.md, "Normalization").

   A decoding step's norms are one line of a few hundred floats, a small
   transformer's a few dozen lines: nothing overlaps, so the batches'
   machinery (line views, batch plans, transfers per line run, waits per
   channel) is most of their time. Here the lines come in whole, by one
   transfer each over the channels (x and the residual), the engine runs
   the batches' own operations on all of them at once (the residual's
   sum, then norm_stream_from), and the results leave by the core's
   stores when small (elementwise_direct.h), else by transfers: the same
   operations in the same order, so the same results. */

#include "norm/norm_small.h"
#include "core/kernel_dma.h"
#include "elementwise/elementwise_direct.h"
#include "norm/norm_lines.h"
#include "norm/norm_stream.h"
#include <stddef.h>

enum {
  SmallNormFloats = NORM_SMALL_FLOATS,
  /* Bytes a part of a transfer over the channels, at least. */
  PartBytes = 2048,
};

/* Whether t lies row-major without gaps (dims of 1 aside), as x's
   dims. */
static int packed_like(const accel_tensor *t, const accel_tensor *x) {
  if (!t)
    return 1;
  long step = 1;
  int ok = t->rank == x->rank;
  for (int d = x->rank - 1; d >= 0 && ok; --d) {
    ok = t->dims[d] == x->dims[d] && (t->dims[d] == 1 || t->strides[d] == step);
    step *= x->dims[d];
  }
  return ok;
}

/* A parameter of n floats, contiguous. */
static int packed_param(const accel_tensor *t, long n) {
  return !t ||
         (t->rank == 1 && t->dims[0] == n && (n == 1 || t->strides[0] == 1));
}

/* A result of total floats out: by the core's stores when small. */
static void store(int *ch, float *dst, const float *src, long total) {
  if (total * 4 <= EW_DIRECT_STORE_BYTES)
    ew_store_direct(dst, src, total);
  else
    accel_dma_split(ch, dst, src, total * 4, PartBytes);
}

int norm_small_run(const accel_tensor *x, const accel_tensor *y,
                   const accel_norm_options *o, int rms) {
  int r = x->rank;
  long n = x->dims[r - 1], lines = 1;
  for (int d = 0; d < r - 1; ++d)
    lines *= x->dims[d];
  long total = lines * n;
  if (total == 0 || total > SmallNormFloats || n % LineAlign ||
      lines > StreamLines || !packed_like(x, x) || !packed_like(y, x) ||
      !packed_like(o->residual, x) || !packed_like(o->sum, x) ||
      !packed_param(o->scale, n) || !packed_param(o->shift, n))
    return 0;
  float *xs = LINES_SPM->batch[0], *rs = LINES_SPM->batch[1];
  int ch = 0;
  accel_dma_split(&ch, xs, x->data, total * 4, PartBytes);
  if (o->residual)
    accel_dma_split(&ch, rs, o->residual->data, total * 4, PartBytes);
  norm_context c = {o->epsilon, rms, NULL, NULL};
  if (o->scale)
    accel_dma_1d(3, LINES_SPM->params[0], o->scale->data, n * 4);
  if (o->shift)
    accel_dma_1d(3, LINES_SPM->params[1], o->shift->data, n * 4);
  norm_stream_params(&c, o->scale != NULL, o->shift != NULL, n);
  accel_dma_wait_all();
  /* As the batches do: the sum where it is kept (the residual's buffer
     when it is written), the norm of it into x's. */
  const float *src = xs;
  if (o->residual) {
    float *sums = o->sum ? rs : xs;
    accel_vs_shape(1, total);
    accel_vs_add(sums, xs, rs);
    src = sums;
  }
  norm_stream_from(xs, src, lines, n, n, &c);
  ch = 0;
  if (o->sum)
    store(&ch, o->sum->data, rs, total);
  store(&ch, y->data, xs, total);
  accel_dma_wait_all();
  return 1;
}
