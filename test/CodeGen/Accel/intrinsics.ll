; Calls of the reserved __accel_* functions become instructions, not calls:
; channel and tile numbers are the constants given, dma.2d packs its shape
; (rows << 32 | row bytes) and strides (destination << 32 | source), and
; the matrix intrinsics name the accumulator tile.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=accel -O0 -verify-machineinstrs < %s | FileCheck %s

declare void @__accel_dma_1d(i32, ptr, ptr, i64)
declare void @__accel_dma_2d(i32, ptr, ptr, i64, i64, i64, i64)
declare void @__accel_dma_wait(i32)
declare void @__accel_dma_wait_older(i32)
declare void @__accel_mzero(i32)
declare void @__accel_mmac(i32, ptr, ptr, i64)
declare void @__accel_mmac_4x64(i32, ptr, ptr, i64)
declare void @__accel_mmac_8x32(i32, ptr, ptr, i64)
declare void @__accel_mld(i32, ptr)
declare void @__accel_mst(i32, ptr)
declare void @__accel_mst_relu(i32, ptr)
declare void @__accel_mst_t(i32, ptr)
declare <16 x float> @__accel_vld_s(ptr, i64)
declare void @__accel_vst_s(<16 x float>, ptr, i64)
declare <16 x float> @__accel_vexp(<16 x float>)
declare <16 x float> @__accel_vrcp(<16 x float>)
declare <16 x float> @__accel_vrsqrt(<16 x float>)
declare <16 x float> @__accel_vtanh(<16 x float>)
declare <16 x i32> @__accel_vcvt_f16_f32(<16 x float>, <16 x float>)
declare <16 x i32> @__accel_vcvt_bf16_f32(<16 x float>, <16 x float>)
declare <16 x float> @__accel_vcvt_f32_f16_lo(<16 x i32>)
declare <16 x float> @__accel_vcvt_f32_f16_hi(<16 x i32>)
declare float @__accel_vredsum_f32(<16 x float>)
declare float @__accel_vredmax_f32(<16 x float>)
declare i32 @__accel_vredsum_i32(<16 x i32>)
declare i32 @__accel_vredmax_i32(<16 x i32>)
declare void @__accel_vs_shape(i64, i64)
declare void @__accel_vs_stride(i64, i64, i64)
declare void @__accel_vs_add(ptr, ptr, ptr)
declare void @__accel_vs_max(ptr, ptr, ptr)
declare void @__accel_vs_fma(ptr, ptr, ptr, ptr)
declare void @__accel_vs_redmax(ptr, ptr)
declare void @__accel_vs_moments(ptr, ptr)
declare void @__accel_vs_act_exp(ptr, ptr, ptr, ptr)
declare void @__accel_vs_act_rcp(ptr, ptr, ptr, ptr)
declare void @__accel_vs_act_sigmoid(ptr, ptr, ptr, ptr)
declare void @__accel_vs_act_tanh(ptr, ptr, ptr, ptr)
declare void @__accel_vs_act_erf(ptr, ptr, ptr, ptr)
declare void @__accel_vs_act_gelu(ptr, ptr, ptr, ptr)
declare void @__accel_vs_act_gelu_tanh(ptr, ptr, ptr, ptr)

; CHECK-LABEL: dma:
; CHECK-NOT: call
; CHECK: dma.1d 3, r1, r2, r3
; CHECK: dma.2d 0, r1, r2, [[SHAPE:r[0-9]+]], [[STRIDES:r[0-9]+]]
; CHECK: dma.wait 3
; CHECK: dma.wait.older 0
; CHECK: dma.wait 0
; CHECK: ret
define void @dma(ptr %dst, ptr %src, i64 %n) {
  call void @__accel_dma_1d(i32 3, ptr %dst, ptr %src, i64 %n)
  call void @__accel_dma_2d(i32 0, ptr %dst, ptr %src, i64 4, i64 64, i64 128, i64 256)
  call void @__accel_dma_wait(i32 3)
  call void @__accel_dma_wait_older(i32 0)
  call void @__accel_dma_wait(i32 0)
  ret void
}

