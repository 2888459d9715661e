/* conv2d_igemm.h - what the implicit GEMM's parts share
   (conv2d_igemm.c): the scratchpad layout, the band's loop state and
   pixel blocks, and the band's loop (conv2d_igemm_band.c). */

#ifndef ACCEL_CONV2D_IGEMM_H
#define ACCEL_CONV2D_IGEMM_H

#include "conv/conv2d.h"
#include <stddef.h>

enum {
  MaxBlocks = KERNEL_ACC_TILES, /* accumulator tiles */
  KwTable = 16,                 /* kernel columns with a precomputed place */
  MaxRunTransfers = 256,        /* B's transfers a run, by DMA */
  MaxSegments = T + 1,          /* runs of one pixel block within rows */
  OutFloats = MaxBlocks * T * T,
};

typedef struct {
  long row;     /* its output row, in y's image */
  long j0, len; /* B's columns j0 .. j0 + len - 1 */
  long in;      /* the run's first input pixel, in the band */
  long out;     /* its first output pixel, in y's image */
} segment;

/* A pixel block: its runs within output rows, and its group of output
   blocks (as a block's results leave, the next group may be running). */
typedef struct {
  long count;
  segment seg[MaxSegments];
  long nco, nq;      /* output channels and blocks of the group */
  float *y;          /* the group's first output channel, image n */
  long co;           /* that channel */
  const float *bias; /* the group's bias */
} pixel_block;

/* The band's loop state, shared by the functions of run_band. */
typedef struct {
  const float *band, *weights; /* weights: the running group's */
  long K, kc, chunks, taps;
  /* The band's channel rows, phases and rows: chan, Cg chan and sw Cg
     chan floats apart (load_band). */
  long chan, phase, row;
  long KW, KH, dh, dw, sh, sw, ys1, ys2, ys3, OW;
  long kw_col[KwTable]; /* kw_column of the first kernel columns */
  float *stage[2];      /* with stride_w > 1, load_band's staging rows */
  long us;              /* conv_upsampling's (1 without) */
  float *rep;           /* with us > 1, load_band's rows of repeated
                           columns, one a band row, rep_row floats apart */
  long rep_row;
  /* With phases > 1 (conv_upsampling's), stack r's results at poff[r] from
     the places its output rows would have, where they are in [pfirst[r],
     pfirst[r] + prows[r]) (store_runs). */
  long phases, pcout;
  long pfirst[ACCEL_CONV2D_UPSAMPLED_MAX_SCALE];
  long prows[ACCEL_CONV2D_UPSAMPLED_MAX_SCALE];
  long poff[ACCEL_CONV2D_UPSAMPLED_MAX_SCALE];
  int epilogue, relu, two_sets;
  /* A bias with ReLU or nothing starts each tile (mld of bias_tiles)
     instead of being added after it: no vector epilogue. */
  int bias_start;
  int b_mode;                      /* how B is built: b_mode_of */
  long run_transfers;              /* B's transfers for one run of pixels */
  long b_src_stride, b_dst_stride; /* a transfer's rows, bytes apart */
  long cc; /* channels of a K chunk (the last may have fewer) */
  accel_activation act;
  /* The groups of output blocks of a run_band: q blocks each from
     co_base + 16 q k0, weights in wbuf[(cur + k) & 1], bias in
     bias[(cur + k) & 1] (k from 0); group k + 1's arrive during group k
     (with prefetch). */
  long q, k0, groups, co_base, Coutg, bs, ws0, ws1;
  int cur, prefetch;
  /* B built once for the band (resident_b in run_band): channels 0-2 carry
     no B, so the next group's weights come over them too, block by
     block. */
  int pf_spread;
  float *yn; /* y's image n */
  const float *w, *bias_src;
  float *wbuf[2];
  /* The next group's weights: rows of weight_floats' layout. */
  const float *pf_src;
  float *pf_dst;
  long pf_rows, pf_co, pf_nco;
  /* With left: the band's last pixel, its im2col column (K floats) and
     its place in y's image. */
  int left;
  float *col;
  long left_out;
} band_state;

typedef struct {
  float out[2][OutFloats]; /* finished tiles, double-buffered */
  float bias[2][MaxBlocks * T];
  /* With bias_start, the running group's bias as the tiles' start: block
     q's row r all bias[16 q + r]. */
  float bias_tiles[MaxBlocks][T * T];
  float zeros[ZeroFloats];
  /* The last pixel's dot products as 16 lane-wise partial sums per
     output channel of the group, and its finished column. */
  float part[MaxBlocks][T * T];
  float left_y[MaxBlocks * T];
  /* B by DMA: transfer i of a run, its offsets in the band and in B from
     the run's. */
  long run_src[MaxRunTransfers], run_dst[MaxRunTransfers];
  pixel_block blocks[2];
  band_state s;
  /* the rest of the arena: B x 2, weights, input band */
  float pool[] __attribute__((aligned(64)));
} igemm_spm;
enum { PoolFloats = (ACCEL_KERNEL_SPM_BYTES - sizeof(igemm_spm)) / 4 };
KERNEL_SPM_FITS(igemm_spm);
#define SPM KERNEL_SPM(igemm_spm)

/* How B is built: a transfer per tap and run of pixels, its rows the
   channels; a transfer per kernel column, channel and run, its rows the
   kernel rows (few channels: ResNet's stem, 3 channels of 7 x 7 taps, 21
   transfers a run where a tap each made 49); or vector loads. */
enum { BByTap, BByColumn, BVector };

/* Where kernel column kw reads in a band row, from a run's first pixel:
   kw dw on, or with stride_w > 1 in phase (kw dw) % sw, (kw dw) / sw on
   (load_band's layout; a run's pixel ow is ow on in every phase). */
static inline long tap_column(const band_state *s, long kw) {
  long x = kw * s->dw;
  return s->sw == 1 ? x : x % s->sw * s->phase + x / s->sw;
}

static inline long kw_column(const band_state *s, long kw) {
  return kw < KwTable ? s->kw_col[kw] : tap_column(s, kw);
}

/* The weights of nq blocks: block q's chunk c is T rows of kc floats
   (the last chunk's rows shorter) at weights + T (q K + c kc). */
static inline long weight_floats(const igemm_plan *pl, long nq) {
  return nq * T * pl->K;
}

/* The bias of output channels co .. co + n - 1 into dst on channel 3:
   with phases, channel co's is the bias's co % pcout. */
static inline void load_bias(float *dst, const float *bias, long bs, long co,
                             long n, long pcout) {
  while (n > 0) {
    long c = pcout ? co % pcout : co;
    long m = pcout ? min_of(n, pcout - c) : n;
    accel_copy_matrix(3, dst, 0, 1, bias + c * bs, 0, bs, 1, m);
    dst += m, co += m, n -= m;
  }
}

/* Every item (group of output blocks, pixel block, K chunk) of one band
   of bo_b output rows from oh0, SPM->s set up (conv2d_igemm_band.c). */
void igemm_run_band(long oh0, long bo_b);

#endif
