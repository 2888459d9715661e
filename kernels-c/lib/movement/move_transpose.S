# move_transpose.S - the vector loop of the scratchpad transpose
# (move_transpose.h).
#
# One strided load (vld.s) of a column of MOVE_LANES rows and one store
# (vst) of it as a row of the result a bundle, both load/store ports busy
# every cycle: the compiler neither bundles a strided load with a store
# nor overlaps the loads' latency with the stores, which leaves the loop
# at about two thirds of this rate.

#include "movement/move_transpose.h"

  .equ OUT_PITCH, 4 * MOVE_PANEL_ROWS
  .equ TILE_ROW_BYTES, MOVE_TILE_ROW_BYTES
  .equ TILE_BYTES, MOVE_TILE_BYTES

# The loops are written for 16 lanes: a tile's column is one vld.s.
  .if MOVE_LANES != 16 || MOVE_TILE != 16
  .error "move_transpose.S assumes 16 lanes and tiles of 16 x 16"
  .endif

  .text

# void move_transpose_group(float *out, const float *in, long in_pitch,
#                           long columns)
# r1 = out, r2 = in, r3 = in_pitch (bytes), r4 = columns (a multiple of 8).
# Software-pipelined by the load latency: the bundle that loads column c
# stores column c - 4, v0..v7 in turn.
  .globl move_transpose_group
  .type move_transpose_group, @function
move_transpose_group:
  { vld.s v0, r2, r3 ; addi r2, r2, 4 ; addi r4, r4, -8 }
  { vld.s v1, r2, r3 ; addi r2, r2, 4 }
  { vld.s v2, r2, r3 ; addi r2, r2, 4 }
  { vld.s v3, r2, r3 ; addi r2, r2, 4 }
  { vld.s v4, r2, r3 ; addi r2, r2, 4 ; vst v0, 0*OUT_PITCH(r1) }
  { vld.s v5, r2, r3 ; addi r2, r2, 4 ; vst v1, 1*OUT_PITCH(r1) }
  { vld.s v6, r2, r3 ; addi r2, r2, 4 ; vst v2, 2*OUT_PITCH(r1) }
  { vld.s v7, r2, r3 ; addi r2, r2, 4 ; vst v3, 3*OUT_PITCH(r1) ; beq r4, r0, .Lgroup_done }
.Lgroup_loop:
  { vld.s v0, r2, r3 ; addi r2, r2, 4 ; vst v4, 4*OUT_PITCH(r1) ; addi r4, r4, -8 }
  { vld.s v1, r2, r3 ; addi r2, r2, 4 ; vst v5, 5*OUT_PITCH(r1) }
  { vld.s v2, r2, r3 ; addi r2, r2, 4 ; vst v6, 6*OUT_PITCH(r1) }
  { vld.s v3, r2, r3 ; addi r2, r2, 4 ; vst v7, 7*OUT_PITCH(r1) ; addi r1, r1, 8*OUT_PITCH }
  { vld.s v4, r2, r3 ; addi r2, r2, 4 ; vst v0, 0*OUT_PITCH(r1) }
  { vld.s v5, r2, r3 ; addi r2, r2, 4 ; vst v1, 1*OUT_PITCH(r1) }
  { vld.s v6, r2, r3 ; addi r2, r2, 4 ; vst v2, 2*OUT_PITCH(r1) }
  { vld.s v7, r2, r3 ; addi r2, r2, 4 ; vst v3, 3*OUT_PITCH(r1) ; bne r4, r0, .Lgroup_loop }
.Lgroup_done:
  { vst v4, 4*OUT_PITCH(r1) ; vst v5, 5*OUT_PITCH(r1) }
  { vst v6, 6*OUT_PITCH(r1) ; vst v7, 7*OUT_PITCH(r1) ; ret }
  .size move_transpose_group, .-move_transpose_group

