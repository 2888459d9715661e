/* lines.c - a tensor as lines, in batches through the scratchpad
   (lines.h). */

#include "core/lines.h"
#include "core/kernel_dma.h"
#include <stddef.h>

enum {
  BatchFloats = 16 * 1024,       /* work slower than the transfers */
  StreamBatchFloats = 24 * 1024, /* faster */
};

int lines_of(const accel_tensor *t, int first, int last, lines_view *v) {
  /* The run: from the last dimension back, each dimension's stride must
     be the span of the ones after it (dimensions of 1 take no part). */
  long step = 0, span = 0, n = 1;
  for (int d = last; d >= first; --d) {
    n *= t->dims[d];
    if (t->dims[d] == 1)
      continue;
    if (!step)
      step = t->strides[d], span = step;
    else if (t->strides[d] != span)
      return 0;
    span *= t->dims[d];
  }
  v->base = (float *)t->data, v->n = n, v->step = step ? step : 1;
  /* The other dimensions, those of 1 left out and neighbours that merge
     (each stride the next one's span) as one: a [2, 16, 64] tensor's
     lines are 32 evenly spaced ones, a batch of them one transfer. The
     last entry's dims and stride in registers (the view's fields are
     memory: a load after each store). */
  int o = -1, merges = 0; /* the last entry; whether the next may merge */
  long count = 1, od = 0, os = 0;
  for (int d = 0; d < t->rank; ++d) {
    long nd = t->dims[d], sd = t->strides[d];
    if ((d >= first && d <= last) || nd == 1) {
      merges &= nd == 1;
      continue;
    }
    count *= nd;
    if (merges && os == nd * sd) {
      od *= nd, os = sd;
    } else {
      if (o >= 0)
        v->outer_dims[o] = od, v->outer_strides[o] = os;
      ++o, od = nd, os = sd;
    }
    merges = 1;
  }
  if (o >= 0)
    v->outer_dims[o] = od, v->outer_strides[o] = os;
  v->outer_rank = o + 1;
  v->count = count;
  return 1;
}

long line_offset(const lines_view *v, long i) {
  if (v->outer_rank <= 1) /* the common case, without divisions */
    return v->outer_rank ? i * v->outer_strides[0] : 0;
  long offset = 0;
  for (int d = v->outer_rank - 1; d >= 0; --d) {
    offset += i % v->outer_dims[d] * v->outer_strides[d];
    i /= v->outer_dims[d];
  }
  return offset;
}

/* Whether consecutive lines are equally spaced (*spacing apart): at most
   one outer dimension larger than 1. */
static int evenly_spaced(const lines_view *v, long *spacing) {
  int larger = 0;
  *spacing = 0;
  for (int d = 0; d < v->outer_rank; ++d)
    if (v->outer_dims[d] > 1)
      ++larger, *spacing = v->outer_strides[d];
  return larger <= 1;
}

/* Moves `count` contiguous lines, `spacing` floats apart from `line` on,
   to or from buf (np floats apart) in one 2-D transfer on channel ch (one
   row when they follow each other on both sides: accel_dma_rows_on). */
static inline __attribute__((always_inline)) void
move_spaced_lines(int ch, const lines_view *v, float *line, long spacing,
                  float *buf, long count, int to_view) {
  long np = padded_length(v->n);
  if (to_view)
    accel_dma_rows_on(ch, line, buf, count, v->n * 4, spacing * 4, np * 4);
  else
    accel_dma_rows_on(ch, buf, line, count, v->n * 4, np * 4, spacing * 4);
}

/* One 2-D transfer for evenly spaced contiguous lines; for contiguous
   lines of several outer dimensions (a transposed view's), one per run of
   the innermost; else one per line. */
