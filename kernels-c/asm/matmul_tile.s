# matmul_tile.s - C[32x32] = A[32x64] . B[64x32] in f32 on the matrix unit.
#
# The matrices live in DRAM, row-major. For each 16x16 tile of C: DMA the
# 16 rows of A it needs (contiguous: one dma.1d) and the 64x16 column slice of
# B (dma.2d with a 128-byte source stride) into the scratchpad, zero an
# accumulator, one mmac with K = 64, store the tile to the scratchpad and DMA
# it back into C (dma.2d with a 128-byte destination stride).
#
# The program then recomputes C with scalar fma.f32 in the same k order and
# compares bit for bit; it prints the verdict and exits 0 on a match.

  .set M, 32
  .set N, 32
  .set K, 64

  .text
  .globl main
  .type main, @function
main:
  { addi r30, r30, -16 }
  st.i64 r31, 8(r30)
  { li r20, 7 ; li r21, K }
  { li r22, M ; li r23, 5 }

# A[i][k] = ((i + 2k) mod 7) - 3
  { li r10, a_mat ; li r1, 0 }
.LinitA_i:
  li r2, 0
.LinitA_k:
  shli r3, r2, 1
  add r3, r3, r1
  remu r3, r3, r20
  addi r3, r3, -3
  cvt.f32.i32 r3, r3
  { st.i32 r3, 0(r10) ; addi r2, r2, 1 }
  { addi r10, r10, 4 ; blt r2, r21, .LinitA_k }
  addi r1, r1, 1
  blt r1, r22, .LinitA_i

# B[k][j] = ((3k + j) mod 5) - 2
  { li r10, b_mat ; li r1, 0 }
.LinitB_k:
  li r2, 0
.LinitB_j:
  { shli r3, r1, 1 }
  add r3, r3, r1
  add r3, r3, r2
  remu r3, r3, r23
  addi r3, r3, -2
  cvt.f32.i32 r3, r3
  { st.i32 r3, 0(r10) ; addi r2, r2, 1 }
  { addi r10, r10, 4 ; blt r2, r22, .LinitB_j }
  addi r1, r1, 1
  blt r1, r21, .LinitB_k

# Tiles of C on the matrix unit: the region of interest (sys 2 .. sys 3),
# which accel-sim --stats reports apart from the set-up and the check.
  sys 2
  { li r11, spm_a ; li r12, spm_b }
  { li r13, spm_c ; li r14, 4096 }       # bytes of A per tile row
  { li r6, 64 ; li r7, 128 }
  { lih r6, r6, 64 ; lih r7, r7, 64 }    # B: 64 rows x 64 B; dst 64, src 128
  { li r8, 64 ; li r9, 64 }
  { lih r8, r8, 16 ; lih r9, r9, 128 }   # C: 16 rows x 64 B; dst 128, src 64
  li r1, 0                               # tile row
.Ltile_i:
  li r2, 0                               # tile column
.Ltile_j:
  shli r3, r1, 12                        # A rows: a_mat + ti * 4096
  { li r4, a_mat ; shli r5, r2, 6 }      # B cols: b_mat + tj * 64
  { add r3, r3, r4 ; li r4, b_mat }
  add r5, r5, r4
  dma.1d 0, r11, r3, r14
  { dma.2d 1, r12, r5, r6, r7 ; mzero acc0 }
  dma.wait 0
  dma.wait 1
  mmac acc0, r11, r12, r21
  mst acc0, r13
  shli r3, r1, 11                        # C tile: c_mat + ti * 2048 + tj * 64
  { li r4, c_mat ; shli r5, r2, 6 }
  add r3, r3, r4
  add r3, r3, r5
  dma.2d 2, r3, r13, r8, r9
  dma.wait 2
  addi r2, r2, 1
  li r4, 2
  blt r2, r4, .Ltile_j
  addi r1, r1, 1
  blt r1, r4, .Ltile_i
  sys 3

# Scalar reference: R[i][j] = fma over k in order, from +0.
  { li r1, 0 ; li r15, r_mat }
.Lref_i:
  li r2, 0
.Lref_j:
  { li r5, 0 ; li r3, 0 }                # acc, k
  # &A[i][0] = a_mat + i*256, &B[0][j] = b_mat + j*4
  { shli r6, r1, 8 ; shli r7, r2, 2 }
  { li r4, a_mat ; li r8, b_mat }
  { add r6, r6, r4 ; add r7, r7, r8 }
.Lref_k:
  ld.u32 r9, 0(r6)
  ld.u32 r10, 0(r7)
  { addi r6, r6, 4 ; addi r7, r7, 128 }
  { fma.f32 r5, r9, r10, r5 ; addi r3, r3, 1 }
  blt r3, r21, .Lref_k
  { st.i32 r5, 0(r15) ; addi r2, r2, 1 }
  { addi r15, r15, 4 ; blt r2, r22, .Lref_j }
  addi r1, r1, 1
  blt r1, r22, .Lref_i

# Compare C and R bit for bit.
  { li r6, c_mat ; li r7, r_mat }
  { li r3, 0 ; li r4, 1024 }
.Lcmp:
  ld.u32 r9, 0(r6)
  ld.u32 r10, 0(r7)
  { addi r6, r6, 4 ; addi r7, r7, 4 }
  bne r9, r10, .Lmismatch
  addi r3, r3, 1
  blt r3, r4, .Lcmp

  { li r1, 1 ; li r2, pass_msg }
  li r3, pass_len
  call write
  { li r1, 0 ; jmp .Ldone }
.Lmismatch:
  { li r1, 1 ; li r2, fail_msg }
  li r3, fail_len
  call write
  li r1, 1
.Ldone:
  ld.i64 r31, 8(r30)
  addi r30, r30, 16
  ret

  .section .rodata
pass_msg: .ascii "matmul 32x32x64 on the matrix unit: matches the scalar reference\n"
  .set pass_len, . - pass_msg
fail_msg: .ascii "matmul 32x32x64 on the matrix unit: MISMATCH against the scalar reference\n"
  .set fail_len, . - fail_msg

  .bss
  .p2align 6 # DRAM bursts: a row that straddles two pays both
a_mat: .zero M * K * 4
b_mat: .zero K * N * 4
c_mat: .zero M * N * 4
r_mat: .zero M * N * 4

  .section .spm.bss,"aw",@nobits
  .p2align 6
spm_a: .zero 16 * K * 4
spm_b: .zero K * 16 * 4
spm_c: .zero 16 * 16 * 4
