/* gemm_norm.h - the row blocks' run of accel_gemm_layernorm (gemm_norm.c)
   and accel_mlp_layernorm (mlp_norm.c): a's rows in blocks of 16 through
   one or two layers whose weights stay in the scratchpad, each block's
   product added to the residual and normalized there before it goes to
   memory. */

#ifndef ACCEL_GEMM_NORM_H
#define ACCEL_GEMM_NORM_H

#include "core/lines.h"
#include "norm/norm_stream.h"
#include <accel_kernels.h>

/* A layer's weights, op(w) of k x n floats in DRAM (rs, cs: its row and
   column strides in floats). */
typedef struct {
  const float *w;
  long rs, cs, k, n;
} norm_weights;

/* The problem: the views of a's, the residual's and y's rows (M of them),
   the layers (first.n 0: the last alone), the biases (or null), the
   activation between the layers, the norm (gemm_norm_run sets the views,
   M and the norm). */
typedef struct {
  lines_view a, residual, y;
  norm_weights first, last;
  const accel_tensor *bias1, *bias;
  accel_act_kind act;
  long M;
  norm_context norm;
  int has_residual;
} norm_problem;

/* Runs the problem whose layers, biases and activation the caller set:
   y's rows of a (lines of a's and y's last dimension) through the layers,
   the norm with n's residual, scale, shift and epsilon (checked), every
   channel idle at the end. */
void gemm_norm_run(norm_problem *pb, const accel_tensor *a,
                   const accel_tensor *y, const accel_norm_options *n);

/* The checks both kernels share, named after `kernel`: the norm's options
   (the last dimension, a non-negative epsilon); t (a, y or the residual)
   as y's rows, of y's rank and leading dimensions and rows of n; a bias,
   scale or shift, null or rank 1 of n; the residual's overlap with y
   (only y itself, in place). */
accel_status gemm_norm_check_norm(const char *kernel,
                                  const accel_norm_options *n,
                                  const accel_tensor *y);
accel_status gemm_norm_check_rows(const char *kernel, const char *name,
                                  const accel_tensor *t, const accel_tensor *y,
                                  long n);
accel_status gemm_norm_check_param(const char *kernel, const char *name,
                                   const accel_tensor *t, long n);
accel_status gemm_norm_check_residual(const char *kernel,
                                      const accel_tensor *residual,
                                      const accel_tensor *y);

#endif
