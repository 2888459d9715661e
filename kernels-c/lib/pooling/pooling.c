/* pooling.c - ONNX MaxPool and AveragePool over NCHW on the stream engine
   (docs/kernels.md, "Pooling").

   Layout. A pixel of the scratchpad's tiles is L floats: L = 1 (planar:
   each plane's rows as in x) when x's rows are contiguous along the
   width, so that the DMA engine moves whole rows (a plane's band of rows
   is one run in DRAM: DRAM is read in 64-byte bursts); L = 16 (lanes:
   16 planes across a pixel) when x is channels-last, where a pixel's
   planes are the contiguous run. Either way every tap of a window is a
   row of L floats in the engine's blocks whatever the stride, padding or
   dilation (vs.stride sets the rows' distance, so a row of one float
   takes every other pixel of a stride-2 window).

   Tiles. A tile is a group of planes and a band of output rows with the
   input rows it reads (whole planes, as many as fit, when they are
   small). Tiles are double-buffered: the next tile's planes arrive and the
   previous tile's results leave while this one computes, their transfers
   issued in step with the engine's operations (dma_stream.h), since a
   start on a busy channel stalls the issue.

   Compute. Two separable passes of stream-engine operations, each one tap
   of a whole column or of the whole tile ("On the engine" below). */

#include "core/dma_stream.h"
#include "core/kernel_args.h"
#include "core/kernel_machine.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include "pooling/pooling_global.h"
#include "pooling/pooling_small.h"
#include <math.h>
#include <stddef.h>

enum {
  V = KERNEL_LANES, /* planes across a pixel in the lanes layout */
  Channels = KERNEL_DMA_CHANNELS,
  InFloats = 112 * 1024,  /* an input tile, and its rows' column pass: the
                             largest band of rows */
  OutFloats = 48 * 1024,  /* an output tile */
  TargetIn = 56 * 1024,   /* the tile aimed at: small, as the first tile's
                             load is not hidden, and large enough that a
                             tile's transfers outlast the core's bookkeeping
                             for it (the next one's run under its work) */
  ScaleFloats = 8 * 1024, /* an average's divisors: a band's, or a piece */
  MinTransfer = 4096,     /* bytes: a transfer of several small planes */
};

typedef struct {
  float in[2][InFloats];
  float out[2][OutFloats];
  float rows[InFloats]; /* h: the column pass's results */
  /* An average's divisors: the f32 reciprocal of each output's count in a
     band of a plane (or a piece of it), for every plane of a tile. */
  float scale[ScaleFloats];
  long scale_oh0, scale_ohn; /* the band they are for (ohn 0: none) */
} pool_spm;
KERNEL_SPM_FITS(pool_spm);
#define PSPM KERNEL_SPM(pool_spm)