# void move_transpose_row(const move_tile_row *row)
# Three tiles at a time, A and B on the vector unit, C on the tile port:
# 32 bundles, the vector unit's two tiles one column a bundle, each
# bundle a strided load of a column (the chain of addresses in r7), a
# store of the column loaded 4 bundles before (the load's latency; v0..v7
# in turn; B's last four columns are stored in the next three's first
# bundles) and one more instruction: C's mld and mst.t (acc0, 16 bundles
# apart: the port's 16 cycles each), the next row's three transfers in,
# the three results' transfers out (C's after its mst.t, A's once stored,
# B's in the next three after its last stores) and the addresses' steps.
# Tile j's transfers go on channel j & 1 in and 2 + (j & 1) out, so the
# loop is two such halves, of either parity, and may end after either.
# The channels move three tiles' 6 KiB in 48 cycles: the loop waits for
# them, not they for it.
#   r1 3 tiles' destination step r7  vld.s address      r13 A's destination
#   r2 a tile row's bytes        r9  the three's slots  r14 B's destination
#   r3 in_rc  r5 in_rd           r10 C's destination    r15 mld, mst.t, B's slot
#   r4 out_rc r6 out_rd          r11 next row's source  r28 threes left
#                                r12 next row's slot
  .globl move_transpose_row
  .type move_transpose_row, @function
