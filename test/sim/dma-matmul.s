# DMA + matrix unit, checked against a scalar triple loop in f32.
#
# A and B are 32x32 f32 matrices, row-major in DRAM. The program computes the
# 16x16 tile C[16..31][16..31] = A[16..31][0..15] . B[0..15][16..31] on the
# matrix unit as two accumulating mmacs with K = 8:
#   - four dma.2d transfers, one per DMA channel, cut the tiles out of the
#     larger matrices into packed scratchpad buffers: A's 16x8 blocks (rows of
#     32 bytes, source stride 128) and B's 8x16 blocks (rows of 64 bytes,
#     source stride 128);
#   - mzero, mmac, mmac into one tile, mst to the scratchpad;
#   - a dma.2d back into C's tile in DRAM (destination stride 128), and
#     mst.relu of the same tile to check the ReLU store.
# The reference sums A[16+i][k] * B[k][16+j] with fma.f32 for k = 0..15 in
# order, from +0, as mmac does. The values are small integers, so every sum
# is exact; the comparison is bit for bit. The rest of C must stay zero.
#
# RUN: accel-as -I %S/../Inputs %s -o %t.o
# RUN: accel-as %S/../Inputs/print.s -o %t.print.o
# RUN: %link %t.o %t.print.o -o %t.elf
# RUN: %expect-exit 0 %sim %t.elf | FileCheck %s --implicit-check-not=FAIL

# CHECK:      C tile == scalar reference (256 elements): ok
# CHECK-NEXT: relu tile == max(reference, 0) (256 elements): ok
# CHECK-NEXT: negative reference elements: ok
# CHECK-NEXT: C outside the tile is untouched: ok
# CHECK-NEXT: C[16][16]: ok
# CHECK-NEXT: PASS

  .include "expect.inc"

  .set DIM, 32                    # A, B, C are DIM x DIM
  .set ROW, DIM * 4               # bytes per row

  .text
  .globl main
main:
  addi r30, r30, -48
  st.i64 r31, 40(r30)
  st.i64 r16, 32(r30)
  st.i64 r17, 24(r30)
  st.i64 r18, 16(r30)
  st.i64 r19, 8(r30)
  li r16, 0

# A[r][c] = ((3r + c) mod 7) - 3, B[r][c] = ((r + 2c) mod 5) - 2, as f32.
  { li r1, 0 ; li r9, DIM }
  { li r7, 7 ; li r8, 5 }
.Linit_r:
  li r2, 0
.Linit_c:
  { shli r3, r1, 1 ; shli r4, r2, 1 }
  add r3, r3, r1                  # 3r
  { add r3, r3, r2 ; add r4, r4, r1 } # 3r + c, r + 2c
  { remu r3, r3, r7 ; remu r4, r4, r8 }
  { addi r3, r3, -3 ; addi r4, r4, -2 }
  cvt.f32.i32 r3, r3
  cvt.f32.i32 r4, r4
  shli r5, r1, 5                  # (r * DIM + c) * 4
  add r5, r5, r2
  shli r5, r5, 2
  st.i32 r3, a_mat(r5)
  st.i32 r4, b_mat(r5)
  addi r2, r2, 1
  blt r2, r9, .Linit_c
  addi r1, r1, 1
  blt r1, r9, .Linit_r

# Cut the four blocks out with dma.2d, one channel each:
#   rc = rows << 32 | rowbytes, rd = dststride << 32 | srcstride.
  { li r10, spm_a1 ; li r11, a_mat + 16 * ROW }          # A[16..31][0..7]
  { li r12, 32 ; li r13, ROW }
  { lih r12, r12, 16 ; lih r13, r13, 32 }                # 16 rows x 32 B
  dma.2d 0, r10, r11, r12, r13
  { li r10, spm_a2 ; li r11, a_mat + 16 * ROW + 32 }     # A[16..31][8..15]
  dma.2d 1, r10, r11, r12, r13
  { li r12, 64 ; li r13, ROW }
  { lih r12, r12, 8 ; lih r13, r13, 64 }                 # 8 rows x 64 B
  { li r10, spm_b1 ; li r11, b_mat + 64 }                # B[0..7][16..31]
  dma.2d 2, r10, r11, r12, r13
  { li r10, spm_b2 ; li r11, b_mat + 8 * ROW + 64 }      # B[8..15][16..31]
  { dma.2d 3, r10, r11, r12, r13 ; mzero acc3 }
  dma.wait 0
  dma.wait 1
  dma.wait 2
  dma.wait 3

# acc3 = A1 . B1 + A2 . B2
  { li r10, spm_a1 ; li r11, spm_b1 }
  li r14, 8
  mmac acc3, r10, r11, r14
  { li r10, spm_a2 ; li r11, spm_b2 }
  mmac acc3, r10, r11, r14
  { li r10, spm_c ; li r11, spm_relu }
  mst acc3, r10
  mst.relu acc3, r11