static long min_l(long a, long b) { return a < b ? a : b; }
static long max_l(long a, long b) { return a > b ? a : b; }
static long ceil_div(long a, long b) { return (a + b - 1) / b; }
/* floor(a / b) for b > 0 and any a. */
static long floor_div(long a, long b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

accel_pool2d_options accel_pool2d_defaults(long kernel_h, long kernel_w) {
  accel_pool2d_options o = {.kernel_h = kernel_h,
                            .kernel_w = kernel_w,
                            .stride_h = 1,
                            .stride_w = 1,
                            .dilation_h = 1,
                            .dilation_w = 1};
  return o;
}

/* ------------------------------------------------------------ geometry */

/* One spatial axis: size n, window k taps d apart, stride s, padding
   before b and after e. */
typedef struct {
  long n, k, s, d, b, e;
} pool_axis;

static long extent(const pool_axis *a) { return (a->k - 1) * a->d + 1; }

/* ONNX's output size: rounded down, or up with ceil mode, where a window
   that would start in the padding after the input is dropped. */
static long out_size(const pool_axis *a, int ceil_mode) {
  long span = a->n + a->b + a->e - extent(a);
  long o = (ceil_mode ? ceil_div(span, a->s) : span / a->s) + 1;
  if (ceil_mode && (o - 1) * a->s >= a->n + a->b)
    --o;
  return o;
}

/* The taps [lo, hi) of output o's window inside the input, and how many
   count for the average (inside the padded input, or inside the input). */
static void window_taps(const pool_axis *a, long o, int include_pad, long *lo,
                        long *hi, long *count) {
  long start = o * a->s - a->b;
  *lo = start >= 0 ? 0 : ceil_div(-start, a->d);
  *hi = min_l(a->k, floor_div(a->n - 1 - start, a->d) + 1);
  if (*hi < *lo)
    *hi = *lo;
  if (!include_pad) {
    *count = *hi - *lo;
    return;
  }
  long plo = start >= -a->b ? 0 : ceil_div(-a->b - start, a->d);
  long phi = min_l(a->k, floor_div(a->n + a->e - 1 - start, a->d) + 1);
  *count = max_l(phi - plo, 0);
}

/* The outputs [*a, *b) of n whose taps are all inside the input. */
static void interior(const pool_axis *ax, long n, long *a, long *b) {
  *a = min_l(ceil_div(ax->b, ax->s), n);
  *b = max_l(min_l(floor_div(ax->n - extent(ax) + ax->b, ax->s) + 1, n), *a);
}

/* ------------------------------------------------------------- problem */

typedef struct {
  int avg, include_pad;
  pool_axis h, w;
  long oh, ow;
  /* Runs of planes with one step in x and in y: all N * C planes when
     both tensors' batch and channel dims merge, else one run per image. */
  long runs, run_len;
  const float *x;
  float *y;
  long x_run, y_run, x_plane, y_plane, xh, xw, yh, yw;
  /* Floats per pixel: 1 (planar) or V (lanes). A lane group is L planes:
     one plane, or 16 across the lanes. */
  long L;
  /* Tiles: groups of g planes (a multiple of L, or all of a run), bands
     of ob output rows. */
  long g, ob, groups, bands;
  /* The column pass: whether the interior columns of all rows are one
     operation per tap (the stride divides W and OW <= W / stride); the
     pixels of each of its result rows (W / stride, else OW). */
  int flat;
  long hw;
  /* The output columns and rows whose taps are all inside x. */
  long ia, ib, ra, rb;
} pool_problem;

/* A tile's planes and rows. */
typedef struct {
  const float *x; /* its first plane */
  float *y;
  long planes;   /* <= g */
  long oh0, ohn; /* output rows */
  long ih0, ihn; /* input rows in the buffer */
} pool_tile;

static pool_tile tile_of(const pool_problem *p, long t) {
  long band = t % p->bands, rest = t / p->bands;
  long group = rest % p->groups, run = rest / p->groups;
  pool_tile a;
  long first = group * p->g;
  a.planes = min_l(p->g, p->run_len - first);
  a.oh0 = band * p->ob;
  a.ohn = min_l(p->ob, p->oh - a.oh0);
  long top = a.oh0 * p->h.s - p->h.b;
  long bottom = (a.oh0 + a.ohn - 1) * p->h.s - p->h.b + extent(&p->h);
  a.ih0 = max_l(top, 0);
  a.ihn = max_l(min_l(bottom, p->h.n) - a.ih0, 0);
  a.x = p->x + run * p->x_run + first * p->x_plane + a.ih0 * p->xh;
  a.y = p->y + run * p->y_run + first * p->y_plane + a.oh0 * p->yh;
  return a;
}

/* The transfers between rows x cols pixels of `planes` planes (element
   (plane, r, c) at t + plane * ps + r * rs + c * cs) and the lanes layout:
   lane group q (planes 16 q to 16 q + 15) at buf + q * rows * cols * 16,
   pixel (r, c) of plane 16 q + l at [(r * cols + c) * 16 + l] there. One
   transfer per plane (a plane's rows as one run when they follow each
   other), or per pixel when that is fewer and the planes are one group. */
static void lanes_stream(dma_stream *s, float *t, long ps, long rs, long cs,
                         float *buf, long planes, long rows, long cols,
                         int to_lanes) {
  char *tb = (char *)t, *bb = (char *)buf;
  int run = cs == 1 && rs == cols;
  long per_plane = run ? planes : planes * rows;
  long per_pixel = rows * cols;
  /* Byte steps on the tensor's side (t) and the buffer's (b): outer,
     inner, between a transfer's rows; the buffer's per lane group. */
  long t_outer, t_inner, t_row, b_outer, b_inner, b_row, n_outer, n_inner,
      n_rows, group = 0, b_group = 0;
  if (per_plane <= per_pixel || planes > V) {
    n_outer = planes, n_inner = run ? 1 : rows;
    n_rows = run ? rows * cols : cols;
    t_outer = 4 * ps, t_inner = 4 * rs, t_row = 4 * cs;
    b_outer = 4, b_inner = 4 * cols * V, b_row = 4 * V;
    group = V, b_group = 4 * rows * cols * V;
  } else {
    n_outer = rows, n_inner = cols, n_rows = planes;
    t_outer = 4 * rs, t_inner = 4 * cs, t_row = 4 * ps;
    b_outer = 4 * cols * V, b_inner = 4 * V, b_row = 4;
  }
  *s = (dma_stream){.outer = n_outer,
                    .inner = n_inner,
                    .rows = n_rows,
                    .row_bytes = 4,
                    .group = group};
  if (to_lanes) {
    s->dst = bb, s->src = tb;
    s->dst_outer = b_outer, s->src_outer = t_outer;
    s->dst_inner = b_inner, s->src_inner = t_inner;
    s->dst_stride = b_row, s->src_stride = t_row;
    s->dst_group = b_group, s->src_group = V * t_outer;
  } else {
    s->dst = tb, s->src = bb;
    s->dst_outer = t_outer, s->src_outer = b_outer;
    s->dst_inner = t_inner, s->src_inner = b_inner;
    s->dst_stride = t_row, s->src_stride = b_row;
    s->dst_group = V * t_outer, s->src_group = b_group;
  }
  if (planes == 0 || rows == 0 || cols == 0)
    s->outer = 0;
}

/* Planes per transfer when each plane's band is one run of `band` floats:
   enough for MinTransfer bytes, a divisor of the planes (the transfers of
   a stream are equal) and at most a quarter of them (each channel takes
   some). */
static long planes_per_transfer(long planes, long band) {
  long per =
      min_l(ceil_div(MinTransfer, 4 * band), max_l(planes / Channels, 1));
  while (planes % per)
    --per;
  return per;
}

/* Pieces per plane, each a transfer, when there are fewer planes than
   channels (or not a multiple of them): enough that every channel takes
   a share, and dividing the plane's `units` (floats or rows) evenly. */
static long pieces_per_plane(long planes, long units) {
  long k = 1;
  while (k < Channels && planes * k % Channels)
    k *= 2;
  while (k > 1 && units % k)
    k /= 2;
  return k;
}

/* The same for the planar layout: plane k at buf + k * rows * cols, pixel
   (r, c) at [r * cols + c] there. The tensor's rows move whole: a plane's
   band as one row when its rows follow each other (several small planes
   a transfer, or a large plane in pieces), else a transfer per plane (or
   piece of its rows) with its image rows as rows; only an element-strided
   view moves single floats (a transfer per image row). */
static void planar_stream(dma_stream *s, float *t, long ps, long rs, long cs,
                          float *buf, long planes, long rows, long cols,
                          int to_planar) {
  long band = rows * cols;
  *s = (dma_stream){.outer = planes, .inner = 1};
  long t_outer = 4 * ps, b_outer = 4 * band, t_inner = 0, b_inner = 0;
  long t_row, b_row;
  if (cs == 1 && (rs == cols || rows == 1)) {
    long per = planes_per_transfer(planes, band);
    long k = per == 1 ? pieces_per_plane(planes, band) : 1;
    s->outer = planes / per, s->inner = k;
    s->rows = per, s->row_bytes = 4 * band / k;
    t_inner = b_inner = s->row_bytes;
    t_row = t_outer, b_row = b_outer;
    t_outer *= per, b_outer *= per;
  } else if (cs == 1) {
    long k = pieces_per_plane(planes, rows);
    s->inner = k, s->rows = rows / k, s->row_bytes = 4 * cols;
    t_inner = 4 * rs * s->rows, b_inner = 4 * cols * s->rows;
    t_row = 4 * rs, b_row = 4 * cols;
  } else {
    s->inner = rows, s->rows = cols, s->row_bytes = 4;
    t_inner = 4 * rs, b_inner = 4 * cols;
    t_row = 4 * cs, b_row = 4;
  }
  char *tb = (char *)t, *bb = (char *)buf;
  if (to_planar) {
    s->dst = bb, s->src = tb;
    s->dst_outer = b_outer, s->src_outer = t_outer;
    s->dst_inner = b_inner, s->src_inner = t_inner;
    s->dst_stride = b_row, s->src_stride = t_row;
  } else {
    s->dst = tb, s->src = bb;
    s->dst_outer = t_outer, s->src_outer = b_outer;
    s->dst_inner = t_inner, s->src_inner = b_inner;
    s->dst_stride = t_row, s->src_stride = b_row;
  }
  if (planes == 0 || rows == 0 || cols == 0)
    s->outer = 0;
}

/* The streams are made in place: a dma_stream is large, and returned by
   value it would be copied (by memcpy) at every tile. */
static void gather_stream(dma_stream *s, const pool_problem *p,
                          const pool_tile *a, float *buf) {
  if (p->L == 1)
    planar_stream(s, (float *)a->x, p->x_plane, p->xh, p->xw, buf, a->planes,
                  a->ihn, p->w.n, 1);
  else
    lanes_stream(s, (float *)a->x, p->x_plane, p->xh, p->xw, buf, a->planes,
                 a->ihn, p->w.n, 1);
}

static void result_stream(dma_stream *s, const pool_problem *p,
                          const pool_tile *a, float *buf) {
  if (p->L == 1)
    planar_stream(s, a->y, p->y_plane, p->yh, p->yw, buf, a->planes, a->ohn,
                  p->ow, 0);
  else
    lanes_stream(s, a->y, p->y_plane, p->yh, p->yw, buf, a->planes, a->ohn,
                 p->ow, 0);
}

/* ------------------------------------------------------------ on the engine */

/* The stream engine (docs/isa.md 7.13) pools a tile in two separable
   passes of block operations, each operation one tap of many outputs.
   Columns first: h pixel (r, j) combines the taps of output column j in
   input row r, for every input row of the tile's lane groups; then rows:
   output pixel (i, j) combines the h pixels of its window rows; then an
   average's division. A pixel is L floats, so a block's rows can be
   pixels: one column's tap in every row is one operation (rows W pixels
   apart), and when the stride divides the width (p->flat), input pixel
   (r, j sw + c) is pixel (r W / sw + j) sw + c of the tile read as one
   row of pixels, so one operation per tap takes the interior columns of
   every row (each window inside x), h's rows W / sw pixels long. The
   columns whose windows reach into the padding then take operations of
   their own over their taps inside x, replacing what the interior's
   operation wrapped around the rows' ends there. The rows likewise, when
   each lane group's input rows are stride times its output rows. Padding
   is never stored. */

/* A pixel of the identity of max (-inf) and of a sum (0), the source
   of a window with no tap inside x (only with dilation). */
static const float identity[2][V] KERNEL_SPM_CONST = {
    {-INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY,
     -INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY,
     -INFINITY, -INFINITY, -INFINITY, -INFINITY},
    {0.0f}};

/* dst = a + b (an average's sum) or maxNum(a, b). */
static void stream_combine(int avg, float *dst, const float *a,
                           const float *b) {
  if (avg)
    accel_vs_add(dst, a, b);
  else
    accel_vs_max(dst, a, b);
}

/* dst = the combination of n taps, tap t at src + t * step, as blocks of
   rows x len floats whose rows are dst_stride and src_stride apart (len a
   multiple of the pixel, L floats). One tap is a copy (maxNum(x, x) =
   x). */
static void combine_block(int avg, long L, float *dst, long dst_stride,
                          const float *src, long src_stride, long step, long n,
                          long rows, long len) {
  if (n == 0) {
    /* The identity pixel for each pixel of each row. */
    for (long r = 0; r < rows; ++r) {
      accel_vs_shape(len / L, L);
      accel_vs_stride(L, 0, 0);
      accel_vs_max(dst + r * dst_stride, identity[avg], identity[avg]);
    }
    return;
  }
  accel_vs_shape(rows, len);
  accel_vs_stride(dst_stride, src_stride, src_stride);
  if (n == 1) {
    accel_vs_max(dst, src, src);
    return;
  }
  stream_combine(avg, dst, src, src + step);
  accel_vs_stride(dst_stride, dst_stride, src_stride);
  for (long t = 2; t < n; ++t)
    stream_combine(avg, dst, dst, src + t * step);
}

/* combine_block after the transfers due before it. */
static void combine_taps(dma_pacer *e, const pool_problem *p, float *dst,
                         long dst_stride, const float *src, long src_stride,
                         long step, long n, long rows, long len) {
  if (rows <= 0)
    return;
  dma_pacer_step(e, rows * len * max_l(n - 1, 1));
  combine_block(p->avg, p->L, dst, dst_stride, src, src_stride, step, n, rows,
                len);
}

/* The taps [*lo, *hi) of output o's window inside x, without the
   divisions window_taps takes for the interior [ia, ib). */
static void taps_of(const pool_axis *ax, long o, long ia, long ib, long *lo,
                    long *hi) {
  long count;
  if (o >= ia && o < ib)
    *lo = 0, *hi = ax->k;
  else
    window_taps(ax, o, 0, lo, hi, &count);
}

/* h from `rows` input rows of pixels at `in`. */
static void pool_columns(dma_pacer *e, const pool_problem *p, long rows,
                         const float *in, float *h) {
  const pool_axis *w = &p->w;
  long L = p->L, W = w->n, hw = p->hw, step = w->d * L;
  if (p->flat && p->ia < p->ib)
    combine_taps(e, p, h + p->ia * L, L, in + (p->ia * w->s - w->b) * L,
                 w->s * L, step, w->k, (rows - 1) * hw + p->ib - p->ia, L);
  for (long j = 0; j < p->ow; ++j) {
    if (p->flat && j == p->ia && p->ia < p->ib) {
      j = p->ib - 1;
      continue;
    }
    long lo, hi;
    taps_of(w, j, p->ia, p->ib, &lo, &hi);
    combine_taps(e, p, h + j * L, hw * L,
                 in + (j * w->s - w->b + lo * w->d) * L, W * L, step, hi - lo,
                 rows, L);
  }
}

/* The tile's output rows from h. Row i of lane group q is row q ohn + i
   of the tile's output and reads h rows q ihn + (oh0 + i) s - b + t d -
   ih0; when ihn = s ohn that is s (q ohn + i) + c, so the interior rows
   of every group are one block (the edge rows between groups computed
   wrong there, then each edge row over all groups). Otherwise the
   interior rows of each group as a block, or each row over all groups,
   whichever takes fewer operations. */
static void pool_rows(dma_pacer *e, const pool_problem *p, const pool_tile *a,
                      long groups, const float *h, float *out) {
  const pool_axis *ax = &p->h;
  long hrow = p->hw * p->L, orow = p->ow * p->L, ohn = a->ohn;
  long gin = a->ihn * hrow, gout = ohn * orow; /* a lane group's */
  long i0 = min_l(max_l(p->ra - a->oh0, 0), ohn);
  long i1 = max_l(min_l(p->rb - a->oh0, ohn), i0); /* interior rows */
  long edges = ohn - (i1 - i0);
  int flat = groups > 1 && i1 > i0 && a->ihn == ax->s * ohn;
  int per_group = groups == 1 || (!flat && groups * (edges + 1) < ohn);
  /* Output row i's taps inside x, from its first. */
  long lo, hi;
#define ROW_SRC(i)                                                             \
  (h + ((a->oh0 + (i)) * ax->s - ax->b + lo * ax->d - a->ih0) * hrow)
  if (flat) {
    taps_of(ax, a->oh0 + i0, p->ra, p->rb, &lo, &hi);
    combine_taps(e, p, out + i0 * orow, orow, ROW_SRC(i0), ax->s * hrow,
                 ax->d * hrow, hi - lo, (groups - 1) * ohn + i1 - i0, orow);
  }
  for (long q = 0; q < (per_group ? groups : 1); ++q) {
    long gq = per_group ? 1 : groups;
    for (long i = 0, n; i < ohn; i += n) {
      n = 1;
      int inner = i >= i0 && i < i1;
      if (inner && flat) {
        n = i1 - i;
        continue;
      }
      if (inner && per_group)
        n = i1 - i;
      taps_of(ax, a->oh0 + i, p->ra, p->rb, &lo, &hi);
      if (n > 1)
        combine_taps(e, p, out + q * gout + i * orow, orow,
                     ROW_SRC(i) + q * gin, ax->s * hrow, ax->d * hrow, hi - lo,
                     n, orow);
      else
        combine_taps(e, p, out + q * gout + i * orow, gout,
                     ROW_SRC(i) + q * gin, gin, ax->d * hrow, hi - lo, gq,
                     orow);
    }
  }
#undef ROW_SRC
}

/* The floats [lo, hi) of a band that are also in [f0, f0 + n), set to d
   in scale (which holds float f0 on). */
static void put_divisor(float *scale, long f0, long n, long lo, long hi,
                        float d) {
  lo = max_l(lo, f0), hi = min_l(hi, f0 + n);
  float *dst = scale + (lo - f0);
  long k = 0, len = hi - lo;
  for (; k + V <= len; k += V)
    accel_vstore(dst + k, (accel_v16f)d);
  for (; k < len; ++k)
    dst[k] = d;
}

/* The f32 reciprocals of the counts of floats [f0, f0 + n) of a lane
   group's output band of ohn rows from row oh0 (every lane of a pixel
   alike) into scale: per output row, the interior columns one run. With
   the whole band, the interior rows after the first are a copy of it,
   made by the engine (one operation, where the core would store every
   row). */
static void make_divisors(const pool_problem *p, long oh0, long ohn, long f0,
                          long n, float *scale) {
  long L = p->L, orow = p->ow * L, lo, hi, count_w;
  long i0 = min_l(max_l(p->ra - oh0, 0), ohn);
  long i1 = max_l(min_l(p->rb - oh0, ohn), i0);
  int copy = f0 == 0 && n == ohn * orow && i1 - i0 > 1;
  for (long i = f0 / orow; i * orow < f0 + n; ++i) {
    if (copy && i > i0 && i < i1)
      continue;
    long count_h = p->h.k, oh = oh0 + i, row = i * orow;
    if (oh < p->ra || oh >= p->rb)
      window_taps(&p->h, oh, p->include_pad, &lo, &hi, &count_h);
    put_divisor(scale, f0, n, row + p->ia * L, row + p->ib * L,
                1.0f / (float)(count_h * p->w.k));
    for (long j = 0; j < p->ow; ++j) {
      if (j == p->ia && p->ia < p->ib)
        j = p->ib;
      if (j >= p->ow || row + (j + 1) * L <= f0 || row + j * L >= f0 + n)
        continue;
      window_taps(&p->w, j, p->include_pad, &lo, &hi, &count_w);
      put_divisor(scale, f0, n, row + j * L, row + (j + 1) * L,
                  1.0f / (float)(count_h * count_w));
    }
  }
  if (copy) {
    const float *first = scale + i0 * orow;
    accel_vs_shape(i1 - i0 - 1, orow);
    accel_vs_stride(orow, 0, 0);
    accel_vs_max(scale + (i0 + 1) * orow, first, first);
  }
}

/* An average's division: the tile's output times its divisors, one
   vs.mul per piece of a lane group's band (its divisors a row that every
   group shares: source stride 0). A band's divisors are made once while
   the tiles' bands are alike. */
static void pool_scale(dma_pacer *e, const pool_problem *p, const pool_tile *a,
                       long groups, float *out) {
  long band = a->ohn * p->ow * p->L;
  float *scale = PSPM->scale;
  int kept = band <= ScaleFloats;
  if (kept && (PSPM->scale_oh0 != a->oh0 || PSPM->scale_ohn != a->ohn)) {
    make_divisors(p, a->oh0, a->ohn, 0, band, scale);
    PSPM->scale_oh0 = a->oh0, PSPM->scale_ohn = a->ohn;
  }
  for (long f = 0; f < band; f += ScaleFloats) {
    long n = min_l(ScaleFloats, band - f);
    if (!kept)
      make_divisors(p, a->oh0, a->ohn, f, n, scale);
    dma_pacer_step(e, groups * n);
    accel_vs_shape(groups, n);
    accel_vs_stride(band, band, 0);
    accel_vs_mul(out + f, out + f, scale);
  }
  if (!kept)
    PSPM->scale_ohn = 0;
}

static void compute_tile(const pool_problem *p, const pool_tile *a,
                         const float *in, float *out, dma_stream *q, int nq,
                         int *channel) {
  long groups = ceil_div(a->planes, p->L);
  /* The engine's elements: the column and row passes' taps (one
     operation for two), an average's division. */
  long out_px = groups * a->ohn * p->ow * p->L;
  long total = groups * a->ihn * p->hw * p->L * max_l(p->w.k - 1, 1) +
               out_px * (max_l(p->h.k - 1, 1) + p->avg);
  dma_pacer e = dma_pacer_start(q, nq, channel, max_l(total, 1));
  pool_columns(&e, p, groups * a->ihn, in, PSPM->rows);
  pool_rows(&e, p, a, groups, PSPM->rows, out);
  if (p->avg)
    pool_scale(&e, p, a, groups, out);
}

/* --------------------------------------------------------------- driver */

/* Tile t's input into buf; nothing past the last tile. */
static void input_stream(dma_stream *s, const pool_problem *p, long t,
                         long tiles, float *buf) {
  s->outer = 0, s->next = 0;
  if (t < tiles) {
    pool_tile a = tile_of(p, t);
    gather_stream(s, p, &a, buf);
  }
}

/* Tile t computes from in[t % 2] into out[t % 2] while tile t + 1's input
   arrives in the other in and tile t - 1's results leave the other out.
   (The next input into this tile's in, and this tile's results, wait for
   the engine's operations on them: docs/isa.md 7.13.) */
static void pool_run(const pool_problem *p) {
  long tiles = p->runs * p->groups * p->bands;
  int channel = 0;
  PSPM->scale_ohn = 0;
  dma_stream q[2]; /* the previous tile's results, the next tile's input */
  input_stream(&q[0], p, 0, tiles, PSPM->in[0]);
  dma_stream_pace(&q[0], 1, &channel);
  q[0].outer = 0;
  input_stream(&q[1], p, 1, tiles, PSPM->in[1]);
  dma_wait_with_head_start(&q[1], 1, &channel);
  for (long t = 0; t < tiles; ++t) {
    int b = t & 1;
    pool_tile a = tile_of(p, t);
    compute_tile(p, &a, PSPM->in[b], PSPM->out[b], q, 2, &channel);
    dma_stream_pace(&q[0], 1, &channel);
    dma_stream_pace(&q[1], 1, &channel);
    result_stream(&q[0], p, &a, PSPM->out[b]);
    input_stream(&q[1], p, t + 2, tiles, PSPM->in[b]);
    dma_wait_with_head_start(&q[1], 1, &channel);
  }
  dma_stream_pace(&q[0], 1, &channel);
  accel_dma_wait_all();
}

/* ---------------------------------------------------------------- checks */

static accel_status check_axis(const char *K, const char *what, long k, long s,
                               long d, long b, long e, long n) {
  if (k < 1 || s < 1 || d < 1)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "%s: kernel %ld, stride %ld, dilation %ld; "
                              "each must be at least 1",
                              what, k, s, d);
  long ext = (k - 1) * d + 1;
  if (b < 0 || e < 0 || b >= ext || e >= ext)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "%s: padding %ld and %ld; each must be 0 to "
                              "%ld (less than the dilated kernel, %ld)",
                              what, b, e, ext - 1, ext);
  if (n + b + e < ext)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "%s: the dilated kernel (%ld) is larger than "
                              "the padded input (%ld)",
                              what, ext, n + b + e);
  return ACCEL_OK;
}