move_transpose_row:
  { ld.i64 r7, MOVE_ROW_IN_SLOT(r1) ; ld.i64 r9, MOVE_ROW_OUT_SLOT(r1) }
  { ld.i64 r13, MOVE_ROW_OUT_DST(r1) ; ld.i64 r28, MOVE_ROW_THREES(r1) }
  { ld.i64 r4, MOVE_ROW_OUT_RC(r1) ; ld.i64 r6, MOVE_ROW_OUT_RD(r1) }
  { ld.i64 r11, MOVE_ROW_NEXT_SRC(r1) ; ld.i64 r12, MOVE_ROW_NEXT_SLOT(r1) }
  { ld.i64 r3, MOVE_ROW_IN_RC(r1) ; ld.i64 r5, MOVE_ROW_IN_RD(r1) }
  { ld.i64 r8, MOVE_ROW_OUT_STEP(r1) ; li r2, TILE_ROW_BYTES }
  { addi r15, r7, 2*TILE_BYTES ; shli r1, r8, 1 }
  { add r1, r1, r8 ; add r14, r13, r8 }
  add r10, r14, r8
  { vld.s v0, r7, r2 ; addi r7, r7, 4 ; mld acc0, r15 }
  { vld.s v1, r7, r2 ; addi r7, r7, 4 ; dma.2d 0, r12, r11, r3, r5 }
  { vld.s v2, r7, r2 ; addi r7, r7, 4 ; addi r11, r11, TILE_ROW_BYTES }
  { vld.s v3, r7, r2 ; addi r7, r7, 4 ; addi r12, r12, TILE_BYTES }
  { vld.s v4, r7, r2 ; addi r7, r7, 4 ; vst v0, 0*TILE_BYTES + 0*TILE_ROW_BYTES(r9) }
  { vld.s v5, r7, r2 ; addi r7, r7, 4 ; vst v1, 0*TILE_BYTES + 1*TILE_ROW_BYTES(r9) }
  { vld.s v6, r7, r2 ; addi r7, r7, 4 ; vst v2, 0*TILE_BYTES + 2*TILE_ROW_BYTES(r9) }
  { vld.s v7, r7, r2 ; addi r7, r7, 4 ; vst v3, 0*TILE_BYTES + 3*TILE_ROW_BYTES(r9) ; dma.2d 1, r12, r11, r3, r5 }
  { vld.s v0, r7, r2 ; addi r7, r7, 4 ; vst v4, 0*TILE_BYTES + 4*TILE_ROW_BYTES(r9) ; addi r11, r11, TILE_ROW_BYTES }
  { vld.s v1, r7, r2 ; addi r7, r7, 4 ; vst v5, 0*TILE_BYTES + 5*TILE_ROW_BYTES(r9) ; addi r12, r12, TILE_BYTES }
  { vld.s v2, r7, r2 ; addi r7, r7, 4 ; vst v6, 0*TILE_BYTES + 6*TILE_ROW_BYTES(r9) }
  { vld.s v3, r7, r2 ; addi r7, r7, 4 ; vst v7, 0*TILE_BYTES + 7*TILE_ROW_BYTES(r9) }
  { vld.s v4, r7, r2 ; addi r7, r7, 4 ; vst v0, 0*TILE_BYTES + 8*TILE_ROW_BYTES(r9) }
  { vld.s v5, r7, r2 ; addi r7, r7, 4 ; vst v1, 0*TILE_BYTES + 9*TILE_ROW_BYTES(r9) }
  { vld.s v6, r7, r2 ; addi r7, r7, 4 ; vst v2, 0*TILE_BYTES + 10*TILE_ROW_BYTES(r9) }
  { vld.s v7, r7, r2 ; addi r7, r7, TILE_BYTES - 15*4 ; vst v3, 0*TILE_BYTES + 11*TILE_ROW_BYTES(r9) ; addi r15, r9, 2*TILE_BYTES }
  { vld.s v0, r7, r2 ; addi r7, r7, 4 ; vst v4, 0*TILE_BYTES + 12*TILE_ROW_BYTES(r9) ; mst.t acc0, r15 }
  { vld.s v1, r7, r2 ; addi r7, r7, 4 ; vst v5, 0*TILE_BYTES + 13*TILE_ROW_BYTES(r9) ; dma.2d 2, r10, r15, r4, r6 }
  { vld.s v2, r7, r2 ; addi r7, r7, 4 ; vst v6, 0*TILE_BYTES + 14*TILE_ROW_BYTES(r9) ; add r10, r10, r1 }
  { vld.s v3, r7, r2 ; addi r7, r7, 4 ; vst v7, 0*TILE_BYTES + 15*TILE_ROW_BYTES(r9) ; dma.2d 0, r12, r11, r3, r5 }
  { vld.s v4, r7, r2 ; addi r7, r7, 4 ; vst v0, 1*TILE_BYTES + 0*TILE_ROW_BYTES(r9) ; addi r11, r11, TILE_ROW_BYTES }
  { vld.s v5, r7, r2 ; addi r7, r7, 4 ; vst v1, 1*TILE_BYTES + 1*TILE_ROW_BYTES(r9) ; addi r12, r12, TILE_BYTES }
  { vld.s v6, r7, r2 ; addi r7, r7, 4 ; vst v2, 1*TILE_BYTES + 2*TILE_ROW_BYTES(r9) }
  { vld.s v7, r7, r2 ; addi r7, r7, 4 ; vst v3, 1*TILE_BYTES + 3*TILE_ROW_BYTES(r9) ; dma.2d 2, r13, r9, r4, r6 }
  { vld.s v0, r7, r2 ; addi r7, r7, 4 ; vst v4, 1*TILE_BYTES + 4*TILE_ROW_BYTES(r9) ; add r13, r13, r1 }
  { vld.s v1, r7, r2 ; addi r7, r7, 4 ; vst v5, 1*TILE_BYTES + 5*TILE_ROW_BYTES(r9) }
  { vld.s v2, r7, r2 ; addi r7, r7, 4 ; vst v6, 1*TILE_BYTES + 6*TILE_ROW_BYTES(r9) }
  { vld.s v3, r7, r2 ; addi r7, r7, 4 ; vst v7, 1*TILE_BYTES + 7*TILE_ROW_BYTES(r9) }
  { vld.s v4, r7, r2 ; addi r7, r7, 4 ; vst v0, 1*TILE_BYTES + 8*TILE_ROW_BYTES(r9) ; addi r28, r28, -1 }
  { vld.s v5, r7, r2 ; addi r7, r7, 4 ; vst v1, 1*TILE_BYTES + 9*TILE_ROW_BYTES(r9) ; addi r15, r7, 5*TILE_BYTES - TILE_BYTES - 13*4 }
  { vld.s v6, r7, r2 ; addi r7, r7, 4 ; vst v2, 1*TILE_BYTES + 10*TILE_ROW_BYTES(r9) ; addi r9, r9, 3*TILE_BYTES }
  { vld.s v7, r7, r2 ; addi r7, r7, 3*TILE_BYTES - TILE_BYTES - 15*4 ; vst v3, 1*TILE_BYTES + 11*TILE_ROW_BYTES - 3*TILE_BYTES(r9) ; beq r28, r0, .Lrow_drain_even }
