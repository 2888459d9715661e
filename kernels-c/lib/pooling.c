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
  InFloats = 176 * 1024,  /* an input tile: the largest band of rows */
  OutFloats = 48 * 1024,  /* an output tile */
  TargetIn = 64 * 1024,   /* the tile aimed at, so that the next one's
                             transfers run under this one's work */
  Strip = 8,              /* interior outputs a step */
};

typedef struct {
  float in[2][InFloats];
  float out[2][OutFloats];
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
  /* Tiles: groups of g planes (lane pitch gp), bands of ob output rows. */
  long g, gp, ob, groups, bands;
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
   (plane, r, c) at t + plane * ps + r * rs + c * cs) and the lanes layout
   buf[(r * cols + c) * gp + plane]: per plane, or per pixel when that is
   fewer; a plane's rows as one run when they follow each other. */
static dma_stream lanes_stream(float *t, long ps, long rs, long cs,
                               float *buf, long gp, long planes, long rows,
                               long cols, int to_lanes) {
  char *tb = (char *)t, *bb = (char *)buf;
  int run = cs == 1 && rs == cols;
  long per_plane = run ? planes : planes * rows;
  long per_pixel = rows * cols;
  dma_stream s;
  if (per_plane <= per_pixel) {
    /* outer planes, inner rows (one when a run): cols or rows * cols
       4-byte rows */
    long inner = run ? 1 : rows, len = run ? rows * cols : cols;
    s = (dma_stream){NULL, NULL, planes, inner, 0, 0, 0, 0,
                     len, 4, 0, 0, 0};
    long t_outer = 4 * ps, t_inner = 4 * rs, b_outer = 4, b_inner =
        4 * cols * gp;
    long t_row = 4 * cs, b_row = 4 * gp;
    if (to_lanes) {
      s.dst = bb, s.src = tb;
      s.dst_outer = b_outer, s.src_outer = t_outer;
      s.dst_inner = b_inner, s.src_inner = t_inner;
      s.dst_stride = b_row, s.src_stride = t_row;
    } else {
      s.dst = tb, s.src = bb;
      s.dst_outer = t_outer, s.src_outer = b_outer;
      s.dst_inner = t_inner, s.src_inner = b_inner;
      s.dst_stride = t_row, s.src_stride = b_row;
    }
  } else {
    /* outer rows, inner columns: one pixel of every plane each */
    s = (dma_stream){NULL, NULL, rows, cols, 0, 0, 0, 0, planes, 4, 0, 0, 0};
    long t_outer = 4 * rs, t_inner = 4 * cs, b_outer = 4 * cols * gp,
         b_inner = 4 * gp, t_row = 4 * ps, b_row = 4;
    if (to_lanes) {
      s.dst = bb, s.src = tb;
      s.dst_outer = b_outer, s.src_outer = t_outer;
      s.dst_inner = b_inner, s.src_inner = t_inner;
      s.dst_stride = b_row, s.src_stride = t_row;
    } else {
      s.dst = tb, s.src = bb;
      s.dst_outer = t_outer, s.src_outer = b_outer;
      s.dst_inner = t_inner, s.src_inner = b_inner;
      s.dst_stride = t_row, s.src_stride = b_row;
    }
  }
  if (planes == 0 || rows == 0 || cols == 0)
    s.outer = 0;
  return s;
}

static dma_stream gather_stream(const pool_problem *p, const pool_tile *a,
                                float *buf) {
  return lanes_stream((float *)a->x, p->x_plane, p->xh, p->xw, buf, p->gp,
                      a->planes, a->ihn, p->w.n, 1);
}

static dma_stream result_stream(const pool_problem *p, const pool_tile *a,
                                float *buf) {
  return lanes_stream(a->y, p->y_plane, p->yh, p->yw, buf, p->gp, a->planes,
                      a->ohn, p->ow, 0);
}

/* -------------------------------------------------------------- compute */

#define VMAX(a, b) __builtin_elementwise_max(a, b)
#define COMBINE(avg, a, b) ((avg) ? (a) + (b) : VMAX(a, b))

/* Interior outputs ow0 .. ow0 + S - 1 of one output row: rows window rows
   from `in` (the first tap of output ow0 in the first row), rstep floats
   apart; pixels gp floats apart. KW, SW and S are constants in each
   instance, so c[] and acc[] live in registers. */
static inline __attribute__((always_inline)) void
interior(int avg, int KW, int SW, int S, const float *in, long rows,
         long rstep, long gp, float scale, float *out) {
  accel_v16f acc[Strip];
  const accel_v16f id = avg ? 0.0f : -INFINITY;
  for (int j = 0; j < S; ++j)
    acc[j] = id;
  for (long r = 0; r < rows; ++r, in += rstep) {
    accel_v16f c[(Strip - 1) * 3 + 3];
    for (int i = 0; i < (S - 1) * SW + KW; ++i)
      c[i] = accel_vload(in + i * gp);
    for (int j = 0; j < S; ++j) {
      accel_v16f h = c[j * SW];
      for (int t = 1; t < KW; ++t)
        h = COMBINE(avg, h, c[j * SW + t]);
      acc[j] = COMBINE(avg, acc[j], h);
    }
  }
  for (int j = 0; j < S; ++j)
    accel_vstore(out + j * gp, avg ? acc[j] * scale : acc[j]);
}

