; Two load/store ports: the packetizer puts two memory accesses in a bundle
; when alias analysis (AccelSubtarget::useAA) shows they cannot overlap.
; Through noalias (restrict) pointers, both loads share a bundle and so do
; both stores; through pointers that may alias, each store must stay after
; the load before it and before the load after it.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s

; CHECK-LABEL: copy2:
; CHECK-NEXT: # %bb.0:
; CHECK-NEXT: { vld [[A:v[0-9]+]], 0(r2) ; vld [[B:v[0-9]+]], 64(r2) }
; CHECK-NEXT: { vst [[A]], 0(r1) ; vst [[B]], 64(r1) ; ret }
define void @copy2(ptr noalias %d, ptr noalias %s) {
  %s1 = getelementptr i8, ptr %s, i64 64
  %d1 = getelementptr i8, ptr %d, i64 64
  %a = load <16 x float>, ptr %s
  store <16 x float> %a, ptr %d
  %b = load <16 x float>, ptr %s1
  store <16 x float> %b, ptr %d1
  ret void
}

; CHECK-LABEL: copy2_may_alias:
; CHECK-NEXT: # %bb.0:
; CHECK-NEXT: vld [[A:v[0-9]+]], 0(r2)
; CHECK-NEXT: vst [[A]], 0(r1)
; CHECK-NEXT: vld [[B:v[0-9]+]], 64(r2)
; CHECK-NEXT: { vst [[B]], 64(r1) ; ret }
define void @copy2_may_alias(ptr %d, ptr %s) {
  %s1 = getelementptr i8, ptr %s, i64 64
  %d1 = getelementptr i8, ptr %d, i64 64
  %a = load <16 x float>, ptr %s
  store <16 x float> %a, ptr %d
  %b = load <16 x float>, ptr %s1
  store <16 x float> %b, ptr %d1
  ret void
}

; One pointer, offsets that do not overlap: the store and the load pair up
; (in either order: they touch different bytes).
; CHECK-LABEL: same_base:
; CHECK: {{(\{ vld v[0-9]+, 64\(r1\) ; vst v[0-9]+, 0\(r1\))|(\{ vst v[0-9]+, 0\(r1\) ; vld v[0-9]+, 64\(r1\))}} }
define <16 x float> @same_base(ptr %p, <16 x float> %v) {
  %q = getelementptr i8, ptr %p, i64 64
  store <16 x float> %v, ptr %p
  %w = load <16 x float>, ptr %q
  ret <16 x float> %w
}
