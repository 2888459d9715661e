/* conv2d_taps.c - accel_conv2d of few input channels on the matrix unit,
   B made by vector loads (docs/kernels.md, "accel_conv2d").

   For image n, a block of 16 output channels by 16 pixels of one output
   row, (yy, x0 .. x0 + 15), is W (16 x K) . B (K x 16), K = C KH KW in w's
   own order (channel, kernel row, kernel column), and B's row (c, i, j) is
   the 16 floats at (c, yy sh + i dh, (x0 + t) sw + j dw), t < 16, of the
   zero-padded image: one vector load (strided with sw > 1) and one
   store. The padded image (every channel, rows wp = pl + W + pr floats)
   stays in the scratchpad while the next image's arrives; each block's B
   is made in parts, one under each of the previous block's mmacs (one
   per 16 output channels, up to eight: two sets of accumulators, taken
   by turns), and its results leave straight from the stored tile, one
   2-D transfer per 16 channels (the tile's rows). A block's pixels past
   OW read the next row (or the zeros after the image) and are never
   stored.

   The implicit GEMM (conv2d_igemm.c) builds B by transfers, a run of
   pixels per tap or kernel column: with one to a few channels each carries
   a few floats and B costs far more than its mmac. Here B costs K
   bundles (a load and a store each), about its mmac's K cycles. */

#include "conv/conv2d.h"
#include <stddef.h>

enum {
  MaxTapsC = 16,  /* input channels (a transfer each, two queues) */
  MaxTapsK = 512, /* B's rows: past this the implicit GEMM's pays */
  TileFloats = T * T,
};

typedef struct {
  float *image[2];   /* padded images by turns: C planes, then zeros */
  float *weights;    /* 16 cb rows of K */
  float *b[2];       /* B by turns: K rows of 16 */
  float *out[2];     /* the stored tiles by turns: cb tiles each */
  float *bias_tiles; /* cb tiles, row r the bias of channel 16 block + r */
  float *bias;       /* the bias, packed */
  float *bounds;     /* a clip's: a row of T lo's, then one of T hi's */
} taps_buffers;

typedef struct {
  float zeros[ZeroFloats]; /* the padding's source (conv_zero_rows) */
  float pool[];            /* the rest of the arena: taps_buffers */
} taps_spm;
enum { PoolFloats = (ACCEL_KERNEL_SPM_BYTES - sizeof(taps_spm)) / 4 };
KERNEL_SPM_FITS(taps_spm);
#define SPM KERNEL_SPM(taps_spm)

int conv_taps_plan(const conv_problem *p, taps_plan *pl) {
  long K = p->C * p->KH * p->KW, cb = ceil_div(p->Cout, T);
  if (!K || p->groups != 1 || p->C > MaxTapsC || K > MaxTapsK ||
      cb > MaxChannelBlocks || p->ys[3] != 1)
    return 0;
  pl->K = K, pl->cb = cb;
  pl->wp = p->pl + p->W + p->pr;
  pl->plane = (p->pt + p->H + p->pb) * pl->wp;
  /* B's kernel rows (c KH + i) split evenly among the cb mmacs. */
  long rows = p->C * p->KH, per = ceil_div(rows, cb);
  for (long k = 0; k <= cb; ++k) {
    long r = min_of(k * per, rows), c = r / p->KH, i = r % p->KH;
    pl->part_row[k] = r, pl->part_i[k] = i;
    pl->part_off[k] = c * pl->plane + i * p->dh * pl->wp;
  }
  /* The last block's reads pass the image by up to 15 sw + 1 floats. */
  pl->image_floats = (p->C * pl->plane + T * p->sw + T - 1) / T * T;
  long floats = 2 * pl->image_floats + cb * T * K + 2 * K * T +
                3 * cb * TileFloats + cb * T + 2 * T;
  return floats <= PoolFloats;
}

static void lay_out(const taps_plan *pl, taps_buffers *b) {
  float *q = SPM->pool;
  b->image[0] = q, q += pl->image_floats;
  b->image[1] = q, q += pl->image_floats;
  b->weights = q, q += pl->cb * T * pl->K;
  b->b[0] = q, q += pl->K * T;
  b->b[1] = q, q += pl->K * T;
  b->out[0] = q, q += pl->cb * TileFloats;
  b->out[1] = q, q += pl->cb * TileFloats;
  b->bias_tiles = q, q += pl->cb * TileFloats;
  b->bias = q, q += pl->cb * T;
  b->bounds = q;
}

/* Image n's channels into the interior of an image buffer (its padding
   stays the zeros it was given), on channel n % 2: the buffer's. */
