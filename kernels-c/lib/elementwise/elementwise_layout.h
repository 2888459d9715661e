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

/* Aligns inputs to y's dims from the right (a missing or size-1 dimension
   gets stride 0), drops y's dims of 1 and merges neighbouring dimensions
   wherever every tensor's strides allow. */
void ew_make_layout(ew_layout *l, const accel_tensor *const *inputs,
                    int num_inputs, const accel_tensor *y);

#endif
