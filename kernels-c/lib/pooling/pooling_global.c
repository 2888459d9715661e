/* pooling_global.c - ONNX GlobalAveragePool and GlobalMaxPool
   (docs/kernels.md, "Pooling"): the mean or maximum of each plane.

   Where each plane of x is one run of floats (NCHW rows that follow each
   other), tiles of whole planes arrive as they lie, in whole rows (DRAM
   is read in 64-byte bursts: packed planes are one run of bytes, in a
   piece per channel), and the stream engine reduces each plane as one
   row of a block, one operation a tile: vs.moments (the mean, accumulated
   in double precision and rounded once) or vs.redmax (maxNum). A tile's
   results leave as one row when y's planes follow each other. Tiles are
   double-buffered; the next tile's transfers wait in their channels for
   the engine to finish with its buffer (docs/isa.md 7.12), so the core
   only issues. Other layouts (channels-last, padded rows) take the
   general reduction over dims 2 and 3 (reduce_core.h). */

#include "pooling/pooling_global.h"
#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include "reduce/reduce_core.h"
#include <stddef.h>

enum {
  Channels = KERNEL_DMA_CHANNELS,
  Burst = KERNEL_BURST_BYTES,
  TileFloats = 8 * 1024, /* a tile: small, as the first one's load is not
                            hidden, and large enough that its transfers
                            outlast the core's work for it */
  FirstTileShare = 8,    /* the first tile's fraction of one */
};

typedef struct {
  float in[2][TileFloats];
  float res[2][2 * TileFloats]; /* vs.moments: the means, then variances */
} global_spm;
KERNEL_SPM_FITS(global_spm);
#define GSPM KERNEL_SPM(global_spm)

static long min_l(long a, long b) { return a < b ? a : b; }
static long ceil_div(long a, long b) { return (a + b - 1) / b; }

/* The planes as runs of equally spaced planes (all N C of them when x's
   and y's batch and channel strides merge, else one run per image), in
   tiles of `per` planes, the first of `first_per` (its load is not
   hidden). */
typedef struct {
  int max;
  long hw, per, first_per;
  long runs, run_len;
  const float *x;
  float *y;
  long x_run, y_run, x_plane, y_plane; /* floats */
} global_problem;

/* A tile: its first plane in x and in y, how many planes, and where the
   next one starts. */
typedef struct {
  const float *x;
  float *y;
  long planes;
  long run, first; /* the run and plane index of its first plane */
} global_tile;

static global_tile first_tile(const global_problem *p) {
  global_tile a = {p->x, p->y, min_l(p->first_per, p->run_len), 0, 0};
  return a;
}

/* The tile after a (planes 0 past the last). */
static global_tile next_tile(const global_problem *p, global_tile a) {
  a.first += a.planes;
  a.x += a.planes * p->x_plane, a.y += a.planes * p->y_plane;
  if (a.first == p->run_len) {
    a.first = 0, ++a.run;
    a.x += p->x_run - p->run_len * p->x_plane;
    a.y += p->y_run - p->run_len * p->y_plane;
  }
  a.planes = a.run < p->runs ? min_l(p->per, p->run_len - a.first) : 0;
  return a;
}

/* Which tile a transfer on each channel last belonged to (-1: a result),
   so that a wait for tile t's input leaves tile t + 1's moving. */
typedef struct {
  long newest[Channels];
} channel_state;

/* Tile a (number t) into buf, a piece on each channel: packed planes as
   pieces of whole bursts of their run of bytes, spaced planes as rows. */
static void tile_in(const global_problem *p, const global_tile *a, long t,
                    float *buf, channel_state *cs) {
  long bytes = a->planes * p->hw * 4;
  char *dst = (char *)buf;
  const char *src = (const char *)a->x;
  if (p->x_plane == p->hw) {
    long piece = ceil_div(ceil_div(bytes, Channels), Burst) * Burst;
    for (int c = 0; c < Channels && c * piece < bytes; ++c) {
      long n = min_l(piece, bytes - c * piece);
      accel_dma_2d_on(c, dst + c * piece, src + c * piece, 1, n, 0, 0);
      cs->newest[c] = t;
    }
    return;
  }
  long rows = ceil_div(a->planes, Channels);
  for (int c = 0; c < Channels && c * rows < a->planes; ++c) {
    long n = min_l(rows, a->planes - c * rows);
    accel_dma_2d_on(c, buf + c * rows * p->hw, a->x + c * rows * p->x_plane, n,
                    p->hw * 4, p->hw * 4, p->x_plane * 4);
    cs->newest[c] = t;
  }
}

/* Tile a's results from res to y on channel ch: one row when y's planes
   follow each other. */
static void tile_out(const global_problem *p, const global_tile *a,
                     const float *res, int ch, channel_state *cs) {
  if (p->y_plane == 1)
    accel_dma_2d_on(ch, a->y, res, 1, a->planes * 4, 0, 0);
  else
    accel_dma_2d_on(ch, a->y, res, a->planes, 4, p->y_plane * 4, 4);
  cs->newest[ch] = -1;
}

/* Waits for tile t's input and every result issued, leaving tile t + 1's
   input moving (dma.wait.older on the channels where it is the newest). */
static void wait_input(long t, const channel_state *cs) {
  for (int c = 0; c < Channels; ++c) {
    if (cs->newest[c] == t + 1)
      accel_dma_wait_older_on(c);
    else
      accel_dma_wait_on(c);
  }
}

