/* conv2d_igemm.c - accel_conv2d as an implicit GEMM on the matrix unit
   (docs/kernels.md, "accel_conv2d").

   Per group, y (Coutg x OH OW) = w (Coutg x K) . im2col(x) (K x OH OW),
   K = Cg KH KW in w's own order (channel, kernel row, kernel column), so
   16 rows of w are the mmac's A operand as they lie in DRAM. The input
   stays in the scratchpad with its zero padding (all of it, or a band of
   rows when it is bigger), each row of every channel together, so that a
   row arrives in one transfer; and B, the K x 16 im2col block of 16 output
   pixels, is built from it by scratchpad-to-scratchpad DMA: one 2-D
   transfer per kernel tap and run of pixels within one output row (rows:
   the channels). Pixel blocks run across output rows, so a 56-wide image
   wastes nothing.

   Up to 16 output-channel blocks (one accumulator tile each) meet every B:
   while their mmacs run, the next B is built (channels 0 to 2) and the
   previous block's tiles are stored (on the tile-move port), finished and
   leave (channel 3), and, when there are more groups of blocks than fit,
   the next group's weights arrive (channel 3, a piece per mmac). K past
   4096 goes in chunks of whole channels, accumulating in the tiles.
   Output channels and pixels past the edge compute on stale rows and
   columns that are never stored. With 16 n + 1 pixels (n >= 2; 7 x 7)
   the last pixel is not a block of its own: the vector unit computes its
   dot products with each group's weights, in slices under the mmacs.

   A stride along rows (stride_w > 1) would leave a tap's pixels
   stride_w floats apart, which no 2-D transfer gathers: the band then
   holds each row's columns split by phase (column % stride_w), so that a
   tap's pixels are contiguous in one phase; rows arrive in a staging row
   and the vector unit splits them, touching each input float once (B by
   strided vector loads touched it KH KW / stride times). With few
   channels a transfer per tap would carry too little: B then comes by a
   transfer per kernel column and channel (its rows the kernel rows), or
   for small kernels by vector loads, whole under one mmac (b_mode_of). */

#include "conv/conv2d.h"
#include <stddef.h>

enum {
  MaxBlocks = KERNEL_ACC_TILES, /* accumulator tiles */
  KwTable = 16,               /* kernel columns with a precomputed place */
  MaxRunTransfers = 256,      /* B's transfers a run, by DMA */
  MaxSegments = T + 1,        /* runs of one pixel block within rows */
  OutFloats = MaxBlocks * T * T,
};

typedef struct {
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
  int epilogue, relu, two_sets;
  /* A bias with ReLU or nothing starts each tile (mld of bias_tiles)
     instead of being added after it: no vector epilogue. */
  int bias_start;
  int b_mode;         /* how B is built: b_mode_of */
  long run_transfers; /* B's transfers for one run of pixels */
  long b_src_stride, b_dst_stride; /* a transfer's rows, bytes apart */
  long cc;            /* channels of a K chunk (the last may have fewer) */
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
  float pool[]; /* the rest of the arena: B x 2, weights, input band */
} igemm_spm;
enum { PoolFloats = (ACCEL_KERNEL_SPM_BYTES - sizeof(igemm_spm)) / 4 };
KERNEL_SPM_FITS(igemm_spm);
#define SPM KERNEL_SPM(igemm_spm)


/* The weights of nq blocks: block q's chunk c is 16 rows of kc floats
   (the last chunk's rows shorter) at weights + 16 (q K + c kc). */
static long weight_floats(const igemm_plan *pl, long nq) {
  return nq * T * pl->K;
}

int conv_igemm_plan(const conv_problem *p, igemm_plan *pl) {
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
             pl->kc % T == 0;
  pl->col_floats = pl->left ? pl->K : 0;
  long avail =
      PoolFloats - 2 * pl->b_floats - pl->col_floats - pl->stage_floats;
  long blocks = min_of(ceil_div(p->Coutg, T), MaxBlocks);
  long row = p->sw * p->Cg * pl->chan; /* a padded input row, all channels */
  long whole = row * ((p->OH - 1) * p->sh + span) + slack;
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
    long rows = row ? (avail - weight_floats(pl, q) - slack) / row : span;
    if (rows < span)
      return 0;
    pl->bo = min_of((rows - span) / p->sh + 1, p->OH);
    pl->left &= pl->bo == p->OH;
  }
  pl->q = q;
  pl->bi = (pl->bo - 1) * p->sh + span;
  pl->w_floats = (1 + pl->prefetch) * weight_floats(pl, q);
  pl->band_floats = row * pl->bi + slack;
  return 2 * pl->b_floats + pl->w_floats + pl->band_floats + pl->col_floats +
             pl->stage_floats <=
         PoolFloats;
}

/* Accumulator tiles by number: the intrinsics take constants. A tree of
   bit tests, not a switch (whose jump table is in DRAM: 40 cycles a
   dispatch). */
#define TILE_2(t, n, OP)                                                       \
  do {                                                                         \
    if ((t) & 1)                                                               \
      OP((n) + 1);                                                             \
    else                                                                       \
      OP(n);                                                                   \
  } while (0)
#define TILE_4(t, n, OP)                                                       \
  do {                                                                         \
    if ((t) & 2)                                                               \
      TILE_2(t, (n) + 2, OP);                                                  \
    else                                                                       \
      TILE_2(t, n, OP);                                                        \
  } while (0)
