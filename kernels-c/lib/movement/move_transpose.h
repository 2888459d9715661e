/* move_transpose.h - copies that transpose, through the scratchpad
   (docs/kernels.md, "Data movement").

   A copy whose destination is contiguous along a dimension the source is
   not, while the source is contiguous along another, moves single
   elements if the DMA engine does it: a 4-byte row costs a whole DRAM
   burst on each side. Here the source comes into the scratchpad in whole
   rows, is transposed there, and leaves in whole rows.

   Three ways. Many small matrices go as rows of move_rows.h, a matrix a
   row. A matrix whose pitches (both sides) are whole DRAM bursts and
   whose rows hold enough tiles goes as a stream of tiles, in a grid whose
   lines fall on bursts: each tile of the source comes in by one transfer
   of MOVE_TILE rows of a burst, is transposed by the vector unit (strided
   loads, move_transpose.S) or by the tile port (mld, mst.t) beside it,
   and leaves by rows of a burst, a row of tiles at a time in one loop
   that also starts the next row's transfers. Anything else goes by
   panels of up to MOVE_PANEL_ROWS source rows by MOVE_PANEL_COLS
   columns, transposed by the vector unit: each column of a group of
   MOVE_LANES rows a row of the result. */

#ifndef ACCEL_MOVE_TRANSPOSE_H
#define ACCEL_MOVE_TRANSPOSE_H

#define MOVE_LANES __ACCEL_VECTOR_LANES__
/* A panel: MOVE_PANEL_ROWS source rows (the result's row length in the
   scratchpad, which move_transpose.S takes as a constant) by
   MOVE_PANEL_COLS source columns, 64 KiB. */
#define MOVE_PANEL_ROWS (4 * MOVE_LANES)
#define MOVE_PANEL_COLS (16 * MOVE_LANES)

/* The tile stream: tiles of MOVE_TILE x MOVE_TILE, up to
   MOVE_ROW_TILES_MAX in a row. */
#define MOVE_TILE __ACCEL_TILE_DIM__
#define MOVE_TILE_ROW_BYTES (4 * MOVE_TILE)
#define MOVE_TILE_BYTES (MOVE_TILE * MOVE_TILE_ROW_BYTES)
#define MOVE_ROW_TILES_MAX 256

/* move_tile_row's fields, by offset for move_transpose.S. */
#define MOVE_ROW_IN_SLOT 0
#define MOVE_ROW_OUT_SLOT 8
#define MOVE_ROW_OUT_DST 16
#define MOVE_ROW_OUT_STEP 24
#define MOVE_ROW_OUT_RC 32
#define MOVE_ROW_OUT_RD 40
#define MOVE_ROW_NEXT_SRC 48
#define MOVE_ROW_NEXT_SLOT 56
#define MOVE_ROW_IN_RC 64
#define MOVE_ROW_IN_RD 72
#define MOVE_ROW_THREES 80

/* move_tile's fields, by offset for move_transpose.S. */
#define MOVE_TILE_IN_SLOT 0
#define MOVE_TILE_OUT_SLOT 8
#define MOVE_TILE_NEXT_SLOT 16
#define MOVE_TILE_NEXT_SRC 24
#define MOVE_TILE_NEXT_RC 32
#define MOVE_TILE_NEXT_RD 40
#define MOVE_TILE_OUT_DST 48
#define MOVE_TILE_OUT_RC 56
#define MOVE_TILE_OUT_RD 64
#define MOVE_TILE_CHANNEL 72
#define MOVE_TILE_SIZE 80

#ifndef __ASSEMBLER__

#include "core/spm_arena.h"
#include "movement/move_plan.h"
#include "movement/move_rows.h"
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

/* The scratchpad: two panels of the source and two of the result, or
   two rows of tiles of each (one in use, one coming in or leaving); or
   move_rows.h's buffers, whose copies share the kernels' arena the same
   way. */
typedef union {
  struct {
    float in[2][MOVE_PANEL_ROWS * MOVE_PANEL_COLS];
    float out[2][MOVE_PANEL_COLS * MOVE_PANEL_ROWS];
  } panels;
  struct {
    float in[2][MOVE_ROW_TILES_MAX][MOVE_TILE * MOVE_TILE];
    float out[2][MOVE_ROW_TILES_MAX][MOVE_TILE * MOVE_TILE];
  } tiles;
  move_rows_spm rows;
} move_transpose_spm;

/* The panels' place: the start of the kernels' arena, where every
   data-movement kernel's own scratchpad struct begins with a
   move_transpose_spm. */
#define MOVE_TRANSPOSE_SPM KERNEL_SPM(move_transpose_spm)
KERNEL_SPM_FITS(move_transpose_spm);

/* Whether the copy of normalized dimensions dims (move_plan.h) is a
   transpose this path takes; if so, *t is its plan. */
int move_transpose_make(move_transpose *t, const move_dims *dims);

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

/* One tile of a row outside move_transpose_row's groups (a partial tile
   at either end, tiles left over from the groups): its slots, the next
   row's tile's transfer in (next_rc 0: none) and its result's transfer
   out (the _rc fields rows << 32 | row bytes, the _rd fields destination
   stride << 32 | source stride, as dma.2d takes them), on channels 0 and
   2 (channel 0) or 1 and 3 (channel 1). */
typedef struct {
  const float *in_slot;
  float *out_slot;
  float *next_slot;
  const float *next_src;
  long next_rc, next_rd;
  float *out_dst;
  long out_rc, out_rd, channel;
} move_tile;

/* move_transpose.S: n such tiles, each on the vector unit. */
void move_transpose_tiles(const move_tile *tiles, long n);

/* A row of tiles for move_transpose_row: 3 * threes tiles whose slots
   follow each other from in_slot and out_slot, the source tiles already
   in (their transfers retired); each result leaves (out_rc: a tile's
   rows, each of the valid part's bytes; out_rd: strides) to out_dst,
   out_step bytes a tile further on; meanwhile the next row's tiles come
   in to the slots from next_slot, from next_src a tile's row bytes apart
   (in_rc: a tile's valid rows of a tile's row bytes, or 0: no next row;
   in_rd: strides). The _rc fields are rows << 32 | row bytes, the _rd
   fields destination stride << 32 | source stride, as dma.2d takes
   them. */
typedef struct {
  const float *in_slot;
  float *out_slot;
  float *out_dst;
  long out_step, out_rc, out_rd;
  const float *next_src;
  float *next_slot;
  long in_rc, in_rd, threes;
} move_tile_row;

/* move_transpose.S: the row, two tiles of each three on the vector unit
   and the third on the tile port (acc0). Tile j comes in on channel
   j & 1 and leaves on channel 2 + (j & 1). */
void move_transpose_row(const move_tile_row *row);

#endif

#endif
