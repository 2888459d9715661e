/* kernel_stack.h - running a kernel on a stack in the scratchpad
   (kernel_stack.S).

   Each public entry point of the library runs its body through
   accel_on_kernel_stack: spills and saved registers then cost 3 cycles a
   load instead of DRAM's 40. */

#ifndef ACCEL_KERNEL_STACK_H
#define ACCEL_KERNEL_STACK_H

/* A kernel's body: its arguments as four pointers (unused ones null).
   A body that takes anything but pointers takes one: a struct of its
   arguments, which the entry point writes to a static in the scratchpad
   (static ACCEL_SPM ..._args) and the body copies (3 cycles a load; the
   entry point's own frame is in DRAM, 40). Kernels run one at a time,
   so one such static an entry point serves every call. */
typedef long accel_kernel_body(const void *, const void *, const void *,
                               const void *);

/* Calls fn(a, b, c, d) on the kernels' scratchpad stack
   (ACCEL_SPM_KERNEL_STACK_BYTES, accel_spm_budget.h) (directly if
   already on it) and returns its result. */
long accel_on_kernel_stack(accel_kernel_body *fn, const void *a, const void *b,
                           const void *c, const void *d);

#endif
