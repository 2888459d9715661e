/* conv2d.h - what accel_conv2d's lowerings share (docs/kernels.md,
   "accel_conv2d"): the checked problem, the scratchpad plans that decide
   whether a shape fits, and the DMA and epilogue helpers. */

#ifndef ACCEL_CONV2D_H
#define ACCEL_CONV2D_H

#include "core/kernel_activation.h"
#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/spm_arena.h"
#include <accel.h>
#include <accel_kernels.h>

enum {
  T = KERNEL_TILE,
  Lanes = KERNEL_LANES,
  MaxK = KERNEL_MATMUL_MAX_K,
  MaxChannelBlocks = KERNEL_ACC_TILES / 2, /* conv2d_taps.c: half the
                                              accumulators */
};

/* y [N, Cout, OH, OW] against x's N and the sizes a convolution (or a
   transposed one) computed: ACCEL_OK, or kernel's error naming y. */
static inline accel_status
conv_check_result_dims(const char *kernel, const accel_tensor *x,
                       const accel_tensor *y, long Cout, long OH, long OW) {
  if (y->dims[0] != x->dims[0] || y->dims[1] != Cout || y->dims[2] != OH ||
      y->dims[3] != OW)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                              "dims [%ld, %ld, %ld, %ld] do not match [N, "
                              "Cout, OH, OW] = [%ld, %ld, %ld, %ld]",
                              y->dims[0], y->dims[1], y->dims[2], y->dims[3],
                              x->dims[0], Cout, OH, OW);
  return ACCEL_OK;
}

/* One convolution with checked arguments; strides in elements. */
typedef struct {
  long N, C, H, W, Cout, KH, KW, OH, OW;
  long groups, Cg, Coutg; /* per group: input and output channels */
  long sh, sw, dh, dw, pt, pl, pb, pr;
  const float *x, *w, *bias;
  float *y;
  long xs[4], ws[4], ys[4], bs;
  accel_activation act;
} conv_problem;

/* What accel_conv2d_upsampled adds to a problem of the implicit GEMM
   (conv2d_upsampled.c): x's columns each us times as they load (W the
   repeated width), and the output channels `phases` stacks of pcout,
   stack r's output row j being row j - first(r) + first(0) of y's rows
   s i + r (s = phases, first(r) = accel_conv2d_upsampled_first_row(r,
   ppad, s); ys[2] is s rows), kept where that is a row of y (poh rows). */
typedef struct {
  long us, phases, pcout, ppad, poh;
} conv_upsampling;

/* The implicit GEMM's scratchpad layout for one problem (conv2d_igemm.c). */
typedef struct {
  long K;      /* Cg KH KW: the reduction */
  long kc;     /* rows of B per chunk: whole channels, at most MaxK */
  long chunks; /* of K */
  long q;      /* T-channel output blocks resident at once (<= the tiles) */
  long bo, bi; /* output and padded input rows per band */
  long wp;     /* padded input row: pl + W + pr */
  long chan;   /* a channel's row in the band: wp rounded up to stride_w */
  long stage_floats; /* stride_w > 1 or us > 1: two staging rows
                        (load_band) */
  long b_floats, w_floats, band_floats; /* the pool's parts */
  long col_floats; /* the last pixel's im2col column (with left) */
  int prefetch;    /* two weight buffers: the next group's arrive */
  int left;        /* the last pixel on the vector unit (16 n + 1 pixels) */
} igemm_plan;

/* The depthwise lowering's layout (conv2d_depthwise.c). */
typedef struct {
  long wp;     /* padded input row */
  long bo, bi; /* output and padded input rows per band */
  long cn;     /* input channels per work item */
  long in_floats, out_floats;
  int lanes; /* 16 channels across the lanes, not 16 pixels */
  int decimate; /* stride 2 as the stride-1 results' even rows and columns
                   (the stream engine's; conv2d_depthwise_engine.h) */
  long stage; /* the engine's: floats of an item's planes as x has them
                 (one transfer), or 0 (a transfer a channel) */
} depthwise_plan;

/* The few-channel lowering's layout (conv2d_taps.c). */
typedef struct {
  long K;            /* C KH KW: B's rows */
  long cb;           /* T-channel output blocks (<= MaxChannelBlocks) */
  long wp, plane;    /* padded input row, and a channel's padded plane */
  long image_floats; /* a padded image, with the zeros after it */
  /* B made in cb parts (one under each mmac): part k's first kernel row
     (c KH + i), its i, and its offset from a block's first pixel. */
  long part_row[MaxChannelBlocks + 1], part_i[MaxChannelBlocks + 1];
  long part_off[MaxChannelBlocks + 1];
} taps_plan;