void lines_move(int ch, const lines_view *v, float *buf, long first, long count,
                int to_view) {
  long np = padded_length(v->n), spacing;
  if (v->step == 1 && v->outer_rank <= 1) { /* the common case, at once */
    spacing = v->outer_rank ? v->outer_strides[0] : 0;
    move_spaced_lines(ch, v, v->base + first * spacing, spacing, buf, count,
                      to_view);
    return;
  }
  if (v->step == 1 && evenly_spaced(v, &spacing)) {
    move_spaced_lines(ch, v, v->base + line_offset(v, first), spacing, buf,
                      count, to_view);
    return;
  }
  if (v->step == 1) {
    long run = v->outer_dims[v->outer_rank - 1];
    spacing = v->outer_strides[v->outer_rank - 1];
    for (long k = 0, m; k < count; k += m) {
      long left = run - (first + k) % run; /* lines left in this run */
      m = left < count - k ? left : count - k;
      move_spaced_lines(ch, v, v->base + line_offset(v, first + k), spacing,
                        buf + k * np, m, to_view);
    }
    return;
  }
  for (long k = 0; k < count; ++k) {
    float *line = v->base + line_offset(v, first + k);
    if (to_view)
      accel_copy_matrix(ch, line, v->step, 1, buf + k * np, 1, 1, v->n, 1);
    else
      accel_copy_matrix(ch, buf + k * np, 1, 1, line, v->step, 1, v->n, 1);
  }
}

/* The same over channels ch and ch + 1, half the lines each, so that a
   batch moves at two channels' rate. */
static void move_lines_on_pair(int ch, const lines_view *v, float *buf,
                               long first, long count, int to_view) {
  long half = count / 2;
  if (half)
    lines_move(ch + 1, v, buf, first, half, to_view);
  lines_move(ch, v, buf + half * padded_length(v->n), first + half,
             count - half, to_view);
}

/* The lines each channel takes when `count` lines of n move over all
   four: a quarter, but at least MinTransferBytes' worth, for issuing a
   transfer (about 100 cycles) costs what a channel moves 3 KiB in: small
   batches of lines go over fewer channels. */
enum { MinTransferBytes = 4096 };
static inline long lines_per_channel(long count, long n) {
  long per = (count + 3) / 4;
  if (per * n * 4 >= MinTransferBytes) /* the common case: no division */
    return per;
  long least = MinTransferBytes / 4 / (n ? n : 1);
  return per > least ? per : least;
}

/* The same over all four channels, lines_per_channel each. */
static void move_lines_on_all(const lines_view *v, float *buf, long first,
                              long count, int to_view) {
  long per = lines_per_channel(count, v->n), np = padded_length(v->n);
  for (int ch = 0; ch < 4 && ch * per < count; ++ch) {
    long part = count - ch * per < per ? count - ch * per : per;
    lines_move(ch, v, buf + ch * per * np, first + ch * per, part, to_view);
  }
}

/* Whether moving `count` lines of n puts a transfer on channel ch: over
   all four channels (move_lines_on_all, lines_per_channel each), or over
   the pair from `pair` (move_lines_on_pair: the second channel takes
   half, rounded down). A wait that leaves the newest transfer of a
   channel moving must know that the newest is not its own batch's. */
static inline int moves_use(long count, long n, int all, int pair, int ch) {
  if (all)
    return ch * lines_per_channel(count, n) < count;
  return (ch == pair && count >= 1) || (ch == pair + 1 && count >= 2);
}

/* A batch's lines of x, and of the addend if there is one, into their
   slots, over all four channels or over channels 0 and 1. */
static inline __attribute__((always_inline)) void
lines_in(const lines_view *x, const lines_view *addend, float *slot,
         float *addend_slot, long first, long count, int all) {
  if (all) {
    move_lines_on_all(x, slot, first, count, 0);
    if (addend)
      move_lines_on_all(addend, addend_slot, first, count, 0);
  } else {
    move_lines_on_pair(0, x, slot, first, count, 0);
    if (addend)
      move_lines_on_pair(0, addend, addend_slot, first, count, 0);
  }
}

