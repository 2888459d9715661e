; Calls: arguments in r1..r8, the ninth and later on the stack; a function
; that calls keeps its return address (r31 on entry) somewhere the call does
; not clobber and puts it back in r31 before ret; results in r1.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s

declare i64 @callee(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)

; CHECK-LABEL: caller:
; CHECK: addi r30, r30, -{{[0-9]+}}
; CHECK-DAG: {{addi r(1[6-9]|2[0-7]), r31, 0|st.i64 r31, [0-9]+\(r30\)}}
; CHECK-DAG: li r1, 1
; CHECK-DAG: li r8, 8
; CHECK-DAG: st.i64 {{r[0-9]+}}, 0(r30)
; CHECK-DAG: st.i64 {{r[0-9]+}}, 8(r30)
; CHECK: call callee
; CHECK: {{addi r31, r(1[6-9]|2[0-7]), 0|ld.i64 r31, [0-9]+\(r30\)}}
; CHECK: ret
define i64 @caller() {
  %r = call i64 @callee(i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9, i64 10)
  ret i64 %r
}

; A leaf function needs no frame.
; CHECK-LABEL: leaf:
; CHECK-NOT: r30
; CHECK: ret
define i64 @leaf(i64 %a) {
  ret i64 %a
}