/* The 1 x 1 lowering of few input channels over many pixels, by bands of
   16 output channels (conv2d_pointwise_bands.c): whether it takes p
   (contiguous x, y and w), and the run. Its sizes are tested first inline
   (accel_conv2d_pointwise_bands_fits), so that the other 1 x 1 shapes pay
   no call. */
int conv_pointwise_bands_fits(const conv_problem *p);
void conv_pointwise_bands_run(const conv_problem *p);
/* A small kernel (C KH KW up to 96, one image, stride 1 or 2, output rows
   of whole blocks of 16) the same way, B made once from the padded image
   split by phase (conv2d_pointwise_bands.c). */
int conv_im2col_bands_fits(const conv_problem *p);
void conv_im2col_bands_run(const conv_problem *p);

/* Whether the shape fits the scratchpad arena; 0 if not. conv_taps_plan
   also says whether the lowering applies (few channels). */
int conv_igemm_plan(const conv_problem *p, igemm_plan *plan);
int conv_igemm_plan_upsampled(const conv_problem *p, const conv_upsampling *u,
                              igemm_plan *plan);
int conv_depthwise_plan(const conv_problem *p, depthwise_plan *plan);
/* The depthwise lowering with channels across the lanes
   (conv2d_depthwise_lanes.c): whether it takes p (one output channel per
   input channel, small planes, fewer cycles than the others by their
   estimates), its plan (lanes 1, cn channels a chunk). */
int dw_lanes_plan(const conv_problem *p, depthwise_plan *plan);
void dw_lanes_run(const conv_problem *p, const depthwise_plan *plan);
/* dw_lanes_plan's plan for tiny planes (lanes LanesPairs): a pass a pair
   of pixels over all channels on the stream engine
   (conv2d_depthwise_pairs.c); its estimated cycles, or -1 where it does
   not apply (dense x and y, the image in the scratchpad). */
enum { LanesPairs = 3 };
long dw_pairs_cycles(const conv_problem *p, long valid_taps);
/* The valid taps of a depthwise plane: the vfmas or passes over its
   output pixels that read the image, not the padding. */
long dw_valid_taps(const conv_problem *p);
void dw_pairs_run(const conv_problem *p);
int conv_taps_plan(const conv_problem *p, taps_plan *plan);

void conv_igemm_run(const conv_problem *p, const igemm_plan *plan);
void conv_igemm_run_upsampled(const conv_problem *p, const igemm_plan *plan,
                              const conv_upsampling *u);
void conv_depthwise_run(const conv_problem *p, const depthwise_plan *plan);
void conv_taps_run(const conv_problem *p, const taps_plan *plan);

static inline long min_of(long a, long b) { return a < b ? a : b; }
static inline long ceil_div(long a, long b) { return (a + b - 1) / b; }

/* dst[0 .. n) = v (vector stores where whole). */
static inline void conv_fill(float *dst, long n, float v) {
  long k = 0;
  for (; k + Lanes <= n; k += Lanes)
    accel_vstore(dst + k, (accel_v16f)v);
  for (; k < n; ++k)
    dst[k] = v;
}

enum { ZeroFloats = 64 };

/* Zeroes rows x cols floats at dst (rows dst_rs floats apart) by DMA on
   channel ch, from zeros: ZeroFloats zeroed floats in the scratchpad (a
   source stride of 0 repeats them). */
void conv_zero_rows(int ch, float *dst, long rows, long cols, long dst_rs,
                    const float *zeros);

/* Zeroes ZeroFloats floats at zeros. */
void conv_make_zeros(float *zeros);

/* rows rows of T floats at p, each plus bias[r] (bias null: nothing),
   then act (conv2d_activate.c). */
void conv_activate_rows(float *p, long rows, const float *bias,
                        const accel_activation *act);

/* Whether results need the vector epilogue (a bias, or an activation
   other than the mst.relu the matrix unit does itself). */
static inline int conv_needs_epilogue(const conv_problem *p) {
  return p->bias ||
         (p->act.kind != ACCEL_ACT_NONE && p->act.kind != ACCEL_ACT_RELU);
}

#endif