#define TILE_8(t, n, OP)                                                       \
  do {                                                                         \
    if ((t) & 4)                                                               \
      TILE_4(t, (n) + 4, OP);                                                  \
    else                                                                       \
      TILE_4(t, n, OP);                                                        \
  } while (0)
#define TILE_SWITCH(t, OP)                                                     \
  do {                                                                         \
    if ((t) & 8)                                                               \
      TILE_8(t, 8, OP);                                                        \
    else                                                                       \
      TILE_8(t, 0, OP);                                                        \
  } while (0)

static inline void tile_mac(long t, int zero, const float *start,
                            const float *a, const float *b, long k) {
#define MAC(n)                                                                 \
  do {                                                                         \
    if (zero && start)                                                         \
      accel_mld(n, start);                                                     \
    else if (zero)                                                             \
      accel_mzero(n);                                                          \
    if (k)                                                                     \
      accel_mmac(n, a, b, k);                                                  \
  } while (0)
  TILE_SWITCH(t, MAC);
#undef MAC
}

static inline void tile_store(long t, float *dst, int relu) {
#define STORE(n)                                                               \
  do {                                                                         \
    if (relu)                                                                  \
      accel_mst_relu(n, dst);                                                  \
    else                                                                       \
      accel_mst(n, dst);                                                       \
  } while (0)
  TILE_SWITCH(t, STORE);
#undef STORE
}

/* Where kernel column kw reads in a band row, from a run's first pixel:
   kw dw on, or with stride_w > 1 in phase (kw dw) % sw, (kw dw) / sw on
   (load_band's layout; a run's pixel ow is ow on in every phase). */
static long tap_column(const band_state *s, long kw) {
  long x = kw * s->dw;
  return s->sw == 1 ? x : x % s->sw * s->phase + x / s->sw;
}

static inline long kw_column(const band_state *s, long kw) {
  return kw < KwTable ? s->kw_col[kw] : tap_column(s, kw);
}

/* The runs of pixels first .. first + count - 1 of the band (row-major
   over its output rows, from oh0) within output rows, for group k. */
static void make_block(pixel_block *b, long first, long count, long oh0,
                       long k) {
  const band_state *s = &SPM->s;
  long qb = (s->k0 + k) * s->q;
  b->nco = min_of(s->q * T, s->Coutg - qb * T);
  b->nq = ceil_div(b->nco, T);
  b->y = s->yn + (s->co_base + qb * T) * s->ys1;
  b->bias = SPM->bias[(s->cur + k) & 1];
  long oh = first / s->OW, ow = first % s->OW, j = 0, n = 0;
  while (j < count) {
    long len = min_of(s->OW - ow, count - j);
    b->seg[n++] = (segment){j, len, oh * s->sh * s->row + ow,
                            (oh0 + oh) * s->ys2 + ow * s->ys3};
    j += len, ow = 0, ++oh;
  }
  b->count = n;
}

/* How B is built: a transfer per tap and run of pixels, its rows the
   channels; a transfer per kernel column, channel and run, its rows the
   kernel rows (few channels: ResNet's stem, 3 channels of 7 x 7 taps, 21
   transfers a run where a tap each made 49); or vector loads. */
enum { BByTap, BByColumn, BVector };

/* B's transfers first .. last - 1 of a pixel block's list (per run of
   pixels, run_transfers of them: by tap or by column, b_mode) for the
   channels from c0, each of rows rows, on channels 0 to 2, three a step.
   A transfer's offsets in the band and in B are the same for every run
   (run_src, run_dst), so that a transfer is two loads, two adds and the
   issue: no divisions (12 cycles each), and the state in locals (a
   transfer may write memory, which would make the compiler read it
   again after each). */
static void issue_b(float *b, const pixel_block *blk, long c0, long rows,
                    long first, long last) {
  const band_state *s = &SPM->s;
  long per_run = s->run_transfers;
  long dst_stride = s->b_dst_stride, src_stride = s->b_src_stride;
  const float *band = s->band + c0 * s->chan;
  const long *src_off = SPM->run_src, *dst_off = SPM->run_dst;
  long r = 0, r0 = 0;
  while (r0 + per_run <= first) /* no division: a few runs at most */
    ++r, r0 += per_run;
  for (; r0 < last; ++r, r0 += per_run) {
    const segment *g = &blk->seg[r];
    const float *src = band + g->in;
    float *dst = b + g->j0;
    long bytes = g->len * 4, i = first > r0 ? first - r0 : 0;
    long end = min_of(last - r0, per_run);
    for (; i + 3 <= end; i += 3) {
      accel_dma_2d(0, dst + dst_off[i], src + src_off[i], rows, bytes,
                   dst_stride, src_stride);
      accel_dma_2d(1, dst + dst_off[i + 1], src + src_off[i + 1], rows,
                   bytes, dst_stride, src_stride);
      accel_dma_2d(2, dst + dst_off[i + 2], src + src_off[i + 2], rows,
                   bytes, dst_stride, src_stride);
    }
    for (int ch = 0; i < end; ++i, ++ch)
      accel_dma_2d_on(ch, dst + dst_off[i], src + src_off[i], rows, bytes,
                      dst_stride, src_stride);
  }
}

/* B by vector loads (b_mode_of: few channels and kernel rows). Rows in
   order, runs in order: a run's store spills into the next row, which is
   written later. */

/* build_b_vector with runs runs (a constant, 0: any) and SW (a constant:
   1 or 2, the stride along rows of a kernel with no dilation along them,
   whose tap kw then reads kw / SW on in phase kw % SW, at an immediate
   offset; 0 any, kw_column's). Two rows a step, their loads before their
   stores, so that a load's latency is under the other row's. */
