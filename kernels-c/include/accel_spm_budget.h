/* accel_spm_budget.h - how the scratchpad is shared between the kernel
   library, the graph runtime and the programs accel-graphc generates.

   The scratchpad (__ACCEL_SPM_SIZE__, isa/AccelMachine.td) holds, besides a
   program's own ACCEL_SPM data, four parts whose sizes are set here, for
   the library (kernels-c/lib), the graph runtime (kernels-c/graph) and the
   graph compiler (graph/codegen) to read from one place. C, C++ and
   assembler include it: plain integer macros. */

#ifndef ACCEL_SPM_BUDGET_H
#define ACCEL_SPM_BUDGET_H

/* The kernels' arena: every kernel lays its buffers out in it, one kernel
   at a time (kernels-c/lib/core/spm_arena.h). */
#define ACCEL_SPM_KERNEL_ARENA_BYTES 0x1c0000

/* The stack the kernels' bodies run on (kernels-c/lib/core/kernel_stack.S):
   spills and saved registers cost 3 cycles a load there, 40 in DRAM. */
#define ACCEL_SPM_KERNEL_STACK_BYTES 0x8000

/* The graph runtime's own buffers: a record copied in from DRAM, a
   gather's indices. */
#define ACCEL_SPM_GRAPH_RUNTIME_BYTES 0x10000

/* The operation records accel-graphc places in the scratchpad's .spm.data
   (the rest go to DRAM), read where they lie, without a transfer. */
#define ACCEL_SPM_GRAPH_RECORD_BYTES 0x10000

/* Left at least for the program's own scratchpad data and the kernels'
   constants (their .spm.data). */
#define ACCEL_SPM_PROGRAM_BYTES 0x8000

/* The four parts and the program's share. */
#define ACCEL_SPM_BUDGET_BYTES                                                 \
  (ACCEL_SPM_KERNEL_ARENA_BYTES + ACCEL_SPM_KERNEL_STACK_BYTES +               \
   ACCEL_SPM_GRAPH_RUNTIME_BYTES + ACCEL_SPM_GRAPH_RECORD_BYTES +              \
   ACCEL_SPM_PROGRAM_BYTES)

/* Compiled for the machine, clang says the scratchpad's size; the host
   compiler checks ACCEL_SPM_BUDGET_BYTES against isa/AccelMachine.td's
   SpmSize itself. */
#if defined(__ACCEL_SPM_SIZE__) && !defined(__ASSEMBLER__)
#ifdef __cplusplus
static_assert
#else
_Static_assert
#endif
    (ACCEL_SPM_BUDGET_BYTES <= __ACCEL_SPM_SIZE__,
     "the scratchpad's parts (accel_spm_budget.h) exceed it");
#endif

#endif
