/* pooling_global.h - global pooling of whole planes (pooling_global.c),
   shared by accel_global_avgpool, accel_global_maxpool and the 2-D pools
   whose window is the whole unpadded plane (pooling.c). */

#ifndef ACCEL_POOLING_GLOBAL_H
#define ACCEL_POOLING_GLOBAL_H

#include <accel_kernels.h>

/* y (plane (n, c) at y + n * ys0 + c * ys1) = the mean, or with max the
   maximum, of each H x W plane of x (checked, rank 4, N C > 0). Returns
   with every channel idle. */
void global_pool_run(int max, const accel_tensor *x, float *y, long ys0,
                     long ys1);

#endif