static void fetch_image(const conv_problem *p, const taps_plan *pl,
                        float *image, long n) {
  for (long c = 0; c < p->C; ++c)
    accel_copy_matrix(
        (int)n & 1, image + c * pl->plane + p->pt * pl->wp + p->pl, pl->wp, 1,
        p->x + n * p->xs[0] + c * p->xs[1], p->xs[2], p->xs[3], p->H, p->W);
}

/* The weights as 16 cb rows of K (rows past Cout stale: their results are
   never stored), and the bias as each tile's start. */
static void fetch_weights(const conv_problem *p, const taps_plan *pl,
                          const taps_buffers *b) {
  long taps = p->KH * p->KW;
  if (p->ws[3] == 1 && p->ws[2] == p->KW && p->ws[1] == taps)
    accel_dma_2d(2, b->weights, p->w, p->Cout, pl->K * 4, pl->K * 4,
                 p->ws[0] * 4);
  else
    for (long o = 0; o < p->Cout; ++o)
      for (long c = 0; c < p->C; ++c)
        accel_copy_matrix(2, b->weights + o * pl->K + c * taps, p->KW, 1,
                          p->w + o * p->ws[0] + c * p->ws[1], p->ws[2],
                          p->ws[3], p->KH, p->KW);
  if (p->act.kind == ACCEL_ACT_CLIP) {
    accel_vstore(b->bounds, (accel_v16f)p->act.lo);
    accel_vstore(b->bounds + T, (accel_v16f)p->act.hi);
  }
  if (p->bias)
    accel_copy_matrix(3, b->bias, 0, 1, p->bias, 0, p->bs, 1, p->Cout);
  accel_dma_wait(2);
  accel_dma_wait(3);
  if (!p->bias)
    return;
  for (long r = 0; r < pl->cb * T; ++r)
    for (long i = 0; i < T; i += Lanes)
      accel_vstore(b->bias_tiles + r * T + i,
                   (accel_v16f)(r < p->Cout ? b->bias[r] : 0.0f));
}

/* Where a block is. */
typedef struct {
  long n, yy, x0;
} block_at;

/* B's rows of `rows` kernel rows from the one at row (channel c, kernel
   row i, with KH rows, row_step floats apart, and the next channel's
   first chan_step after a channel's last), KW taps dw apart, each tap's
   16 pixels sw apart: constants where it matters (KW 3, 5 or 7, dw 1, sw
   1), so that a kernel row's loads issue two a bundle from one address
   with offsets, before their stores, and each store waits for the load
   latency once a row, not once a tap. Not unrolled: parts of a few rows
   would run the remainder's copy after the unrolled loop's set-up. */
static inline __attribute__((always_inline)) void
taps_of_rows(float *b, const float *row, long i, long rows, long KH,
             long row_step, long chan_step, long KW, long dw, long sw) {
  for (;;) {
#pragma clang loop unroll(disable)
    for (; i < KH && rows; ++i, --rows, row += row_step, b += KW * T) {
      accel_v16f v[7];
#pragma clang loop unroll(full)
      for (long j = 0; j < 7; ++j)
        if (j < KW)
          v[j] = sw == 1 ? accel_vload(row + j * dw)
                         : accel_vload_strided(row + j * dw, sw * 4);
#pragma clang loop unroll(full)
      for (long j = 0; j < 7; ++j)
        if (j < KW)
          accel_vstore(b + j * T, v[j]);
    }
    if (!rows)
      return;
    i = 0, row += chan_step;
  }
}

/* Where the next block's B goes and comes from: it is made in parts
   (taps_plan's), one after each mmac is issued, so that the program does
   not wait for the matrix unit with all of B still to make. */
typedef struct {
  float *b;
  const float *at; /* the block's first input pixel in the padded image */
} b_job;

static b_job b_job_of(const conv_problem *p, const taps_plan *pl, float *b,
                      const float *image, block_at at) {
  b_job j = {b, image + at.yy * p->sh * pl->wp + at.x0 * p->sw};
  return j;
}

static int next_block(const conv_problem *p, block_at *a) {
  if ((a->x0 += T) < p->OW)
    return 1;
  a->x0 = 0;
  if (++a->yy < p->OH)
    return 1;
  a->yy = 0;
  return ++a->n < p->N;
}

/* Part k of B: row (c, i, j) the 16 floats at (c, yy sh + i dh, (x0 +
   t) sw + j dw) of the padded image, t < 16; the part's rows from
   pl->part_row[k] (c KH + i) to the next part's. */
