/* move_transpose.h - copies that transpose, through the scratchpad
   (docs/kernels.md, "Data movement").

   A copy whose destination is contiguous along a dimension the source is
   not, while the source is contiguous along another, moves single
   elements if the DMA engine does it: a 4-byte row costs a whole DRAM
   burst on each side. Here the source comes into the scratchpad in whole
   rows, is transposed there, and leaves in whole rows: panels of up to
   MOVE_PANEL_ROWS source rows by MOVE_PANEL_COLS columns, the vector
   unit's strided loads (move_transpose.S) turning each column of a
   group of MOVE_LANES rows into a row of the result. */

#ifndef ACCEL_MOVE_TRANSPOSE_H
#define ACCEL_MOVE_TRANSPOSE_H

#define MOVE_LANES __ACCEL_VECTOR_LANES__
/* A panel: MOVE_PANEL_ROWS source rows (the result's row length in the
   scratchpad, which move_transpose.S takes as a constant) by
   MOVE_PANEL_COLS source columns, 64 KiB. */
#define MOVE_PANEL_ROWS (4 * MOVE_LANES)
#define MOVE_PANEL_COLS (16 * MOVE_LANES)

#ifndef __ASSEMBLER__

#include "spm_arena.h"
#include <accel_kernels.h>

/* dst[c][r] = src[r][c] for r < rows, c < cols, strides in elements, for
   each index of up to ACCEL_MAX_RANK - 2 outer loops (outer first, steps
   in elements). */
typedef struct {
  long rows, cols, src_pitch, dst_pitch;
  long src_offset, dst_offset; /* of the first pair, in elements */
  int loops;
  long count[ACCEL_MAX_RANK];
  long src_step[ACCEL_MAX_RANK], dst_step[ACCEL_MAX_RANK];
} move_transpose;

/* The scratchpad panels: two of the source, two of the result. */
typedef struct {
  float in[2][MOVE_PANEL_ROWS * MOVE_PANEL_COLS];
  float out[2][MOVE_PANEL_COLS * MOVE_PANEL_ROWS];
} move_transpose_spm;

/* The panels' place: the start of the kernels' arena, where every
   data-movement kernel's own scratchpad struct begins with a
   move_transpose_spm. */
#define MOVE_TRANSPOSE_SPM KERNEL_SPM(move_transpose_spm)
KERNEL_SPM_FITS(move_transpose_spm);

/* Whether dst[i] = src[i] over dims (move_plan_make's arguments, the
   source a view) is a transpose this path takes; if so, *t is its plan. */
int move_transpose_make(move_transpose *t, int rank, const long *dims,
                        const long *dst_strides, const long *src_strides);

/* Runs the plan with the scratchpad panels at spm: waits for every
   channel first (its waits count on the channels holding only its own
   transfers) and returns with every channel idle. */
void move_transpose_run(const move_transpose *t, float *dst, const float *src,
                        move_transpose_spm *spm);

/* move_transpose.S: columns [0, columns) (a multiple of 8, at least 8) of
   the MOVE_LANES rows at in, in_pitch bytes apart, as rows of
   MOVE_PANEL_ROWS floats from out: column c's lanes at out +
   c * MOVE_PANEL_ROWS. */
void move_transpose_group(float *out, const float *in, long in_pitch,
                          long columns);

#endif

#endif
