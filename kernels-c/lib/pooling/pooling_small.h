/* pooling_small.h - 2 x 2 max pooling at stride 2 of a small tensor, whole
   in the scratchpad (pooling_small.c): the path accel_maxpool2d
   (pooling.c) takes for LeNet's pools, whose fixed cost on the tiled
   kernel outweighed their work. */

#ifndef ACCEL_POOLING_SMALL_H
#define ACCEL_POOLING_SMALL_H

#include <accel_kernels.h>

/* Whether pool_small_run takes y = maxpool(x) (x and y checked, rank 4,
   y's dims the options'): a 2 x 2 window at stride 2, no padding or
   dilation, x and y contiguous, H even, rows of at most 64 floats and the
   whole of x at most 32 Ki floats. */
int pool_small_fits(const accel_tensor *x, const accel_tensor *y,
                    const accel_pool2d_options *o);

/* The maximum (maxNum) of each window. Returns with every channel idle. */
void pool_small_run(const accel_tensor *x, const accel_tensor *y);

#endif
