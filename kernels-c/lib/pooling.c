/* pooling.c - ONNX MaxPool and AveragePool over NCHW on the stream engine
   (docs/kernels.md, "Pooling").

   Layout. 16 planes (an image's channels, or channels of several images)
   go across a pixel: pixel (r, w) of a tile's planes is 16 floats, so
   every tap of a window is a row of 16 floats in the engine's blocks
   whatever the stride, padding or dilation, and nothing is wasted on a
   row's ragged end. The DMA engine builds this layout as it brings the
   planes in (one transfer per plane with 4-byte rows 64 bytes apart, or
   one per pixel when the planes are small) and undoes it on the way out;
   it moves 4-byte rows at its full rate, so the transposition costs only
   the transfers' start-ups.

   Tiles. A tile is a group of planes (16, or more when whole planes are
   small) and a band of output rows with the input rows it reads. Tiles
   are double-buffered: the next tile's planes arrive and the previous
   tile's results leave while this one computes, their transfers issued
   in step with the engine's operations (dma_stream.h), since a start on
   a busy channel stalls the issue.

   Compute. Two separable passes of stream-engine operations, each one tap
   of a whole column or of the whole tile ("On the engine" below). */

#include "dma_stream.h"
#include "kernel_args.h"
#include "kernel_stack.h"
#include "reduce_core.h"
#include "spm_arena.h"
#include <math.h>
#include <stddef.h>

enum {
  V = 16,
  InFloats = 112 * 1024, /* an input tile, and its rows' column pass: the
                            largest band of rows */
  OutFloats = 48 * 1024, /* an output tile */
  TargetIn = 112 * 1024,  /* the tile aimed at, so that the next one's
                            transfers run under this one's work */
};

