/* conv2d_depthwise_engine.h - depthwise convolution on the stream engine
   with a share on the vector unit (conv2d_depthwise_engine.c), one of
   conv2d_depthwise.c's lowerings, and the vector loops it borrows from
   there. */

#ifndef ACCEL_CONV2D_DEPTHWISE_ENGINE_H
#define ACCEL_CONV2D_DEPTHWISE_ENGINE_H

#include "conv/conv2d.h"

/* The vector unit's loops (conv2d_depthwise.c): output vectors a step,
   and the floats past a plane's run of vectors that they read (of the
   input) and write (of the output). */
enum { DwVectorStep = 8, DwVectorOutSlack = (DwVectorStep + 1) * T };
long dw_vector_in_slack(const conv_problem *p);

/* The first `vectors` output vectors of count planes from output
   channel o on at stride 1, from in into out (input planes chan floats
   apart, output planes plane floats apart, rows wp apart), on the
   vector unit, with their bias and activation (conv2d_depthwise.c,
   whose conv_depthwise_run has set the rest of its geometry). */
void dw_vector_planes(const float *in, float *out, long o, long count,
                      long vectors, long chan, long plane);

/* Whether the stream engine takes p (stride 1, one output channel per
   input channel, any activation) with `avail` floats of the arena
   for its buffers; its plan in pl (wp, bo, bi, cn, in_floats,
   out_floats; lanes 0). */
int dw_engine_plan(const conv_problem *p, long avail, depthwise_plan *pl);

/* Whether p (stride 2 both ways, one output channel per input channel)
   can run as the stride-1 convolution p1 of the same input whose even
   rows and columns are p's outputs (the engine computes four times the
   outputs at twice the vector unit's speed a tap, and decimates them in
   the scratchpad before they leave): p1's outputs are the rows and
   columns up to p's last's, its padded rows an even number of floats. */
int dw_stride2_as_stride1(const conv_problem *p, conv_problem *p1);

/* Runs it: the weights (Cout rows of KH KW taps) and the bias (or null)
   in the scratchpad, or arriving (it waits for every channel before it
   reads them), zeros ZeroFloats zeroed floats; its buffers from pool on.
   With pl->decimate, p is dw_stride2_as_stride1's p1 and y receives its
   even rows and columns (the stride-2 problem's outputs). Returns with
   every channel and the engine idle. */
void dw_engine_run(const conv_problem *p, const depthwise_plan *pl,
                   const float *weights, const float *bias, float *pool,
                   const float *zeros);

#endif