static inline __attribute__((always_inline)) void
build_b_runs(float *b, const pixel_block *blk, long c0, long cc,
             const int runs, const int SW) {
  const band_state *s = &SPM->s;
  /* Everything in locals: the stores would make the compiler read the
     state again for every row. */
  long count = runs ? runs : blk->count, j0[MaxSegments], in[MaxSegments];
  for (long r = 0; r < count; ++r)
    j0[r] = blk->seg[r].j0, in[r] = blk->seg[r].in;
  long KW = s->KW, kh_rows = s->taps / KW, dh_step = s->dh * s->row;
  long chan = s->chan, phase = s->phase;
  const float *crow = s->band + c0 * chan;
  float *dst = b;
  for (long c = 0; c < cc; ++c, crow += chan) {
    const float *src = crow;
    for (long kh = 0; kh < kh_rows; ++kh, src += dh_step) {
      long kw = 0;
      /* The common kernel widths: the row's taps at once, unrolled. */
#define ONE_IF_ZERO(n) ((n) ? (n) : 1)
#define TAP(t) (src + (t) % ONE_IF_ZERO(SW) * phase + (t) / ONE_IF_ZERO(SW))
#define KERNEL_ROW(width)                                                      \
  if (SW && KW == (width)) {                                                   \
    accel_v16f x[(width)][MaxSegments];                                        \
    for (int t = 0; t < (width); ++t)                                          \
      for (long r = 0; r < count; ++r)                                         \
        x[t][r] = accel_vload(TAP(t) + in[r]);                                 \
    for (int t = 0; t < (width); ++t)                                          \
      for (long r = 0; r < count; ++r)                                         \
        accel_vstore(dst + t * T + j0[r], x[t][r]);                            \
    dst += (width) * T;                                                        \
    continue;                                                                  \
  }
      KERNEL_ROW(3)
      KERNEL_ROW(5)
      KERNEL_ROW(7)
#undef KERNEL_ROW
#undef TAP
#undef ONE_IF_ZERO
      for (; kw + 1 < KW; kw += 2, dst += 2 * T) {
        const float *a = src + kw_column(s, kw);
        const float *e = src + kw_column(s, kw + 1);
        accel_v16f v[MaxSegments], u[MaxSegments];
        for (long r = 0; r < count; ++r) {
          v[r] = accel_vload(a + in[r]);
          u[r] = accel_vload(e + in[r]);
        }
        for (long r = 0; r < count; ++r)
          accel_vstore(dst + j0[r], v[r]);
        for (long r = 0; r < count; ++r)
          accel_vstore(dst + T + j0[r], u[r]);
      }
      if (kw < KW) {
        const float *a = src + kw_column(s, kw);
        accel_v16f v[MaxSegments];
        for (long r = 0; r < count; ++r)
          v[r] = accel_vload(a + in[r]);
        for (long r = 0; r < count; ++r)
          accel_vstore(dst + j0[r], v[r]);
        dst += T;
      }
    }
  }
}

static inline __attribute__((always_inline)) void
build_b_stride1(float *b, const pixel_block *blk, long c0, long cc,
                const int runs) {
  build_b_runs(b, blk, c0, cc, runs, 1);
}

static inline __attribute__((always_inline)) void
build_b_stride2(float *b, const pixel_block *blk, long c0, long cc,
                const int runs) {
  build_b_runs(b, blk, c0, cc, runs, 2);
}

static inline __attribute__((always_inline)) void
build_b_any(float *b, const pixel_block *blk, long c0, long cc,
            const int runs) {
  build_b_runs(b, blk, c0, cc, runs, 0);
}

#define BUILD_B_RUNS(fn)                                                       \
  do {                                                                         \
    switch (blk->count) {                                                      \
    case 1:                                                                    \
      fn(b, blk, c0, cc, 1);                                                   \
      break;                                                                   \
    case 2:                                                                    \
      fn(b, blk, c0, cc, 2);                                                   \
      break;                                                                   \
    case 3:                                                                    \
      fn(b, blk, c0, cc, 3);                                                   \
      break;                                                                   \
    case 4:                                                                    \
      fn(b, blk, c0, cc, 4);                                                   \
      break;                                                                   \
    default:                                                                   \
      fn(b, blk, c0, cc, 0);                                                   \
    }                                                                          \
  } while (0)

/* build_b_vector for a 1 x 1 kernel: a row per channel, one pointer
   stepping through the channels (the general loop nest's state spilled:
   45 cycles a row). */
static inline __attribute__((always_inline)) void
pointwise_runs(float *b, const pixel_block *blk, long c0, long cc,
               const int runs) {
  const band_state *s = &SPM->s;
  long count = runs ? runs : blk->count, j0[MaxSegments], in[MaxSegments];
  for (long r = 0; r < count; ++r)
    j0[r] = blk->seg[r].j0, in[r] = blk->seg[r].in;
  long chan = s->chan;
  const float *src = s->band + c0 * chan;
  for (long c = 0; c < cc; ++c, src += chan, b += T) {
    accel_v16f v[MaxSegments];
    for (long r = 0; r < count; ++r)
      v[r] = accel_vload(src + in[r]);
    for (long r = 0; r < count; ++r)
      accel_vstore(b + j0[r], v[r]);
  }
}

