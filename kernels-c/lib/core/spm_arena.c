/* spm_arena.c - the kernels' shared scratchpad arena (spm_arena.h). */
#include "core/spm_arena.h"
#include <accel.h>

ACCEL_SPM float accel_kernel_spm[ACCEL_KERNEL_SPM_BYTES / 4];