.Lrow_loop:
  { vld.s v0, r7, r2 ; addi r7, r7, 4 ; vst v4, TILE_BYTES + 12*TILE_ROW_BYTES - 3*TILE_BYTES(r9) ; mld acc0, r15 }
  { vld.s v1, r7, r2 ; addi r7, r7, 4 ; vst v5, TILE_BYTES + 13*TILE_ROW_BYTES - 3*TILE_BYTES(r9) ; dma.2d 1, r12, r11, r3, r5 }
  { vld.s v2, r7, r2 ; addi r7, r7, 4 ; vst v6, TILE_BYTES + 14*TILE_ROW_BYTES - 3*TILE_BYTES(r9) ; addi r11, r11, TILE_ROW_BYTES }
  { vld.s v3, r7, r2 ; addi r7, r7, 4 ; vst v7, TILE_BYTES + 15*TILE_ROW_BYTES - 3*TILE_BYTES(r9) ; addi r12, r12, TILE_BYTES }
  { vld.s v4, r7, r2 ; addi r7, r7, 4 ; vst v0, 0*TILE_BYTES + 0*TILE_ROW_BYTES(r9) ; addi r15, r9, -2*TILE_BYTES }
  { vld.s v5, r7, r2 ; addi r7, r7, 4 ; vst v1, 0*TILE_BYTES + 1*TILE_ROW_BYTES(r9) ; dma.2d 3, r14, r15, r4, r6 }
  { vld.s v6, r7, r2 ; addi r7, r7, 4 ; vst v2, 0*TILE_BYTES + 2*TILE_ROW_BYTES(r9) ; add r14, r14, r1 }
  { vld.s v7, r7, r2 ; addi r7, r7, 4 ; vst v3, 0*TILE_BYTES + 3*TILE_ROW_BYTES(r9) ; dma.2d 0, r12, r11, r3, r5 }
  { vld.s v0, r7, r2 ; addi r7, r7, 4 ; vst v4, 0*TILE_BYTES + 4*TILE_ROW_BYTES(r9) ; addi r11, r11, TILE_ROW_BYTES }
  { vld.s v1, r7, r2 ; addi r7, r7, 4 ; vst v5, 0*TILE_BYTES + 5*TILE_ROW_BYTES(r9) ; addi r12, r12, TILE_BYTES }
  { vld.s v2, r7, r2 ; addi r7, r7, 4 ; vst v6, 0*TILE_BYTES + 6*TILE_ROW_BYTES(r9) }
  { vld.s v3, r7, r2 ; addi r7, r7, 4 ; vst v7, 0*TILE_BYTES + 7*TILE_ROW_BYTES(r9) }
  { vld.s v4, r7, r2 ; addi r7, r7, 4 ; vst v0, 0*TILE_BYTES + 8*TILE_ROW_BYTES(r9) }
  { vld.s v5, r7, r2 ; addi r7, r7, 4 ; vst v1, 0*TILE_BYTES + 9*TILE_ROW_BYTES(r9) }
  { vld.s v6, r7, r2 ; addi r7, r7, 4 ; vst v2, 0*TILE_BYTES + 10*TILE_ROW_BYTES(r9) }
  { vld.s v7, r7, r2 ; addi r7, r7, TILE_BYTES - 15*4 ; vst v3, 0*TILE_BYTES + 11*TILE_ROW_BYTES(r9) ; addi r15, r9, 2*TILE_BYTES }
  { vld.s v0, r7, r2 ; addi r7, r7, 4 ; vst v4, 0*TILE_BYTES + 12*TILE_ROW_BYTES(r9) ; mst.t acc0, r15 }
  { vld.s v1, r7, r2 ; addi r7, r7, 4 ; vst v5, 0*TILE_BYTES + 13*TILE_ROW_BYTES(r9) ; dma.2d 3, r10, r15, r4, r6 }
  { vld.s v2, r7, r2 ; addi r7, r7, 4 ; vst v6, 0*TILE_BYTES + 14*TILE_ROW_BYTES(r9) ; add r10, r10, r1 }
  { vld.s v3, r7, r2 ; addi r7, r7, 4 ; vst v7, 0*TILE_BYTES + 15*TILE_ROW_BYTES(r9) ; dma.2d 1, r12, r11, r3, r5 }
  { vld.s v4, r7, r2 ; addi r7, r7, 4 ; vst v0, 1*TILE_BYTES + 0*TILE_ROW_BYTES(r9) ; addi r11, r11, TILE_ROW_BYTES }
  { vld.s v5, r7, r2 ; addi r7, r7, 4 ; vst v1, 1*TILE_BYTES + 1*TILE_ROW_BYTES(r9) ; addi r12, r12, TILE_BYTES }
  { vld.s v6, r7, r2 ; addi r7, r7, 4 ; vst v2, 1*TILE_BYTES + 2*TILE_ROW_BYTES(r9) }
  { vld.s v7, r7, r2 ; addi r7, r7, 4 ; vst v3, 1*TILE_BYTES + 3*TILE_ROW_BYTES(r9) ; dma.2d 3, r13, r9, r4, r6 }
  { vld.s v0, r7, r2 ; addi r7, r7, 4 ; vst v4, 1*TILE_BYTES + 4*TILE_ROW_BYTES(r9) ; add r13, r13, r1 }
  { vld.s v1, r7, r2 ; addi r7, r7, 4 ; vst v5, 1*TILE_BYTES + 5*TILE_ROW_BYTES(r9) }
  { vld.s v2, r7, r2 ; addi r7, r7, 4 ; vst v6, 1*TILE_BYTES + 6*TILE_ROW_BYTES(r9) }
  { vld.s v3, r7, r2 ; addi r7, r7, 4 ; vst v7, 1*TILE_BYTES + 7*TILE_ROW_BYTES(r9) }
  { vld.s v4, r7, r2 ; addi r7, r7, 4 ; vst v0, 1*TILE_BYTES + 8*TILE_ROW_BYTES(r9) ; addi r28, r28, -1 }
  { vld.s v5, r7, r2 ; addi r7, r7, 4 ; vst v1, 1*TILE_BYTES + 9*TILE_ROW_BYTES(r9) ; addi r15, r7, 5*TILE_BYTES - TILE_BYTES - 13*4 }
  { vld.s v6, r7, r2 ; addi r7, r7, 4 ; vst v2, 1*TILE_BYTES + 10*TILE_ROW_BYTES(r9) ; addi r9, r9, 3*TILE_BYTES }
  { vld.s v7, r7, r2 ; addi r7, r7, 3*TILE_BYTES - TILE_BYTES - 15*4 ; vst v3, 1*TILE_BYTES + 11*TILE_ROW_BYTES - 3*TILE_BYTES(r9) ; beq r28, r0, .Lrow_drain_odd }
  { vld.s v0, r7, r2 ; addi r7, r7, 4 ; vst v4, TILE_BYTES + 12*TILE_ROW_BYTES - 3*TILE_BYTES(r9) ; mld acc0, r15 }
  { vld.s v1, r7, r2 ; addi r7, r7, 4 ; vst v5, TILE_BYTES + 13*TILE_ROW_BYTES - 3*TILE_BYTES(r9) ; dma.2d 0, r12, r11, r3, r5 }
  { vld.s v2, r7, r2 ; addi r7, r7, 4 ; vst v6, TILE_BYTES + 14*TILE_ROW_BYTES - 3*TILE_BYTES(r9) ; addi r11, r11, TILE_ROW_BYTES }
  { vld.s v3, r7, r2 ; addi r7, r7, 4 ; vst v7, TILE_BYTES + 15*TILE_ROW_BYTES - 3*TILE_BYTES(r9) ; addi r12, r12, TILE_BYTES }
  { vld.s v4, r7, r2 ; addi r7, r7, 4 ; vst v0, 0*TILE_BYTES + 0*TILE_ROW_BYTES(r9) ; addi r15, r9, -2*TILE_BYTES }
  { vld.s v5, r7, r2 ; addi r7, r7, 4 ; vst v1, 0*TILE_BYTES + 1*TILE_ROW_BYTES(r9) ; dma.2d 2, r14, r15, r4, r6 }
  { vld.s v6, r7, r2 ; addi r7, r7, 4 ; vst v2, 0*TILE_BYTES + 2*TILE_ROW_BYTES(r9) ; add r14, r14, r1 }
  { vld.s v7, r7, r2 ; addi r7, r7, 4 ; vst v3, 0*TILE_BYTES + 3*TILE_ROW_BYTES(r9) ; dma.2d 1, r12, r11, r3, r5 }
  { vld.s v0, r7, r2 ; addi r7, r7, 4 ; vst v4, 0*TILE_BYTES + 4*TILE_ROW_BYTES(r9) ; addi r11, r11, TILE_ROW_BYTES }
  { vld.s v1, r7, r2 ; addi r7, r7, 4 ; vst v5, 0*TILE_BYTES + 5*TILE_ROW_BYTES(r9) ; addi r12, r12, TILE_BYTES }
  { vld.s v2, r7, r2 ; addi r7, r7, 4 ; vst v6, 0*TILE_BYTES + 6*TILE_ROW_BYTES(r9) }
  { vld.s v3, r7, r2 ; addi r7, r7, 4 ; vst v7, 0*TILE_BYTES + 7*TILE_ROW_BYTES(r9) }
  { vld.s v4, r7, r2 ; addi r7, r7, 4 ; vst v0, 0*TILE_BYTES + 8*TILE_ROW_BYTES(r9) }
  { vld.s v5, r7, r2 ; addi r7, r7, 4 ; vst v1, 0*TILE_BYTES + 9*TILE_ROW_BYTES(r9) }
  { vld.s v6, r7, r2 ; addi r7, r7, 4 ; vst v2, 0*TILE_BYTES + 10*TILE_ROW_BYTES(r9) }
  { vld.s v7, r7, r2 ; addi r7, r7, TILE_BYTES - 15*4 ; vst v3, 0*TILE_BYTES + 11*TILE_ROW_BYTES(r9) ; addi r15, r9, 2*TILE_BYTES }
  { vld.s v0, r7, r2 ; addi r7, r7, 4 ; vst v4, 0*TILE_BYTES + 12*TILE_ROW_BYTES(r9) ; mst.t acc0, r15 }
  { vld.s v1, r7, r2 ; addi r7, r7, 4 ; vst v5, 0*TILE_BYTES + 13*TILE_ROW_BYTES(r9) ; dma.2d 2, r10, r15, r4, r6 }
  { vld.s v2, r7, r2 ; addi r7, r7, 4 ; vst v6, 0*TILE_BYTES + 14*TILE_ROW_BYTES(r9) ; add r10, r10, r1 }
  { vld.s v3, r7, r2 ; addi r7, r7, 4 ; vst v7, 0*TILE_BYTES + 15*TILE_ROW_BYTES(r9) ; dma.2d 0, r12, r11, r3, r5 }
  { vld.s v4, r7, r2 ; addi r7, r7, 4 ; vst v0, 1*TILE_BYTES + 0*TILE_ROW_BYTES(r9) ; addi r11, r11, TILE_ROW_BYTES }
  { vld.s v5, r7, r2 ; addi r7, r7, 4 ; vst v1, 1*TILE_BYTES + 1*TILE_ROW_BYTES(r9) ; addi r12, r12, TILE_BYTES }
  { vld.s v6, r7, r2 ; addi r7, r7, 4 ; vst v2, 1*TILE_BYTES + 2*TILE_ROW_BYTES(r9) }
  { vld.s v7, r7, r2 ; addi r7, r7, 4 ; vst v3, 1*TILE_BYTES + 3*TILE_ROW_BYTES(r9) ; dma.2d 2, r13, r9, r4, r6 }
  { vld.s v0, r7, r2 ; addi r7, r7, 4 ; vst v4, 1*TILE_BYTES + 4*TILE_ROW_BYTES(r9) ; add r13, r13, r1 }
  { vld.s v1, r7, r2 ; addi r7, r7, 4 ; vst v5, 1*TILE_BYTES + 5*TILE_ROW_BYTES(r9) }
  { vld.s v2, r7, r2 ; addi r7, r7, 4 ; vst v6, 1*TILE_BYTES + 6*TILE_ROW_BYTES(r9) }
  { vld.s v3, r7, r2 ; addi r7, r7, 4 ; vst v7, 1*TILE_BYTES + 7*TILE_ROW_BYTES(r9) }
  { vld.s v4, r7, r2 ; addi r7, r7, 4 ; vst v0, 1*TILE_BYTES + 8*TILE_ROW_BYTES(r9) ; addi r28, r28, -1 }
  { vld.s v5, r7, r2 ; addi r7, r7, 4 ; vst v1, 1*TILE_BYTES + 9*TILE_ROW_BYTES(r9) ; addi r15, r7, 5*TILE_BYTES - TILE_BYTES - 13*4 }
  { vld.s v6, r7, r2 ; addi r7, r7, 4 ; vst v2, 1*TILE_BYTES + 10*TILE_ROW_BYTES(r9) ; addi r9, r9, 3*TILE_BYTES }
  { vld.s v7, r7, r2 ; addi r7, r7, 3*TILE_BYTES - TILE_BYTES - 15*4 ; vst v3, 1*TILE_BYTES + 11*TILE_ROW_BYTES - 3*TILE_BYTES(r9) ; bne r28, r0, .Lrow_loop }
