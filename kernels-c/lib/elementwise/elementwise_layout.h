/* elementwise_layout.h - the elementwise kernels' view of their tensors on
   the result's dimensions (elementwise.c builds it), shared by the f32
   tiles' driver and the typed path (elementwise_typed.c). */

#ifndef ACCEL_ELEMENTWISE_LAYOUT_H
#define ACCEL_ELEMENTWISE_LAYOUT_H

#include <accel_kernels.h>

/* The call's tensors on y's merged dimensions: tensor k's element at index
   (i0, ..., i{rank-1}) is data[k] + sum(i_d strides[k][d]) elements;
   tensor num_inputs is y. rank >= 2 (leading dims of 1 added). data is
   float * for the f32 path; the typed path scales by each tensor's type. */
typedef struct {
  int rank, num_inputs;
  long max_rows; /* a tile's rows, at most (the f32 path's) */
  long dims[ACCEL_MAX_RANK + 1];
  long strides[ACCEL_EW_MAX_INPUTS + 1][ACCEL_MAX_RANK + 1];
  float *data[ACCEL_EW_MAX_INPUTS + 1];
} ew_layout;

/* Whether t's elements lie row-major without gaps (its dims of 1
   aside), with *count set to how many it has: the tests combined, one
   branch at the end, where a branch a test costs about 20 cycles a
   dimension on the in-order core (a small call's checks are most of its
   time). */
static inline int ew_contiguous(const accel_tensor *t, long *count) {
  long step = 1;
  int ok = 1;
  for (int d = t->rank - 1; d >= 0; --d) {
    long n = t->dims[d];
    ok &= (n == 1) | (t->strides[d] == step);
    step *= n;
  }
  *count = step;
  return ok;
}

/* Aligns inputs to y's dims from the right (a missing or size-1 dimension
   gets stride 0), drops y's dims of 1 and merges neighbouring dimensions
   wherever every tensor's strides allow. */
void ew_make_layout(ew_layout *l, const accel_tensor *const *inputs,
                    int num_inputs, const accel_tensor *y);

#endif
