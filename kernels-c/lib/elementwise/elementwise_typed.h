/* elementwise_typed.h - the elementwise kernels on every element type
   (elementwise_typed.c): the calls the f32 tiles' driver (elementwise.c)
   hands over, and what it shares with them. */

#ifndef ACCEL_ELEMENTWISE_TYPED_H
#define ACCEL_ELEMENTWISE_TYPED_H

#include "elementwise/elementwise_layout.h"
#include <accel_kernels.h>
#include <stdint.h>

/* Whether a call is the typed path's: a tensor not f32 (ACCEL_F32 is 0:
   types, the OR of the inputs' and y's types, is not 0), or an operation
   only it has (mod to isneginf). */
static inline int ew_typed_call(const accel_elementwise_step *steps,
                                unsigned types) {
  unsigned op = (unsigned)steps[0].op - ACCEL_EW_MOD;
  return (types != 0) | (op <= ACCEL_EW_ISNEGINF - ACCEL_EW_MOD);
}

/* The typed path: checks (unless the mode skips them) and runs the call.
   entry is elementwise.c's (0 unary, 1 binary, 2 where, 3 chain). */
accel_status ew_typed_run(const char *kernel, int entry,
                          const accel_elementwise_step *steps, int num_steps,
                          const accel_tensor *const *inputs, int num_inputs,
                          const accel_tensor *y, ew_layout *l);

/* elementwise.c's, for the typed path: an f32 step over n elements of
   scratchpad buffers (the vector unit or the stream engine, as the f32
   path runs it), and an input's name in messages. */
void ew_run_step(const accel_elementwise_step *s, float *dst, const float *src,
                 const float *a, const float *b, long n);
const char *ew_input_name(int entry, int k, char buf[32]);

/* cast.c's conversion of n packed elements between two scratchpad
   buffers (accel_cast's semantics), with its scratch: wide n 64-bit
   values, mid n floats. */
void accel_cast_block(accel_dtype xt, accel_dtype yt, const void *in, void *out,
                      uint64_t *wide, float *mid, long n);

#endif