.Lrow_drain_even:
  { vst v4, TILE_BYTES + 12*TILE_ROW_BYTES - 3*TILE_BYTES(r9) ; addi r15, r9, -2*TILE_BYTES }
  { vst v5, TILE_BYTES + 13*TILE_ROW_BYTES - 3*TILE_BYTES(r9) }
  { vst v6, TILE_BYTES + 14*TILE_ROW_BYTES - 3*TILE_BYTES(r9) }
  { vst v7, TILE_BYTES + 15*TILE_ROW_BYTES - 3*TILE_BYTES(r9) }
  { dma.2d 3, r14, r15, r4, r6 ; ret }
.Lrow_drain_odd:
  { vst v4, TILE_BYTES + 12*TILE_ROW_BYTES - 3*TILE_BYTES(r9) ; addi r15, r9, -2*TILE_BYTES }
  { vst v5, TILE_BYTES + 13*TILE_ROW_BYTES - 3*TILE_BYTES(r9) }
  { vst v6, TILE_BYTES + 14*TILE_ROW_BYTES - 3*TILE_BYTES(r9) }
  { vst v7, TILE_BYTES + 15*TILE_ROW_BYTES - 3*TILE_BYTES(r9) }
  { dma.2d 2, r14, r15, r4, r6 ; ret }
  .size move_transpose_row, .-move_transpose_row