/* With the runs a constant (up to 4), their offsets stay in registers. */
static void build_b_vector(float *b, const pixel_block *blk, long c0,
                           long cc) {
  const band_state *s = &SPM->s;
  if (s->taps == 1)
    BUILD_B_RUNS(pointwise_runs);
  else if (s->dw == 1 && s->sw == 1)
    BUILD_B_RUNS(build_b_stride1);
  else if (s->dw == 1 && s->sw == 2)
    BUILD_B_RUNS(build_b_stride2);
  else
    BUILD_B_RUNS(build_b_any);
}
#undef BUILD_B_RUNS

/* Starts building B for item t (pixel block t / chunks, chunk t % chunks):
   transfers [first, last) of it (b_mode). */
static void build_b(long t, long first, long last) {
  const band_state *s = &SPM->s;
  if (last <= first)
    return;
  float *b = SPM->pool + (t & 1) * (s->kc * T + T);
  const pixel_block *blk = &SPM->blocks[t & 1];
  long c0 = 0, cc = s->cc;
  if (s->chunks > 1) { /* the divisions only with chunks */
    long chunk = t % s->chunks;
    c0 = chunk * s->cc, cc = min_of(s->kc, s->K - chunk * s->kc) / s->taps;
    blk = &SPM->blocks[(t / s->chunks) & 1];
  }
  if (s->b_mode == BVector)
    build_b_vector(b, blk, c0, cc);
  else
    issue_b(b, blk, c0, s->b_mode == BByTap ? cc : s->KH, first, last);
}

/* out's rows += bias, then with relu (a constant) max(0, .): eight rows a
   step, eight independent chains. */
static inline __attribute__((always_inline)) void
add_bias(float *out, const float *bias, long rows, const int relu) {
  accel_v16f zero = 0.0f;
  long r = 0;
  for (; r + 8 <= rows; r += 8) {
    accel_v16f v[8];
    for (int i = 0; i < 8; ++i)
      v[i] = accel_vload(out + (r + i) * T) + bias[r + i];
    for (int i = 0; i < 8; ++i)
      accel_vstore(out + (r + i) * T,
                   relu ? __builtin_elementwise_max(v[i], zero) : v[i]);
  }
  for (; r < rows; ++r) {
    accel_v16f v = accel_vload(out + r * T) + bias[r];
    accel_vstore(out + r * T, relu ? __builtin_elementwise_max(v, zero) : v);
  }
}

/* The bias and activation on a finished block, then its runs out to y on
   channel 3. */
static void finish_block(float *out, const pixel_block *blk) {
  const band_state *s = &SPM->s;
  /* A bias with ReLU or nothing (batch norms folded into convolutions)
     in a loop of its own: accel_activate's choice of activation, made
     for each row, took 24 cycles a row (ResNet-18's stem at 112 x 112:
     677 469 cycles against 387 788 without the bias). */
  accel_act_kind act = s->act.kind;
  if (s->epilogue && act == ACCEL_ACT_NONE)
    add_bias(out, blk->bias, blk->nco, 0);
  else if (s->epilogue && act == ACCEL_ACT_RELU)
    add_bias(out, blk->bias, blk->nco, 1);
  else if (s->epilogue)
    for (long r = 0; r < blk->nco; ++r) {
      accel_v16f v = accel_vload(out + r * T);
      v += blk->bias[r];
      accel_vstore(out + r * T, accel_activate(v, &s->act));
    }
  for (long r = 0; r < blk->count; ++r) {
    const segment *g = &blk->seg[r];
    accel_copy_matrix(3, blk->y + g->out, s->ys1, s->ys3, out + g->j0, T, 1,
                     blk->nco, g->len);
  }
}

/* B's transfers for item t: one per run and tap (none for K = 0). */
static long transfers(long t) {
  const band_state *s = &SPM->s;
  return s->kc ? SPM->blocks[(t / s->chunks) & 1].count * s->run_transfers
               : 0;
}

/* The first accumulator tile of pixel block p: with 8 blocks or fewer,
   blocks alternate between tiles 0-7 and 8-15, so that a block's tiles
   are stored (on the tile-move port) while the next block's mmacs run. */
static long first_tile(long p) {
  return SPM->s.two_sets && (p & 1) ? MaxBlocks / 2 : 0;
}

/* Block p's tiles into out[p & 1], once the block before its last has
   left. */
static void store_block(long p) {
  accel_dma_wait(3);
  for (long q = 0, t0 = first_tile(p); q < SPM->blocks[p & 1].nq; ++q)
    tile_store(t0 + q, SPM->out[p & 1] + q * T * T, SPM->s.relu);
}

/* Rows first .. last - 1 of the next group's weights, in
   weight_floats' layout (row r of block q's chunk c is row (q chunks +
   c) 16 + r), on channel 3: one transfer per run of rows of one chunk;
   and its bias, in the buffer of the same parity, with the first. */
static void prefetch_weights(long first, long last) {
  const band_state *s = &SPM->s;
  long cc = s->kc / s->taps;
  if (first == 0 && s->bias_src) /* the bias with the first share */
    accel_copy_matrix(3, SPM->bias[s->pf_dst == s->wbuf[1]], 0, 1,
                     s->bias_src + s->pf_co * s->bs, 0, s->bs, 1, s->pf_nco);
  while (first < last) {
    long blk = first / T, r = first % T, n = min_of(last - first, T - r);
    long q = blk / s->chunks, chunk = blk % s->chunks;
    long rows = min_of(n, s->pf_nco - q * T - r);
    long kcc = min_of(s->kc, s->K - chunk * s->kc);
    float *dst = s->pf_dst + (q * s->K + chunk * s->kc) * T + r * kcc;
    const float *src = s->pf_src + (q * T + r) * s->ws0 + chunk * cc * s->ws1;
    /* Spread: the rows over channels 0-2 (a piece of one block on one
       channel took 4 600 cycles where an mmac of K = 2 304 takes 2 304:
       ResNet-18's layer4 at 4 x 4 pixels). */
    for (int part = 0, parts = s->pf_spread ? 3 : 1; part < parts; ++part) {
      long r0 = rows * part / parts, r1 = rows * (part + 1) / parts;
      if (r1 > r0)
        accel_dma_2d_on(s->pf_spread ? part : 3, dst + r0 * kcc,
                        src + r0 * s->ws0, r1 - r0, kcc * 4, kcc * 4,
                        s->ws0 * 4);
    }
    first += n;
  }
}