/* p's layout and tiles: whole planes, as many lane groups as the target
   takes; else one lane group and bands of rows. An error if a band of
   the window's rows does not fit. */
static inline __attribute__((always_inline)) accel_status
plan_tiles(const char *K, pool_problem *p) {
  long H = p->h.n, W = p->w.n;
  /* The layout: planar, unless x is channels-last (its planes, not its
     rows, contiguous). */
  p->L = p->x_plane == 1 && p->xw != 1 ? V : 1;
  /* An input row and its column pass's row each take at most `row`
     pixels. The limits are the lanes layout's, whichever layout runs. */
  long row = max_l(W, p->hw), ext = extent(&p->h), L = p->L;
  int whole_lanes =
      TargetIn / (V * H * row) >= 1 && V * p->oh * p->ow <= OutFloats;
  if (!whole_lanes && V * row * ext > InFloats)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "rows of %ld elements with a window %ld rows "
                              "high; at most %d elements in those rows",
                              row, ext, (int)(InFloats / V));
  if (!whole_lanes && V * p->ow > OutFloats)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y",
                              "rows of %ld elements; at most %d", p->ow,
                              (int)(OutFloats / V));
  long fit = TargetIn / (L * H * row);
  if (fit >= 1 && L * p->oh * p->ow <= OutFloats) {
    long groups_fit = min_l(fit, OutFloats / (L * p->oh * p->ow));
    p->g = min_l(groups_fit, ceil_div(p->run_len, L)) * L;
    p->ob = p->oh;
  } else {
    p->g = L;
    long in_rows = max_l(TargetIn / (L * row), ext);
    if (L * row * in_rows > InFloats)
      in_rows = InFloats / (L * row);
    p->ob = min_l((in_rows - ext) / p->h.s + 1, p->oh);
    p->ob = min_l(p->ob, OutFloats / (L * p->ow));
  }
  p->g = min_l(p->g, p->run_len);
  p->groups = ceil_div(p->run_len, p->g);
  /* groups of equal size, not a sliver */
  p->g = min_l(ceil_div(ceil_div(p->run_len, p->groups), L) * L, p->run_len);
  p->bands = ceil_div(p->oh, p->ob);
  p->ob = ceil_div(p->oh, p->bands); /* bands of equal height, not a sliver */
  return ACCEL_OK;
}