# void move_transpose_tiles(const move_tile *tiles, long n)
# Each tile: its next row's transfer in (channel 0 or 1), the tile
# transposed on the vector unit (as move_transpose_tile), its result out
# (channel 2 or 3).
  .globl move_transpose_tiles
  .type move_transpose_tiles, @function
move_transpose_tiles:
  beq r2, r0, .Ltiles_done
.Ltiles_loop:
  { ld.i64 r3, MOVE_TILE_IN_SLOT(r1) ; ld.i64 r4, MOVE_TILE_OUT_SLOT(r1) }
  { ld.i64 r5, MOVE_TILE_NEXT_SLOT(r1) ; ld.i64 r6, MOVE_TILE_NEXT_SRC(r1) }
  { ld.i64 r7, MOVE_TILE_NEXT_RC(r1) ; ld.i64 r8, MOVE_TILE_NEXT_RD(r1) }
  { ld.i64 r9, MOVE_TILE_OUT_DST(r1) ; ld.i64 r10, MOVE_TILE_OUT_RC(r1) }
  { ld.i64 r11, MOVE_TILE_OUT_RD(r1) ; ld.i64 r12, MOVE_TILE_CHANNEL(r1) ; li r13, TILE_ROW_BYTES ; addi r1, r1, MOVE_TILE_SIZE }
  { addi r2, r2, -1 ; bne r12, r0, .Ltiles_odd }
  dma.2d 0, r5, r6, r7, r8
  { vld.s v0, r3, r13 ; addi r3, r3, 4 }
  { vld.s v1, r3, r13 ; addi r3, r3, 4 }
  { vld.s v2, r3, r13 ; addi r3, r3, 4 }
  { vld.s v3, r3, r13 ; addi r3, r3, 4 }
  { vld.s v4, r3, r13 ; addi r3, r3, 4 ; vst v0, 0*TILE_ROW_BYTES(r4) }
  { vld.s v5, r3, r13 ; addi r3, r3, 4 ; vst v1, 1*TILE_ROW_BYTES(r4) }
  { vld.s v6, r3, r13 ; addi r3, r3, 4 ; vst v2, 2*TILE_ROW_BYTES(r4) }
  { vld.s v7, r3, r13 ; addi r3, r3, 4 ; vst v3, 3*TILE_ROW_BYTES(r4) }
  { vld.s v0, r3, r13 ; addi r3, r3, 4 ; vst v4, 4*TILE_ROW_BYTES(r4) }
  { vld.s v1, r3, r13 ; addi r3, r3, 4 ; vst v5, 5*TILE_ROW_BYTES(r4) }
  { vld.s v2, r3, r13 ; addi r3, r3, 4 ; vst v6, 6*TILE_ROW_BYTES(r4) }
  { vld.s v3, r3, r13 ; addi r3, r3, 4 ; vst v7, 7*TILE_ROW_BYTES(r4) }
  { vld.s v4, r3, r13 ; addi r3, r3, 4 ; vst v0, 8*TILE_ROW_BYTES(r4) }
  { vld.s v5, r3, r13 ; addi r3, r3, 4 ; vst v1, 9*TILE_ROW_BYTES(r4) }
  { vld.s v6, r3, r13 ; addi r3, r3, 4 ; vst v2, 10*TILE_ROW_BYTES(r4) }
  { vld.s v7, r3, r13 ; addi r3, r3, 4 ; vst v3, 11*TILE_ROW_BYTES(r4) }
  { vst v4, 12*TILE_ROW_BYTES(r4) }
  { vst v5, 13*TILE_ROW_BYTES(r4) }
  { vst v6, 14*TILE_ROW_BYTES(r4) }
  { vst v7, 15*TILE_ROW_BYTES(r4) }
  { dma.2d 2, r9, r4, r10, r11 ; bne r2, r0, .Ltiles_loop }
  ret
