; Symbols spelled like registers are printed in quotes, so that the
; assembler reads them back as symbols: "v3" is a global, v3 a register.
; The object made from the printed assembly equals the one llc writes.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=accel -O2 < %s -o %t.s
; RUN: accel-as %t.s -o %t.via-asm.o
; RUN: llc -mtriple=accel -O2 -filetype=obj < %s -o %t.o
; RUN: cmp %t.o %t.via-asm.o

@v3 = global i32 0
@r1_data = global i32 0

; CHECK: .globl "acc0"
; CHECK-LABEL: "acc0":
; CHECK: ld.u32 r1, "v3"(r0)
; CHECK: call "r1"
; CHECK: ld.u32 r2, r1_data(r0)
define i32 @acc0(i32 %x) {
  %a = load i32, ptr @v3
  %b = call i32 @r1(i32 %a)
  %c = load i32, ptr @r1_data
  %s = add i32 %b, %c
  ret i32 %s
}

; CHECK-LABEL: "r1":
define i32 @r1(i32 %x) noinline {
  %y = add i32 %x, 1
  ret i32 %y
}
; CHECK: .type "v3",@object
