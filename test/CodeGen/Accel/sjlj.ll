; __builtin_setjmp and __builtin_longjmp (llvm.eh.sjlj.setjmp/longjmp; the
; buffer as docs/abi.md "__builtin_setjmp" says). clang stores the frame
; address in word 0 and the stack pointer in word 2 (as @setjmp below); the
; setjmp stores the address of its resume block in word 1 and gives 0; a
; longjmp reloads r29, that address and r30, and jumps, and the setjmp then
; gives 1. Every register but r29 and r30 may have changed by then: a value
; live across the setjmp is in memory, and the function saves every
; callee-saved register for its caller.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs < %s | FileCheck %s
; RUN: llc -mtriple=accel -O0 -verify-machineinstrs < %s | FileCheck %s --check-prefix=O0

declare i32 @llvm.eh.sjlj.setjmp(ptr)
declare void @llvm.eh.sjlj.longjmp(ptr)
declare ptr @llvm.frameaddress.p0(i32)
declare ptr @llvm.stacksave.p0()
declare void @work(i64)

; CHECK-LABEL: setjmp:
; CHECK-DAG: li [[RESUME:r[0-9]+]], [[RESTORE:.LBB0_[0-9]+]]
; CHECK-DAG: addi r29, r30, 128
; CHECK-DAG: st.i64 r16,
; CHECK-DAG: st.i64 r17,
; CHECK-DAG: st.i64 r18,
; CHECK-DAG: st.i64 r19,
; CHECK-DAG: st.i64 r20,
; CHECK-DAG: st.i64 r21,
; CHECK-DAG: st.i64 r22,
; CHECK-DAG: st.i64 r23,
; CHECK-DAG: st.i64 r24,
; CHECK-DAG: st.i64 r25,
; CHECK-DAG: st.i64 r26,
; CHECK-DAG: st.i64 r27,
; CHECK-DAG: st.i64 {{r[0-9]+}}, 0(r1)
; CHECK-DAG: st.i64 {{r[0-9]+}}, 16(r1)
; CHECK: st.i64 [[RESUME]], 8(r1)
; CHECK-NEXT: # %bb.1:
; CHECK-NEXT: { li r1, 0 ; jmp [[JOIN:.LBB0_[0-9]+]] }
; CHECK-NEXT: [[RESTORE]]: # Block address taken
; CHECK-NEXT: li r1, 1
; CHECK-NEXT: [[JOIN]]:
; CHECK: ld.i64 r16,
; CHECK: ld.i64 r29, 112(r30)
; CHECK: ret
; O0-LABEL: setjmp:
; O0: addi r29, r30, 128
; O0: li [[RESUME:r[0-9]+]], [[RESTORE:.LBB0_[0-9]+]]
; O0-NEXT: st.i64 [[RESUME]], 8(
; O0-NEXT: # %bb.1:
; O0-NEXT: li r1, 0
; O0: ret
; O0: [[RESTORE]]: # Block address taken
; O0-NEXT: li r1, 1
; O0: jmp
define i32 @setjmp(ptr %buf) {
  %fa = call ptr @llvm.frameaddress.p0(i32 0)
  store ptr %fa, ptr %buf
  %sp = call ptr @llvm.stacksave.p0()
  %slot = getelementptr ptr, ptr %buf, i64 2
  store ptr %sp, ptr %slot
  %r = call i32 @llvm.eh.sjlj.setjmp(ptr %buf)
  ret i32 %r
}

; The buffer's register (r1) is read by all three loads.
; CHECK-LABEL: longjmp:
; CHECK: ld.i64 r31, 8(r1)
; CHECK-NEXT: ld.i64 r30, 16(r1)
; CHECK-NEXT: { ld.i64 r29, 0(r1) ; jr r31 }
; CHECK-NOT: ret
; CHECK: .Lfunc_end1:
; O0-LABEL: longjmp:
; O0: ld.i64 r31, 8(r1)
; O0-NEXT: ld.i64 r30, 16(r1)
; O0-NEXT: ld.i64 r29, 0(r1)
; O0-NEXT: jr r31
define void @longjmp(ptr %buf) {
  call void @llvm.eh.sjlj.longjmp(ptr %buf)
  unreachable
}

; %x is live across the setjmp: it is in a stack slot before the setjmp,
; and reloaded on the way back from a longjmp, not taken from a register.
; CHECK-LABEL: live_across:
; CHECK: li [[RESUME:r[0-9]+]], [[RESTORE:.LBB2_[0-9]+]]
; CHECK: st.i64 r2, [[X:[0-9]+]](r30)
; CHECK: st.i64 [[RESUME]], 8(r1)
; CHECK-NEXT: # %bb.1:
; CHECK-NEXT: li r1, 0
; CHECK-NEXT: beq r1, r0, [[FIRST:.LBB2_[0-9]+]]
; CHECK-NEXT: [[AGAIN:.LBB2_[0-9]+]]: # %again
; CHECK: ld.i64 r1, [[X]](r30)
; CHECK: [[RESTORE]]: # Block address taken
; CHECK-NEXT: li r1, 1
; CHECK-NEXT: bne r1, r0, [[AGAIN]]
; CHECK-NEXT: [[FIRST]]: # %first
; CHECK: call work
define i64 @live_across(ptr %buf, i64 %x) {
  %r = call i32 @llvm.eh.sjlj.setjmp(ptr %buf)
  %c = icmp eq i32 %r, 0
  br i1 %c, label %first, label %again
first:
  call void @work(i64 %x)
  ret i64 0
again:
  ret i64 %x
}
