# kernel_stack.S - runs a kernel on a stack in the scratchpad
# (kernel_stack.h; docs/kernels.md, "Calling convention").
#
# The program's stack is in DRAM, where every load (a spilled value, a
# saved register) costs 40 cycles; in the scratchpad it costs 3. A kernel's
# scalar work (argument checks, loop bookkeeping, calls) is mostly such
# loads, so each entry point of the library runs its body here.

#include <accel_spm_budget.h>

  .section .spm.bss,"aw",@nobits
  .p2align 6
accel_kernel_stack:
  .zero ACCEL_SPM_KERNEL_STACK_BYTES
accel_kernel_stack_end:

  .text

# long accel_on_kernel_stack(fn, a, b, c, d)
# Calls fn(a, b, c, d) (four pointer arguments) with the stack pointer at
# the top of accel_kernel_stack and returns its result. A call made on that
# stack already (a kernel calling a kernel) calls fn directly. The caller's
# stack pointer and return address are kept at the top of the new stack, so
# the frame chain through r29 (docs/abi.md, "Frame") still reaches main.
  .globl accel_on_kernel_stack
  .type accel_on_kernel_stack, @function
accel_on_kernel_stack:
  { li r6, accel_kernel_stack ; li r7, accel_kernel_stack_end }
  { add r8, r1, r0 ; add r1, r2, r0 }
  { add r2, r3, r0 ; add r3, r4, r0 }
  { add r4, r5, r0 ; bltu r30, r6, .Lswitch }
  bltu r30, r7, .Ldirect
.Lswitch:
  st.i64 r30, -8(r7)
  st.i64 r31, -16(r7)
  addi r30, r7, -16
  callr r8
  ld.i64 r31, 0(r30)
  ld.i64 r30, 8(r30)
  ret
.Ldirect:
  jr r8
  .size accel_on_kernel_stack, .-accel_on_kernel_stack
