/* kernel_args.h - the kernel library's checks of its arguments
   (docs/kernels.md, "Calling convention"): each prints one line,
   "<kernel>: <argument>: <problem>", and returns the status to return. */

#ifndef ACCEL_KERNEL_ARGS_H
#define ACCEL_KERNEL_ARGS_H

#include "kernel_dma.h"
#include <accel.h>
#include <accel_kernels.h>

/* A kernel's descriptor and option arguments, copied into its frame on
   the scratchpad stack (kernel_stack.h) by one DMA transfer each, on the
   constant channel ch: the checks read every field, and from the caller's
   memory (in DRAM) each read would cost 40 cycles, where all four
   channels' copies take 70 together. Evaluates to dst, or to a null
   pointer (copying nothing) for a null src. accel_dma_wait_all() waits
   for the copies. */
#define ACCEL_STAGE(ch, dst, src)                                              \
  ((src) ? (accel_dma_1d(ch, dst, src, sizeof *(dst)), (dst)) : NULL)

/* Prints "<kernel>: <argument>: <message>" to stderr; returns status. */
accel_status accel_kernel_error(accel_status status, const char *kernel,
                                const char *argument, const char *format,
                                ...) __attribute__((format(printf, 4, 5)));

/* A tensor argument: not null, f32, of a rank from min_rank to max_rank,
   dims and strides
   not negative, for an output no two elements at one address, its data
   4-byte aligned and its whole footprint inside DRAM. */
accel_status accel_check_tensor(const char *kernel, const char *argument,
                                const accel_tensor *t, int min_rank,
                                int max_rank, int is_output);

/* Whether the footprints (first to last element) of two checked tensors
   share a byte: an output overlapping an input would make the result
   depend on the order the kernel writes in. */
int accel_tensors_overlap(const accel_tensor *x, const accel_tensor *y);

/* accel_gemm's two halves, for the kernels built on it: the checks, with
   messages naming \p kernel, and the computation on checked arguments.
   accel_gemm_check ends with accel_gemm_check_overlap (c against a, b and
   the bias), which a kernel of many matrices repeats on its whole
   tensors. */
accel_status accel_gemm_check(const char *kernel, const accel_tensor *a,
                              const accel_tensor *b, const accel_tensor *c,
                              const accel_gemm_options *options);
accel_status accel_gemm_check_overlap(const char *kernel,
                                      const accel_tensor *a,
                                      const accel_tensor *b,
                                      const accel_tensor *c,
                                      const accel_gemm_options *options);
void accel_gemm_run(const accel_tensor *a, const accel_tensor *b,
                    accel_tensor *c, const accel_gemm_options *options);
/* accel_gemm's arguments staged into the kernel's frame (ACCEL_STAGE):
   a, b and c point to the copies (null for null), o is the options (the
   defaults for null) with its bias pointing to bias_copy. */
typedef struct {
  const accel_tensor *a, *b;
  accel_tensor *c;
  accel_gemm_options o;
  accel_tensor a_copy, b_copy, c_copy, bias_copy;
} accel_gemm_args;
void accel_gemm_stage_args(accel_gemm_args *g, const accel_tensor *a,
                           const accel_tensor *b, const accel_tensor *c,
                           const accel_gemm_options *options);

#endif
