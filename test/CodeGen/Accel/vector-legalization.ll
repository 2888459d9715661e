; Generic vector IR that the vector unit has no single instruction for is
; legalized, never looping or failing: unsigned lane compares become signed
; compares of sign-flipped lanes, a variable lane index goes through
; memory, and reductions of every kind compile (each of these once hung or
; failed in the legalizer); the float maximum is one vredmax.f32.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=accel -O0 -verify-machineinstrs < %s -o /dev/null

; CHECK-LABEL: ult:
; CHECK: vbcast [[SIGN:v[0-9]+]], {{r[0-9]+}}
; CHECK-DAG: vxor {{v[0-9]+}}, v1, [[SIGN]]
; CHECK-DAG: vxor {{v[0-9]+}}, v2, [[SIGN]]
; CHECK: vclt.i32
define <16 x i32> @ult(<16 x i32> %a, <16 x i32> %b) {
  %c = icmp ult <16 x i32> %a, %b
  %r = sext <16 x i1> %c to <16 x i32>
  ret <16 x i32> %r
}

; CHECK-LABEL: insert_variable:
; CHECK: vst v1, [[SLOT:[0-9]+]](r30)
; CHECK: vld v1, [[SLOT]](r30)
define <16 x float> @insert_variable(<16 x float> %v, float %x, i32 %i) {
  %r = insertelement <16 x float> %v, float %x, i32 %i
  ret <16 x float> %r
}

; A vector of computed lanes is a vbcast of the most frequent and a vins
; per other lane, not 16 stores and a vld through the stack.
; CHECK-LABEL: build_lanes:
; CHECK: vbcast [[V:v[0-9]+]], r3
; CHECK-NEXT: vins [[V]], r1, 0
; CHECK-NEXT: vins [[V]], r2, 1
; CHECK-NEXT: ret
define <16 x float> @build_lanes(float %a, float %b, float %c) {
  %v0 = insertelement <16 x float> undef, float %a, i32 0
  %v1 = insertelement <16 x float> %v0, float %b, i32 1
  %v2 = insertelement <16 x float> %v1, float %c, i32 2
  %r = shufflevector <16 x float> %v2, <16 x float> undef, <16 x i32> <i32 0, i32 1, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  ret <16 x float> %r
}

; Lanes of a scalarized byte-vector load, extracted again (from a vectorized
; newlib strstr): once an endless DAG-combine cycle.
; CHECK-LABEL: byte_lanes:
; CHECK: ret
define i64 @byte_lanes(ptr %p) {
  %v = load <16 x i8>, ptr %p, align 1
  %w = zext <16 x i8> %v to <16 x i64>
  %a = extractelement <16 x i64> %w, i64 2
  %b = extractelement <16 x i64> %w, i64 1
  %s = add i64 %a, %b
  ret i64 %s
}

; CHECK-LABEL: umax:
; CHECK: ret
define <16 x i32> @umax(<16 x i32> %a, <16 x i32> %b) {
  %r = call <16 x i32> @llvm.umax.v16i32(<16 x i32> %a, <16 x i32> %b)
  ret <16 x i32> %r
}

; CHECK-LABEL: reductions:
; CHECK: vredmax.f32 {{r[0-9]+}}, v2
; CHECK: ret
define i32 @reductions(<16 x i32> %v, <16 x float> %f, ptr %out) {
  %add = call i32 @llvm.vector.reduce.add.v16i32(<16 x i32> %v)
  %mul = call i32 @llvm.vector.reduce.mul.v16i32(<16 x i32> %v)
  %and = call i32 @llvm.vector.reduce.and.v16i32(<16 x i32> %v)
  %or = call i32 @llvm.vector.reduce.or.v16i32(<16 x i32> %v)
  %xor = call i32 @llvm.vector.reduce.xor.v16i32(<16 x i32> %v)
  %smax = call i32 @llvm.vector.reduce.smax.v16i32(<16 x i32> %v)
  %smin = call i32 @llvm.vector.reduce.smin.v16i32(<16 x i32> %v)
  %umax = call i32 @llvm.vector.reduce.umax.v16i32(<16 x i32> %v)
  %umin = call i32 @llvm.vector.reduce.umin.v16i32(<16 x i32> %v)
  %fmax = call float @llvm.vector.reduce.fmax.v16f32(<16 x float> %f)
  %fmin = call float @llvm.vector.reduce.fmin.v16f32(<16 x float> %f)
  %fadd = call reassoc float @llvm.vector.reduce.fadd.v16f32(float 0.0, <16 x float> %f)
  %fseq = call float @llvm.vector.reduce.fadd.v16f32(float 1.0, <16 x float> %f)
  %f1 = fadd float %fmax, %fmin
  %f2 = fadd float %fadd, %fseq
  %f3 = fadd float %f1, %f2
  store float %f3, ptr %out
  %s1 = add i32 %add, %mul
  %s2 = add i32 %and, %or
  %s3 = add i32 %xor, %smax
  %s4 = add i32 %smin, %umax
  %s5 = add i32 %s1, %s2
  %s6 = add i32 %s3, %s4
  %s7 = add i32 %s5, %s6
  %s = add i32 %s7, %umin
  ret i32 %s
}

declare <16 x i32> @llvm.umax.v16i32(<16 x i32>, <16 x i32>)
declare i32 @llvm.vector.reduce.add.v16i32(<16 x i32>)
declare i32 @llvm.vector.reduce.mul.v16i32(<16 x i32>)
declare i32 @llvm.vector.reduce.and.v16i32(<16 x i32>)
declare i32 @llvm.vector.reduce.or.v16i32(<16 x i32>)
declare i32 @llvm.vector.reduce.xor.v16i32(<16 x i32>)
declare i32 @llvm.vector.reduce.smax.v16i32(<16 x i32>)
declare i32 @llvm.vector.reduce.smin.v16i32(<16 x i32>)
declare i32 @llvm.vector.reduce.umax.v16i32(<16 x i32>)
declare i32 @llvm.vector.reduce.umin.v16i32(<16 x i32>)
declare float @llvm.vector.reduce.fmax.v16f32(<16 x float>)
declare float @llvm.vector.reduce.fmin.v16f32(<16 x float>)
declare float @llvm.vector.reduce.fadd.v16f32(float, <16 x float>)