typedef struct {
  float in[2][InFloats];
  float out[2][OutFloats];
  float rows[InFloats]; /* h: the column pass's results */
  /* An average's divisors: bias 0 and scale per output row of a tile, a
     block per run of columns with one count (at most OW runs of rows
     outputs, rows * OW * 16 <= OutFloats). */
  float params[2 * OutFloats / V];
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
  accel_pool2d_options o = {kernel_h, kernel_w, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0};
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
  /* Tiles: groups of g planes (a multiple of 16, or all of a run), bands
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
  long planes;    /* <= g */
  long oh0, ohn;  /* output rows */
  long ih0, ihn;  /* input rows in the buffer */
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
static dma_stream lanes_stream(float *t, long ps, long rs, long cs,
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
  dma_stream s = {.outer = n_outer, .inner = n_inner, .rows = n_rows,
                  .row_bytes = 4, .group = group};
  if (to_lanes) {
    s.dst = bb, s.src = tb;
    s.dst_outer = b_outer, s.src_outer = t_outer;
    s.dst_inner = b_inner, s.src_inner = t_inner;
    s.dst_stride = b_row, s.src_stride = t_row;
    s.dst_group = b_group, s.src_group = V * t_outer;
  } else {
    s.dst = tb, s.src = bb;
    s.dst_outer = t_outer, s.src_outer = b_outer;
    s.dst_inner = t_inner, s.src_inner = b_inner;
    s.dst_stride = t_row, s.src_stride = b_row;
    s.dst_group = V * t_outer, s.src_group = b_group;
  }
  if (planes == 0 || rows == 0 || cols == 0)
    s.outer = 0;
  return s;
}

static dma_stream gather_stream(const pool_problem *p, const pool_tile *a,
                                float *buf) {
  return lanes_stream((float *)a->x, p->x_plane, p->xh, p->xw, buf,
                      a->planes, a->ihn, p->w.n, 1);
}

static dma_stream result_stream(const pool_problem *p, const pool_tile *a,
                                float *buf) {
  return lanes_stream(a->y, p->y_plane, p->yh, p->yw, buf, a->planes,
                      a->ohn, p->ow, 0);
}

/* ------------------------------------------------------------ on the engine */

/* The stream engine (docs/isa.md 7.13) pools a tile in two separable
   passes of block operations, each operation one tap of many outputs.
   Columns first: h pixel (r, j) combines the taps of output column j in
   input row r, for every input row of the tile's lane groups; then rows:
   output pixel (i, j) combines the h pixels of its window rows; then an
   average's division. A pixel is 16 floats, so a block's rows can be
   pixels: one column's tap in every row is one operation (rows W pixels
   apart), and when the stride divides the width (p->flat), input pixel
   (r, j sw + c) is pixel (r W / sw + j) sw + c of the tile read as one
   row of pixels, so one operation per tap takes the interior columns of
   every row (each window inside x), h's rows W / sw pixels long. The
   columns whose windows reach into the padding then take operations of
   their own over their taps inside x, replacing what the interior's
   operation wrapped around the rows' ends there. Padding is never
   stored. */

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
   rows x len floats whose rows are dst_stride and src_stride apart. One
   tap is a copy (maxNum(x, x) = x). */
static void combine_block(int avg, float *dst, long dst_stride,
                          const float *src, long src_stride, long step,
                          long n, long rows, long len) {
  if (n == 0) {
    /* The identity pixel for each pixel of each row. */
    for (long r = 0; r < rows; ++r) {
      accel_vs_shape(len / V, V);
      accel_vs_stride(V, 0, 0);
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
static void combine_taps(dma_pacer *e, int avg, float *dst, long dst_stride,
                         const float *src, long src_stride, long step, long n,
                         long rows, long len) {
  if (rows <= 0)
    return;
  dma_pacer_step(e, rows * len * max_l(n - 1, 1));
  combine_block(avg, dst, dst_stride, src, src_stride, step, n, rows, len);
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
  long W = w->n, hw = p->hw, step = w->d * V;
  if (p->flat && p->ia < p->ib)
    combine_taps(e, p->avg, h + p->ia * V, V, in + (p->ia * w->s - w->b) * V,
                 w->s * V, step, w->k, (rows - 1) * hw + p->ib - p->ia, V);
  for (long j = 0; j < p->ow; ++j) {
    if (p->flat && j == p->ia && p->ia < p->ib) {
      j = p->ib - 1;
      continue;
    }
    long lo, hi;
    taps_of(w, j, p->ia, p->ib, &lo, &hi);
    combine_taps(e, p->avg, h + j * V, hw * V,
                 in + (j * w->s - w->b + lo * w->d) * V, W * V, step,
                 hi - lo, rows, V);
  }
}

/* The tile's output rows from h: with one lane group, the interior rows
   as one block; with several, each row of every group. */
static void pool_rows(dma_pacer *e, const pool_problem *p,
                      const pool_tile *a, long groups, const float *h,
                      float *out) {
  const pool_axis *ax = &p->h;
  long hrow = p->hw * V, orow = p->ow * V;
  for (long i = 0, n; i < a->ohn; i += n) {
    long oh = a->oh0 + i, lo, hi;
    taps_of(ax, oh, p->ra, p->rb, &lo, &hi);
    const float *src = h + (oh * ax->s - ax->b + lo * ax->d - a->ih0) * hrow;
    if (groups > 1) {
      n = 1;
      combine_taps(e, p->avg, out + i * orow, a->ohn * orow, src,
                   a->ihn * hrow, ax->d * hrow, hi - lo, groups, orow);
      continue;
    }
    n = oh >= p->ra && oh < p->rb ? min_l(p->rb - oh, a->ohn - i) : 1;
    combine_taps(e, p->avg, out + i * orow, orow, src, ax->s * hrow,
                 ax->d * hrow, hi - lo, n, orow);
  }
}

/* An average's division: output pixel (i, j) times the f32 reciprocal of
   its count, a vs.act.none (its scale per row) for the interior columns
   and one for each edge column. */
static void pool_scale(dma_pacer *e, const pool_problem *p,
                       const pool_tile *a, long groups, float *out) {
  long rows = groups * a->ohn, orow = p->ow * V, lo, hi, count;
  float *params = PSPM->params;
  for (long j = 0, n; j < p->ow; j += n, params += 2 * rows) {
    long count_w = p->w.k;
    n = j == p->ia && p->ia < p->ib ? p->ib - p->ia : 1;
    if (n == 1)
      window_taps(&p->w, j, p->include_pad, &lo, &hi, &count_w);
    /* Bias 0 and scale per row of the block: output row i of each lane
       group. */
    float interior = 1.0f / (float)(p->h.k * count_w);
    float *scale = params + rows;
    for (long i = 0; i < a->ohn; ++i) {
      long oh = a->oh0 + i;
      scale[i] = interior;
      if (oh < p->ra || oh >= p->rb) {
        window_taps(&p->h, oh, p->include_pad, &lo, &hi, &count);
        scale[i] = 1.0f / (float)(count * count_w);
      }
    }
    for (long r = a->ohn; r < rows; ++r)
      scale[r] = scale[r - a->ohn];
    for (long r = 0; r < rows; ++r)
      params[r] = 0.0f;
    dma_pacer_step(e, rows * n * V);
    accel_vs_shape(rows, n * V);
    accel_vs_stride(orow, orow, orow);
    accel_vs_act_none(out + j * V, out + j * V, params, NULL);
  }
}

static void compute_tile(const pool_problem *p, const pool_tile *a,
                         const float *in, float *out, dma_stream *q, int nq,
                         int *channel) {
  long groups = ceil_div(a->planes, V);
  /* The engine's elements: the column and row passes' taps (one
     operation for two), an average's division. */
  long out_px = groups * a->ohn * p->ow * V;
  long total = groups * a->ihn * p->hw * V * max_l(p->w.k - 1, 1) +
               out_px * (max_l(p->h.k - 1, 1) + p->avg);
  dma_pacer e = dma_pacer_start(q, nq, channel, max_l(total, 1));
  pool_columns(&e, p, groups * a->ihn, in, PSPM->rows);
  pool_rows(&e, p, a, groups, PSPM->rows, out);
  if (p->avg)
    pool_scale(&e, p, a, groups, out);
}

/* --------------------------------------------------------------- driver */

/* Tile t's input into buf; nothing past the last tile. */
static dma_stream input_stream(const pool_problem *p, long t, long tiles,
                               float *buf) {
  dma_stream s = {.outer = 0};
  if (t < tiles) {
    pool_tile a = tile_of(p, t);
    s = gather_stream(p, &a, buf);
  }
  return s;
}

/* Tile t computes from in[t % 2] into out[t % 2] while tile t + 1's input
   arrives in the other in and tile t - 1's results leave the other out.
   (The next input into this tile's in, and this tile's results, wait for
   the engine's operations on them: docs/isa.md 7.13.) */
static void pool_run(const pool_problem *p) {
  long tiles = p->runs * p->groups * p->bands;
  int channel = 0;
  dma_stream q[2]; /* the previous tile's results, the next tile's input */
  q[0] = input_stream(p, 0, tiles, PSPM->in[0]);
  dma_stream_pace(&q[0], 1, &channel);
  q[0].outer = 0;
  q[1] = input_stream(p, 1, tiles, PSPM->in[1]);
  dma_wait_with_head_start(&q[1], 1, &channel);
  for (long t = 0; t < tiles; ++t) {
    int b = t & 1;
    pool_tile a = tile_of(p, t);
    compute_tile(p, &a, PSPM->in[b], PSPM->out[b], q, 2, &channel);
    dma_stream_pace(&q[0], 1, &channel);
    dma_stream_pace(&q[1], 1, &channel);
    q[0] = result_stream(p, &a, PSPM->out[b]);
    q[1] = input_stream(p, t + 2, tiles, PSPM->in[b]);
    dma_wait_with_head_start(&q[1], 1, &channel);
  }
  dma_stream_pace(&q[0], 1, &channel);
  accel_dma_wait_all();
}

/* ---------------------------------------------------------------- checks */

static accel_status check_axis(const char *K, const char *what, long k,
                               long s, long d, long b, long e, long n) {
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

static long pool_body(const void *px, const void *py, const void *po,
                      const void *pavg) {
  const char *K = pavg ? "accel_avgpool2d" : "accel_maxpool2d";
  accel_tensor xc, yc;
  accel_pool2d_options o;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)px);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)py);
  int have_options = ACCEL_STAGE(2, &o, (const accel_pool2d_options *)po) !=
                     NULL;
  accel_dma_wait_all();
  accel_status s;
  if (accel_checking() && ((s = accel_check_tensor(K, "x", x, 4, 4, 0)) ||
                           (s = accel_check_tensor(K, "y", y, 4, 4, 1))))
    return s;
  if (!have_options)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "null options (the kernel size is in them)");
  pool_problem p;
  p.avg = pavg != NULL;
  p.include_pad = o.count_include_pad != 0;
  p.h = (pool_axis){x->dims[2], o.kernel_h, o.stride_h, o.dilation_h,
                    o.pad_top, o.pad_bottom};
  p.w = (pool_axis){x->dims[3], o.kernel_w, o.stride_w, o.dilation_w,
                    o.pad_left, o.pad_right};
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
     of whole lines on the stream engine (ResNet-18's 7 x 7 average of
     512 planes: 25 485 cycles by the separable passes, 2 588 so). */
  if (p.h.k == H && p.w.k == W && !p.h.b && !p.h.e && !p.w.b && !p.w.e) {
    if (accel_only_checking())
      return ACCEL_OK;
    static const int reduced[4] = {0, 0, 1, 1};
    long ys[4] = {y->strides[0], y->strides[1], 0, 0};
    reduce_run(p.avg ? ACCEL_REDUCE_MEAN : ACCEL_REDUCE_MAX, x, reduced,
               y->data, ys);
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
  /* Tiles: whole planes, as many lane groups as the target takes; else 16
     planes and bands of rows. An input row and its column pass's row each
     take at most `row` pixels. */
  long row = max_l(W, p.hw);
  long run16 = (p.run_len + V - 1) / V * V;
  long plane_groups = TargetIn / (V * H * row);
  if (plane_groups >= 1 && V * p.oh * p.ow <= OutFloats) {
    long groups_fit = min_l(plane_groups, OutFloats / (V * p.oh * p.ow));
    p.g = min_l(groups_fit * V, run16);
    p.ob = p.oh;
  } else {
    p.g = V;
    long ext = extent(&p.h);
    long in_rows = max_l(TargetIn / (V * row), ext);
    if (V * row * ext > InFloats)
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                                "rows of %ld elements with a window %ld rows "
                                "high; at most %d elements in those rows",
                                row, ext, (int)(InFloats / V));
    if (V * row * in_rows > InFloats)
      in_rows = InFloats / (V * row);
    p.ob = min_l((in_rows - ext) / p.h.s + 1, p.oh);
    if (V * p.ow > OutFloats)
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y",
                                "rows of %ld elements; at most %d", p.ow,
                                (int)(OutFloats / V));
    p.ob = min_l(p.ob, OutFloats / (V * p.ow));
  }
  p.g = min_l(p.g, p.run_len);
  p.groups = ceil_div(p.run_len, p.g);
  p.bands = ceil_div(p.oh, p.ob);
  p.ob = ceil_div(p.oh, p.bands); /* bands of equal height, not a sliver */
  if (accel_only_checking())
    return ACCEL_OK;
  pool_run(&p);
  return ACCEL_OK;
}

accel_status accel_maxpool2d(const accel_tensor *x, accel_tensor *y,
                             const accel_pool2d_options *options) {
  return (accel_status)accel_on_kernel_stack(pool_body, x, y, options, NULL);
}

accel_status accel_avgpool2d(const accel_tensor *x, accel_tensor *y,
                             const accel_pool2d_options *options) {
  return (accel_status)accel_on_kernel_stack(pool_body, x, y, options,
                                             (void *)1);
}
