; llvm.trap is the trap instruction: the simulator stops the program with
; a trap fault (exit status 136) in the function that trapped.
; RUN: llc -mtriple=accel -O2 -verify-machineinstrs -filetype=obj %s -o %t.o
; RUN: accel-objdump -d %t.o | FileCheck %s --check-prefix=ASM
; RUN: %link %t.o -o %t.elf
; RUN: %expect-exit 136 %sim %t.elf 2>&1 | FileCheck %s
; ASM: <check>:
; ASM: trap
; CHECK: accel-sim: fault: trap
; CHECK-NEXT: pc 0x{{[0-9a-f]+}} <check{{(\+0x[0-9a-f]+)?}}>

define void @check(i64 %x) noinline {
  %bad = icmp ne i64 %x, 42
  br i1 %bad, label %fail, label %ok
fail:
  call void @llvm.trap()
  unreachable
ok:
  ret void
}

define i32 @main() {
  call void @check(i64 42)
  call void @check(i64 7)
  ret i32 0
}

declare void @llvm.trap()
