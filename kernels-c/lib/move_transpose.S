# move_transpose.S - the vector loop of the scratchpad transpose
# (move_transpose.h).
#
# One strided load (vld.s) of a column of MOVE_LANES rows and one store
# (vst) of it as a row of the result a bundle, both load/store ports busy
# every cycle: the compiler neither bundles a strided load with a store
# nor overlaps the loads' latency with the stores, which leaves the loop
# at about two thirds of this rate.

#include "move_transpose.h"

  .equ OUT_PITCH, 4 * MOVE_PANEL_ROWS

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