/* Piece m of mm of the next group's weights, one piece after each of
   this group's mmacs: its 16-row blocks split alike, so that a piece is
   one transfer and ends before the next one starts (a transfer on a busy
   channel would stall everything after it, the next mmac too). */
static void prefetch_piece(long m, long mm) {
  long nb = SPM->s.pf_rows / T, d = mm / nb;
  if (!d) /* fewer mmacs than blocks: several blocks a piece */
    prefetch_weights(m * nb / mm * T, (m + 1) * nb / mm * T);
  else if (m < nb * d)
    prefetch_weights(m / d * T + m % d * T / d,
                     m / d * T + (m % d + 1) * T / d);
}

/* Group k starts: its weights (and bias) are in; with prefetch, group
   k + 1's are to come (prefetch_piece, from the first mmac on: group
   k - 1's buffers are then free). */
static void start_group(long k) {
  band_state *s = &SPM->s;
  long qb = (s->k0 + k + 1) * s->q;
  if (k && s->pf_spread)
    accel_dma_wait_all();
  else if (k)
    accel_dma_wait(3);
  s->weights = s->wbuf[(s->cur + k) & 1];
  if (s->bias_start) {
    long nco = min_of(s->q * T, s->Coutg - (s->k0 + k) * s->q * T);
    const float *bias = SPM->bias[(s->cur + k) & 1];
    for (long q = 0; q * T < nco; ++q)
      for (int r = 0; r < T; ++r)
        accel_vstore(SPM->bias_tiles[q] + r * T, (accel_v16f)bias[q * T + r]);
  }
  s->pf_rows = 0;
  if (!s->prefetch || k + 1 == s->groups)
    return;
  s->pf_dst = s->wbuf[(s->cur + k + 1) & 1];
  s->pf_co = s->co_base + qb * T;
  s->pf_src = s->w + s->pf_co * s->ws0;
  s->pf_nco = min_of(s->q * T, s->Coutg - qb * T);
  s->pf_rows = ceil_div(s->pf_nco, T) * s->chunks * T;
}

/* Slice pn of nblk of the last pixel's dot products with block q's rows
   of the running chunk (kcc long): the vector unit's share of the work
   under one mmac, lane-wise partial sums in part[q] between slices. 16
   chains of vfmas, one load of weights each, the column's vector shared. */
__attribute__((noinline)) static void left_slice(long q, long pn, long nblk,
                                                 long chunk, long kcc) {
  const band_state *s = &SPM->s;
  long nv = kcc / T, v1 = (pn + 1) * nv / nblk * T;
  const float *a = s->weights + (q * s->K + chunk * s->kc) * T;
  const float *x = s->col + chunk * s->kc;
  float *part = SPM->part[q];
  accel_v16f acc[T];
  for (int r = 0; r < T; ++r)
    acc[r] = pn == 0 && chunk == 0 ? 0.0f : accel_vload(part + r * T);
  for (long v = pn * nv / nblk * T; v < v1; v += T) {
    accel_v16f xv = accel_vload(x + v);
    for (int r = 0; r < T; ++r)
      acc[r] += accel_vload(a + r * kcc + v) * xv;
  }
  for (int r = 0; r < T; ++r)
    accel_vstore(part + r * T, acc[r]);
}

/* Group k's last pixel, its slices all done: each block's 16 partial
   sums per channel added across the lanes (a strided load per lane gives
   one lane of all 16 channels), the bias and activation, and the column
   out to y on channel 3. */
static void left_finish(long k) {
  const band_state *s = &SPM->s;
  long qb = (s->k0 + k) * s->q, nco = min_of(s->q * T, s->Coutg - qb * T);
  const float *bias = SPM->bias[(s->cur + k) & 1];
  accel_dma_wait(3); /* the previous group's column has left */
  for (long q = 0; q * T < nco; ++q) {
    accel_v16f v = 0.0f;
    for (int l = 0; l < T; ++l)
      v += accel_vload_strided(SPM->part[q] + l, T * 4);
    if (s->bias_src)
      v += accel_vload(bias + q * T);
    accel_vstore(SPM->left_y + q * T, accel_activate(v, &s->act));
  }
  accel_copy_matrix(3, s->yn + (s->co_base + qb * T) * s->ys1 + s->left_out,
                    s->ys1, s->ys3, SPM->left_y, 1, 1, nco, 1);
}

/* The last pixel's im2col column: one transfer per tap, its rows the
   channels (B's transfers for one pixel, laid out as w's rows are). */
