/* conv_transpose.h - accel_conv_transpose2d's computation on a checked
   problem (conv_transpose.c), for the kernels built on it. */

#ifndef ACCEL_CONV_TRANSPOSE_H
#define ACCEL_CONV_TRANSPOSE_H

#include "conv/conv2d.h"

/* y = conv_transpose2d(x, w) + bias for p: p->Coutg is w's dimension 1
   (w [C, Cout / groups, KH, KW]), p->pb and p->pr only in y's size. */
void conv_transpose_run(const conv_problem *p);

#endif
