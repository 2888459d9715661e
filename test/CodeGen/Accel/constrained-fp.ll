; Constrained floating point (-ftrapping-math, -frounding-math,
; -ffp-model=strict) is plain floating point on Accel, which rounds to
; nearest even and has no exception flags: each constrained intrinsic
; becomes its ordinary instruction, at -O0 as at -O2 (a dead signalling
; compare at -O0 used to crash the legalizer). A static rounding mode other
; than to-nearest is an error.
; RUN: llc -mtriple=accel -O0 < %s | FileCheck %s
; RUN: llc -mtriple=accel -O2 < %s | FileCheck %s
; RUN: not llc -mtriple=accel -O2 < %S/Inputs/constrained-fp-upward.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=UPWARD
; UPWARD: error: {{.*}}in function upward{{.*}}: Accel rounds to nearest even only; the static rounding mode upward cannot be honoured

; CHECK-LABEL: arith:
; CHECK: fmul.f32
; CHECK: fadd.f32
; CHECK: fdiv.f32
define float @arith(float %a, float %b) strictfp {
  %m = call float @llvm.experimental.constrained.fmul.f32(float %a, float %b, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  %s = call float @llvm.experimental.constrained.fadd.f32(float %m, float %b, metadata !"round.tonearest", metadata !"fpexcept.strict") strictfp
  %d = call float @llvm.experimental.constrained.fdiv.f32(float %s, float %a, metadata !"round.tonearest", metadata !"fpexcept.maytrap") strictfp
  ret float %d
}

; CHECK-LABEL: compare:
; CHECK: flt.f32
define i32 @compare(float %a, float %b) strictfp {
  %dead = call i1 @llvm.experimental.constrained.fcmps.f32(float 0.0, float 0.0, metadata !"ogt", metadata !"fpexcept.strict") strictfp
  %c = call i1 @llvm.experimental.constrained.fcmp.f32(float %a, float %b, metadata !"olt", metadata !"fpexcept.strict") strictfp
  %r = zext i1 %c to i32
  ret i32 %r
}

; CHECK-LABEL: convert:
; CHECK: cvt
define double @convert(i32 %i, float %f) strictfp {
  %a = call double @llvm.experimental.constrained.sitofp.f64.i32(i32 %i, metadata !"round.tonearest", metadata !"fpexcept.strict") strictfp
  %b = call double @llvm.experimental.constrained.fpext.f64.f32(float %f, metadata !"fpexcept.strict") strictfp
  %s = call double @llvm.experimental.constrained.fadd.f64(double %a, double %b, metadata !"round.tonearest", metadata !"fpexcept.strict") strictfp
  ret double %s
}

; CHECK-LABEL: fused:
; CHECK: fma.f32
define float @fused(float %a, float %b, float %c) strictfp {
  %r = call float @llvm.experimental.constrained.fma.f32(float %a, float %b, float %c, metadata !"round.tonearest", metadata !"fpexcept.strict") strictfp
  ret float %r
}

; CHECK-LABEL: library:
; CHECK: fsqrt.f32
; CHECK: call lrintf
define i64 @library(float %a) strictfp {
  %s = call float @llvm.experimental.constrained.sqrt.f32(float %a, metadata !"round.tonearest", metadata !"fpexcept.strict") strictfp
  %l = call i64 @llvm.experimental.constrained.lrint.i64.f32(float %s, metadata !"round.tonearest", metadata !"fpexcept.strict") strictfp
  ret i64 %l
}
