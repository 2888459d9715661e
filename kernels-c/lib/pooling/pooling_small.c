/* pooling_small.c - 2 x 2 max pooling at stride 2 of a small tensor, whole
   in the scratchpad, on the stream engine (pooling_small.h): two
   operations a quarter of its planes, where the tiled kernel's
   bookkeeping took thousands of cycles for a few hundred of work.

   A quarter's planes arrive on their own channel; the maxima of each
   pair of rows are one vs.max (rows 2 W apart), those of each pair of
   their columns another (rows of one float, 2 apart), and the result
   leaves on the same channel behind them (a transfer's data waits for
   the engine's results). */

#include "pooling/pooling_small.h"
#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/spm_arena.h"

enum { V = KERNEL_LANES, MaxIn = 32 * 1024, MaxRow = 64 };

static int dense(const accel_tensor *t) {
  long n = 1;
  for (int d = 3; d >= 0; --d) {
    if (t->dims[d] > 1 && t->strides[d] != n)
      return 0;
    n *= t->dims[d];
  }
  return 1;
}

int pool_small_fits(const accel_tensor *x, const accel_tensor *y,
                    const accel_pool2d_options *o) {
  long H = x->dims[2], W = x->dims[3];
  return H % 2 == 0 && o->kernel_h == 2 && o->kernel_w == 2 &&
         o->stride_h == 2 && o->stride_w == 2 && o->dilation_h == 1 &&
         o->dilation_w == 1 && !o->pad_top && !o->pad_left && !o->pad_bottom &&
         !o->pad_right && y->dims[2] == H / 2 && y->dims[3] == W / 2 &&
         W <= MaxRow && x->dims[0] * x->dims[1] * H * W <= MaxIn && dense(x) &&
         dense(y);
}

void pool_small_run(const accel_tensor *x, const accel_tensor *y) {
  long planes = x->dims[0] * x->dims[1], H = x->dims[2], W = x->dims[3];
  long OH = y->dims[2], OW = y->dims[3], wv = 2 * OW;
  long in_plane = H * W, v_plane = OH * wv, out_plane = OH * OW;
  float *xs = accel_kernel_spm;
  float *vs = xs + (planes * in_plane + V - 1) / V * V;
  float *ys = vs + (planes * v_plane + V - 1) / V * V;
  const float *xd = x->data;
  float *yd = y->data;
  /* Quarter g: planes [g P / 4, (g + 1) P / 4) on channel g. */
  long first[5];
  for (int g = 0; g <= 4; ++g)
    first[g] = (planes * g) >> 2;
  for (int g = 0; g < 4; ++g)
    if (first[g + 1] > first[g])
      accel_dma_2d_on(g, xs + first[g] * in_plane, xd + first[g] * in_plane, 1,
                      (first[g + 1] - first[g]) * in_plane * 4, 0, 0);
  for (int g = 0; g < 4; ++g) {
    long n = first[g + 1] - first[g];
    if (!n)
      continue;
    const float *xq = xs + first[g] * in_plane;
    float *vq = vs + first[g] * v_plane, *yq = ys + first[g] * out_plane;
    accel_dma_wait_on(g);
    /* Rows 2 oh and 2 oh + 1 of every plane (H even: 2 W apart) in their
       first 2 OW columns, then columns 2 q and 2 q + 1 of the result
       (rows of one float, 2 apart). */
    accel_vs_shape(n * OH, wv);
    accel_vs_stride(wv, 2 * W, 2 * W);
    accel_vs_max(vq, xq, xq + W);
    accel_vs_shape(n * OH * OW, 1);
    accel_vs_stride(1, 2, 2);
    accel_vs_max(yq, vq, vq + 1);
    /* The transfer's data waits for the engine's results. */
    accel_dma_2d_on(g, yd + first[g] * out_plane, yq, 1, n * out_plane * 4, 0,
                    0);
  }
  accel_dma_wait_all();
}
