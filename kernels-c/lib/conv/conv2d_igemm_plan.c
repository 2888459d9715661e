/* conv2d_igemm_plan.c - whether the implicit GEMM fits a convolution, and
   its scratchpad plan (conv2d.h's igemm_plan; conv2d_igemm.c). */

#include "conv/conv2d_igemm.h"

int conv_igemm_plan(const conv_problem *p, igemm_plan *pl) {
  return conv_igemm_plan_upsampled(p, NULL, pl);
}

int conv_igemm_plan_upsampled(const conv_problem *p, const conv_upsampling *u,
                              igemm_plan *pl) {
  long us = u ? u->us : 1, phases = u ? u->phases : 1;
  long taps = p->KH * p->KW;
  if (taps > MaxK)
    return 0;
  /* The fewest chunks, of equal size: B's buffers are then smallest. */
  long chunks = ceil_div(p->Cg, MaxK / taps);
  long cc = chunks ? ceil_div(p->Cg, chunks) : 0;
  pl->K = p->Cg * taps;
  pl->kc = cc * taps;
  pl->chunks = chunks ? chunks : 1;
  pl->wp = p->pl + p->W + p->pr;
  /* With stride_w > 1, a band row is stride_w phases of every channel
     (load_band), and two staging rows take image rows in. */
  pl->chan = ceil_div(pl->wp, p->sw);
  pl->stage_floats = p->sw > 1 ? 2 * (p->Cg * p->sw * pl->chan + T * p->sw) : 0;
  /* With us > 1, each band row's image row staged and repeated (below;
     every channel's, one after another: the vector loads read up to 16
     floats past the last staged row, the strided stores spill up to 16 us
     past a repeated one). */
  if (us > 1)
    pl->stage_floats = T;
  /* B's rows spill up to 16 floats past the last (a run's vector store);
     the band is read up to 16 strided floats past a run's start. */
  pl->b_floats = pl->kc * T + T;
  long slack = T * p->sw + T;
  long span = (p->KH - 1) * p->dh + 1;
  /* 16 n + 1 pixels (7 x 7: 49) would leave a pixel block 1/16 used,
     the matrix unit busy as for 16 n + 16: the last pixel goes to the
     vector unit, under the mmacs of at least two other blocks, when its
     dot products are whole vectors. Only with one band for the image. */
  long npix = p->OH * p->OW;
  pl->left = npix % T == 1 && npix / T >= 2 && pl->K && pl->K % T == 0 &&
             pl->kc % T == 0 && phases <= 1;
  pl->col_floats = pl->left ? pl->K : 0;
  long avail =
      PoolFloats - 2 * pl->b_floats - pl->col_floats - pl->stage_floats;
  long blocks = min_of(ceil_div(p->Coutg, T), MaxBlocks);
  long row = p->sw * p->Cg * pl->chan; /* a padded input row, all channels */
  long staged = /* a band row's */
      us > 1 ? p->Cg * (p->W / us) + p->Cg * p->W + us * T : 0;
  long whole = (row + staged) * ((p->OH - 1) * p->sh + span) + slack;
  /* The whole input if it leaves room for at least 2 blocks' weights
     (each B built meets them all); otherwise bands of rows beside half
     the pool of weights. */
  long q = blocks;
  while (q > 1 && weight_floats(pl, q) + whole > avail)
    --q;
  pl->prefetch = 0;
  if (weight_floats(pl, q) + whole <= avail && q >= min_of(blocks, 2)) {
    pl->bo = p->OH;
    /* More than one group of blocks: two weight buffers, if each still
       holds 2 blocks, so that loading the next group's weights hides
       under this group's mmacs (w's rows contiguous). */
    long q2 = q;
    while (q2 > 1 && 2 * weight_floats(pl, q2) + whole > avail)
      --q2;
    if (ceil_div(p->Coutg, T) > q && q2 >= 2 && p->ws[3] == 1 &&
        p->ws[2] == p->KW && p->ws[1] == taps)
      q = q2, pl->prefetch = 1;
  } else {
    for (q = blocks; q > 1 && weight_floats(pl, q) > avail / 2;)
      --q;
    long rows = row ? (avail - weight_floats(pl, q) - slack) / (row + staged)
                    : span;
    if (rows < span)
      return 0;
    pl->bo = min_of((rows - span) / p->sh + 1, p->OH);
    pl->left &= pl->bo == p->OH;
  }
  pl->q = q;
  pl->bi = (pl->bo - 1) * p->sh + span;
  pl->w_floats = (1 + pl->prefetch) * weight_floats(pl, q);
  pl->band_floats = row * pl->bi + slack;
  pl->stage_floats += staged * pl->bi;
  return 2 * pl->b_floats + pl->w_floats + pl->band_floats + pl->col_floats +
             pl->stage_floats <=
         PoolFloats;
}