/* Tile t computes from in[t % 2] into res[t % 2] (one operation); tile
   t - 1's results leave, and tile t + 2's input is issued into in[t % 2],
   where it waits in its channels for tile t's operation to have read it. */
static void global_engine_run(const global_problem *p) {
  channel_state cs;
  for (int c = 0; c < Channels; ++c)
    cs.newest[c] = -1;
  global_tile prev = {0}, cur = first_tile(p), next = next_tile(p, cur);
  tile_in(p, &cur, 0, GSPM->in[0], &cs);
  if (next.planes)
    tile_in(p, &next, 1, GSPM->in[1], &cs);
  int ch = 0;
  long t = 0;
  for (; cur.planes; ++t) {
    int b = t & 1;
    wait_input(t, &cs);
    accel_vs_shape(cur.planes, p->hw);
    if (p->max)
      accel_vs_redmax(GSPM->res[b], GSPM->in[b]);
    else
      accel_vs_moments(GSPM->res[b], GSPM->in[b]);
    if (t > 0) {
      tile_out(p, &prev, GSPM->res[b ^ 1], ch, &cs);
      ch = ch + 1 == Channels ? 0 : ch + 1;
    }
    global_tile after = next.planes ? next_tile(p, next) : next;
    if (after.planes)
      tile_in(p, &after, t + 2, GSPM->in[b], &cs);
    prev = cur, cur = next, next = after;
  }
  tile_out(p, &prev, GSPM->res[(t - 1) & 1], ch, &cs);
  accel_dma_wait_all();
}

void global_pool_run(int max, const accel_tensor *x, float *y, long ys0,
                     long ys1) {
  long N = x->dims[0], C = x->dims[1], H = x->dims[2], W = x->dims[3];
  const long *xs = x->strides;
  long hw = H * W;
  int packed = (W == 1 || xs[3] == 1) && (H == 1 || xs[2] == W * xs[3]);
  if (!packed || hw == 0 || hw > TileFloats) {
    static const int reduced[4] = {0, 0, 1, 1};
    long ys[4] = {ys0, ys1, 0, 0};
    reduce_run(max ? ACCEL_REDUCE_MAX : ACCEL_REDUCE_MEAN, x, reduced, y, ys);
    return;
  }
  global_problem p = {.max = max, .hw = hw, .x = x->data, .y = y};
  /* One run over n and c when their strides merge (a dim of 1 merges
     with anything). */
  if (C == 1 || N == 1 || (xs[0] == C * xs[1] && ys0 == C * ys1)) {
    p.runs = 1, p.run_len = N * C;
    p.x_plane = C == 1 ? xs[0] : xs[1];
    p.y_plane = C == 1 ? ys0 : ys1;
  } else {
    p.runs = N, p.run_len = C;
    p.x_run = xs[0], p.y_run = ys0;
    p.x_plane = xs[1], p.y_plane = ys1;
  }
  /* Tiles of whole planes, of equal size but the first. */
  long per = TileFloats / hw;
  p.per = ceil_div(p.run_len, ceil_div(p.run_len, per));
  p.first_per = ceil_div(p.per, FirstTileShare);
  global_engine_run(&p);
}

/* accel_global_avgpool's and accel_global_maxpool's arguments
   (kernel_stack.h). */
typedef struct {
  const accel_tensor *x, *y;
  int max;
} global_args;

static long global_body(const void *args, const void *unused1,
                        const void *unused2, const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  global_args a = *(const global_args *)args;
  const void *px = a.x, *py = a.y;
  const char *K = a.max ? "accel_global_maxpool" : "accel_global_avgpool";
  accel_tensor xc, yc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)px);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)py);
  accel_dma_wait_all();
  accel_status s;
  if (accel_checking() && ((s = accel_check_tensor(K, "x", x, 4, 4, 0)) ||
                           (s = accel_check_tensor(K, "y", y, 2, 4, 1))))
    return s;
  if (y->rank == 3 || y->dims[0] != x->dims[0] || y->dims[1] != x->dims[1] ||
      (y->rank == 4 && (y->dims[2] != 1 || y->dims[3] != 1)))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                              "rank %d, dims %ld, %ld, ...; expected [%ld, "
                              "%ld, 1, 1] or [%ld, %ld]",
                              y->rank, y->dims[0], y->dims[1], x->dims[0],
                              x->dims[1], x->dims[0], x->dims[1]);
  if (accel_checking() && accel_tensors_overlap(y, x))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y", "overlaps x");
  if (accel_only_checking() || x->dims[0] == 0 || x->dims[1] == 0)
    return ACCEL_OK;
  global_pool_run(a.max, x, y->data, y->strides[0], y->strides[1]);
  return ACCEL_OK;
}

accel_status accel_global_avgpool(const accel_tensor *x, accel_tensor *y) {
  static ACCEL_SPM global_args args;
  args = (global_args){x, y, 0};
  return (accel_status)accel_on_kernel_stack(global_body, &args, NULL, NULL,
                                             NULL);
}

accel_status accel_global_maxpool(const accel_tensor *x, accel_tensor *y) {
  static ACCEL_SPM global_args args;
  args = (global_args){x, y, 1};
  return (accel_status)accel_on_kernel_stack(global_body, &args, NULL, NULL,
                                             NULL);
}
