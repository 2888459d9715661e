# A vector kernel checked against a plain scalar loop over the same data:
#   c[i] = a[i] + b[i] for 64 i32 elements (vld, vadd.i32, vst, 16 lanes at a
#   time), the sum of c (vector partial sums, then vredsum.i32), the f32 dot
#   product of a and b (vcvt.f32.i32, vfma.f32, vredsum.f32) and a strided
#   gather of every 4th element of a (vld.s). The values are small integers,
#   so every f32 sum is exact and must equal the scalar one bit for bit.
# The arrays live in the scratchpad (.spm.bss); the program prints the
# results and exits with the number of mismatches.
#
# RUN: accel-as -I %S/../Inputs %s -o %t.o
# RUN: accel-as %S/../Inputs/print.s -o %t.print.o
# RUN: %link %t.o %t.print.o -o %t.elf
# RUN: %expect-exit 0 %sim %t.elf | FileCheck %s --implicit-check-not=FAIL

# a[i] = 3i - 50, b[i] = 100 - 2i:
#   sum(a + b) = sum(50 + i) = 64*50 + 2016 = 5216
#   dot(a, b) = sum((3i - 50)(100 - 2i)) = -25664
#   a[0] + a[4] + ... + a[60] = sum(12k - 50, k < 16) = 640
# CHECK:      c == a + b (64 elements): ok
# CHECK-NEXT: i32 sum: ok
# CHECK-NEXT: i32 sum value: ok
# CHECK-NEXT: f32 dot: ok
# CHECK-NEXT: f32 dot value: ok
# CHECK-NEXT: strided gather sum: ok
# CHECK-NEXT: strided gather value: ok
# CHECK-NEXT: PASS

  .include "expect.inc"

  .set N, 64

  .text
  .globl main
main:
  addi r30, r30, -64
  st.i64 r31, 56(r30)
  st.i64 r16, 48(r30)
  st.i64 r17, 40(r30)
  st.i64 r18, 32(r30)
  st.i64 r19, 24(r30)
  st.i64 r20, 16(r30)
  st.i64 r21, 8(r30)
  li r16, 0

# Scalar: fill a and b; c_ref = a + b; the sums; the f32 dot product.
  { li r1, 0 ; li r9, N }
  { li r10, 0 ; li r11, 0 }       # i32 sum, i32 dot
  li r12, 0                       # f32 dot (+0.0)
.Lscalar:
  { shli r2, r1, 2 ; shli r3, r1, 1 }
  sub r4, r2, r1                  # 3i = 4i - i
  addi r4, r4, -50                # a[i] = 3i - 50
  li r5, 100
  sub r5, r5, r3                  # b[i] = 100 - 2i
  st.i32 r4, a(r2)
  st.i32 r5, b(r2)
  add r6, r4, r5
  st.i32 r6, c_ref(r2)
  add r10, r10, r6
  mul r7, r4, r5
  add r11, r11, r7
  cvt.f32.i32 r7, r4
  cvt.f32.i32 r8, r5
  fma.f32 r12, r7, r8, r12
  addi r1, r1, 1
  blt r1, r9, .Lscalar
  { addi r17, r10, 0 ; addi r18, r11, 0 }
  addi r19, r12, 0

# Vector: 16 lanes at a time.
  { li r1, a ; li r2, b }
  { li r3, c ; li r4, 4 }         # r4: iterations left
  vxor v10, v10, v10              # i32 partial sums
  vxor v11, v11, v11              # f32 partial dot products (+0.0)
.Lvector:
  vld v1, 0(r1)
  vld v2, 0(r2)
  vadd.i32 v3, v1, v2
  { vst v3, 0(r3) ; vadd.i32 v10, v10, v3 }
  vcvt.f32.i32 v4, v1
  vcvt.f32.i32 v5, v2
  vfma.f32 v11, v4, v5, v11
  { addi r1, r1, 64 ; addi r2, r2, 64 }
  { addi r3, r3, 64 ; addi r4, r4, -1 }
  bne r4, r0, .Lvector
  vredsum.i32 r20, v10
  vredsum.f32 r21, v11

# c == c_ref, element by element.
  { li r1, 0 ; li r9, N }
  li r8, 0                        # mismatches
.Lcompare:
  shli r2, r1, 2
  ld.i32 r3, c(r2)
  ld.i32 r4, c_ref(r2)
  sne r5, r3, r4
  add r8, r8, r5
  addi r1, r1, 1
  blt r1, r9, .Lcompare
  EXPECT_REG "c == a + b (64 elements)", r8, r0

  EXPECT_REG "i32 sum", r20, r17
  li r9, 5216
  EXPECT_REG "i32 sum value", r20, r9
  EXPECT_REG "f32 dot", r21, r19
  # The f32 value of the integer dot product (exact: |dot| < 2^24).
  cvt.f32.i64 r9, r18
  EXPECT_REG "f32 dot value", r21, r9

# vld.s: every 4th element of a (stride 16 bytes), summed.
  { li r1, a ; li r2, 16 }
  vld.s v6, r1, r2
  vredsum.i32 r20, v6
  { li r1, 0 ; li r9, N }
  li r17, 0
.Lgather:
  shli r2, r1, 2
  ld.i32 r3, a(r2)
  add r17, r17, r3
  addi r1, r1, 4
  blt r1, r9, .Lgather
  EXPECT_REG "strided gather sum", r20, r17
  li r9, 640
  EXPECT_REG "strided gather value", r20, r9

  bne r16, r0, .Lout
  li r1, s_pass
  call print_str
.Lout:
  addi r1, r16, 0
  ld.i64 r21, 8(r30)
  ld.i64 r20, 16(r30)
  ld.i64 r19, 24(r30)
  ld.i64 r18, 32(r30)
  ld.i64 r17, 40(r30)
  ld.i64 r16, 48(r30)
  ld.i64 r31, 56(r30)
  addi r30, r30, 64
  ret

  .section .spm.bss,"aw",@nobits
  .p2align 6
a:     .zero N * 4
b:     .zero N * 4
c:     .zero N * 4
c_ref: .zero N * 4

  .rodata
s_pass: .asciz "PASS\n"