static void make_b_part(const conv_problem *p, const taps_plan *pl,
                        const b_job *job, long k) {
  /* In registers: a store to b might write *p, for all the compiler
     knows, and each field would be loaded again after it. */
  long KW = p->KW, KH = p->KH, dw = p->dw, sw = p->sw;
  long r0 = pl->part_row[k], rows = pl->part_row[k + 1] - r0;
  long i = pl->part_i[k], row_step = p->dh * pl->wp;
  long chan_step = pl->plane - KH * row_step;
  float *b = job->b + r0 * KW * T;
  const float *row = job->at + pl->part_off[k];
  if (sw == 1 && dw == 1 && KW == 3)
    taps_of_rows(b, row, i, rows, KH, row_step, chan_step, 3, 1, 1);
  else if (sw == 1 && dw == 1 && KW == 5)
    taps_of_rows(b, row, i, rows, KH, row_step, chan_step, 5, 1, 1);
  else if (sw == 1 && dw == 1 && KW == 7)
    taps_of_rows(b, row, i, rows, KH, row_step, chan_step, 7, 1, 1);
  else if (dw == 1 && KW == 3)
    taps_of_rows(b, row, i, rows, KH, row_step, chan_step, 3, 1, sw);
  else if (dw == 1 && KW == 7)
    taps_of_rows(b, row, i, rows, KH, row_step, chan_step, 7, 1, sw);
  else
#pragma clang loop unroll(disable)
    for (long r = 0; r < rows; ++r) {
#pragma clang loop unroll(disable)
      for (long j = 0; j < KW; ++j, b += T)
        accel_vstore(b, accel_vload_strided(row + j * dw, sw * 4));
      row += ++i == KH ? row_step + chan_step : row_step;
      i = i == KH ? 0 : i;
    }
}

/* op(t) for the first cb of tiles t0 .. t0 + 7, t0 + k a constant. */
#define FOR_CHANNEL_BLOCKS(cb, t0, op)                                         \
  do {                                                                         \
    op((t0) + 0, 0);                                                           \
    if ((cb) > 1)                                                              \
      op((t0) + 1, 1);                                                         \
    if ((cb) > 2)                                                              \
      op((t0) + 2, 2);                                                         \
    if ((cb) > 3)                                                              \
      op((t0) + 3, 3);                                                         \
    if ((cb) > 4)                                                              \
      op((t0) + 4, 4);                                                         \
    if ((cb) > 5)                                                              \
      op((t0) + 5, 5);                                                         \
    if ((cb) > 6)                                                              \
      op((t0) + 6, 6);                                                         \
    if ((cb) > 7)                                                              \
      op((t0) + 7, 7);                                                         \
  } while (0)

/* Channel block k's tile t: its bias tile (or zeros), then W . B; then
   part k of the next block's B, while the mmac runs. */
#define START_BLOCK(t, k)                                                      \
  do {                                                                         \
    if (p->bias)                                                               \
      accel_mld(t, b->bias_tiles + (k)*TileFloats);                            \
    else                                                                       \
      accel_mzero(t);                                                          \
    accel_mmac(t, b->weights + (k)*T * pl->K, bsrc, pl->K);                    \
    if (next)                                                                  \
      make_b_part(p, pl, &job, k);                                             \
  } while (0)

/* A stored tile's activation past ReLU: a clip's bounds by the stream
   engine (the tile's transfer waits for it; a lower bound of 0 was the
   store's ReLU), GELU or SiLU on the vector unit. */
__attribute__((noinline)) static void
tile_epilogue(float *tile, const conv_problem *p, const taps_buffers *b) {
  if (p->act.kind != ACCEL_ACT_CLIP) {
    conv_activate_rows(tile, T, NULL, &p->act);
    return;
  }
  accel_vs_shape(T, T);
  accel_vs_stride(T, T, 0);
  if (p->act.lo != 0.0f)
    accel_vs_max(tile, tile, b->bounds);
  accel_vs_min(tile, tile, b->bounds + T);
}

/* Tile t stored (ReLU by the store, another activation after it) and
   sent: rows its channels, columns the block's pixels up to OW. */
#define STORE_BLOCK(t, k)                                                      \
  do {                                                                         \
    float *tile = out + (k)*TileFloats;                                        \
    if (relu)                                                                  \
      accel_mst_relu(t, tile);                                                 \
    else                                                                       \
      accel_mst(t, tile);                                                      \
    if (epilogue)                                                              \
      tile_epilogue(tile, p, b);                                               \
    accel_activate_block(tile, TileFloats, p->act.kind);                       \
    accel_dma_2d_on(ch, y + (k)*T * p->ys[1], tile,                            \
                    min_of(p->Cout - (k)*T, T), cols * 4, p->ys[1] * 4,        \
                    T * 4);                                                    \
  } while (0)

