/* pooling.c - ONNX MaxPool and AveragePool over NCHW on the vector unit
   (docs/kernels.md, "Pooling").

   Layout. 16 planes (an image's channels, or channels of several images)
   go across a vector's lanes: pixel (r, w) of a tile's planes is one
   vector, so every tap of a window is one aligned vld whatever the
   stride, padding or dilation, and nothing is wasted on a row's ragged
   end. The DMA engine builds this layout as it brings the planes in
   (one transfer per plane with 4-byte rows 4 * lanes apart, or one per
   pixel when the planes are small) and undoes it on the way out; it moves
   4-byte rows at its full rate, so the transposition costs only the
   transfers' start-ups.

   Tiles. A tile is a group of planes (16, or more when whole planes are
   small) and a band of output rows with the input rows it reads. Tiles
   are double-buffered: the next tile's planes arrive and the previous
   tile's results leave while this one computes, their transfers issued a
   few at a time between output rows (dma_stream.h), since a start on a
   busy channel stalls the issue.

   Compute. Padding is never stored: each output row takes the window rows
   inside the input, and columns whose window reaches into the padding
   (the edges) take a general loop over their taps. Interior columns of the
   common windows (3 wide with stride 2 or 1, 2 wide with stride 2) go 8
   outputs a step: a window row's 17 (or 10, 9) input vectors are loaded
   once for the 8 outputs that share them. */

#include "dma_stream.h"
#include "kernel_args.h"
#include "kernel_stack.h"
#include "spm_arena.h"
#include <math.h>
#include <stddef.h>

enum {
  V = 16,
  InFloats = 128 * 1024,  /* an input tile: the largest band of rows */
  OutFloats = 48 * 1024,  /* an output tile */
  RowsFloats = InFloats / 2, /* a lane group's window rows combined */
  TargetIn = 64 * 1024,   /* the tile aimed at, so that the next one's
                             transfers run under this one's work */
  Strip = 8,              /* interior outputs a step */
  CarryStrip = 4,         /* the same with the 3 x 3 / 2 rows carried:
                             three rows of results in registers */
};