static void build_left_column(long npix, long oh0) {
  band_state *s = &SPM->s;
  long oh = (npix - 1) / s->OW, ow = (npix - 1) % s->OW;
  long in = oh * s->sh * s->row + ow;
  s->left_out = (oh0 + oh) * s->ys2 + ow * s->ys3;
  for (long tap = 0; tap < s->taps; ++tap) {
    long kh = tap / s->KW, kw = tap % s->KW;
    accel_dma_2d_on(tap % 3, s->col + tap,
                    s->band + kh * s->dh * s->row + kw_column(s, kw) + in,
                    s->K / s->taps, 4, s->taps * 4, s->chan * 4);
  }
}

/* Every item (group of output blocks, pixel block, K chunk) of one band:
   bo_b output rows from oh0. Per item, the group's mmacs; after each, a
   piece of the next group's weights in, a share of the next item's B
   transfers and with left a slice of the last pixel's dot products;
   after the first, the previous block's tiles stored (unless they were
   at once, sharing the tiles) and its results out. Running the groups in
   one loop lets the next group's first B be built under this group's
   last mmacs. */
__attribute__((noinline)) static void run_band(long oh0, long bo_b) {
  band_state *s = &SPM->s;
  long npix = bo_b * s->OW, chunks = s->chunks, pf_rows = 0;
  /* In registers, and expected off: the checks run after every mmac, and
     most shapes take neither path (56 x 56: 0.5 % slower otherwise). */
  int left = s->left;
  long nblk = left ? npix / T : ceil_div(npix, T);
  long per_group = nblk * chunks, items = s->groups * per_group;
  long stored = -1, unstored = -1;
  /* One pixel block and at most two chunks: every group of output blocks
     meets the same B (chunk c's in buffer c), built once (ResNet-18's
     last stride-2 3 x 3 at 112 x 112: 16 pixels, eight groups of weights,
     1 367 845 cycles when each group built it again, 148 329 so). */
  int resident_b = nblk == 1 && chunks <= 2;
  s->pf_spread = resident_b;
  make_block(&SPM->blocks[0], 0, min_of(T, npix), oh0, 0);
  build_b(0, 0, transfers(0));
  if (left)
    build_left_column(npix, oh0);
  accel_dma_wait_all();
  for (long t = 0; t < items; ++t) {
    long k = t / per_group, tt = t % per_group, P = t / chunks;
    long chunk = t % chunks, next = t + 1, share = 0;
    if (tt == 0) {
      start_group(k);
      pf_rows = s->pf_rows;
    }
    long kcc = min_of(s->kc, s->K - chunk * s->kc), t0 = first_tile(P);
    long nq = SPM->blocks[P & 1].nq;
    const float *b =
        SPM->pool + (resident_b && chunks == 1 ? 0 : t & 1) * (s->kc * T + T);
    for (long q = 0; q < nq; ++q) {
      tile_mac(t0 + q, chunk == 0, s->bias_start ? SPM->bias_tiles[q] : NULL,
               s->weights + (q * s->K + chunk * s->kc) * T, b, kcc);
      if (q == 0) {
        if (unstored >= 0)
          store_block(stored = unstored);
        if (stored >= 0)
          finish_block(SPM->out[stored & 1], &SPM->blocks[stored & 1]);
        stored = unstored = -1;
        if (next < items && next % chunks == 0) {
          long pn = next % per_group / chunks;
          make_block(&SPM->blocks[(P + 1) & 1], pn * T,
                     min_of(T, npix - pn * T), oh0, next / per_group);
        }
        share = next < items && (!resident_b || next < chunks)
                    ? transfers(next)
                    : 0;
      }
      if (__builtin_expect(pf_rows != 0, 0))
        prefetch_piece(tt * nq + q, per_group * nq);
      /* B by tap comes in shares, one under each mmac; built otherwise,
         it comes whole under the second (the first's has the previous
         block's store). */
      if (share && s->b_mode == BByTap)
        build_b(next, q * share / nq, (q + 1) * share / nq);
      else if (share && q == (nq > 1))
        build_b(next, 0, share);
      if (__builtin_expect(left, 0))
        left_slice(q, tt / chunks, nblk, chunk, kcc);
    }
    if (left && tt == per_group - 1)
      left_finish(k);
    if (chunk == chunks - 1 && !s->two_sets)
      store_block(stored = P);
    else if (chunk == chunks - 1)
      unstored = P;
    accel_dma_wait(0);
    accel_dma_wait(1);
    accel_dma_wait(2);
  }
  if (unstored >= 0)
    store_block(stored = unstored);
  finish_block(SPM->out[stored & 1], &SPM->blocks[stored & 1]);
}

/* The weights of output channels co0 .. co0 + nco - 1 as the A operands
   (weight_floats' layout). */
static void load_weights(const conv_problem *p, const igemm_plan *pl,
                         long co0, long nco, float *weights) {
  long taps = p->KH * p->KW, cc = pl->kc / taps, ch = 0;
  int contiguous = p->ws[3] == 1 && p->ws[2] == p->KW && p->ws[1] == taps;
  for (long q = 0; q * T < nco && pl->kc; ++q)
    for (long chunk = 0; chunk < pl->chunks; ++chunk) {
      long rows = min_of(T, nco - q * T), c0 = chunk * cc;
      long kcc = min_of(cc, p->Cg - c0) * taps;
      float *a = weights + (q * pl->K + c0 * taps) * T;
      const float *src = p->w + (co0 + q * T) * p->ws[0] + c0 * p->ws[1];
      if (contiguous) {
        accel_dma_2d_on(ch++, a, src, rows, kcc * 4, kcc * 4, p->ws[0] * 4);
        continue;
      }
      for (long r = 0; r < rows; ++r)
        for (long c = 0; c < kcc / taps; ++c)
          accel_copy_matrix(ch++, a + r * kcc + c * taps, p->KW, 1,
                           src + r * p->ws[0] + c * p->ws[1], p->ws[2],
                           p->ws[3], p->KH, p->KW);
    }
}