/* One block's mmacs into accumulator set `set` (a constant), the next
   block's B in parts under them, then its tiles out on channel 2 + set.
   The next block's B goes into the buffer the last block's mmacs read:
   the first mmac here waits for them to end. */
static inline __attribute__((always_inline)) void
run_block(const conv_problem *p, const taps_plan *pl, const taps_buffers *b,
          int set, block_at at, const block_at *next) {
  const float *bsrc = b->b[set];
  b_job job;
  if (next) {
    if (next->n != at.n) {
      /* The next image is in (on its buffer's channel); the one after
         comes into this one's buffer, which no B reads again. */
      accel_dma_wait_on(next->n & 1);
      if (next->n + 1 < p->N)
        fetch_image(p, pl, b->image[at.n & 1], next->n + 1);
    }
    job = b_job_of(p, pl, b->b[!set], b->image[next->n & 1], *next);
  }
  if (set)
    FOR_CHANNEL_BLOCKS(pl->cb, 8, START_BLOCK);
  else
    FOR_CHANNEL_BLOCKS(pl->cb, 0, START_BLOCK);
  int ch = 2 + set;
  accel_dma_wait_on(ch); /* the tiles' last transfers, two blocks ago */
  float *out = b->out[set];
  float *y = p->y + at.n * p->ys[0] + at.yy * p->ys[2] + at.x0;
  long cols = min_of(p->OW - at.x0, T);
  /* ReLU by the store, also a clip's lower bound of 0. */
  int relu = p->act.kind == ACCEL_ACT_RELU ||
             (p->act.kind == ACCEL_ACT_CLIP && p->act.lo == 0.0f);
  /* GELU, clip or SiLU: the kinds past ReLU (accel_conv2d refuses the
     exact GELU). */
  int epilogue = p->act.kind > ACCEL_ACT_RELU;
  if (set)
    FOR_CHANNEL_BLOCKS(pl->cb, 8, STORE_BLOCK);
  else
    FOR_CHANNEL_BLOCKS(pl->cb, 0, STORE_BLOCK);
}
#undef START_BLOCK
#undef STORE_BLOCK
#undef FOR_CHANNEL_BLOCKS

/* Zeroes an image buffer's padding and the floats after it, on channel
   ch, before its first image comes in on the same channel: every image
   writes only the interior. */
static void zero_padding(const conv_problem *p, const taps_plan *pl,
                         float *image, int ch, const float *zeros) {
  long wp = pl->wp;
  for (long c = 0; c < p->C; ++c) {
    float *plane = image + c * pl->plane, *first = plane + p->pt * wp;
    conv_zero_rows(ch, plane, p->pt, wp, wp, zeros);
    conv_zero_rows(ch, first + p->H * wp, p->pb, wp, wp, zeros);
    conv_zero_rows(ch, first, p->H, p->pl, wp, zeros);
    conv_zero_rows(ch, first + p->pl + p->W, p->H, p->pr, wp, zeros);
  }
  long after = pl->image_floats - p->C * pl->plane;
  conv_zero_rows(ch, image + p->C * pl->plane, 1, after, after, zeros);
}

void conv_taps_run(const conv_problem *p, const taps_plan *pl) {
  taps_buffers b;
  lay_out(pl, &b);
  conv_make_zeros(SPM->zeros);
  zero_padding(p, pl, b.image[0], 0, SPM->zeros);
  fetch_image(p, pl, b.image[0], 0);
  if (p->N > 1) {
    zero_padding(p, pl, b.image[1], 1, SPM->zeros);
    fetch_image(p, pl, b.image[1], 1);
  }
  fetch_weights(p, pl, &b);
  accel_dma_wait(0);
  block_at at = {0, 0, 0};
  b_job first = b_job_of(p, pl, b.b[0], b.image[0], at);
  for (long k = 0; k < pl->cb; ++k)
    make_b_part(p, pl, &first, k);
  for (int set = 0;; set = !set) {
    block_at next = at;
    int more = next_block(p, &next);
    if (set)
      run_block(p, pl, &b, 1, at, more ? &next : NULL);
    else
      run_block(p, pl, &b, 0, at, more ? &next : NULL);
    if (!more)
      break;
    at = next;
  }
  accel_dma_wait_all();
}
