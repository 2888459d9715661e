/* conv2d_depthwise_engine.h - depthwise convolution on the stream engine
   (conv2d_depthwise_engine.c), one of conv2d_depthwise.c's lowerings. */

#ifndef ACCEL_CONV2D_DEPTHWISE_ENGINE_H
#define ACCEL_CONV2D_DEPTHWISE_ENGINE_H

#include "conv2d.h"

/* Whether the stream engine takes p (stride 1, one output channel per
   input channel, no activation or ReLU) with `avail` floats of the arena
   for its buffers; its plan in pl (wp, bo, bi, cn, in_floats,
   out_floats; lanes 0). */
int dw_engine_plan(const conv_problem *p, long avail, depthwise_plan *pl);

/* Runs it: the weights (Cout rows of KH KW taps) and the bias (or null)
   in the scratchpad, or arriving (it waits for every channel before it
   reads them), zeros ZeroFloats zeroed floats; its buffers from pool on.
   Returns with every channel and the engine idle. */
void dw_engine_run(const conv_problem *p, const depthwise_plan *pl,
                   const float *weights, const float *bias, float *pool,
                   const float *zeros);

#endif