/* A staging row (its channel rows sw chan floats apart, their pad
   columns zero) into band row dst split by phase: column x of channel c
   at (x % sw) Cg chan + c chan + x / sw, so that each phase of every
   channel is one run of strided loads (stores spill up to 15 floats past
   a phase, into what is written next or the slack). */
static void split_phases(float *dst, const float *stage, long channels) {
  const band_state *s = &SPM->s;
  long sw = s->sw, n = channels * s->chan, sw4 = sw * 4;
  for (long ph = 0; ph < sw; ++ph, dst += s->phase) {
    const float *src = stage + ph;
    long i = 0;
    for (; i + 4 * Lanes <= n; i += 4 * Lanes) {
      accel_v16f v[4];
      for (int k = 0; k < 4; ++k)
        v[k] = accel_vload_strided(src + (i + k * Lanes) * sw, sw4);
      for (int k = 0; k < 4; ++k)
        accel_vstore(dst + i + k * Lanes, v[k]);
    }
    for (; i < n; i += Lanes)
      accel_vstore(dst + i, accel_vload_strided(src + i * sw, sw4));
  }
}

/* Band rows 0 .. bi_b - 1 are padded input rows from oh0 stride_h, each
   the row of every channel: image rows where they exist (one transfer
   each, its rows the channels), zero rows in the padding. (The pad
   columns were zeroed once.) With stride_w > 1 an image row comes into a
   staging row, the next one's transfer under its split. */
static void load_band(const conv_problem *p, const igemm_plan *pl, long n,
                      long g, long oh0, long bo_b, float *band) {
  long bi_b = (bo_b - 1) * p->sh + (p->KH - 1) * p->dh + 1;
  long top = oh0 * p->sh - p->pt; /* the image row of band row 0 */
  long lo = min_of(top < 0 ? -top : 0, bi_b);
  long hi = min_of(p->H - top, bi_b);
  if (hi < lo)
    hi = lo;
  long chan = pl->chan, lines = p->sw * p->Cg, row = lines * chan;
  const float *x = p->x + n * p->xs[0] + g * p->Cg * p->xs[1];
  conv_zero_rows(0, band, lo * lines, chan, chan, SPM->zeros);
  if (p->sw == 1) {
    conv_zero_rows(1, band + hi * row, (bi_b - hi) * lines, chan, chan,
                   SPM->zeros);
    for (long r = lo; r < hi; ++r)
      accel_copy_matrix(r, band + r * row + p->pl, chan, 1,
                        x + (top + r) * p->xs[2], p->xs[1], p->xs[3], p->Cg,
                        p->W);
    accel_dma_wait_all();
    return;
  }
  float *const *stage = SPM->s.stage;
  for (long r = lo; r < hi; ++r) {
    if (r == lo)
      accel_copy_matrix(2 + (r & 1), stage[r & 1] + p->pl, p->sw * chan, 1,
                        x + (top + r) * p->xs[2], p->xs[1], p->xs[3], p->Cg,
                        p->W);
    accel_dma_wait_on(2 + (r & 1));
    if (r + 1 < hi)
      accel_copy_matrix(2 + ((r + 1) & 1), stage[(r + 1) & 1] + p->pl,
                        p->sw * chan, 1, x + (top + r + 1) * p->xs[2],
                        p->xs[1], p->xs[3], p->Cg, p->W);
    split_phases(band + r * row, stage[r & 1], p->Cg);
  }
  /* After the splits, whose last stores spill into the next row. */
  conv_zero_rows(1, band + hi * row, (bi_b - hi) * lines, chan, chan,
                 SPM->zeros);
  accel_dma_wait_all();
}

/* B's transfers for one run of pixels (issue_b): by tap, (kernel row,
   column), the channels a transfer's rows; by column, (channel, kernel
   column), the kernel rows its rows. */
static void set_b_transfers(const conv_problem *p) {
  band_state *s = &SPM->s;
  long kh_step = s->dh * s->row;
  s->run_transfers = s->taps;
  if (s->b_mode == BByTap) {
    s->b_src_stride = s->chan * 4, s->b_dst_stride = s->taps * T * 4;
    for (long i = 0; i < s->taps; ++i) {
      SPM->run_src[i] = i / p->KW * kh_step + kw_column(s, i % p->KW);
      SPM->run_dst[i] = i * T;
    }
  } else if (s->b_mode == BByColumn) {
    s->run_transfers = s->cc * p->KW;
    s->b_src_stride = kh_step * 4, s->b_dst_stride = p->KW * T * 4;
    for (long i = 0; i < s->run_transfers; ++i) {
      SPM->run_src[i] = i / p->KW * s->chan + kw_column(s, i % p->KW);
      SPM->run_dst[i] = (i / p->KW * p->KH * p->KW + i % p->KW) * T;
    }
  }
}

/* The pad columns of n padded rows (rs floats apart) zeroed. */
static void zero_pad_columns(const conv_problem *p, float *rows, long n,
                             long rs) {
  conv_zero_rows(0, rows, n, p->pl, rs, SPM->zeros);
  conv_zero_rows(1, rows + p->pl + p->W, n, p->pr, rs, SPM->zeros);
}