typedef struct {
  float in[2][InFloats];
  float out[2][OutFloats];
  float rows[RowsFloats];
  float params[2 * OutFloats / V]; /* an average's divisor, per output row */
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

/* -------------------------------------------------------------- compute */

#define VMAX(a, b) __builtin_elementwise_max(a, b)
#define COMBINE(avg, a, b) ((avg) ? (a) + (b) : VMAX(a, b))

/* One window row of outputs ow0 .. ow0 + S - 1: h[j] combines the KW
   taps of output j, from `in` (output ow0's first tap). Pixels are 16
   floats apart, so every load has an immediate offset. */
static inline __attribute__((always_inline)) void
window_row(int avg, int KW, int SW, int S, const float *in, accel_v16f *h) {
  accel_v16f c[(Strip - 1) * 2 + 3];
  for (int i = 0; i < (S - 1) * SW + KW; ++i)
    c[i] = accel_vload(in + i * V);
  for (int j = 0; j < S; ++j) {
    h[j] = c[j * SW];
    for (int t = 1; t < KW; ++t)
      h[j] = COMBINE(avg, h[j], c[j * SW + t]);
  }
}

/* Interior outputs ow0 .. ow0 + S - 1 of one output row from `rows`
   window rows rstep floats apart. KW, SW and S are constants in each
   instance, so c[] and acc[] live in registers. */
static inline __attribute__((always_inline)) void
interior(int avg, int KW, int SW, int S, const float *restrict in,
         long rows, long rstep, float scale, float *restrict out) {
  accel_v16f acc[Strip], h[Strip];
  const accel_v16f id = avg ? 0.0f : -INFINITY;
  for (int j = 0; j < S; ++j)
    acc[j] = id;
  for (long r = 0; r < rows; ++r, in += rstep) {
    window_row(avg, KW, SW, S, in, h);
    for (int j = 0; j < S; ++j)
      acc[j] = COMBINE(avg, acc[j], h[j]);
  }
  for (int j = 0; j < S; ++j)
    accel_vstore(out + j * V, avg ? acc[j] * scale : acc[j]);
}

/* restrict: the tile's input and output buffers never overlap, and
   saying so lets the scheduler issue the next row's loads above this
   row's stores. */

/* The 3 x 3, stride 2 window down a strip of S interior columns for
   output rows [r0, r0 + n) of the tile: window row 2 oh + 2 is row 2 oh'
   of the next output row, so it is combined once and carried in
   registers. With `edges`, rows outside the input (padding) count as the
   identity and each row has its own divisor; without, every window row
   is inside and the divisor is 9. in_col: the strip's first tap column at
   tile input row 0; the tile's input rows start at x row ih0. */
static inline __attribute__((always_inline)) void
strip_3x3s2(int avg, int S, int edges, const pool_problem *p,
            const pool_tile *a, const float *restrict in_col,
            float *restrict out_col, long r0, long n) {
  const accel_v16f id = avg ? 0.0f : -INFINITY;
  long W = p->w.n, OW = p->ow, H = p->h.n, row = W * V;
  accel_v16f carry[CarryStrip], h0[CarryStrip], h1[CarryStrip];
  long ih = (a->oh0 + r0) * 2 - p->h.b; /* the window's first row */
  const float *in = in_col + (ih - a->ih0) * row;
  float *out = out_col + r0 * OW * V;
  if (!edges || (ih >= 0 && ih < H))
    window_row(avg, 3, 2, S, in, carry);
  else
    for (int j = 0; j < S; ++j)
      carry[j] = id;
  float scale = 1.0f / 9.0f;
  for (long r = r0; r < r0 + n; ++r, ih += 2, in += 2 * row,
            out += OW * V) {
    if (edges && avg) {
      long lo, hi, count_h;
      window_taps(&p->h, a->oh0 + r, p->include_pad, &lo, &hi, &count_h);
      scale = 1.0f / (float)(count_h * 3);
    }
    if (!edges || (ih + 1 >= 0 && ih + 1 < H))
      window_row(avg, 3, 2, S, in + row, h0);
    else
      for (int j = 0; j < S; ++j)
        h0[j] = id;
    if (!edges || (ih + 2 >= 0 && ih + 2 < H))
      window_row(avg, 3, 2, S, in + 2 * row, h1);
    else
      for (int j = 0; j < S; ++j)
        h1[j] = id;
    for (int j = 0; j < S; ++j) {
      accel_v16f v = COMBINE(avg, COMBINE(avg, carry[j], h0[j]), h1[j]);
      accel_vstore(out + j * V, avg ? v * scale : v);
      carry[j] = h1[j];
    }
  }
}

/* A strip's output rows [0, n): those whose window rows are all inside
   the input, [ra, rb), without checks (or, without `inside`, not at all:
   the stream engine has them). */
static inline __attribute__((always_inline)) void
strip_rows(int avg, int S, int inside, const pool_problem *p,
           const pool_tile *a, const float *in_col, float *out_col, long ra,
           long rb) {
  if (ra > 0)
    strip_3x3s2(avg, S, 1, p, a, in_col, out_col, 0, ra);
  if (inside && rb > ra)
    strip_3x3s2(avg, S, 0, p, a, in_col, out_col, ra, rb - ra);
  if (a->ohn > rb)
    strip_3x3s2(avg, S, 1, p, a, in_col, out_col, rb, a->ohn - rb);
}

/* Output (row, ow) of one lane group by its taps: rows [kh_lo, kh_hi) of
   the window from in_row (the input row of tap kh_lo), columns from the
   column geometry. */
static void general_output(const pool_problem *p, const float *in_row,
                           long kh_rows, long count_h, long ow, float *out) {
  long lo, hi, count_w;
  window_taps(&p->w, ow, p->include_pad, &lo, &hi, &count_w);
  long W = p->w.n;
  const float *in = in_row + (ow * p->w.s - p->w.b + lo * p->w.d) * V;
  long rstep = p->h.d * W * V, cstep = p->w.d * V;
  /* Two loops, not a select on p->avg: a vector select on a scalar
     condition becomes one per lane. */
  accel_v16f acc;
  if (p->avg) {
    acc = 0.0f;
    for (long r = 0; r < kh_rows; ++r, in += rstep)
      for (long c = lo, q = 0; c < hi; ++c, q += cstep)
        acc += accel_vload(in + q);
    acc = acc * (1.0f / (float)(count_h * count_w));
  } else {
    acc = -INFINITY;
    for (long r = 0; r < kh_rows; ++r, in += rstep)
      for (long c = lo, q = 0; c < hi; ++c, q += cstep)
        acc = VMAX(acc, accel_vload(in + q));
  }
  accel_vstore(out, acc);
}

/* Which interior kernel a window width and stride have (0: none; 4: the
   3 x 3 stride 2 window with its rows carried). */
static int interior_kind(const pool_problem *p) {
  if (p->w.d != 1)
    return 0;
  if (p->w.k == 3 && p->w.s == 2)
    return p->h.k == 3 && p->h.s == 2 && p->h.d == 1 ? 4 : 1;
  if (p->w.k == 2 && p->w.s == 2)
    return 2;
  if (p->w.k == 3 && p->w.s == 1)
    return 3;
  return 0;
}

/* The interior columns [a, b) of one output row. */
static inline __attribute__((always_inline)) void
interior_row(int avg, int kind, const float *in0, long rows, long rstep,
             float scale, long a, long b, float *out) {
  long ow = a;
#define RUN(KW, SW)                                                            \
  do {                                                                         \
    for (; ow + Strip <= b; ow += Strip)                                       \
      interior(avg, KW, SW, Strip, in0 + ow * SW * V, rows, rstep, scale,      \
               out + ow * V);                                                  \
    for (; ow < b; ++ow)                                                       \
      interior(avg, KW, SW, 1, in0 + ow * SW * V, rows, rstep, scale,          \
               out + ow * V);                                                  \
  } while (0)
  if (kind == 1)
    RUN(3, 2);
  else if (kind == 2)
    RUN(2, 2);
  else
    RUN(3, 1);
#undef RUN
}

/* dst = a + b (an average's sum) or max(a, b) on the engine's block. */
static void stream_combine(int avg, float *dst, const float *a,
                           const float *b) {
  if (avg)
    accel_vs_add(dst, a, b);
  else
    accel_vs_max(dst, a, b);
}

/* The 3 x 3 / 2 interior of one lane group on the stream engine (docs/
   isa.md 7.13), for even input widths: each input row's window rows
   combined once for all interior outputs (h[r][t] = taps 2 (ia + t) - b ..
   + 2 of row r: the taps a pixel, 16 floats, every other pixel, so the
   rows of the block are output pixels 32 floats apart, uniformly across
   input rows when the width is even: two operations for the whole tile),
   then the three rows of each output row [ra, rb) (two operations, rows 2
   h rows apart, written OW pixels apart), then an average's 1/9. Output
   rows whose window reaches the padding stay on the vector unit. */
static void stream_interior(int avg, const pool_problem *p,
                            const pool_tile *a, const float *in, float *out,
                            long ia, long ib, long ra, long rb) {
  long W = p->w.n, OW = p->ow, half = W / 2 * V; /* a row of h */
  long nj = ib - ia;
  float *h = PSPM->rows;
  const float *tap = in + (2 * ia - p->w.b) * V;
  accel_vs_shape(a->ihn * (W / 2), V);
  accel_vs_stride(V, 2 * V, 2 * V);
  stream_combine(avg, h, tap, tap + V);
  accel_vs_stride(V, V, 2 * V);
  stream_combine(avg, h, h, tap + 2 * V);
  if (rb <= ra)
    return;
  /* Output row i's window rows are h rows 2 (oh0 + i) - b - ih0 + k. */
  const float *h0 = h + ((a->oh0 + ra) * 2 - p->h.b - a->ih0) * half;
  float *o = out + (ra * OW + ia) * V;
  accel_vs_shape(rb - ra, nj * V);
  accel_vs_stride(OW * V, 2 * half, 2 * half);
  stream_combine(avg, o, h0, h0 + half);
  accel_vs_stride(OW * V, OW * V, 2 * half);
  stream_combine(avg, o, o, h0 + 2 * half);
  if (avg) {
    /* (x - 0) * 1/9, per output row */
    float *params = PSPM->params;
    long n = rb - ra;
    for (long i = 0; i < n; ++i)
      params[i] = 0.0f, params[n + i] = 1.0f / 9.0f;
    accel_vs_stride(OW * V, OW * V, OW * V);
    accel_vs_act_none(o, o, params, NULL);
  }
}

/* The carried 3 x 3 / 2 interior of one lane group: strips of 8 columns
   (then single columns) down all of the tile's output rows, the
   transfers paced per strip. */
static void carried_interior(int avg, const pool_problem *p,
                             const pool_tile *a, const float *in, float *out,
                             long ia, long ib, dma_stream *q, int nq,
                             int *channel) {
  long strips = (ib - ia) / CarryStrip + (ib - ia) % CarryStrip;
  long ow = ia;
  const float *in0 = in - p->w.b * V;
  /* The tile's output rows whose window rows are all inside: 2 oh - b >= 0
     and 2 oh - b + 2 <= H - 1. */
  long ra = ceil_div(p->h.b, 2) - a->oh0;
  long rb = floor_div(p->h.n - 3 + p->h.b, 2) + 1 - a->oh0;
  ra = min_l(max_l(ra, 0), a->ohn);
  rb = max_l(min_l(rb, a->ohn), ra);
  int on_engine = p->w.n % 2 == 0;
  if (on_engine) {
    stream_interior(avg, p, a, in, out, ia, ib, ra, rb);
    if (ra == 0 && rb == a->ohn)
      return;
  }
  for (long k = 0; k < strips; ++k) {
    for (int i = 0; i < nq; ++i)
      dma_stream_pace(&q[i], strips - k, channel);
    const float *in_col = in0 + ow * 2 * V;
    float *out_col = out + ow * V;
    /* On the engine, only the rows outside [ra, rb) are left. */
    int inside = !on_engine;
    if (ow + CarryStrip <= ib) {
      if (avg)
        strip_rows(1, CarryStrip, inside, p, a, in_col, out_col, ra, rb);
      else
        strip_rows(0, CarryStrip, inside, p, a, in_col, out_col, ra, rb);
      ow += CarryStrip;
    } else {
      if (avg)
        strip_rows(1, 1, inside, p, a, in_col, out_col, ra, rb);
      else
        strip_rows(0, 1, inside, p, a, in_col, out_col, ra, rb);
      ++ow;
    }
  }
}

static void compute_tile(const pool_problem *p, const pool_tile *a,
                         const float *in, float *out, dma_stream *q, int nq,
                         int *channel) {
  long W = p->w.n, OW = p->ow;
  long lane_groups = ceil_div(a->planes, V);
  long in_group = a->ihn * W * V, out_group = a->ohn * OW * V;
  long steps = lane_groups * a->ohn, step = 0;
  int kind = interior_kind(p);
  /* The interior columns: every tap inside the input. */
  long ia = ceil_div(p->w.b, p->w.s);
  long ib = floor_div(W - extent(&p->w) + p->w.b, p->w.s) + 1;
  ia = min_l(ia, OW);
  ib = max_l(min_l(ib, OW), ia);
  if (!kind)
    ia = ib = 0;
  for (long lg = 0; lg < lane_groups; ++lg) {
    const float *gin = in + lg * in_group;
    float *gout = out + lg * out_group;
    if (kind == 4 && ia < ib)
      carried_interior(p->avg, p, a, gin, gout, ia, ib, q, nq, channel);
    for (long r = 0; r < a->ohn; ++r, ++step) {
      for (int i = 0; i < nq; ++i)
        dma_stream_pace(&q[i], steps - step, channel);
      long oh = a->oh0 + r, lo, hi, count_h;
      window_taps(&p->h, oh, p->include_pad, &lo, &hi, &count_h);
      long ih = oh * p->h.s - p->h.b + lo * p->h.d - a->ih0;
      const float *in_row = gin + ih * W * V;
      float *out_row = gout + r * OW * V;
      long rows = hi - lo, rstep = p->h.d * W * V;
      for (long ow = 0; ow < ia; ++ow)
        general_output(p, in_row, rows, count_h, ow, out_row + ow * V);
      if (ia < ib && kind != 4) {
        const float *in0 = in_row - p->w.b * V;
        float scale = 1.0f / (float)(count_h * p->w.k);
        if (p->avg)
          interior_row(1, kind, in0, rows, rstep, scale, ia, ib, out_row);
        else
          interior_row(0, kind, in0, rows, rstep, scale, ia, ib, out_row);
      }
      for (long ow = ib; ow < OW; ++ow)
        general_output(p, in_row, rows, count_h, ow, out_row + ow * V);
    }
  }
}

/* --------------------------------------------------------------- driver */

static void pool_run(const pool_problem *p) {
  long tiles = p->runs * p->groups * p->bands;
  int channel = 0;
  pool_tile a = tile_of(p, 0);
  dma_stream q[2];
  q[0] = gather_stream(p, &a, PSPM->in[0]);
  dma_stream_pace(&q[0], 1, &channel);
  accel_dma_wait_all();
  dma_stream done = {.outer = 0}; /* the previous tile's results */
  for (long t = 0; t < tiles; ++t) {
    int b = t & 1;
    q[0] = done;
    q[1].outer = 0;
    if (t + 1 < tiles) {
      pool_tile next = tile_of(p, t + 1);
      q[1] = gather_stream(p, &next, PSPM->in[!b]);
    }
    compute_tile(p, &a, PSPM->in[b], PSPM->out[b], q, 2, &channel);
    dma_stream_pace(&q[0], 1, &channel);
    dma_stream_pace(&q[1], 1, &channel);
    done = result_stream(p, &a, PSPM->out[b]);
    accel_dma_wait_all();
    if (t + 1 < tiles)
      a = tile_of(p, t + 1);
  }
  dma_stream_pace(&done, 1, &channel);
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
  const accel_tensor *x = ACCEL_STAGE(0, &xc, (const accel_tensor *)px);
  accel_tensor *y = ACCEL_STAGE(1, &yc, (const accel_tensor *)py);
  int have_options = ACCEL_STAGE(2, &o, (const accel_pool2d_options *)po) !=
                     NULL;
  accel_dma_wait_all();
  accel_status s;
  if ((s = accel_check_tensor(K, "x", x, 4, 4, 0)) ||
      (s = accel_check_tensor(K, "y", y, 4, 4, 1)))
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
  if (accel_tensors_overlap(y, x))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y", "overlaps x");
  long N = x->dims[0], C = x->dims[1], H = p.h.n, W = p.w.n;
  if (N == 0 || C == 0 || p.oh == 0 || p.ow == 0)
    return ACCEL_OK;
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
  /* Tiles: whole planes, as many lane groups as the target takes; else 16
     planes and bands of rows. */
  long run16 = (p.run_len + V - 1) / V * V;
  long plane_groups = TargetIn / (V * H * W);
  if (plane_groups >= 1 && V * p.oh * p.ow <= OutFloats) {
    long groups_fit = min_l(plane_groups, OutFloats / (V * p.oh * p.ow));
    p.g = min_l(groups_fit * V, run16);
    p.ob = p.oh;
  } else {
    p.g = V;
    long ext = extent(&p.h);
    long in_rows = max_l(TargetIn / (V * W), ext);
    if (V * W * ext > InFloats)
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                                "rows of %ld elements with a window %ld rows "
                                "high; at most %d elements in those rows",
                                W, ext, (int)(InFloats / V));
    if (V * W * in_rows > InFloats)
      in_rows = InFloats / (V * W);
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