/* accel_maxpool2d's and accel_avgpool2d's arguments (kernel_stack.h). */
typedef struct {
  const accel_tensor *x, *y;
  const accel_pool2d_options *options;
  int avg;
} pool_args;

static long pool_body(const void *args, const void *unused1,
                      const void *unused2, const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  pool_args a = *(const pool_args *)args;
  const void *px = a.x, *py = a.y, *po = a.options;
  const char *K = a.avg ? "accel_avgpool2d" : "accel_maxpool2d";
  accel_tensor xc, yc;
  accel_pool2d_options o;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)px);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)py);
  int have_options =
      ACCEL_STAGE(2, &o, (const accel_pool2d_options *)po) != NULL;
  accel_dma_wait_all();
  accel_status s;
  if (accel_checking() && ((s = accel_check_tensor(K, "x", x, 4, 4, 0)) ||
                           (s = accel_check_tensor(K, "y", y, 4, 4, 1))))
    return s;
  if (!have_options)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "null options (the kernel size is in them)");
  pool_problem p;
  p.avg = a.avg;
  p.include_pad = o.count_include_pad != 0;
  p.h = (pool_axis){.n = x->dims[2],
                    .k = o.kernel_h,
                    .s = o.stride_h,
                    .d = o.dilation_h,
                    .b = o.pad_top,
                    .e = o.pad_bottom};
  p.w = (pool_axis){.n = x->dims[3],
                    .k = o.kernel_w,
                    .s = o.stride_w,
                    .d = o.dilation_w,
                    .b = o.pad_left,
                    .e = o.pad_right};
  if ((s = check_axis(K, "height", o.kernel_h, o.stride_h, o.dilation_h,
                      o.pad_top, o.pad_bottom, x->dims[2])) ||
      (s = check_axis(K, "width", o.kernel_w, o.stride_w, o.dilation_w,
                      o.pad_left, o.pad_right, x->dims[3])))
    return s;
  p.oh = out_size(&p.h, o.ceil_mode);
  p.ow = out_size(&p.w, o.ceil_mode);
  long want[4] = {x->dims[0], x->dims[1], p.oh, p.ow};
  for (int d = 0; d < 4; ++d)
    if (y->dims[d] != want[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                                "dims [%ld, %ld, %ld, %ld], expected [%ld, "
                                "%ld, %ld, %ld]",
                                y->dims[0], y->dims[1], y->dims[2], y->dims[3],
                                want[0], want[1], want[2], want[3]);
  if (accel_checking() && accel_tensors_overlap(y, x))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y", "overlaps x");
  long N = x->dims[0], C = x->dims[1], H = p.h.n, W = p.w.n;
  if (N == 0 || C == 0 || p.oh == 0 || p.ow == 0)
    return ACCEL_OK;
  /* A window of the whole unpadded plane is global pooling: a reduction
     of whole planes on the stream engine, one operation a tile. */
  if (p.h.k == H && p.w.k == W && !p.h.b && !p.h.e && !p.w.b && !p.w.e) {
    if (!accel_only_checking())
      global_pool_run(!p.avg, x, y->data, y->strides[0], y->strides[1]);
    return ACCEL_OK;
  }
  /* A small tensor max-pooled 2 x 2 at stride 2: whole, two operations
     a quarter. */
  if (!p.avg && pool_small_fits(x, y, &o)) {
    if (!accel_only_checking())
      pool_small_run(x, y);
    return ACCEL_OK;
  }
  /* The planes as runs of one step each. */
  int merged = N == 1 || (x->strides[0] == C * x->strides[1] &&
                          y->strides[0] == C * y->strides[1]);
  p.runs = merged ? 1 : N;
  p.run_len = merged ? N * C : C;
  p.x = x->data, p.y = y->data;
  p.x_run = x->strides[0], p.y_run = y->strides[0];
  p.x_plane = x->strides[1], p.y_plane = y->strides[1];
  p.xh = x->strides[2], p.xw = x->strides[3];
  p.yh = y->strides[2], p.yw = y->strides[3];
  interior(&p.w, p.ow, &p.ia, &p.ib);
  interior(&p.h, p.oh, &p.ra, &p.rb);
  p.flat = W % p.w.s == 0 && p.ow <= W / p.w.s;
  p.hw = p.flat ? W / p.w.s : p.ow;
  if ((s = plan_tiles(K, &p)))
    return s;
  if (accel_only_checking())
    return ACCEL_OK;
  pool_run(&p);
  return ACCEL_OK;
}

accel_status accel_maxpool2d(const accel_tensor *x, accel_tensor *y,
                             const accel_pool2d_options *options) {
  static ACCEL_SPM pool_args args;
  args = (pool_args){x, y, options, 0};
  return (accel_status)accel_on_kernel_stack(pool_body, &args, NULL, NULL,
                                             NULL);
}

accel_status accel_avgpool2d(const accel_tensor *x, accel_tensor *y,
                             const accel_pool2d_options *options) {
  static ACCEL_SPM pool_args args;
  args = (pool_args){x, y, options, 1};
  return (accel_status)accel_on_kernel_stack(pool_body, &args, NULL, NULL,
                                             NULL);
}
