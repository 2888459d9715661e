/* move_rows.h - copies that pick each row's elements out of a row of the
   source, through the scratchpad (docs/kernels.md, "Data movement").

   y[r][j] = x[r][first + j * step] (a slice's step along the last axis,
   a reversal) or x[r][index[j]] (a gather along the last axis): done by
   the DMA engine, each element is a transfer's row of its own, a DRAM
   burst on each side for 4 bytes. Here blocks of x's rows come into the
   scratchpad whole, the vector unit picks the elements a column of 16
   rows at a time (a strided load from x's rows, a strided store into
   y's: move_rows.S), and y's rows leave whole. */

#ifndef ACCEL_MOVE_ROWS_H
#define ACCEL_MOVE_ROWS_H

/* The rows of a block are taken MOVE_ROWS_LANES at a time. */
#define MOVE_ROWS_LANES __ACCEL_VECTOR_LANES__

#ifndef __ASSEMBLER__

#include "movement/move_plan.h"
#include <accel_kernels.h>

enum {
  /* Each of the two blocks of x's rows and of y's. */
  MOVE_ROWS_BUFFER_FLOATS = 48 * 1024,
};

/* The buffers: two blocks of x's rows, two of y's (one in use, one
   coming in or leaving), and a table of byte offsets for the picks of a
   caller that makes one (a longest row's: a group of MOVE_ROWS_LANES rows
   fills a buffer). */
typedef struct {
  float x[2][MOVE_ROWS_BUFFER_FLOATS];
  float y[2][MOVE_ROWS_BUFFER_FLOATS];
  int offsets[MOVE_ROWS_BUFFER_FLOATS / MOVE_ROWS_LANES];
} move_rows_spm;

/* y[r][j] = x[r][col(j)] for r < rows, j < n (strides in elements, rows
   forward on both sides), for each index of up to ACCEL_MAX_RANK - 2 outer
   loops; col(j) = first + j * step, or offsets[j] / 4 where offsets
   (byte offsets, in the scratchpad) is not null. The columns read of
   each x row are [x_lo, x_lo + span); first and offsets count from x_lo.
   Then, with no outer loops, `tail` more elements after the last row's
   (a long single row cut into rows). */
typedef struct {
  long rows, n, x_pitch, y_pitch, tail;
  long x_lo, span;
  long first, step;
  const int *offsets;
  long src_offset, dst_offset; /* of element (0, 0): x's column 0 */
  int loops;
  long count[ACCEL_MAX_RANK];
  long src_step[ACCEL_MAX_RANK], dst_step[ACCEL_MAX_RANK];
} move_rows;

/* Whether the copy of normalized dimensions dims (move_plan.h) steps
   through the source along the destination's contiguous dimension by a
   few elements (a slice's step, a reversal), its rows forward; if so, *t
   is its plan. */
int move_rows_make(move_rows *t, const move_dims *dims);

/* Whether a gather of n indices along the last axis of x into y, both
   contiguous along it, goes through the scratchpad (x's rows fit, and are
   not too long for the elements they give): if so, *t is its plan but
   for its offsets, the indices' (wrapped) times 4. */
int move_rows_gather(move_rows *t, const accel_tensor *x, const accel_tensor *y,
                     long n);

/* Whether a batch of n matrices, the outer loop of a transpose whose
   destination matrices are packed (dst[c][r] = src[r][c] for r < rows,
   c < cols, dst_pitch == rows), goes through the scratchpad as rows: each
   matrix one row, its elements picked by a table (small matrices, many
   of them: a transfer each way per block of matrices, where the matrix
   at a time would pay a transfer's start-up and the loop's overhead per
   few elements). If so, *t is its plan, its offsets the table made at
   offsets. */
int move_rows_matrices(move_rows *t, long rows, long cols, long src_pitch,
                       long count, long src_step, long dst_step, int *offsets);

/* Runs the plan with the buffers at spm: waits for every channel first
   and returns with every channel idle. */
void move_rows_run(const move_rows *t, float *dst, const float *src,
                   move_rows_spm *spm);

/* move_rows.S: columns j < n of MOVE_ROWS_LANES rows, y[i][j] =
   x[i][j * step] (x at its column first's element; pitches and step in
   bytes; n at least 1). */
void move_rows_step(float *y, long y_pitch, const float *x, long x_pitch,
                    long step, long n);

/* move_rows.S: the same with y[i][j] = x[i][offset[j] / 4] (byte
   offsets). */
void move_rows_pick(float *y, long y_pitch, const float *x, long x_pitch,
                    const int *offset, long n);

#endif

#endif
