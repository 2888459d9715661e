; Floating point lives in the general registers: f32 and f64 arithmetic,
; ordered and unordered compares, conversions and constants.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s

; CHECK-LABEL: fma32:
; CHECK: fma.f32 r1, r1, r2, r3
define float @fma32(float %a, float %b, float %c) {
  %r = call float @llvm.fma.f32(float %a, float %b, float %c)
  ret float %r
}
declare float @llvm.fma.f32(float, float, float)

; CHECK-LABEL: ult64:
; CHECK: fle.f64 [[R:r[0-9]+]], r2, r1
; CHECK-NEXT: xori r1, [[R]], 1
define i1 @ult64(double %a, double %b) {
  %c = fcmp ult double %a, %b
  ret i1 %c
}

; CHECK-LABEL: uno32:
; CHECK: fun.f32 r1, r1, r2
define i1 @uno32(float %a, float %b) {
  %c = fcmp uno float %a, %b
  ret i1 %c
}

; CHECK-LABEL: conv:
; CHECK: cvt.f64.i64 r1, r1
define double @conv(i64 %a) {
  %r = sitofp i64 %a to double
  ret double %r
}

; f32 1.5 is 0x3fc00000.
; CHECK-LABEL: const32:
; CHECK: li r1, 1069547520
define float @const32() {
  ret float 1.5
}
