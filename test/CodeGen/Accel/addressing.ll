; A memory operand is a base register plus a signed 32-bit offset, and the
; offset may be a symbol's address (sym+C(reg)). Instruction selection folds
; a global's address into the offset, and loop strength reduction, told by
; isLegalAddressingMode that reg + sym + imm is free but reg + reg is not,
; walks several arrays with one index register.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=accel -O2 -filetype=obj < %s -o %t.o
; RUN: accel-objdump -dr %t.o | FileCheck %s --check-prefix=OBJ

@a = global [64 x i32] zeroinitializer
@b = global [64 x i32] zeroinitializer
@c = global [64 x i32] zeroinitializer
@v = global [8 x <16 x float>] zeroinitializer

; CHECK-LABEL: indexed:
; CHECK: shli [[I:r[0-9]+]], r1, 2
; CHECK-NEXT: ld.u32 r1, a+8([[I]])
; CHECK-NEXT: ret
; OBJ-LABEL: <indexed>:
; OBJ: ld.u32 r1, 0(r{{[0-9]+}})
; OBJ-NEXT: R_ACCEL_IMM32 a+0x8
define i32 @indexed(i64 %i) {
  %j = add i64 %i, 2
  %p = getelementptr [64 x i32], ptr @a, i64 0, i64 %j
  %x = load i32, ptr %p
  ret i32 %x
}

; CHECK-LABEL: vector_indexed:
; CHECK: vst v1, v+64(r{{[0-9]+}})
define void @vector_indexed(i64 %i, <16 x float> %x) {
  %j = add i64 %i, 1
  %p = getelementptr [8 x <16 x float>], ptr @v, i64 0, i64 %j
  store <16 x float> %x, ptr %p
  ret void
}

; The absolute address of a global plus a constant: one offset from r0.
; CHECK-LABEL: constant_offset:
; CHECK: ld.u32 r1, b+40(r0)
define i32 @constant_offset() {
  %p = getelementptr [64 x i32], ptr @b, i64 0, i64 10
  %x = load i32, ptr %p
  ret i32 %x
}

; c[i] = a[i] + b[i]: one induction register, no symbol materialized in
; the loop.
; CHECK-LABEL: add_arrays:
; CHECK: .LBB{{[0-9_]+}}:
; CHECK-NOT: li
; CHECK: ld.u32 {{r[0-9]+}}, {{[ab]}}+{{[0-9]+}}([[IV:r[0-9]+]])
; CHECK-NOT: li
; CHECK: st.i32 {{r[0-9]+}}, c+{{[0-9]+}}([[IV]])
; CHECK: bne [[IV]], r0
define void @add_arrays() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %n, %loop ]
  %pa = getelementptr [64 x i32], ptr @a, i64 0, i64 %i
  %pb = getelementptr [64 x i32], ptr @b, i64 0, i64 %i
  %pc = getelementptr [64 x i32], ptr @c, i64 0, i64 %i
  %x = load i32, ptr %pa
  %y = load i32, ptr %pb
  %s = add i32 %x, %y
  store i32 %s, ptr %pc
  %n = add i64 %i, 1
  %done = icmp eq i64 %n, 64
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; A stack object's address stays the base (frame lowering rewrites it with
; an immediate offset); a symbol added to it is computed in a register.
; CHECK-LABEL: frame_plus_symbol:
; CHECK: li [[S:r[0-9]+]], a
; CHECK: ret
define i8 @frame_plus_symbol() {
  %buf = alloca [16 x i8]
  call void @fill(ptr %buf)
  %p = getelementptr i8, ptr %buf, i64 ptrtoint (ptr @a to i64)
  %x = load i8, ptr %p
  ret i8 %x
}
declare void @fill(ptr)

; An inline assembly memory operand takes the same form.
; CHECK-LABEL: asm_memory:
; CHECK: ld.i64 r1, c+16(r{{[0-9]+}})
define i64 @asm_memory(i64 %i) {
  %j = add i64 %i, 4
  %p = getelementptr [64 x i32], ptr @c, i64 0, i64 %j
  %x = call i64 asm "ld.i64 $0, $1", "=r,*m"(ptr elementtype(i32) %p)
  ret i64 %x
}
