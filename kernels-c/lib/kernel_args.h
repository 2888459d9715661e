/* kernel_args.h - the kernel library's checks of its arguments
   (docs/kernels.md, "Calling convention"): each prints one line,
   "<kernel>: <argument>: <problem>", and returns the status to return. */

#ifndef ACCEL_KERNEL_ARGS_H
#define ACCEL_KERNEL_ARGS_H

#include <accel_kernels.h>

/* Prints "<kernel>: <argument>: <message>" to stderr; returns status. */
accel_status accel_kernel_error(accel_status status, const char *kernel,
                                const char *argument, const char *format,
                                ...) __attribute__((format(printf, 4, 5)));

/* A tensor argument: not null, f32, of the rank given, dims not
   negative, strides not negative (and, for an output, no dimension of
   more than one element with stride 0), its whole footprint inside DRAM. */
accel_status accel_check_tensor(const char *kernel, const char *argument,
                                const accel_tensor *t, int rank,
                                int is_output);

#endif
