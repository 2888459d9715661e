; r0 reads as zero: integer 0 and floating-point +0.0 are r0 itself, not a
; `li` (r0 is a constant register in AccelRegisterInfo.td). -0.0 has a bit
; set and is materialized.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s

@g = global i64 1
@f = global float 1.0
@d = global double 1.0

; CHECK-LABEL: store_zeros:
; CHECK-NOT: li
; CHECK: st.i64 r0, g(r0)
; CHECK: st.i32 r0, f(r0)
; CHECK: st.i64 r0, d(r0)
; CHECK: st.i8 r0, 3(r1)
define void @store_zeros(ptr %p) {
  store i64 0, ptr @g
  store float 0.0, ptr @f
  store double 0.0, ptr @d
  %q = getelementptr i8, ptr %p, i64 3
  store i8 0, ptr %q
  ret void
}

; CHECK-LABEL: store_negative_zero:
; CHECK: li [[R:r[0-9]+]], -2147483648
; CHECK: st.i32 [[R]], f(r0)
define void @store_negative_zero() {
  store float -0.0, ptr @f
  ret void
}

; A counted loop compares its index with r0.
; CHECK-LABEL: count_down:
; CHECK: .LBB{{[0-9_]+}}:
; CHECK: bne r{{[0-9]+}}, r0, .LBB
define i64 @count_down(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ %n, %entry ], [ %j, %loop ]
  %s = phi i64 [ 0, %entry ], [ %t, %loop ]
  %t = add i64 %s, %i
  %j = add i64 %i, -1
  %done = icmp eq i64 %j, 0
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %t
}

; A zero vector is a broadcast of r0.
; CHECK-LABEL: zero_vector:
; CHECK: vbcast v1, r0
define <16 x i32> @zero_vector() {
  ret <16 x i32> zeroinitializer
}
