; The accelerator intrinsics end to end: IR calling the reserved __accel_*
; functions, compiled by llc, run on the simulator and checked against the
; same computation in plain scalar IR.
;  - DMA (1-D and 2-D) brings A (16x32) and B (32x16) from DRAM into the
;    scratchpad; the matrix unit computes relu(A.B) into a tile, stores it
;    with ReLU, and DMA takes it back to DRAM: compared with a scalar loop of
;    llvm.fma in the matrix unit's order, so the result must be bit-exact.
;  - mld/mst move a tile through another accumulator unchanged.
;  - vrcp, vrsqrt, vexp are checked against their defining identities within
;    the documented accuracy; the reductions against scalar loops.
; The exit status names the first check that failed (0: all passed).
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs -filetype=obj %s -o %t.o
; RUN: %link %t.o -o %t.elf
; RUN: %expect-exit 0 %sim %t.elf
; RUN: llc -mtriple=accel -O0 -verify-machineinstrs -filetype=obj %s -o %t0.o
; RUN: %link %t0.o -o %t0.elf
; RUN: %expect-exit 0 %sim %t0.elf

@A = global [512 x float] zeroinitializer, align 64
@B = global [512 x float] zeroinitializer, align 64
@C = global [256 x float] zeroinitializer, align 64
@Cref = global [256 x float] zeroinitializer, align 64
@Aspm = global [512 x float] zeroinitializer, section ".spm.bss", align 64
@Bspm = global [512 x float] zeroinitializer, section ".spm.bss", align 64
@Cspm = global [256 x float] zeroinitializer, section ".spm.bss", align 64
@Dspm = global [256 x float] zeroinitializer, section ".spm.bss", align 64
@x = global [16 x float] [float 1.0, float 2.0, float 0.5, float 3.0, float 10.0, float 0.125, float 7.0, float 1.5, float 100.0, float 0.0625, float 4.0, float 9.0, float 0.25, float 33.0, float 2.5, float 6.0]
@iv = global [16 x i32] [i32 -3, i32 7, i32 -1, i32 9, i32 0, i32 -8, i32 4, i32 2, i32 5, i32 -6, i32 1, i32 3, i32 -2, i32 8, i32 -9, i32 6]

declare void @__accel_dma_1d(i32, ptr, ptr, i64)
declare void @__accel_dma_2d(i32, ptr, ptr, i64, i64, i64, i64)
declare void @__accel_dma_wait(i32)
declare void @__accel_mzero(i32)
declare void @__accel_mmac(i32, ptr, ptr, i64)
declare void @__accel_mld(i32, ptr)
declare void @__accel_mst(i32, ptr)
declare void @__accel_mst_relu(i32, ptr)
declare <16 x float> @__accel_vexp(<16 x float>)
declare <16 x float> @__accel_vrcp(<16 x float>)
declare <16 x float> @__accel_vrsqrt(<16 x float>)
declare float @__accel_vredsum_f32(<16 x float>)
declare float @__accel_vredmax_f32(<16 x float>)
declare i32 @__accel_vredsum_i32(<16 x i32>)
declare i32 @__accel_vredmax_i32(<16 x i32>)
declare float @llvm.fma.f32(float, float, float)

; p[i] = ((i * Mul) mod 13 - 6) / 4: small multiples of 1/4, exact in f32.
define void @fill(ptr %p, i64 %n, i64 %mul) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i1, %loop]
  %t = mul i64 %i, %mul
  %r = urem i64 %t, 13
  %s = sub i64 %r, 6
  %f = sitofp i64 %s to float
  %q = fmul float %f, 0.25
  %pi = getelementptr float, ptr %p, i64 %i
  store float %q, ptr %pi
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

; Cref[i][j] = relu(sum over k = 0..31, in order, of fma(A[i][k], B[k][j], .))
define void @reference() {
entry:
  br label %cell
cell:
  %c = phi i64 [0, %entry], [%c1, %store]
  %i = udiv i64 %c, 16
  %j = urem i64 %c, 16
  br label %k
k:
  %kk = phi i64 [0, %cell], [%k1, %k]
  %acc = phi float [0.0, %cell], [%acc1, %k]
  %ai = mul i64 %i, 32
  %aik = add i64 %ai, %kk
  %pa = getelementptr float, ptr @A, i64 %aik
  %bk = mul i64 %kk, 16
  %bkj = add i64 %bk, %j
  %pb = getelementptr float, ptr @B, i64 %bkj
  %a = load float, ptr %pa
  %b = load float, ptr %pb
  %acc1 = call float @llvm.fma.f32(float %a, float %b, float %acc)
  %k1 = add i64 %kk, 1
  %kmore = icmp ult i64 %k1, 32
  br i1 %kmore, label %k, label %store
store:
  %pos = fcmp ogt float %acc1, 0.0
  %relu = select i1 %pos, float %acc1, float 0.0
  %pc = getelementptr float, ptr @Cref, i64 %c
  store float %relu, ptr %pc
  %c1 = add i64 %c, 1
  %more = icmp ult i64 %c1, 256
  br i1 %more, label %cell, label %done
done:
  ret void
}