# The tile back into C[16..31][16..31]: 16 rows x 64 B, source stride 64,
# destination stride ROW.
  { li r12, 64 ; li r13, 64 }
  { lih r12, r12, 16 ; lih r13, r13, ROW }
  li r11, c_mat + 16 * ROW + 64
  dma.2d 2, r11, r10, r12, r13
  dma.wait 2

# Scalar reference into r_mat[16][16].
  li r1, 0
.Lref_i:
  li r2, 0
.Lref_j:
  { li r5, 0 ; li r3, 0 }         # sum (+0.0), k
  # &A[16+i][0] = a_mat + (16 + i) * ROW, &B[0][16+j] = b_mat + (16 + j) * 4
  { addi r6, r1, 16 ; addi r7, r2, 16 }
  { shli r6, r6, 7 ; shli r7, r7, 2 }
.Lref_k:
  ld.u32 r8, a_mat(r6)
  ld.u32 r9, b_mat(r7)
  { addi r6, r6, 4 ; addi r7, r7, ROW }
  { fma.f32 r5, r8, r9, r5 ; addi r3, r3, 1 }
  slti r4, r3, 16
  bne r4, r0, .Lref_k
  shli r4, r1, 4
  add r4, r4, r2
  shli r4, r4, 2
  st.i32 r5, r_mat(r4)
  addi r2, r2, 1
  slti r4, r2, 16
  bne r4, r0, .Lref_j
  addi r1, r1, 1
  slti r4, r1, 16
  bne r4, r0, .Lref_i

# Compare C's tile and the ReLU tile with the reference, bit for bit.
  { li r1, 0 ; li r17, 0 }        # element, C mismatches
  { li r18, 0 ; li r19, 0 }       # ReLU mismatches, negative references
.Lcmp:
  { shli r2, r1, 2 ; srli r3, r1, 4 } # r3 = i
  andi r4, r1, 15                 # j
  { addi r3, r3, 16 ; addi r4, r4, 16 }
  shli r3, r3, 7                  # C[16+i][16+j]: (16+i) * ROW + (16+j) * 4
  shli r4, r4, 2
  add r3, r3, r4
  ld.u32 r5, c_mat(r3)
  ld.u32 r6, r_mat(r2)
  sne r7, r5, r6
  add r17, r17, r7
  # relu(x): x if x > 0, else +0.0
  flt.f32 r7, r0, r6
  sel r8, r7, r6, r0
  add r19, r19, r7
  ld.u32 r5, spm_relu(r2)
  sne r7, r5, r8
  add r18, r18, r7
  addi r1, r1, 1
  slti r7, r1, 256
  bne r7, r0, .Lcmp
  EXPECT_REG "C tile == scalar reference (256 elements)", r17, r0
  EXPECT_REG "relu tile == max(reference, 0) (256 elements)", r18, r0
  # Some references must be <= 0 (positive ones counted in r19), or the ReLU
  # check proves nothing.
  slti r19, r19, 256
  li r9, 1
  EXPECT_REG "negative reference elements", r19, r9

# Everything outside the tile is still zero: C[0..15][*] and C[16..31][0..15].
  { li r1, 0 ; li r17, 0 }
.Lzero:
  shli r2, r1, 2
  ld.u32 r3, c_mat(r2)
  # r1 in the tile iff r1 >= 16 * DIM and (r1 mod DIM) >= 16
  { slti r4, r1, 16 * DIM ; andi r5, r1, DIM - 1 }
  slti r5, r5, 16
  or r4, r4, r5
  sel r3, r4, r3, r0
  or r17, r17, r3
  addi r1, r1, 1
  slti r4, r1, DIM * DIM
  bne r4, r0, .Lzero
  EXPECT_REG "C outside the tile is untouched", r17, r0

# One element by hand: C[16][16] = sum_k A[16][k] B[k][16]
#   = sum_k (((48 + k) mod 7) - 3) * (((k + 32) mod 5) - 2) = 6.
  ld.u32 r17, c_mat + 16 * ROW + 64(r0)
  li r9, 0x40c00000               # 6.0f
  EXPECT_REG "C[16][16]", r17, r9

  bne r16, r0, .Lout
  li r1, s_pass
  call print_str
.Lout:
  addi r1, r16, 0
  ld.i64 r19, 8(r30)
  ld.i64 r18, 16(r30)
  ld.i64 r17, 24(r30)
  ld.i64 r16, 32(r30)
  ld.i64 r31, 40(r30)
  addi r30, r30, 48
  ret

  .bss
  .p2align 6
a_mat: .zero DIM * ROW
b_mat: .zero DIM * ROW
c_mat: .zero DIM * ROW
r_mat: .zero 16 * 16 * 4

  .section .spm.bss,"aw",@nobits
  .p2align 6
spm_a1:   .zero 16 * 8 * 4
spm_a2:   .zero 16 * 8 * 4
spm_b1:   .zero 8 * 16 * 4
spm_b2:   .zero 8 * 16 * 4
spm_c:    .zero 16 * 16 * 4
spm_relu: .zero 16 * 16 * 4

  .rodata
s_pass: .asciz "PASS\n"
