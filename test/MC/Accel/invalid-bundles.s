# Bundle issue rules (AccelSchedule.td, AccelBundleChecker): at most 4
# instructions, each on a distinct functional unit its itinerary allows (ALU0
# and ALU1 for scalar work, only ALU0 for control transfer, LSU0 and LSU1 for
# memory accesses, one VPU, one MXU, one MXM, one DMA port), no register
# written twice (r0 excepted; call and callr write r31 implicitly), and no
# accumulator tile named by both the MXU's and the MXM's instruction. Also '}' without '{' and an empty
# multi-line bundle.
#
# Every error is followed by a valid bundle: the second RUN checks that each of
# those is assembled and emitted (errors do not cascade into later lines), and
# --implicit-check-not makes sure no further error is reported.
#
# RUN: rm -f %t.o
# RUN: not accel-as %s -o %t.o 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
# RUN: not test -e %t.o
# RUN: not accel-as --show-encoding %s 2>/dev/null | grep -v '^[[:space:]]*$' \
# RUN:   | FileCheck %s --check-prefix=OUT

# OUT: .text

#===--- More than 4 instructions ----------------------------------------===#

# CHECK: :[[@LINE+1]]:78: error: a bundle holds at most 4 instructions
{ add r1, r2, r3 ; sub r4, r5, r6 ; ld.i64 r7, 0(r8) ; vadd.f32 v1, v2, v3 ; mzero acc0 }
# OUT-NEXT: addi r20, r20, 1
addi r20, r20, 1

{
  add r1, r2, r3
  ld.i64 r7, 0(r8)
  vadd.f32 v1, v2, v3
  dma.wait 0
# CHECK: :[[@LINE+1]]:3: error: a bundle holds at most 4 instructions
  mzero acc0
  mmac acc1, r1, r2, r3
}
# OUT-NEXT: { addi r20, r20, 2 ; ld.i64 r21, 0(r22) }
{ addi r20, r20, 2 ; ld.i64 r21, 0(r22) }

#===--- Three ALU operations: only ALU0 and ALU1 --------------------------===#

# CHECK: :[[@LINE+1]]:37: error: bundle has no free issue slot for this instruction: it needs ALU0 or ALU1, taken by other instructions of the bundle
{ add r1, r2, r3 ; sub r4, r5, r6 ; mul r7, r8, r9 }
# OUT-NEXT: addi r20, r20, 3
addi r20, r20, 3
# CHECK: :[[@LINE+1]]:46: error: bundle has no free issue slot for this instruction: it needs ALU0 or ALU1, taken by other instructions of the bundle
{ fadd.f32 r1, r2, r3 ; cvt.f64.i64 r4, r5 ; li r6, 1 ; vld v1, 0(r2) }
# OUT-NEXT: addi r20, r20, 4
addi r20, r20, 4

#===--- Two control transfers: only ALU0 branches ------------------------===#

# CHECK: :[[@LINE+1]]:19: error: bundle has no free issue slot for this instruction: it needs ALU0, taken by other instructions of the bundle
{ beq r1, r2, f ; jmp g }
# OUT-NEXT: addi r20, r20, 5
addi r20, r20, 5
# CHECK: :[[@LINE+1]]:12: error: bundle has no free issue slot for this instruction: it needs ALU0, taken by other instructions of the bundle
{ call f ; ret }
# CHECK: :[[@LINE+1]]:11: error: bundle has no free issue slot for this instruction: it needs ALU0, taken by other instructions of the bundle
{ sys 1 ; trap }
# A branch with two ALU operations: the ALU operations would need both ALUs.
# CHECK: :[[@LINE+1]]:37: error: bundle has no free issue slot for this instruction: it needs ALU0, taken by other instructions of the bundle
{ add r1, r2, r3 ; sub r4, r5, r6 ; bne r1, r0, f }
# OUT-NEXT: { addi r20, r20, 6 ; jr r23 }
{ addi r20, r20, 6 ; jr r23 }

#===--- Three memory accesses: two load/store ports ----------------------===#