; The packed operands of a constant shape: 4 << 32 | 64 and 128 << 32 | 256.
; CHECK-LABEL: dma2d_shape:
; CHECK-DAG: li [[LO1:r[0-9]+]], 64
; CHECK-DAG: lih [[SHAPE:r[0-9]+]], [[LO1]], 0x4
; CHECK-DAG: li [[LO2:r[0-9]+]], 256
; CHECK-DAG: lih [[STRIDES:r[0-9]+]], [[LO2]], 0x80
; CHECK: dma.2d 1, r1, r2, [[SHAPE]], [[STRIDES]]
define void @dma2d_shape(ptr %dst, ptr %src) {
  call void @__accel_dma_2d(i32 1, ptr %dst, ptr %src, i64 4, i64 64, i64 128, i64 256)
  ret void
}

; The stream engine: operands in the assembly syntax's order, a null
; pointer as a register holding 0 (r0 at -O2); the operations keep their
; order (each may read what the one before wrote, and all depend on the
; shape).
; CHECK-LABEL: stream:
; CHECK-NOT: call
; CHECK: vs.shape r1, r2
; CHECK: vs.stride r2, r1, r2
; CHECK: vs.redmax.f32 r4, r3
; CHECK: vs.act.exp.f32 r3, r3, r4, r5
; CHECK: vs.moments.f32 r4, r3
; CHECK: vs.act.rcp.f32 {{r[0-9]+}}, r5, r4, {{r[0-9]+}}
; CHECK: vs.add.f32 r3, r3, r5
; CHECK: vs.max.f32 r5, r3, r4
; CHECK: vs.fma.f32 r3, r3, r4, r5
; CHECK: ret
define void @stream(i64 %rows, i64 %len, ptr %p, ptr %a, ptr %s) {
  call void @__accel_vs_shape(i64 %rows, i64 %len)
  call void @__accel_vs_stride(i64 %len, i64 %rows, i64 %len)
  call void @__accel_vs_redmax(ptr %a, ptr %p)
  call void @__accel_vs_act_exp(ptr %p, ptr %p, ptr %a, ptr %s)
  call void @__accel_vs_moments(ptr %a, ptr %p)
  call void @__accel_vs_act_rcp(ptr null, ptr %s, ptr %a, ptr null)
  call void @__accel_vs_add(ptr %p, ptr %p, ptr %s)
  call void @__accel_vs_max(ptr %s, ptr %p, ptr %a)
  call void @__accel_vs_fma(ptr %p, ptr %p, ptr %a, ptr %s)
  ret void
}

; The activation functions of transformers and classifiers, each its own
; instruction.
; CHECK-LABEL: activations:
; CHECK: vs.act.sigmoid.f32 r1, r2, r3, r4
; CHECK: vs.act.tanh.f32 r1, r1, r3, [[NULL:r[0-9]+]]
; CHECK: vs.act.erf.f32 r1, r1, r3, [[NULL]]
; CHECK: vs.act.gelu.f32 r1, r1, r3, r4
; CHECK: vs.act.gelu_tanh.f32 r1, r1, r3, [[NULL]]
define void @activations(ptr %y, ptr %x, ptr %params, ptr %sums) {
  call void @__accel_vs_act_sigmoid(ptr %y, ptr %x, ptr %params, ptr %sums)
  call void @__accel_vs_act_tanh(ptr %y, ptr %y, ptr %params, ptr null)
  call void @__accel_vs_act_erf(ptr %y, ptr %y, ptr %params, ptr null)
  call void @__accel_vs_act_gelu(ptr %y, ptr %y, ptr %params, ptr %sums)
  call void @__accel_vs_act_gelu_tanh(ptr %y, ptr %y, ptr %params, ptr null)
  ret void
}

; CHECK-LABEL: matrix:
; CHECK-NOT: call
; CHECK: mzero acc7
; CHECK: mmac acc7, r1, r2, r3
; CHECK: mmac.4x64 acc7, r1, r2, r3
; CHECK: mmac.8x32 acc7, r1, r2, r3
; CHECK: mst.relu acc7, r4
; CHECK: mld acc15, r4
; CHECK: mst acc15, r1
; CHECK: mst.t acc3, r4
; CHECK: ret
define void @matrix(ptr %a, ptr %b, i64 %k, ptr %c) {
  call void @__accel_mzero(i32 7)
  call void @__accel_mmac(i32 7, ptr %a, ptr %b, i64 %k)
  call void @__accel_mmac_4x64(i32 7, ptr %a, ptr %b, i64 %k)
  call void @__accel_mmac_8x32(i32 7, ptr %a, ptr %b, i64 %k)
  call void @__accel_mst_relu(i32 7, ptr %c)
  call void @__accel_mld(i32 15, ptr %c)
  call void @__accel_mst(i32 15, ptr %a)
  call void @__accel_mst_t(i32 3, ptr %c)
  ret void
}