; 1 if the n floats at p and q have the same bits, else 0.
define i1 @same(ptr %p, ptr %q, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i1, %next]
  %pi = getelementptr i32, ptr %p, i64 %i
  %qi = getelementptr i32, ptr %q, i64 %i
  %a = load i32, ptr %pi
  %b = load i32, ptr %qi
  %eq = icmp eq i32 %a, %b
  br i1 %eq, label %next, label %differ
next:
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %equal
equal:
  ret i1 1
differ:
  ret i1 0
}

; 1 if every lane of v is within 2^-18 of 1.
define i1 @near_one(<16 x float> %v) {
  %d = fsub <16 x float> %v, splat (float 1.0)
  %neg = fneg <16 x float> %d
  %ge = fcmp oge <16 x float> %d, %neg
  %abs = select <16 x i1> %ge, <16 x float> %d, <16 x float> %neg
  %ok = fcmp olt <16 x float> %abs, splat (float 0x3ED0000000000000)
  %bits = bitcast <16 x i1> %ok to i16
  %all = icmp eq i16 %bits, -1
  ret i1 %all
}

define i32 @main() {
  call void @fill(ptr @A, i64 512, i64 7)
  call void @fill(ptr @B, i64 512, i64 5)
  call void @reference()

  ; A: one 2 KiB transfer; B: 32 rows of 64 bytes.
  call void @__accel_dma_1d(i32 0, ptr @Aspm, ptr @A, i64 2048)
  call void @__accel_dma_2d(i32 1, ptr @Bspm, ptr @B, i64 32, i64 64, i64 64, i64 64)
  call void @__accel_dma_wait(i32 0)
  call void @__accel_dma_wait(i32 1)
  call void @__accel_mzero(i32 2)
  call void @__accel_mmac(i32 2, ptr @Aspm, ptr @Bspm, i64 32)
  call void @__accel_mst_relu(i32 2, ptr @Cspm)
  call void @__accel_dma_1d(i32 3, ptr @C, ptr @Cspm, i64 1024)
  call void @__accel_dma_wait(i32 3)
  %matmul_ok = call i1 @same(ptr @C, ptr @Cref, i64 256)
  br i1 %matmul_ok, label %tile, label %fail1

tile:
  call void @__accel_mld(i32 15, ptr @Cspm)
  call void @__accel_mst(i32 15, ptr @Dspm)
  %tile_ok = call i1 @same(ptr @Dspm, ptr @Cref, i64 256)
  br i1 %tile_ok, label %approx, label %fail2

approx:
  %xv = load <16 x float>, ptr @x, align 4
  %r = call <16 x float> @__accel_vrcp(<16 x float> %xv)
  %rx = fmul <16 x float> %r, %xv
  %rcp_ok = call i1 @near_one(<16 x float> %rx)
  br i1 %rcp_ok, label %rsqrt, label %fail3

rsqrt:
  %s = call <16 x float> @__accel_vrsqrt(<16 x float> %xv)
  %s2 = fmul <16 x float> %s, %s
  %s2x = fmul <16 x float> %s2, %xv
  %rsqrt_ok = call i1 @near_one(<16 x float> %s2x)
  br i1 %rsqrt_ok, label %exp, label %fail4

exp:
  ; e^x * e^-x = 1 on the lanes of x scaled by 1/128 (into [-1, 1]).
  %xs = fmul <16 x float> %xv, splat (float 0.0078125)
  %nxs = fneg <16 x float> %xs
  %e1 = call <16 x float> @__accel_vexp(<16 x float> %xs)
  %e2 = call <16 x float> @__accel_vexp(<16 x float> %nxs)
  %ee = fmul <16 x float> %e1, %e2
  %exp_ok1 = call i1 @near_one(<16 x float> %ee)
  ; e^1 / 2.7182817 (e rounded to f32) = 1.
  %e = call <16 x float> @__accel_vexp(<16 x float> splat (float 1.0))
  %eratio = fdiv <16 x float> %e, splat (float 0x4005BF0A80000000)
  %exp_ok2 = call i1 @near_one(<16 x float> %eratio)
  %exp_ok = and i1 %exp_ok1, %exp_ok2
  br i1 %exp_ok, label %reduce, label %fail5

reduce:
  ; The sum of 0..15 is exact in any order of addition.
  %iota = uitofp <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15> to <16 x float>
  %fsum = call float @__accel_vredsum_f32(<16 x float> %iota)
  %fsum_ok = fcmp oeq float %fsum, 120.0
  %fmax = call float @__accel_vredmax_f32(<16 x float> %xv)
  %fmax_ok = fcmp oeq float %fmax, 100.0
  %ivv = load <16 x i32>, ptr @iv, align 4
  %isum = call i32 @__accel_vredsum_i32(<16 x i32> %ivv)
  %isum_ok = icmp eq i32 %isum, 16
  %imax = call i32 @__accel_vredmax_i32(<16 x i32> %ivv)
  %imax_ok = icmp eq i32 %imax, 9
  %ok1 = and i1 %fsum_ok, %fmax_ok
  %ok2 = and i1 %isum_ok, %imax_ok
  %ok = and i1 %ok1, %ok2
  br i1 %ok, label %pass, label %fail6

pass:
  ret i32 0
fail1:
  ret i32 1
fail2:
  ret i32 2
fail3:
  ret i32 3
fail4:
  ret i32 4
fail5:
  ret i32 5
fail6:
  ret i32 6
}
