/* lines.h - a tensor as lines, for the kernels that reduce along some of
   its dimensions (norm/) and for maps over dense memory
   (elementwise.c): each line is the elements of the reduced dimensions at
   one index of the others, processed in batches in the scratchpad. */

#ifndef ACCEL_LINES_H
#define ACCEL_LINES_H

#include "core/kernel_machine.h"
#include "core/spm_arena.h"
#include <accel.h>
#include <accel_kernels.h>

/* Dimensions [first, last] of a tensor as lines of n elements, step apart,
   and the other dimensions (outer) that number the lines. */
typedef struct {
  float *base;
  long n, step;
  int outer_rank;
  long outer_dims[ACCEL_MAX_RANK], outer_strides[ACCEL_MAX_RANK];
  long count; /* the number of lines */
} lines_view;

/* The lines of t over dimensions [first, last]; 0 if those dimensions do
   not merge into one run of equally spaced elements. */
int lines_of(const accel_tensor *t, int first, int last, lines_view *v);

/* The element offset of line i. */
long line_offset(const lines_view *v, long i);

/* Moves lines [first, first + count) of v between the view and buf in the
   scratchpad (padded_length(n) floats apart) on channel ch: into the view
   if to_view, else out of it. */
void lines_move(int ch, const lines_view *v, float *buf, long first, long count,
                int to_view);

enum {
  LineAlign = KERNEL_LANES, /* lines start at a vector in the scratchpad */
  LinesBufferFloats = 152 * 1024, /* a batch of lines: 608 KiB */
  LinesParamFloats = 64 * 1024,   /* the longest line with parameters */
  LinesStreamFloats = 16 * 1024,  /* the stream engine's per-line values */
};

/* The line kernels' buffers in the kernels' scratchpad arena: two batches
   of lines, two vectors of per-element parameters (a normalization's
   scale and shift), and the per-line values (maxima, sums, the
   activations' bias and scale) of the stream engine's operations. */
typedef struct {
  float batch[2][LinesBufferFloats];
  float params[2][LinesParamFloats];
  float stream[LinesStreamFloats];
} lines_spm;
KERNEL_SPM_FITS(lines_spm);
#define LINES_SPM KERNEL_SPM(lines_spm)

static inline long padded_length(long n) {
  return (n + LineAlign - 1) / LineAlign * LineAlign;
}

/* Work on a batch of lines in the scratchpad: lines[k * padded_length(n)]
   holds line first + k (n elements; the padding is scratch). */
typedef void line_batch_fn(float *lines, long first, long count, long n,
                           void *context);

/* How fn's work compares with the batch's transfers. */
typedef enum {
  LinesComputeBound, /* the vector unit's loops */
  LinesMemoryBound,  /* the stream engine's operations */
} line_batch_pace;

/* Runs fn over every line of x, writing y (lines of the same shape), in
   double-buffered batches that fn rewrites in place. Compute-bound work:
   batches come in over channels 0 and 1 and leave over 2 and 3, and fn
   is called twice a batch, on its two halves, the next batch's load
   starting between them. Memory-bound work: larger batches through
   three buffers, one call a batch (lines.c says why). Returns with every
   channel idle. */
void for_each_line_batch(const lines_view *x, const lines_view *y,
                         line_batch_fn *fn, void *context,
                         line_batch_pace pace);

/* The longest line for_each_line_batch_of_sum takes, padded. */
enum { LinesOfSumFloats = LinesBufferFloats / 4 };

/* Work on a batch of sums: fn makes its results from the lines at sums
   and writes them to lines (both padded_length(n) floats apart; they may
   be the same lines). */
typedef void line_sum_fn(float *lines, const float *sums, long first,
                         long count, long n, void *context);

/* for_each_line_batch's memory-bound work on x + addend (lines of x's
   shape, added on the stream engine as each batch arrives): fn sees the
   sums. With sum (lines of x's shape, or null), the sums are written
   there too, from their own slot, which fn reads and does not write. */
void for_each_line_batch_of_sum(const lines_view *x, const lines_view *addend,
                                const lines_view *sum, const lines_view *y,
                                line_sum_fn *fn, void *context);

#endif