/* Work faster than the transfers (the stream engine's): batches come in
   over channels 0 and 1 and leave over 2 and 3, through four buffers, so
   that each channel always holds a transfer queued behind the one it
   moves: batch b + 1 is in flight while b arrives, and the wait for b is
   dma.wait.older, which leaves b + 1 moving (a wait for the channel would
   stop it, and each channel would pause for its start-up and the issue
   of the next transfer at every batch). Likewise b - 1 leaves behind
   b - 2, and b + 2 comes into b - 2's buffer once b - 2 has left. The
   first two batches come in and the last two leave over all four
   channels, when the other direction has little or nothing to move.

   With an addend, its lines come in with x's, on the same channels, into
   four slots of their own after x's, and one engine addition makes each
   batch x + addend before sum_fn sees it: in x's slot, or, where the sums
   also go to `sum`, in the addend's, which they leave from just before
   the batch's results leave from x's (on the same channels, so that the
   waits for a batch's results cover its sums). Inlined into each caller,
   so that the loop without an addend has none of its code. */
static inline __attribute__((always_inline)) void
memory_bound_batches(const lines_view *x, const lines_view *addend,
                     const lines_view *sum, const lines_view *y,
                     long per_batch, line_batch_fn *fn, line_sum_fn *sum_fn,
                     void *context) {
  long np = padded_length(x->n);
  /* The first batch half the others: the engine starts and the results
     start leaving sooner, and they are the longer direction's critical
     path. (Batches of 96 KiB, the first half of that: the fastest of 64,
     96, 128 and 192 KiB with a first of a whole, a half, a quarter or an
     eighth, over softmax and the norms in bench/kernels.) */
  long first = per_batch / 2 ? per_batch / 2 : 1;
  if (first > x->count)
    first = x->count;
  long batches = 1 + (x->count - first + per_batch - 1) / per_batch;
  float *slots = LINES_SPM->batch[0]; /* both batch buffers, as one */
  long slot_floats = per_batch * np;
#define FIRST(b) ((b) ? first + ((b)-1) * per_batch : 0)
#define SIZE(b)                                                                \
  ((b) ? (x->count - FIRST(b) < per_batch ? x->count - FIRST(b) : per_batch)   \
       : first)
#define SLOT(b) (slots + (b) % 4 * slot_floats)
#define ADDEND_SLOT(b) (slots + (4 + (b) % 4) * slot_floats)
/* Which batches move over all four channels: the first two in, the last
   two out. */
#define IN_ALL(b) ((b) <= 1)
#define OUT_ALL(b) ((b) + 2 >= batches)
#define MOVE_IN(b, all)                                                        \
  lines_in(x, addend, SLOT(b), ADDEND_SLOT(b), FIRST(b), SIZE(b), all)
  MOVE_IN(0, 1);
  if (batches > 1)
    MOVE_IN(1, 1);
  for (long b = 0; b < batches; ++b) {
    /* Batch b is in: on each channel that carries it, the older transfers
       if one was issued after it (b + 1 coming in, or b - 1's results
       leaving), else all of them. */
    for (int ch = 0; ch < 4; ++ch) {
      if (ch >= 2 && !IN_ALL(b))
        continue;
      int newer =
          (b + 1 < batches &&
           moves_use(SIZE(b + 1), x->n, IN_ALL(b + 1), 0, ch)) ||
          (b >= 1 && moves_use(SIZE(b - 1), x->n, OUT_ALL(b - 1), 2, ch));
      if (newer)
        accel_dma_wait_older_on(ch);
      else
        accel_dma_wait_on(ch);
    }
    /* The engine takes b's operations into its queue, and b + 2 is
       issued while it works. */
    if (addend) {
      float *sums = sum ? ADDEND_SLOT(b) : SLOT(b);
      accel_vs_shape(1, SIZE(b) * np);
      accel_vs_add(sums, SLOT(b), ADDEND_SLOT(b));
      sum_fn(SLOT(b), sums, FIRST(b), SIZE(b), x->n, context);
    } else {
      fn(SLOT(b), FIRST(b), SIZE(b), x->n, context);
    }
    if (b + 2 < batches) {
      if (b >= 2) { /* b - 2 has left its buffer; b - 1 may be leaving */
        if (moves_use(SIZE(b - 1), x->n, OUT_ALL(b - 1), 2, 2))
          accel_dma_wait_older(2);
        else
          accel_dma_wait(2);
        if (moves_use(SIZE(b - 1), x->n, OUT_ALL(b - 1), 2, 3))
          accel_dma_wait_older(3);
        else
          accel_dma_wait(3);
      }
      MOVE_IN(b + 2, 0);
    }
    if (OUT_ALL(b)) {
      if (sum)
        move_lines_on_all(sum, ADDEND_SLOT(b), FIRST(b), SIZE(b), 1);
      move_lines_on_all(y, SLOT(b), FIRST(b), SIZE(b), 1);
    } else {
      if (sum)
        move_lines_on_pair(2, sum, ADDEND_SLOT(b), FIRST(b), SIZE(b), 1);
      move_lines_on_pair(2, y, SLOT(b), FIRST(b), SIZE(b), 1);
    }
  }
#undef MOVE_IN
#undef OUT_ALL
#undef IN_ALL
#undef ADDEND_SLOT
#undef SLOT
#undef SIZE
#undef FIRST
  accel_dma_wait_all();
}

