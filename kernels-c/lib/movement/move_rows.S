# move_rows.S - the vector loops of move_rows.c (move_rows.h): columns of
# 16 rows picked from a block of rows in the scratchpad, a strided load
# (vld.s, down the rows of x) and a strided store (vst.s, down the rows
# of y) a column.

#include "movement/move_rows.h"

  .if MOVE_ROWS_LANES != 16
  .error "move_rows.S assumes 16 lanes"
  .endif

  .text

# void move_rows_step(float *y, long y_pitch, const float *x, long x_pitch,
#                     long step, long n)
# r1 = y, r2 = y_pitch, r3 = x, r4 = x_pitch, r5 = step, r6 = n.
# Sixteen columns a loop of 17 bundles, each of the first 16 a load of a
# column and a store of the column loaded 4 before (v0..v7 in turn), the
# addresses' steps beside them; the columns past the last sixteen one at a
# time.
  .globl move_rows_step
  .type move_rows_step, @function
move_rows_step:
  { srli r7, r6, 4 ; andi r6, r6, 15 }
  { li r8, 1 ; beq r7, r0, .Lstep_tail }
  { vld.s v0, r3, r4 ; add r3, r3, r5 }
  { vld.s v1, r3, r4 ; add r3, r3, r5 }
  { vld.s v2, r3, r4 ; add r3, r3, r5 }
  { vld.s v3, r3, r4 ; add r3, r3, r5 }
  { vld.s v4, r3, r4 ; add r3, r3, r5 ; vst.s v0, r1, r2 ; addi r1, r1, 4 }
  { vld.s v5, r3, r4 ; add r3, r3, r5 ; vst.s v1, r1, r2 ; addi r1, r1, 4 }
  { vld.s v6, r3, r4 ; add r3, r3, r5 ; vst.s v2, r1, r2 ; addi r1, r1, 4 }
  { vld.s v7, r3, r4 ; add r3, r3, r5 ; vst.s v3, r1, r2 ; addi r1, r1, 4 }
  { vld.s v0, r3, r4 ; add r3, r3, r5 ; vst.s v4, r1, r2 ; addi r1, r1, 4 }
  { vld.s v1, r3, r4 ; add r3, r3, r5 ; vst.s v5, r1, r2 ; addi r1, r1, 4 }
  { vld.s v2, r3, r4 ; add r3, r3, r5 ; vst.s v6, r1, r2 ; addi r1, r1, 4 }
  { vld.s v3, r3, r4 ; add r3, r3, r5 ; vst.s v7, r1, r2 ; addi r1, r1, 4 }
  { vld.s v4, r3, r4 ; add r3, r3, r5 ; vst.s v0, r1, r2 ; addi r1, r1, 4 }
  { vld.s v5, r3, r4 ; add r3, r3, r5 ; vst.s v1, r1, r2 ; addi r1, r1, 4 }
  { vld.s v6, r3, r4 ; add r3, r3, r5 ; vst.s v2, r1, r2 ; addi r1, r1, 4 }
  { vld.s v7, r3, r4 ; add r3, r3, r5 ; vst.s v3, r1, r2 ; addi r1, r1, 4 }
  { addi r7, r7, -1 ; beq r7, r8, .Lstep_drain }
.Lstep_loop:
  { vld.s v0, r3, r4 ; add r3, r3, r5 ; vst.s v4, r1, r2 ; addi r1, r1, 4 }
  { vld.s v1, r3, r4 ; add r3, r3, r5 ; vst.s v5, r1, r2 ; addi r1, r1, 4 }
  { vld.s v2, r3, r4 ; add r3, r3, r5 ; vst.s v6, r1, r2 ; addi r1, r1, 4 }
  { vld.s v3, r3, r4 ; add r3, r3, r5 ; vst.s v7, r1, r2 ; addi r1, r1, 4 }
  { vld.s v4, r3, r4 ; add r3, r3, r5 ; vst.s v0, r1, r2 ; addi r1, r1, 4 }
  { vld.s v5, r3, r4 ; add r3, r3, r5 ; vst.s v1, r1, r2 ; addi r1, r1, 4 }
  { vld.s v6, r3, r4 ; add r3, r3, r5 ; vst.s v2, r1, r2 ; addi r1, r1, 4 }
  { vld.s v7, r3, r4 ; add r3, r3, r5 ; vst.s v3, r1, r2 ; addi r1, r1, 4 }
  { vld.s v0, r3, r4 ; add r3, r3, r5 ; vst.s v4, r1, r2 ; addi r1, r1, 4 }
  { vld.s v1, r3, r4 ; add r3, r3, r5 ; vst.s v5, r1, r2 ; addi r1, r1, 4 }
  { vld.s v2, r3, r4 ; add r3, r3, r5 ; vst.s v6, r1, r2 ; addi r1, r1, 4 }
  { vld.s v3, r3, r4 ; add r3, r3, r5 ; vst.s v7, r1, r2 ; addi r1, r1, 4 }
  { vld.s v4, r3, r4 ; add r3, r3, r5 ; vst.s v0, r1, r2 ; addi r1, r1, 4 }
  { vld.s v5, r3, r4 ; add r3, r3, r5 ; vst.s v1, r1, r2 ; addi r1, r1, 4 }
  { vld.s v6, r3, r4 ; add r3, r3, r5 ; vst.s v2, r1, r2 ; addi r1, r1, 4 }
  { vld.s v7, r3, r4 ; add r3, r3, r5 ; vst.s v3, r1, r2 ; addi r1, r1, 4 }
  { addi r7, r7, -1 ; bne r7, r8, .Lstep_loop }
