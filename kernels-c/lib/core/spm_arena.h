/* spm_arena.h - the scratchpad arena the kernels of libaccelkernels.a share
   (docs/kernels.md, "Calling convention").

   Kernels run one at a time and keep nothing in the scratchpad between
   calls, so one arena serves them all: each kernel lays out its buffers
   in it as a struct, checked against the arena's size at compile time, and
   a program linking several kernels pays for the arena once. */

#ifndef ACCEL_SPM_ARENA_H
#define ACCEL_SPM_ARENA_H

#include <accel_spm_budget.h>

enum { ACCEL_KERNEL_SPM_BYTES = ACCEL_SPM_KERNEL_ARENA_BYTES };

/* 64-byte aligned, in .spm.bss (zeroed at start-up). */
extern float accel_kernel_spm[ACCEL_KERNEL_SPM_BYTES / 4];

/* Small constants a kernel's stream-engine operations read (they take
   operands only from the scratchpad): initialized data, which the linker
   places in the scratchpad's .spm (docs/linker.md). */
#define KERNEL_SPM_CONST __attribute__((section(".spm.data"), aligned(8)))

/* The arena as a kernel's buffer struct: KERNEL_SPM(gemm_spm)->b_panel. */
#define KERNEL_SPM(type) ((type *)accel_kernel_spm)
#define KERNEL_SPM_FITS(type)                                                  \
  _Static_assert(sizeof(type) <= ACCEL_KERNEL_SPM_BYTES,                       \
                 #type " does not fit the kernels' scratchpad arena")

#endif
