; __builtin_frame_address(n) and __builtin_return_address(n) walk the frame
; records (docs/abi.md "Frame"): frameaddress(0) is r29, which is the CFA;
; frameaddress(n) loads the caller's r29 from [frameaddress(n-1) - 16];
; returnaddress(0) is the incoming r31, returnaddress(n) the return address
; saved at [frameaddress(n) - 8]. Asking for a frame address gives the
; function a frame pointer and so a frame record of its own. So does
; __builtin_dwarf_cfa(), which is r29 (plus its operand). Levels past
; clang's limit (65535) are a diagnostic naming the function, not a crash
; (or a DAG of millions of loads).
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=accel -O0 -verify-machineinstrs < %s | FileCheck %s --check-prefix=O0
; RUN: not llc -mtriple=accel -O2 %S/Inputs/frame-address-too-deep.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR

; The caller's r29 is saved through r30: r29 is not set up yet. A bundle
; reads before it writes, so saving r29 and setting it up share one, as do
; reading it and restoring it.
; CHECK-LABEL: frame0:
; CHECK: addi r30, r30, -16
; CHECK-NEXT: st.i64 r31, 8(r30)
; CHECK-NEXT: { st.i64 r29, 0(r30) ; addi r29, r30, 16 }
; CHECK-NEXT: { addi r1, r29, 0 ; ld.i64 r29, 0(r30) ; addi r30, r30, 16 }
; CHECK-NEXT: ret
define ptr @frame0() {
  %f = call ptr @llvm.frameaddress.p0(i32 0)
  ret ptr %f
}

; One level up: the caller's r29 from this frame's record.
; CHECK-LABEL: frame1:
; CHECK: addi r29, r30, 16
; CHECK-NEXT: { ld.i64 r1, -16(r29) ; ld.i64 r29, 0(r30) ; addi r30, r30, 16 }
; CHECK-NEXT: ret
; O0-LABEL: frame1:
; O0: addi r29, r30, 16
; O0-NEXT: addi r1, r29, 0
; O0-NEXT: ld.i64 r1, -16(r1)
; O0-NEXT: ld.i64 r29, 0(r30)
define ptr @frame1() {
  %f = call ptr @llvm.frameaddress.p0(i32 1)
  ret ptr %f
}

; Two levels: then from the caller's record.
; CHECK-LABEL: frame2:
; CHECK: addi r29, r30, 16
; CHECK-NEXT: ld.i64 [[F1:r[0-9]+]], -16(r29)
; CHECK: ld.i64 r1, -16([[F1]])
; CHECK: ret
; O0-LABEL: frame2:
; O0: addi r1, r29, 0
; O0-NEXT: ld.i64 r1, -16(r1)
; O0-NEXT: ld.i64 r1, -16(r1)
define ptr @frame2() {
  %f = call ptr @llvm.frameaddress.p0(i32 2)
  ret ptr %f
}

; Level 0 needs no frame: the incoming r31.
; CHECK-LABEL: retaddr0:
; CHECK-NOT: r30
; CHECK: addi r1, r31, 0
; CHECK-NEXT: ret
define ptr @retaddr0() {
  %r = call ptr @llvm.returnaddress(i32 0)
  ret ptr %r
}

; The caller's return address is in the caller's record, found through
; this one.
; CHECK-LABEL: retaddr1:
; CHECK: addi r29, r30, 16
; CHECK-NEXT: ld.i64 [[F1:r[0-9]+]], -16(r29)
; CHECK: ld.i64 r1, -8([[F1]])
; CHECK: ret
; O0-LABEL: retaddr1:
; O0: addi r1, r29, 0
; O0-NEXT: ld.i64 r1, -16(r1)
; O0-NEXT: ld.i64 r1, -8(r1)
define ptr @retaddr1() {
  %r = call ptr @llvm.returnaddress(i32 1)
  ret ptr %r
}

; CHECK-LABEL: retaddr2:
; CHECK: addi r29, r30, 16
; CHECK-NEXT: ld.i64 [[F1:r[0-9]+]], -16(r29)
; CHECK: ld.i64 [[F2:r[0-9]+]], -16([[F1]])
; CHECK: ld.i64 r1, -8([[F2]])
; CHECK: ret
; O0-LABEL: retaddr2:
; O0: addi r1, r29, 0
; O0-NEXT: ld.i64 r1, -16(r1)
; O0-NEXT: ld.i64 r1, -16(r1)
; O0-NEXT: ld.i64 r1, -8(r1)
define ptr @retaddr2() {
  %r = call ptr @llvm.returnaddress(i32 2)
  ret ptr %r
}

; __builtin_dwarf_cfa(): the CFA is r29, plus the offset.
; CHECK-LABEL: cfa:
; CHECK: addi r29, r30, 16
; CHECK-NEXT: { addi r1, r29, 8 ; ld.i64 r29, 0(r30) ; addi r30, r30, 16 }
define ptr @cfa() {
  %c = call ptr @llvm.eh.dwarf.cfa(i32 8)
  ret ptr %c
}

; ERR: error: {{.*}}in function up{{.*}}: __builtin_frame_address level over 65535
; ERR: error: {{.*}}in function back{{.*}}: __builtin_return_address level over 65535

declare ptr @llvm.frameaddress.p0(i32)
declare ptr @llvm.returnaddress(i32)
declare ptr @llvm.eh.dwarf.cfa(i32)