# CHECK: :[[@LINE+1]]:41: error: bundle has no free issue slot for this instruction: it needs LSU0 or LSU1, taken by other instructions of the bundle
{ ld.i64 r1, 0(r2) ; st.i64 r3, 0(r4) ; ld.u8 r5, 1(r6) }
# CHECK: :[[@LINE+1]]:55: error: bundle has no free issue slot for this instruction: it needs LSU0 or LSU1, taken by other instructions of the bundle
{ vst.s v1, r2, r3 ; add r4, r5, r6 ; vld v7, 0(r8) ; vld.s v9, r10, r11 }
# Two are fine, of either kind.
# OUT-NEXT: { vld v1, 0(r2) ; st.i64 r3, 8(r4) }
{ vld v1, 0(r2) ; st.i64 r3, 8(r4) }
# OUT-NEXT: addi r20, r20, 7
addi r20, r20, 7

#===--- Two vector operations: one VPU -----------------------------------===#

# CHECK: :[[@LINE+1]]:25: error: bundle has no free issue slot for this instruction: it needs VPU, taken by other instructions of the bundle
{ vadd.f32 v1, v2, v3 ; vmul.f32 v4, v5, v6 }
# CHECK: :[[@LINE+1]]:20: error: bundle has no free issue slot for this instruction: it needs VPU, taken by other instructions of the bundle
{ vext r1, v2, 3 ; vredsum.f32 r3, v4 }
# OUT-NEXT: addi r20, r20, 8
addi r20, r20, 8

#===--- Two matrix operations, two DMA operations ------------------------===#

# CHECK: :[[@LINE+1]]:16: error: bundle has no free issue slot for this instruction: it needs MXU, taken by other instructions of the bundle
{ mzero acc0 ; mmac acc1, r1, r2, r3 }
# CHECK: :[[@LINE+1]]:18: error: bundle has no free issue slot for this instruction: it needs MXM, taken by other instructions of the bundle
{ mst acc0, r1 ; mld acc1, r2 }
# CHECK: :[[@LINE+1]]:20: error: bundle has no free issue slot for this instruction: it needs MXM, taken by other instructions of the bundle
{ mst.t acc0, r1 ; mld acc1, r2 }
# CHECK: :[[@LINE+1]]:26: error: bundle has no free issue slot for this instruction: it needs DMA, taken by other instructions of the bundle
{ dma.1d 0, r1, r2, r3 ; dma.wait 1 }
# CHECK: :[[@LINE+1]]:21: error: bundle has no free issue slot for this instruction: it needs VSE, taken by other instructions of the bundle
{ vs.shape r1, r2 ; vs.add.f32 r3, r4, r5 }
# OUT-NEXT: addi r20, r20, 9
addi r20, r20, 9

#===--- One tile on the MAC array and the tile-move port ------------------===#

# CHECK: :[[@LINE+1]]:27: error: accumulator tile acc3 is named by two matrix instructions of this bundle
{ mmac acc3, r1, r2, r3 ; mst acc3, r4 }
# CHECK: :[[@LINE+1]]:18: error: accumulator tile acc5 is named by two matrix instructions of this bundle
{ mst acc5, r1 ; mzero acc5 }
# CHECK: :[[@LINE+1]]:27: error: accumulator tile acc6 is named by two matrix instructions of this bundle
{ mmac acc6, r1, r2, r3 ; mst.t acc6, r4 }
# OUT-NEXT: { mmac acc3, r1, r2, r3 ; mst acc4, r4 }
{ mmac acc3, r1, r2, r3 ; mst acc4, r4 }

#===--- A register written twice -----------------------------------------===#