/* Output (row, ow) of one lane group by its taps: rows [kh_lo, kh_hi) of
   the window from in_row (the input row of tap kh_lo), columns from the
   column geometry. */
static void general_output(const pool_problem *p, const float *in_row,
                           long kh_rows, long count_h, long ow, float *out) {
  long lo, hi, count_w;
  window_taps(&p->w, ow, p->include_pad, &lo, &hi, &count_w);
  long gp = p->gp, W = p->w.n;
  const float *in = in_row + (ow * p->w.s - p->w.b + lo * p->w.d) * gp;
  long rstep = p->h.d * W * gp, cstep = p->w.d * gp;
  accel_v16f acc = p->avg ? 0.0f : -INFINITY;
  for (long r = 0; r < kh_rows; ++r, in += rstep) {
    const float *q = in;
    for (long c = lo; c < hi; ++c, q += cstep)
      acc = p->avg ? acc + accel_vload(q) : VMAX(acc, accel_vload(q));
  }
  if (p->avg)
    acc = acc * (1.0f / (float)(count_h * count_w));
  accel_vstore(out, acc);
}

/* Which interior kernel a window width and stride have (0: none). */
static int interior_kind(const pool_problem *p) {
  if (p->w.d != 1)
    return 0;
  if (p->w.k == 3 && p->w.s == 2)
    return 1;
  if (p->w.k == 2 && p->w.s == 2)
    return 2;
  if (p->w.k == 3 && p->w.s == 1)
    return 3;
  return 0;
}

/* The interior columns [a, b) of one output row. */
static inline __attribute__((always_inline)) void
interior_row(int avg, int kind, const float *in0, long rows, long rstep,
             long gp, float scale, long a, long b, float *out) {
  long ow = a;
#define RUN(KW, SW)                                                            \
  do {                                                                         \
    for (; ow + Strip <= b; ow += Strip)                                       \
      interior(avg, KW, SW, Strip, in0 + ow * SW * gp, rows, rstep, gp, scale, \
               out + ow * gp);                                                 \
    for (; ow < b; ++ow)                                                       \
      interior(avg, KW, SW, 1, in0 + ow * SW * gp, rows, rstep, gp, scale,     \
               out + ow * gp);                                                 \
  } while (0)
  if (kind == 1)
    RUN(3, 2);
  else if (kind == 2)
    RUN(2, 2);
  else
    RUN(3, 1);
#undef RUN
}

static void compute_tile(const pool_problem *p, const pool_tile *a,
                         const float *in, float *out, dma_stream *q, int nq,
                         int *channel) {
  long gp = p->gp, W = p->w.n, OW = p->ow;
  long lane_groups = ceil_div(a->planes, V);
  long steps = lane_groups * a->ohn, step = 0;
  int kind = interior_kind(p);
  /* The interior columns: every tap inside the input. */
  long ia = ceil_div(p->w.b, p->w.s);
  long ib = floor_div(W - extent(&p->w) + p->w.b, p->w.s) + 1;
  ia = min_l(ia, OW);
  ib = max_l(min_l(ib, OW), ia);
  if (!kind)
    ia = ib = 0;
  for (long lg = 0; lg < lane_groups; ++lg)
    for (long r = 0; r < a->ohn; ++r, ++step) {
      for (int i = 0; i < nq; ++i)
        dma_stream_pace(&q[i], steps - step, channel);
      long oh = a->oh0 + r, lo, hi, count_h;
      window_taps(&p->h, oh, p->include_pad, &lo, &hi, &count_h);
      long ih = oh * p->h.s - p->h.b + lo * p->h.d - a->ih0;
      const float *in_row = in + ih * W * gp + lg * V;
      float *out_row = out + r * OW * gp + lg * V;
      long rows = hi - lo, rstep = p->h.d * W * gp;
      for (long ow = 0; ow < ia; ++ow)
        general_output(p, in_row, rows, count_h, ow, out_row + ow * gp);
      if (ia < ib) {
        const float *in0 = in_row - p->w.b * gp;
        float scale = 1.0f / (float)(count_h * p->w.k);
        if (p->avg)
          interior_row(1, kind, in0, rows, rstep, gp, scale, ia, ib,
                       out_row);
        else
          interior_row(0, kind, in0, rows, rstep, gp, scale, ia, ib,
                       out_row);
      }
      for (long ow = ib; ow < OW; ++ow)
        general_output(p, in_row, rows, count_h, ow, out_row + ow * gp);
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
    p.gp = min_l(groups_fit * V, run16);
    p.ob = p.oh;
  } else {
    p.gp = V;
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
  p.g = min_l(p.gp, p.run_len);
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
