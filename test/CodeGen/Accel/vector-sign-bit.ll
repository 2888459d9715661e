; fneg, fabs and copysign of f32 lanes work on the sign bit with vxor, vand
; and vor. LLVM's generic expansion of a vector fneg, -0.0 - x, would leave
; the sign of a NaN lane unchanged; fabs and copysign it would do lane by
; lane.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=accel -O0 -verify-machineinstrs < %s -o /dev/null

; CHECK-LABEL: neg:
; CHECK: li [[K:r[0-9]+]], -2147483648
; CHECK-NEXT: vbcast [[KV:v[0-9]+]], [[K]]
; CHECK-NEXT: vxor v1, v1, [[KV]]
; CHECK-NOT: vsub
; CHECK: ret
define <16 x float> @neg(<16 x float> %v) {
  %r = fneg <16 x float> %v
  ret <16 x float> %r
}

; CHECK-LABEL: abs:
; CHECK: li [[K:r[0-9]+]], 2147483647
; CHECK-NEXT: vbcast [[KV:v[0-9]+]], [[K]]
; CHECK-NEXT: vand v1, v1, [[KV]]
define <16 x float> @abs(<16 x float> %v) {
  %r = call <16 x float> @llvm.fabs.v16f32(<16 x float> %v)
  ret <16 x float> %r
}

; CHECK-LABEL: copysign:
; CHECK-NOT: vext
; CHECK-DAG: vand [[MAG:v[0-9]+]], v1,
; CHECK-DAG: vand [[SIGN:v[0-9]+]], v2,
; CHECK: vor v1, [[MAG]], [[SIGN]]
define <16 x float> @copysign(<16 x float> %a, <16 x float> %b) {
  %r = call <16 x float> @llvm.copysign.v16f32(<16 x float> %a, <16 x float> %b)
  ret <16 x float> %r
}

declare <16 x float> @llvm.fabs.v16f32(<16 x float>)
declare <16 x float> @llvm.copysign.v16f32(<16 x float>, <16 x float>)
