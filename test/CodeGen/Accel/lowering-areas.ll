; Lowering areas, as llc -O2 emits them (bundles and all):
;  - byval: a pointer to a copy in the caller's frame; a small copy is
;    inline, a large one a memcpy call made before the call's arguments;
;  - atomics: plain loads and stores (one core), cmpxchg as compare+select;
;  - switch: a jump table in .rodata and an indirect jump;
;  - a frame of 800 KB: 32-bit stack offsets;
;  - memcpy: a call when the length is unknown or the alignment too small.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s

; CHECK-LABEL: pass_big:
; CHECK: addi r30, r30, -272
; CHECK: li r3, 256
; CHECK: call memcpy
; CHECK: call take_big
; CHECK-LABEL: pass_pair:
; CHECK: ld.i64 [[HI:r[0-9]+]], 8(r1)
; CHECK: st.i64 [[HI]], 16(r30)
; CHECK: { st.i64 r1, 8(r30) ; addi r1, r30, 8 ; call take_pair }
; CHECK-LABEL: atomics:
; CHECK: ld.i64 [[OLD:r[0-9]+]], 0(r1)
; CHECK: add [[NEW:r[0-9]+]], [[OLD]], r2
; CHECK: sel
; CHECK: st.i64 {{r[0-9]+}}, 0(r1)
; CHECK-NOT: call
; CHECK-LABEL: jt:
; CHECK: bltu
; CHECK: li {{r[0-9]+}}, .LJTI3_0
; CHECK: ld.i64 [[T:r[0-9]+]], 0(
; CHECK: jr [[T]]
; CHECK: .LJTI3_0:
; CHECK-NEXT: .quad .LBB3_
; CHECK-LABEL: big_frame:
; CHECK: addi r30, r30, -800016
; CHECK: st.i64 {{r[0-9]+}}, 800000(r30)
; CHECK: addi r30, r30, 800016
; CHECK-LABEL: copy32:
; CHECK: call memcpy
; CHECK-LABEL: copyn:
; CHECK: call memcpy

%big = type { [32 x i64] }
%pair = type { i64, i64 }
declare void @take_big(ptr byval(%big) align 8)
declare void @take_pair(ptr byval(%pair) align 8)
define void @pass_big(ptr %p) {
  call void @take_big(ptr byval(%big) align 8 %p)
  ret void
}
define void @pass_pair(ptr %p) {
  call void @take_pair(ptr byval(%pair) align 8 %p)
  ret void
}
define i64 @atomics(ptr %p, i64 %v) {
  %old = atomicrmw add ptr %p, i64 %v seq_cst
  %cx = cmpxchg ptr %p, i64 %old, i64 0 seq_cst seq_cst
  %r = extractvalue { i64, i1 } %cx, 0
  fence seq_cst
  ret i64 %r
}
define i64 @jt(i64 %x) {
  switch i64 %x, label %d [ i64 0, label %a  i64 1, label %b  i64 2, label %c  i64 3, label %e  i64 4, label %f ]
a: ret i64 10
b: ret i64 20
c: ret i64 30
e: ret i64 40
f: ret i64 50
d: ret i64 0
}
define i64 @big_frame() {
  %a = alloca [100000 x i64]
  %p = getelementptr i64, ptr %a, i64 99999
  store i64 1, ptr %p
  call void @sink(ptr %a)
  %v = load i64, ptr %p
  ret i64 %v
}
declare void @sink(ptr)
define void @copy32(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 32, i1 false)
  ret void
}
define void @copyn(ptr %d, ptr %s, i64 %n) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
