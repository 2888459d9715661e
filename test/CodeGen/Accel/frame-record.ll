; The frame record (docs/abi.md "Frame"): a function with a frame pointer
; stores its return address at CFA-8 and the caller's r29 at CFA-16, and
; sets r29 to the CFA, also as a leaf, so that the chain of records is
; complete. A function without a frame pointer has no record: its frame is
; what it was before records existed.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=accel -O0 -verify-machineinstrs < %s | FileCheck %s --check-prefix=O0

declare void @g(ptr)

; A leaf keeps the record although it has nothing else in its frame.
; CHECK-LABEL: leaf:
; CHECK: addi r30, r30, -16
; CHECK-NEXT: st.i64 r31, 8(r30)
; CHECK-NEXT: { st.i64 r29, 0(r30) ; addi r29, r30, 16 }
; CHECK-NEXT: { ld.i64 r29, 0(r30) ; addi r30, r30, 16 }
; CHECK-NEXT: ret
; O0-LABEL: leaf:
; O0: addi r30, r30, -16
; O0-NEXT: st.i64 r31, 8(r30)
; O0-NEXT: st.i64 r29, 0(r30)
; O0-NEXT: addi r29, r30, 16
; O0-NEXT: ld.i64 r29, 0(r30)
; O0-NEXT: addi r30, r30, 16
; O0-NEXT: ret
define i64 @leaf(i64 %n) "frame-pointer"="all" {
  ret i64 %n
}

; Other callee-saved registers and locals go below the record (48 bytes:
; the record, r16, r17 and the local, rounded to 16).
; CHECK-LABEL: nonleaf:
; CHECK: addi r30, r30, -48
; CHECK-DAG: st.i64 r31, 40(r30)
; CHECK-DAG: st.i64 r29, 32(r30)
; CHECK-DAG: addi r29, r30, 48
; CHECK-DAG: st.i64 r16, {{(8|16|24)}}(r30)
; CHECK-DAG: st.i64 r17, {{(8|16|24)}}(r30)
; CHECK: call g
; CHECK: ld.i64 r29, 32(r30)
; CHECK-NOT: ld.i64 r31, 40(r30)
; CHECK: ret
define i64 @nonleaf(i64 %n) "frame-pointer"="all" {
  %a = alloca i64
  call void @g(ptr %a)
  ret i64 %n
}

; The same function without a frame pointer: no record, r29 untouched.
; CHECK-LABEL: nofp:
; CHECK-NEXT: # %bb.0:
; CHECK-NEXT: addi r30, r30, -32
; Both saves share a bundle, as do both restores (two load/store ports).
; CHECK-NEXT: { st.i64 r16, 24(r30) ; addi r16, r1, 0 ; addi r1, r30, 8 ; st.i64 r17, 16(r30) }
; CHECK-NEXT: { addi r17, r31, 0 ; call g }
; CHECK-NEXT: { addi r31, r17, 0 ; addi r1, r16, 0 ; ld.i64 r17, 16(r30) ; ld.i64 r16, 24(r30) }
; CHECK-NEXT: addi r30, r30, 32
; CHECK-NEXT: ret
define i64 @nofp(i64 %n) {
  %a = alloca i64
  call void @g(ptr %a)
  ret i64 %n
}

; A variable-sized object needs a frame pointer, and so a record; r30 is
; recomputed from r29 before the restores.
; CHECK-LABEL: vla:
; CHECK: addi r30, r30, -32
; CHECK-DAG: st.i64 r31, 24(r30)
; CHECK-DAG: st.i64 r29, 16(r30)
; CHECK-DAG: addi r29, r30, 32
; CHECK: call g
; CHECK: addi r30, r29, -32
; CHECK: ld.i64 r29, 16(r30)
; CHECK: ret
define i64 @vla(i64 %n) {
  %a = alloca i8, i64 %n
  call void @g(ptr %a)
  ret i64 0
}