/* Work slower than the transfers (the vector unit's loops). */
static void compute_bound_batches(const lines_view *x, const lines_view *y,
                                  line_batch_fn *fn, void *context) {
  /* Batches of about BatchFloats, so that the next one's transfer runs
     under this one's work even for a tensor the buffer would hold whole. */
  long np = padded_length(x->n);
  long per_batch = (np < BatchFloats ? BatchFloats : LinesBufferFloats) / np;
  long batches = (x->count + per_batch - 1) / per_batch;
  float(*buf)[LinesBufferFloats] = LINES_SPM->batch;
  if (batches)
    move_lines_on_pair(0, x, buf[0], 0,
                       per_batch < x->count ? per_batch : x->count, 0);
  for (long b = 0; b < batches; ++b) {
    int k = b & 1;
    long first = b * per_batch, count = x->count - first;
    if (count > per_batch)
      count = per_batch;
    accel_dma_wait_on(0);
    accel_dma_wait_on(1);
    /* The next batch goes into the other buffer once the previous batch
       has left it (channels 2 and 3): that store runs under the first
       half of this batch's work, the load under the second. */
    long half = count / 2;
    fn(buf[k], first, half, x->n, context);
    if (b + 1 < batches) {
      long next = first + per_batch, next_count = x->count - next;
      accel_dma_wait_on(2);
      accel_dma_wait_on(3);
      move_lines_on_pair(0, x, buf[!k], next,
                         next_count < per_batch ? next_count : per_batch, 0);
    }
    fn(buf[k] + half * np, first + half, count - half, x->n, context);
    move_lines_on_pair(2, y, buf[k], first, count, 1);
  }
  accel_dma_wait_all();
}

void for_each_line_batch(const lines_view *x, const lines_view *y,
                         line_batch_fn *fn, void *context,
                         line_batch_pace pace) {
  /* Memory-bound: four batches in the two buffers, of about
     StreamBatchFloats or one line. */
  long np = padded_length(x->n);
  long per_batch = np > LinesBufferFloats / 2 ? 0
                   : np < StreamBatchFloats   ? StreamBatchFloats / np
                                              : 1;
  if (pace == LinesMemoryBound && per_batch >= 1 && x->count)
    memory_bound_batches(x, NULL, NULL, y, per_batch, fn, NULL, context);
  else
    compute_bound_batches(x, y, fn, context);
}

void for_each_line_batch_of_sum(const lines_view *x, const lines_view *addend,
                                const lines_view *sum, const lines_view *y,
                                line_sum_fn *fn, void *context) {
  /* Eight slots in the two buffers: four of x's batches, four of the
     addend's. */
  long np = padded_length(x->n);
  long per_batch = np < StreamBatchFloats ? StreamBatchFloats / np : 1;
  if (x->count)
    memory_bound_batches(x, addend, sum, y, per_batch, NULL, fn, context);
}
