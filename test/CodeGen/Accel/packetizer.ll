; The packetizer groups independent instructions into bundles of at most
; four, one per unit (two ALUs, two LSUs, VPU, MXU, DMA); a value is never used
; in the bundle that computes it; control transfers end their bundle. The
; object file goes through the assembler's bundle checker. -O0 does not
; bundle.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=accel -O2 -filetype=obj < %s -o %t.o
; RUN: accel-objdump -d %t.o | FileCheck %s --check-prefix=OBJ
; RUN: llc -mtriple=accel -O0 < %s | FileCheck %s --check-prefix=O0
; RUN: llc -mtriple=accel -O2 -accel-packetizer-avoid-stalls=false < %s \
; RUN:   | FileCheck %s --check-prefix=STALLS

; Four independent ALU results, but two ALUs: two per bundle, and the sums
; that use them come later.
; CHECK-LABEL: alus:
; CHECK: { {{(add|sub|xor|or)}} r{{[0-9]+}}, r{{[0-9]+}}, r{{[0-9]+}} ; {{(add|sub|xor|or)}} r{{[0-9]+}}, r{{[0-9]+}}, r{{[0-9]+}} }
; CHECK-NEXT: { {{(add|sub|xor|or)}} r{{[0-9]+}}, r{{[0-9]+}}, r{{[0-9]+}} ; {{(add|sub|xor|or)}} r{{[0-9]+}}, r{{[0-9]+}}, r{{[0-9]+}} }
; CHECK: ret
; O0-LABEL: alus:
; O0-NOT: {
; O0: ret
define i64 @alus(i64 %a, i64 %b, i64 %c, i64 %d) {
  %x = add i64 %a, %b
  %y = sub i64 %c, %d
  %z = xor i64 %a, %d
  %w = or i64 %b, %c
  %s1 = add i64 %x, %y
  %s2 = add i64 %z, %w
  %s = add i64 %s1, %s2
  ret i64 %s
}

; One load/store unit: the two loads issue in different bundles, each
; possibly with ALU work, and the add waits for both.
; CHECK-LABEL: loads:
; CHECK-NOT: ld.i64 {{.*}}; ld.i64
; CHECK: ld.i64 {{r[0-9]+}}, 0(r1)
; CHECK-NOT: ld.i64 {{.*}}; ld.i64
; CHECK: ld.i64 {{r[0-9]+}}, 8(r1)
; CHECK-NOT: ; add
; CHECK: add r1, r{{[0-9]+}}, r{{[0-9]+}}
define i64 @loads(ptr %p) {
  %q = getelementptr i64, ptr %p, i64 1
  %a = load i64, ptr %p
  %b = load i64, ptr %q
  %s = add i64 %a, %b
  ret i64 %s
}

; Different units share bundles: the vector add with the load, a store
; with ALU work; the last store may go with the return.
; CHECK-LABEL: units:
; CHECK: { {{.*}}vadd.f32{{.*}} }
; CHECK: { {{.*}}st.i64{{.*}} }
define <16 x float> @units(<16 x float> %u, <16 x float> %v, ptr %p, i64 %x, ptr %out) {
  %s = fadd <16 x float> %u, %v
  %l = load i64, ptr %p
  store i64 %x, ptr %out
  %m = add i64 %x, 1
  %q = getelementptr i64, ptr %out, i64 1
  %n = add i64 %l, %m
  store i64 %n, ptr %q
  ret <16 x float> %s
}

; OBJ: <alus>:
; OBJ: {

; A bundle issues when all its operands are ready: the multiply, waiting
; 40 cycles for a DRAM load, does not join the bundle of the third load,
; which would then wait with it. (Bundled as before with
; -accel-packetizer-avoid-stalls=false.) The first two loads share a bundle
; on the two load/store ports.
; CHECK-LABEL: stall:
; CHECK: { ld.i64 [[A:r[0-9]+]], d(r0) ; ld.i64 {{r[0-9]+}}, d+8(r0) }
; CHECK-NEXT: ld.i64 {{r[0-9]+}}, d+16(r0)
; CHECK-NEXT: mul r1, [[A]], r1
; STALLS-LABEL: stall:
; STALLS: { ld.i64 {{r[0-9]+}}, d+16(r0) ; mul r1, {{r[0-9]+}}, r1 }
@d = global [4 x i64] zeroinitializer

define i64 @stall(i64 %k) {
  %p1 = getelementptr i64, ptr @d, i64 1
  %p2 = getelementptr i64, ptr @d, i64 2
  %a = load i64, ptr @d
  %b = load i64, ptr %p1
  %c = load i64, ptr %p2
  %m = mul i64 %a, %k
  %s = add i64 %m, %b
  %t = add i64 %s, %c
  ret i64 %t
}
