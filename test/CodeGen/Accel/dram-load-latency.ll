; A load known to read DRAM (a global outside the scratchpad's .spm
; sections, the stack, the constant pool) gets a longer latency in the
; schedulers than the schedule model's 3 cycles, which assume the
; scratchpad: more loads are issued before the first use, so that their
; 40-cycle DRAM latencies overlap. -accel-dram-load-sched-latency sets it
; (3 turns the difference off).
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=accel -O2 -accel-dram-load-sched-latency=3 < %s \
; RUN:   | FileCheck %s --check-prefix=SHORT

@dram_bytes = global [16 x i8] zeroinitializer
@spm_bytes = global [16 x i8] zeroinitializer, section ".spm.bss"

; CHECK-LABEL: from_dram:
; CHECK-COUNT-5: ld.i8
; CHECK-NOT: vins
; CHECK: vbcast
; SHORT-LABEL: from_dram:
; SHORT: ld.i8
; SHORT-NEXT: vbcast
define <16 x i32> @from_dram() {
  %b = load <16 x i8>, ptr @dram_bytes, align 1
  %w = sext <16 x i8> %b to <16 x i32>
  ret <16 x i32> %w
}

; CHECK-LABEL: from_spm:
; CHECK: ld.i8
; CHECK-NEXT: vbcast
define <16 x i32> @from_spm() {
  %b = load <16 x i8>, ptr @spm_bytes, align 1
  %w = sext <16 x i8> %b to <16 x i32>
  ret <16 x i32> %w
}