# CHECK: :[[@LINE+1]]:20: error: register r1 is written twice in this bundle
{ add r1, r2, r3 ; sub r1, r4, r5 }
# CHECK: :[[@LINE+1]]:22: error: register r7 is written twice in this bundle
{ ld.i64 r7, 0(r2) ; fadd.f64 r7, r3, r4 }
# CHECK: :[[@LINE+1]]:19: error: register v1 is written twice in this bundle
{ vld v1, 0(r2) ; vadd.f32 v1, v2, v3 }
# vins writes its vector register (tied to the source).
# CHECK: :[[@LINE+1]]:20: error: register v5 is written twice in this bundle
{ vins v5, r1, 2 ; vld v5, 0(r2) }
# call and callr write r31 implicitly, whichever slot comes first.
# CHECK: :[[@LINE+1]]:21: error: register r31 is written twice in this bundle
{ add r31, r2, r3 ; call f }
# CHECK: :[[@LINE+1]]:14: error: register r31 is written twice in this bundle
{ callr r5 ; li r31, 1 }
# CHECK: :[[@LINE+1]]:12: error: register r31 is written twice in this bundle
{ call f ; ld.i64 r31, 8(r1) }
# Writes to r0 are discarded and do not conflict.
# OUT-NEXT: { add r0, r1, r2 ; sub r0, r3, r4 }
{ add r0, r1, r2 ; sub r0, r3, r4 }
# Reading r31 next to call is fine.
# OUT-NEXT: { call f ; st.i64 r31, 0(r1) }
{ call f ; st.i64 r31, 0(r1) }
# OUT-NEXT: fixup A - offset: 0, value: f, kind: fixup_accel_pcrel_imm32

#===--- '}' without an open bundle ---------------------------------------===#

# CHECK: :[[@LINE+1]]:1: error: '}' without an open bundle
}
# CHECK: :[[@LINE+1]]:16: error: '}' without an open bundle
add r1, r2, r3 }
# OUT-NEXT: addi r20, r20, 10
addi r20, r20, 10

#===--- An empty multi-line bundle ---------------------------------------===#

# CHECK: :[[@LINE+1]]:1: error: empty bundle
{
}
# OUT-NEXT: { addi r20, r20, 11 ; vmov v1, v2 }
{ addi r20, r20, 11 ; vmov v1, v2 }

#===--- Errors inside bundles do not cascade -----------------------------===#

# An operand error in an early statement of a one-line bundle: the remaining
# instructions still form the bundle and it closes at '}'.
# CHECK: :[[@LINE+1]]:14: error: expected ',' between operands
{ add r1, r2 r3 ; sub r4, r5, r6 }
# OUT-NEXT: sub r4, r5, r6
# OUT-NEXT: addi r20, r20, 12
addi r20, r20, 12
# An error in the statement that closes the bundle closes it too.
# CHECK: :[[@LINE+1]]:31: error: expected ',' between operands
{ add r1, r2, r3 ; sub r4, r5 r6 }
# OUT-NEXT: addi r20, r20, 13
addi r20, r20, 13
# CHECK: :[[@LINE+1]]:36: error: expected ')'
{ add r1, r2, r3 ; ld.i64 r4, 8(r5 }
# OUT-NEXT: addi r20, r20, 14
addi r20, r20, 14
# CHECK: :[[@LINE+1]]:20: error: unknown instruction mnemonic 'bogus'
{ add r1, r2, r3 ; bogus r4 }
# OUT-NEXT: addi r20, r20, 15
addi r20, r20, 15
# CHECK: :[[@LINE+1]]:33: error: immediate must be an integer in the range [0, 63]
{ add r1, r2, r3 ; shli r4, r5, 64 }
# OUT-NEXT: addi r20, r20, 16
addi r20, r20, 16
# CHECK: :[[@LINE+1]]:20: error: too few operands for instruction
{ add r1, r2, r3 ; sub r4, r5 }
# OUT-NEXT: addi r20, r20, 17
addi r20, r20, 17
# An error in the middle of a multi-line bundle.
{
  add r1, r2, r3
# CHECK: :[[@LINE+1]]:14: error: expected ',' between operands
  sub r4, r5 r6
  ld.i64 r7, 0(r8)
}
# OUT-NEXT: { add r1, r2, r3 ; ld.i64 r7, 0(r8) }
# OUT-NEXT: addi r20, r20, 18
addi r20, r20, 18
# A rule violation drops the whole bundle, and only that bundle.
# CHECK: :[[@LINE+1]]:20: error: register r9 is written twice in this bundle
{ add r9, r2, r3 ; sub r9, r5, r6 }
# OUT-NEXT: { addi r20, r20, 19 ; sub r9, r5, r6 }
{ addi r20, r20, 19 ; sub r9, r5, r6 }