; Strided vector memory: the pointer and the stride in bytes as the
; instructions' rs1 and rs2, the stored vector as vst.s's rs3.
; CHECK-LABEL: strided:
; CHECK-NOT: call
; CHECK: vld.s [[V:v[0-9]+]], r1, r2
; CHECK: vst.s [[V]], r3, r4
; CHECK: ret
define void @strided(ptr %p, i64 %s, ptr %q, i64 %t) {
  %v = call <16 x float> @__accel_vld_s(ptr %p, i64 %s)
  call void @__accel_vst_s(<16 x float> %v, ptr %q, i64 %t)
  ret void
}

; CHECK-LABEL: vector_special:
; CHECK: vexp.f32 [[E:v[0-9]+]], v1
; CHECK: vrcp.f32 [[R:v[0-9]+]], [[E]]
; CHECK: vrsqrt.f32 [[S:v[0-9]+]], [[R]]
; CHECK: vtanh.f32 v1, [[S]]
; CHECK: ret
define <16 x float> @vector_special(<16 x float> %x) {
  %e = call <16 x float> @__accel_vexp(<16 x float> %x)
  %r = call <16 x float> @__accel_vrcp(<16 x float> %e)
  %s = call <16 x float> @__accel_vrsqrt(<16 x float> %r)
  %t = call <16 x float> @__accel_vtanh(<16 x float> %s)
  ret <16 x float> %t
}

; Half precision: two f32 vectors into 32 packed halves (the first's in the
; low halves), a vector's low and high f16 halves back to f32.
; CHECK-LABEL: vector_half:
; CHECK: vcvt.f16.f32 [[H:v[0-9]+]], v1, v2
; CHECK-DAG: vcvt.f32.f16.lo [[L:v[0-9]+]], [[H]]
; CHECK-DAG: vcvt.f32.f16.hi [[U:v[0-9]+]], [[H]]
; CHECK: vcvt.bf16.f32 v1, [[L]], [[U]]
; CHECK: ret
define <16 x i32> @vector_half(<16 x float> %a, <16 x float> %b) {
  %h = call <16 x i32> @__accel_vcvt_f16_f32(<16 x float> %a, <16 x float> %b)
  %lo = call <16 x float> @__accel_vcvt_f32_f16_lo(<16 x i32> %h)
  %hi = call <16 x float> @__accel_vcvt_f32_f16_hi(<16 x i32> %h)
  %bf = call <16 x i32> @__accel_vcvt_bf16_f32(<16 x float> %lo, <16 x float> %hi)
  ret <16 x i32> %bf
}

; An i32 reduction is already sign-extended: no extension follows it.
; CHECK-LABEL: reductions:
; CHECK-DAG: vredsum.f32 {{r[0-9]+}}, v1
; CHECK-DAG: vredmax.f32 {{r[0-9]+}}, v1
; CHECK-DAG: vredsum.i32 {{r[0-9]+}}, v2
; CHECK-DAG: vredmax.i32 {{r[0-9]+}}, v2
; CHECK-NOT: addi.w
; CHECK: ret
define i64 @reductions(<16 x float> %f, <16 x i32> %i, ptr %out) {
  %fs = call float @__accel_vredsum_f32(<16 x float> %f)
  %fm = call float @__accel_vredmax_f32(<16 x float> %f)
  %f2 = fadd float %fs, %fm
  store float %f2, ptr %out
  %is = call i32 @__accel_vredsum_i32(<16 x i32> %i)
  %im = call i32 @__accel_vredmax_i32(<16 x i32> %i)
  %se = sext i32 %is to i64
  %me = sext i32 %im to i64
  %r = add i64 %se, %me
  ret i64 %r
}
