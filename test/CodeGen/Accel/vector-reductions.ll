; Integer and float reductions of a whole vector are one vredsum or vredmax:
; min and the unsigned orders flip lane bits first (~x reverses the signed
; order, the sign bit maps unsigned onto signed) and flip the result back;
; fmin is -vredmax(-x). A float sum without reassoc keeps its order, lane by
; lane.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=accel -O0 -verify-machineinstrs < %s -o /dev/null

; CHECK-LABEL: sum:
; CHECK: vredsum.i32 r1, v1
; CHECK-NEXT: ret
define i32 @sum(<16 x i32> %v) {
  %r = call i32 @llvm.vector.reduce.add.v16i32(<16 x i32> %v)
  ret i32 %r
}

; CHECK-LABEL: smax:
; CHECK: vredmax.i32 r1, v1
; CHECK-NEXT: ret
define i32 @smax(<16 x i32> %v) {
  %r = call i32 @llvm.vector.reduce.smax.v16i32(<16 x i32> %v)
  ret i32 %r
}

; CHECK-LABEL: smin:
; CHECK: li [[K:r[0-9]+]], -1
; CHECK-NEXT: vbcast [[KV:v[0-9]+]], [[K]]
; CHECK-NEXT: vxor [[X:v[0-9]+]], v1, [[KV]]
; CHECK-NEXT: vredmax.i32 [[M:r[0-9]+]], [[X]]
; CHECK-NEXT: xori r1, [[M]], -1
define i32 @smin(<16 x i32> %v) {
  %r = call i32 @llvm.vector.reduce.smin.v16i32(<16 x i32> %v)
  ret i32 %r
}

; CHECK-LABEL: umax:
; CHECK: li [[K:r[0-9]+]], -2147483648
; CHECK-NEXT: vbcast [[KV:v[0-9]+]], [[K]]
; CHECK-NEXT: vxor [[X:v[0-9]+]], v1, [[KV]]
; CHECK-NEXT: vredmax.i32 [[M:r[0-9]+]], [[X]]
; CHECK-NEXT: xori r1, [[M]], -2147483648
define i32 @umax(<16 x i32> %v) {
  %r = call i32 @llvm.vector.reduce.umax.v16i32(<16 x i32> %v)
  ret i32 %r
}

; CHECK-LABEL: umin:
; CHECK: li [[K:r[0-9]+]], 2147483647
; CHECK-NEXT: vbcast [[KV:v[0-9]+]], [[K]]
; CHECK-NEXT: vxor [[X:v[0-9]+]], v1, [[KV]]
; CHECK-NEXT: vredmax.i32 [[M:r[0-9]+]], [[X]]
; CHECK-NEXT: xori r1, [[M]], 2147483647
define i32 @umin(<16 x i32> %v) {
  %r = call i32 @llvm.vector.reduce.umin.v16i32(<16 x i32> %v)
  ret i32 %r
}

; CHECK-LABEL: fmin:
; CHECK: li [[K:r[0-9]+]], -2147483648
; CHECK-NEXT: vbcast [[KV:v[0-9]+]], [[K]]
; CHECK-NEXT: vxor [[X:v[0-9]+]], v1, [[KV]]
; CHECK-NEXT: vredmax.f32 [[M:r[0-9]+]], [[X]]
; CHECK-NEXT: fneg.f32 r1, [[M]]
define float @fmin(<16 x float> %v) {
  %r = call float @llvm.vector.reduce.fmin.v16f32(<16 x float> %v)
  ret float %r
}

; CHECK-LABEL: fsum_reassoc:
; CHECK: vredsum.f32 [[S:r[0-9]+]], v1
; CHECK: fadd.f32 r1, r1, [[S]]
define float @fsum_reassoc(<16 x float> %v, float %start) {
  %r = call reassoc float @llvm.vector.reduce.fadd.v16f32(float %start, <16 x float> %v)
  ret float %r
}

; CHECK-LABEL: fsum_ordered:
; CHECK-NOT: vredsum
; CHECK-COUNT-16: fadd.f32
; CHECK-NOT: vredsum
; CHECK: ret
define float @fsum_ordered(<16 x float> %v, float %start) {
  %r = call float @llvm.vector.reduce.fadd.v16f32(float %start, <16 x float> %v)
  ret float %r
}

declare i32 @llvm.vector.reduce.add.v16i32(<16 x i32>)
declare i32 @llvm.vector.reduce.smax.v16i32(<16 x i32>)
declare i32 @llvm.vector.reduce.smin.v16i32(<16 x i32>)
declare i32 @llvm.vector.reduce.umax.v16i32(<16 x i32>)
declare i32 @llvm.vector.reduce.umin.v16i32(<16 x i32>)
declare float @llvm.vector.reduce.fmin.v16f32(<16 x float>)
declare float @llvm.vector.reduce.fadd.v16f32(float, <16 x float>)