.Ltiles_odd:
  dma.2d 1, r5, r6, r7, r8
  { vld.s v0, r3, r13 ; addi r3, r3, 4 }
  { vld.s v1, r3, r13 ; addi r3, r3, 4 }
  { vld.s v2, r3, r13 ; addi r3, r3, 4 }
  { vld.s v3, r3, r13 ; addi r3, r3, 4 }
  { vld.s v4, r3, r13 ; addi r3, r3, 4 ; vst v0, 0*TILE_ROW_BYTES(r4) }
  { vld.s v5, r3, r13 ; addi r3, r3, 4 ; vst v1, 1*TILE_ROW_BYTES(r4) }
  { vld.s v6, r3, r13 ; addi r3, r3, 4 ; vst v2, 2*TILE_ROW_BYTES(r4) }
  { vld.s v7, r3, r13 ; addi r3, r3, 4 ; vst v3, 3*TILE_ROW_BYTES(r4) }
  { vld.s v0, r3, r13 ; addi r3, r3, 4 ; vst v4, 4*TILE_ROW_BYTES(r4) }
  { vld.s v1, r3, r13 ; addi r3, r3, 4 ; vst v5, 5*TILE_ROW_BYTES(r4) }
  { vld.s v2, r3, r13 ; addi r3, r3, 4 ; vst v6, 6*TILE_ROW_BYTES(r4) }
  { vld.s v3, r3, r13 ; addi r3, r3, 4 ; vst v7, 7*TILE_ROW_BYTES(r4) }
  { vld.s v4, r3, r13 ; addi r3, r3, 4 ; vst v0, 8*TILE_ROW_BYTES(r4) }
  { vld.s v5, r3, r13 ; addi r3, r3, 4 ; vst v1, 9*TILE_ROW_BYTES(r4) }
  { vld.s v6, r3, r13 ; addi r3, r3, 4 ; vst v2, 10*TILE_ROW_BYTES(r4) }
  { vld.s v7, r3, r13 ; addi r3, r3, 4 ; vst v3, 11*TILE_ROW_BYTES(r4) }
  { vst v4, 12*TILE_ROW_BYTES(r4) }
  { vst v5, 13*TILE_ROW_BYTES(r4) }
  { vst v6, 14*TILE_ROW_BYTES(r4) }
  { vst v7, 15*TILE_ROW_BYTES(r4) }
  { dma.2d 3, r9, r4, r10, r11 ; bne r2, r0, .Ltiles_loop }
.Ltiles_done:
  ret
  .size move_transpose_tiles, .-move_transpose_tiles
