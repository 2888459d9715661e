/* norm_small.h - layer and RMS norms of a few lines (norm_small.c), which
   layernorm.c hands over before its batches' planning. */

#ifndef ACCEL_NORM_SMALL_H
#define ACCEL_NORM_SMALL_H

#include <accel_kernels.h>

/* Floats of x at most: a block of the engine's and a batch buffer. */
enum { NORM_SMALL_FLOATS = 8 * 1024 };

/* Whether x is small enough to ask norm_small_run, tested inline: the
   call's own cost is a large norm's loss. */
static inline int norm_small_fits(const accel_tensor *x) {
  long total = 1;
  for (int d = 0; d < x->rank; ++d)
    total *= x->dims[d];
  return total <= NORM_SMALL_FLOATS;
}

/* Runs a checked norm over x's last dimension (o's scale, shift, residual
   and sum staged in the scratchpad, or null) when x, y and the others lie
   row-major without gaps, x's lines are whole vectors long and all of
   them fit one block; returns whether it ran it (0: the batches run
   it). */
int norm_small_run(const accel_tensor *x, const accel_tensor *y,
                   const accel_norm_options *o, int rms);

#endif
