; __builtin_frame_address(0) is r29 (the function then keeps a frame
; pointer); __builtin_return_address(0) is the incoming r31. Other levels
; are a diagnostic naming the function, not a crash.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s
; RUN: not llc -mtriple=accel -O2 %S/Inputs/frame-address-level1.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR

; The caller's r29 is saved through r30: r29 is not set up yet. A bundle
; reads before it writes, so saving r29 and setting it up share one, as do
; reading it and restoring it.
; CHECK-LABEL: frame:
; CHECK: addi r30, r30, -16
; CHECK-NEXT: { st.i64 r29, 8(r30) ; addi r29, r30, 16 }
; CHECK-NEXT: { addi r1, r29, 0 ; ld.i64 r29, 8(r30) ; addi r30, r30, 16 }
define ptr @frame() {
  %f = call ptr @llvm.frameaddress.p0(i32 0)
  ret ptr %f
}

; CHECK-LABEL: retaddr:
; CHECK-NOT: r30
; CHECK: addi r1, r31, 0
; CHECK-NEXT: ret
define ptr @retaddr() {
  %r = call ptr @llvm.returnaddress(i32 0)
  ret ptr %r
}

; ERR: error: {{.*}}in function up{{.*}}: __builtin_frame_address with a nonzero level

declare ptr @llvm.frameaddress.p0(i32)
declare ptr @llvm.returnaddress(i32)