/* How B is built. A transfer costs its issue ~6 cycles and its channel
   64 of start-up, in the shadow of the transfers ahead of it; by vector,
   each row of B is a load and a store. By tap (rows: the channels) from
   12 channels; with fewer, by kernel column (rows: the kernel rows) when
   there are 5 of them or more, else by vector. Measured (conv2d_bench,
   batch 1): ResNet's stem 3 -> 64 7 x 7 / 2 at 224 x 224 1 054 416 cycles
   by vector, 734 238 by column; LeNet's 6 -> 16 5 x 5 at 14 x 14 12 256
   and 10 843; earlier, 8 -> 16 3 x 3 at 20 x 20 by tap 34 434, by vector
   29 007, and 12 -> 40 39 130 by tap, 41 767 by vector. */
static int b_mode_of(const conv_problem *p, const igemm_plan *pl) {
  long cc = pl->kc / (p->KH * p->KW);
  if (cc >= 12 && p->KH * p->KW <= MaxRunTransfers)
    return BByTap;
  if (cc < 12 && pl->chunks == 1 && p->KH >= 5 &&
      cc * p->KW <= MaxRunTransfers)
    return BByColumn;
  return BVector;
}

void conv_igemm_run(const conv_problem *p, const igemm_plan *pl) {
  band_state *s = &SPM->s;
  float *weights = SPM->pool + 2 * pl->b_floats;
  float *band = weights + pl->w_floats;
  *s = (band_state){0};
  s->left = pl->left, s->col = band + pl->band_floats;
  s->band = band, s->K = pl->K, s->kc = pl->kc, s->chunks = pl->chunks;
  s->taps = p->KH * p->KW, s->chan = pl->chan, s->phase = p->Cg * pl->chan;
  s->row = p->sw * s->phase;
  s->KW = p->KW, s->KH = p->KH, s->dh = p->dh, s->dw = p->dw;
  s->sh = p->sh, s->sw = p->sw;
  for (long kw = 0; kw < p->KW && kw < KwTable; ++kw)
    s->kw_col[kw] = tap_column(s, kw);
  s->b_mode = b_mode_of(p, pl);
  s->cc = pl->kc / s->taps;
  set_b_transfers(p);
  s->ys1 = p->ys[1], s->ys2 = p->ys[2], s->ys3 = p->ys[3], s->OW = p->OW;
  /* The bias as the tiles' start when the tile-move port has room for
     the mld beside the mst (an mmac of K >= 32 cycles). */
  s->bias_start = p->bias && pl->kc >= 2 * T &&
                  (p->act.kind == ACCEL_ACT_NONE ||
                   p->act.kind == ACCEL_ACT_RELU);
  s->epilogue = conv_needs_epilogue(p) && !s->bias_start;
  s->relu = !s->epilogue && p->act.kind == ACCEL_ACT_RELU;
  s->act = p->act;
  conv_make_zeros(SPM->zeros);
  /* The pad columns, once: of the band's rows, or with stride_w > 1 of
     the staging rows. */
  if (p->sw == 1) {
    zero_pad_columns(p, band, p->Cg * pl->bi, pl->chan);
  } else {
    s->stage[0] = band + pl->band_floats + pl->col_floats;
    s->stage[1] = s->stage[0] + pl->stage_floats / 2;
    zero_pad_columns(p, s->stage[0], p->Cg, p->sw * pl->chan);
    zero_pad_columns(p, s->stage[1], p->Cg, p->sw * pl->chan);
  }
  /* Before the bands' zero rows, which hold pad columns too, and the
     staging rows' splits, which read them. */
  accel_dma_wait_all();
  long blocks = ceil_div(p->Coutg, T), groups = ceil_div(blocks, pl->q);
  long loaded = -1; /* the group whose weights are in wbuf[s->cur] */
  s->q = pl->q, s->Coutg = p->Coutg, s->bs = p->bs, s->bias_src = p->bias;
  s->ws0 = p->ws[0], s->ws1 = p->ws[1], s->w = p->w, s->cur = 0;
  s->wbuf[0] = weights, s->wbuf[1] = weights + weight_floats(pl, pl->q);
  s->prefetch = pl->prefetch;
  s->two_sets = pl->q <= MaxBlocks / 2;
  for (long g = 0; g < p->groups; ++g)
    for (long n = 0; n < p->N; ++n)
      for (long oh0 = 0; oh0 < p->OH; oh0 += pl->bo) {
        long bo_b = min_of(pl->bo, p->OH - oh0);
        load_band(p, pl, n, g, oh0, bo_b, band);
        s->co_base = g * p->Coutg;
        s->yn = p->y + n * p->ys[0];
        /* With prefetch, one run over every group (the first's weights
           loaded here); without, one run per group. */
        for (long k = 0; k < groups; k += s->groups) {
          s->k0 = k;
          s->groups = pl->prefetch ? groups : 1;
          long co0 = s->co_base + k * pl->q * T;
          long nco = min_of(pl->q * T, p->Coutg - k * pl->q * T);
          if (co0 != loaded) {
            load_weights(p, pl, co0, nco, s->wbuf[s->cur]);
            if (p->bias)
              accel_copy_matrix(3, SPM->bias[s->cur], 0, 1,
                               p->bias + co0 * p->bs, 0, p->bs, 1, nco);
            accel_dma_wait_all();
          }
          run_band(oh0, bo_b);
          /* The last group's weights are in wbuf[cur + groups - 1]. */
          s->cur = (s->cur + s->groups - 1) & 1;
          loaded = s->co_base + (k + s->groups - 1) * pl->q * T;
        }
      }
  accel_dma_wait_all();
}
