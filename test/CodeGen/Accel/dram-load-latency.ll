; A load known to read DRAM (a global outside the scratchpad's .spm
; sections, the stack, the constant pool) gets a longer latency in the
; schedulers than the schedule model's 3 cycles, which assume the
; scratchpad: more loads are issued before the first use, so that their
; 40-cycle DRAM latencies overlap. A scalar load gets DRAM's 40
; (-accel-dram-load-sched-latency; 3 turns the difference off), a vector
; load 12 (-accel-dram-vector-load-sched-latency): at 40 the scheduler
; would start every vector load of an unrolled loop at once, and 32 vector
; registers do not hold them.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=accel -O2 -accel-dram-load-sched-latency=3 < %s \
; RUN:   | FileCheck %s --check-prefix=SHORT
; RUN: llc -mtriple=accel -O2 -accel-dram-vector-load-sched-latency=40 < %s \
; RUN:   | FileCheck %s --check-prefix=VECTOR40

@dram_bytes = global [16 x i8] zeroinitializer
@spm_bytes = global [16 x i8] zeroinitializer, section ".spm.bss"

; CHECK-LABEL: from_dram:
; CHECK-COUNT-5: ld.i8
; CHECK-NOT: vins
; CHECK: vbcast
; Three cycles cover the scratchpad's latency: three loads, then the
; first use, in the bundle of the fourth load.
; SHORT-LABEL: from_dram:
; SHORT-COUNT-3: ld.i8
; SHORT-NEXT: { vbcast v1, r1 ; ld.i8
define <16 x i32> @from_dram() {
  %b = load <16 x i8>, ptr @dram_bytes, align 1
  %w = sext <16 x i8> %b to <16 x i32>
  ret <16 x i32> %w
}

; CHECK-LABEL: from_spm:
; CHECK-COUNT-3: ld.i8
; CHECK-NEXT: { vbcast v1, r1 ; ld.i8
define <16 x i32> @from_spm() {
  %b = load <16 x i8>, ptr @spm_bytes, align 1
  %w = sext <16 x i8> %b to <16 x i32>
  ret <16 x i32> %w
}

@x = global [20 x <16 x float>] zeroinitializer
@y = global [20 x <16 x float>] zeroinitializer

; Twenty products of vector loads summed in four chains: 40 loads in flight
; would need 40 registers.
; CHECK-LABEL: vector_dot:
; CHECK-NOT: Spill
; CHECK: ret
; VECTOR40-LABEL: vector_dot:
; VECTOR40: Folded Reload
define <16 x float> @vector_dot() {
  %px0 = getelementptr <16 x float>, ptr @x, i64 0
  %py0 = getelementptr <16 x float>, ptr @y, i64 0
  %x0 = load <16 x float>, ptr %px0
  %y0 = load <16 x float>, ptr %py0
  %a0 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x0, <16 x float> %y0, <16 x float> zeroinitializer)
  %px1 = getelementptr <16 x float>, ptr @x, i64 1
  %py1 = getelementptr <16 x float>, ptr @y, i64 1
  %x1 = load <16 x float>, ptr %px1
  %y1 = load <16 x float>, ptr %py1
  %a1 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x1, <16 x float> %y1, <16 x float> zeroinitializer)
  %px2 = getelementptr <16 x float>, ptr @x, i64 2
  %py2 = getelementptr <16 x float>, ptr @y, i64 2
  %x2 = load <16 x float>, ptr %px2
  %y2 = load <16 x float>, ptr %py2
  %a2 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x2, <16 x float> %y2, <16 x float> zeroinitializer)
  %px3 = getelementptr <16 x float>, ptr @x, i64 3
  %py3 = getelementptr <16 x float>, ptr @y, i64 3
  %x3 = load <16 x float>, ptr %px3
  %y3 = load <16 x float>, ptr %py3
  %a3 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x3, <16 x float> %y3, <16 x float> zeroinitializer)
  %px4 = getelementptr <16 x float>, ptr @x, i64 4
  %py4 = getelementptr <16 x float>, ptr @y, i64 4
  %x4 = load <16 x float>, ptr %px4
  %y4 = load <16 x float>, ptr %py4
  %a4 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x4, <16 x float> %y4, <16 x float> %a0)
  %px5 = getelementptr <16 x float>, ptr @x, i64 5
  %py5 = getelementptr <16 x float>, ptr @y, i64 5
  %x5 = load <16 x float>, ptr %px5
  %y5 = load <16 x float>, ptr %py5
  %a5 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x5, <16 x float> %y5, <16 x float> %a1)
  %px6 = getelementptr <16 x float>, ptr @x, i64 6
  %py6 = getelementptr <16 x float>, ptr @y, i64 6
  %x6 = load <16 x float>, ptr %px6
  %y6 = load <16 x float>, ptr %py6
  %a6 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x6, <16 x float> %y6, <16 x float> %a2)
  %px7 = getelementptr <16 x float>, ptr @x, i64 7
  %py7 = getelementptr <16 x float>, ptr @y, i64 7
  %x7 = load <16 x float>, ptr %px7
  %y7 = load <16 x float>, ptr %py7
  %a7 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x7, <16 x float> %y7, <16 x float> %a3)
  %px8 = getelementptr <16 x float>, ptr @x, i64 8
  %py8 = getelementptr <16 x float>, ptr @y, i64 8
  %x8 = load <16 x float>, ptr %px8
  %y8 = load <16 x float>, ptr %py8
  %a8 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x8, <16 x float> %y8, <16 x float> %a4)
  %px9 = getelementptr <16 x float>, ptr @x, i64 9
  %py9 = getelementptr <16 x float>, ptr @y, i64 9
  %x9 = load <16 x float>, ptr %px9
  %y9 = load <16 x float>, ptr %py9
  %a9 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x9, <16 x float> %y9, <16 x float> %a5)
  %px10 = getelementptr <16 x float>, ptr @x, i64 10
  %py10 = getelementptr <16 x float>, ptr @y, i64 10
  %x10 = load <16 x float>, ptr %px10
  %y10 = load <16 x float>, ptr %py10
  %a10 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x10, <16 x float> %y10, <16 x float> %a6)
  %px11 = getelementptr <16 x float>, ptr @x, i64 11
  %py11 = getelementptr <16 x float>, ptr @y, i64 11
  %x11 = load <16 x float>, ptr %px11
  %y11 = load <16 x float>, ptr %py11
  %a11 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x11, <16 x float> %y11, <16 x float> %a7)
  %px12 = getelementptr <16 x float>, ptr @x, i64 12
  %py12 = getelementptr <16 x float>, ptr @y, i64 12
  %x12 = load <16 x float>, ptr %px12
  %y12 = load <16 x float>, ptr %py12
  %a12 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x12, <16 x float> %y12, <16 x float> %a8)
  %px13 = getelementptr <16 x float>, ptr @x, i64 13
  %py13 = getelementptr <16 x float>, ptr @y, i64 13
  %x13 = load <16 x float>, ptr %px13
  %y13 = load <16 x float>, ptr %py13
  %a13 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x13, <16 x float> %y13, <16 x float> %a9)
  %px14 = getelementptr <16 x float>, ptr @x, i64 14
  %py14 = getelementptr <16 x float>, ptr @y, i64 14
  %x14 = load <16 x float>, ptr %px14
  %y14 = load <16 x float>, ptr %py14
  %a14 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x14, <16 x float> %y14, <16 x float> %a10)
  %px15 = getelementptr <16 x float>, ptr @x, i64 15
  %py15 = getelementptr <16 x float>, ptr @y, i64 15
  %x15 = load <16 x float>, ptr %px15
  %y15 = load <16 x float>, ptr %py15
  %a15 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x15, <16 x float> %y15, <16 x float> %a11)
  %px16 = getelementptr <16 x float>, ptr @x, i64 16
  %py16 = getelementptr <16 x float>, ptr @y, i64 16
  %x16 = load <16 x float>, ptr %px16
  %y16 = load <16 x float>, ptr %py16
  %a16 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x16, <16 x float> %y16, <16 x float> %a12)
  %px17 = getelementptr <16 x float>, ptr @x, i64 17
  %py17 = getelementptr <16 x float>, ptr @y, i64 17
  %x17 = load <16 x float>, ptr %px17
  %y17 = load <16 x float>, ptr %py17
  %a17 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x17, <16 x float> %y17, <16 x float> %a13)
  %px18 = getelementptr <16 x float>, ptr @x, i64 18
  %py18 = getelementptr <16 x float>, ptr @y, i64 18
  %x18 = load <16 x float>, ptr %px18
  %y18 = load <16 x float>, ptr %py18
  %a18 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x18, <16 x float> %y18, <16 x float> %a14)
  %px19 = getelementptr <16 x float>, ptr @x, i64 19
  %py19 = getelementptr <16 x float>, ptr @y, i64 19
  %x19 = load <16 x float>, ptr %px19
  %y19 = load <16 x float>, ptr %py19
  %a19 = call <16 x float> @llvm.fma.v16f32(<16 x float> %x19, <16 x float> %y19, <16 x float> %a15)
  %s0 = fadd <16 x float> %a16, %a17
  %s1 = fadd <16 x float> %a18, %a19
  %s = fadd <16 x float> %s0, %s1
  ret <16 x float> %s
}

declare <16 x float> @llvm.fma.v16f32(<16 x float>, <16 x float>, <16 x float>)
