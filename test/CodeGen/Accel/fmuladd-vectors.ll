; llvm.fmuladd fuses at every type, so a loop the vectorizer widened rounds
; as its scalar form does. A vector of f64 (which the vector unit lacks) is
; split into fma.f64, not fmul.f64 and fadd.f64: that once made an
; SLP-vectorized loop differ from the same loop kept scalar (found under
; -flto, whose second optimization vectorized the scalar reference loop of
; test/c-programs/vectorize-float.c). So does a short f32 vector.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s

; CHECK-LABEL: scalar_f64:
; CHECK: fma.f64
; CHECK-NOT: fmul.f64
define double @scalar_f64(double %a, double %b, double %c) {
  %r = call double @llvm.fmuladd.f64(double %a, double %b, double %c)
  ret double %r
}

; CHECK-LABEL: v4f64:
; CHECK-COUNT-4: fma.f64
; CHECK-NOT: fmul.f64
; CHECK-NOT: fadd.f64
; CHECK: ret
define void @v4f64(ptr %p, ptr %q) {
  %a = load <4 x double>, ptr %p
  %b = load <4 x double>, ptr %q
  %r = call <4 x double> @llvm.fmuladd.v4f64(<4 x double> %a, <4 x double> %b, <4 x double> %a)
  store <4 x double> %r, ptr %p
  ret void
}

; CHECK-LABEL: v4f32:
; CHECK-COUNT-4: fma.f32
; CHECK-NOT: fmul.f32
; CHECK: ret
define <4 x float> @v4f32(<4 x float> %a, <4 x float> %b, <4 x float> %c) {
  %r = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %a, <4 x float> %b, <4 x float> %c)
  ret <4 x float> %r
}

declare double @llvm.fmuladd.f64(double, double, double)
declare <4 x double> @llvm.fmuladd.v4f64(<4 x double>, <4 x double>, <4 x double>)
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>)