.Lstep_drain:
  { vst.s v4, r1, r2 ; addi r1, r1, 4 }
  { vst.s v5, r1, r2 ; addi r1, r1, 4 }
  { vst.s v6, r1, r2 ; addi r1, r1, 4 }
  { vst.s v7, r1, r2 ; addi r1, r1, 4 }
.Lstep_tail:
  beq r6, r0, .Lstep_done
.Lstep_one:
  { vld.s v0, r3, r4 ; add r3, r3, r5 ; addi r6, r6, -1 }
  { vst.s v0, r1, r2 ; addi r1, r1, 4 ; bne r6, r0, .Lstep_one }
.Lstep_done:
  ret
  .size move_rows_step, .-move_rows_step

# void move_rows_pick(float *y, long y_pitch, const float *x, long x_pitch,
#                     const int *offset, long n)
# r1 = y, r2 = y_pitch, r3 = x, r4 = x_pitch, r5 = offset, r6 = n.
# Eight columns a loop: their offsets loaded (two a bundle), added to x,
# their columns loaded and stored (two a bundle), each stage as soon as
# its inputs are ready; the columns past the last eight one at a time.
  .globl move_rows_pick
  .type move_rows_pick, @function
move_rows_pick:
  { srli r7, r6, 3 ; andi r6, r6, 7 }
  beq r7, r0, .Lpick_tail
.Lpick_loop:
  { ld.i32 r8, 0(r5) ; ld.i32 r9, 4(r5) }
  { ld.i32 r10, 8(r5) ; ld.i32 r11, 12(r5) }
  { ld.i32 r12, 16(r5) ; ld.i32 r13, 20(r5) }
  { ld.i32 r14, 24(r5) ; ld.i32 r15, 28(r5) ; add r8, r3, r8 }
  { vld.s v0, r8, r4 ; add r9, r3, r9 ; add r10, r3, r10 }
  { vld.s v1, r9, r4 ; vld.s v2, r10, r4 ; add r11, r3, r11 ; add r12, r3, r12 }
  { vld.s v3, r11, r4 ; vld.s v4, r12, r4 ; add r13, r3, r13 ; add r14, r3, r14 }
  { vld.s v5, r13, r4 ; vld.s v6, r14, r4 ; add r15, r3, r15 ; addi r8, r1, 4 }
  { vld.s v7, r15, r4 ; vst.s v0, r1, r2 ; addi r9, r1, 8 ; addi r10, r1, 12 }
  { vst.s v1, r8, r2 ; vst.s v2, r9, r2 ; addi r11, r1, 16 ; addi r12, r1, 20 }
  { vst.s v3, r10, r2 ; vst.s v4, r11, r2 ; addi r13, r1, 24 ; addi r14, r1, 28 }
  { vst.s v5, r12, r2 ; vst.s v6, r13, r2 ; addi r7, r7, -1 ; addi r5, r5, 32 }
  { vst.s v7, r14, r2 ; addi r1, r1, 32 ; bne r7, r0, .Lpick_loop }
.Lpick_tail:
  beq r6, r0, .Lpick_done
.Lpick_one:
  ld.i32 r8, 0(r5)
  { addi r5, r5, 4 ; addi r6, r6, -1 }
  add r8, r3, r8
  vld.s v0, r8, r4
  { vst.s v0, r1, r2 ; addi r1, r1, 4 ; bne r6, r0, .Lpick_one }
.Lpick_done:
  ret
  .size move_rows_pick, .-move_rows_pick
