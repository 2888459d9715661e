/* reduce.c - ONNX's reductions of f32 over any set of axes on the vector
   unit (docs/kernels.md, "Reductions"): sum, mean, max, min, prod, and
   the sums of |x| (L1) and of x^2 (SumSquare, L2 and its root), LogSum
   (the sum's log) and LogSumExp. On the vector unit the root and the log
   are taken in a scalar loop over a chunk's results; whole contiguous
   lines go to the stream engine (below) but for min and prod. LogSumExp
   takes two passes over each line: the engine's, or reduce_typed.c's
   scalar loops, as do the other element types.

   The problem. x's dimensions of 1 are dropped and neighbours merged where
   both tensors' strides allow (the reduced ones where x's do), leaving
   kept and reduced dimensions. The innermost kept dimension (ki) and the
   innermost reduced one (ri) make a 2-D problem, a kc x rc tile at a time;
   the others are loops (odometers) around it, the reduced ones
   accumulating into the same outputs.

   Two layouts of a tile in the scratchpad, both made by the DMA engine
   whatever x's strides (it moves 4-byte rows at its full rate):
   - lanes, [r][k]: 16 outputs across a vector's lanes, one vld and one
     vadd (vmax, vmin) per 16 elements, never a horizontal reduction;
     for 16 or more outputs;
   - lines, [k][r]: each output's elements contiguous, reduced along the
     line and then across the lanes (vredsum, vredmax); for fewer than 16
     outputs, and for long lines that are contiguous in x, whose tiles
     then arrive as one transfer rather than one per element column.
   Tiles are double-buffered: the next tile's transfers and the last
   finished chunk's results are issued a few at a time between the
   compute steps (dma_stream.h). */

#include "core/dma_stream.h"
#include "core/kernel_args.h"
#include "core/kernel_machine.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include "reduce/reduce_core.h"
#include <math.h>
#include <stddef.h>

enum {
  V = KERNEL_LANES,
  Channels = KERNEL_DMA_CHANNELS,
  TileFloats = 32 * 1024, /* 128 KiB: the next tile's transfer runs under
                             this one's work */
  MinLine = 64,           /* contiguous lines at least this long: lines */
  LanesRows = 256,        /* rows of a lanes tile, where x has them */
};

/* The most lines a tile holds (the lines layout's kc). */
enum { MaxLines = TileFloats / V };

typedef struct {
  float tile[2][TileFloats];
  float acc[TileFloats]; /* partial results between a chunk's tiles */
  float res[2][TileFloats];
  /* The engine's per-line parameters, bias 0 and scale 1 (the bias
     LogSumExp's maxima) and bias 0 and scale -1, for params_kc lines. */
  float params[2 * MaxLines], params_neg[2 * MaxLines];
} reduce_spm;
KERNEL_SPM_FITS(reduce_spm);
#define RSPM KERNEL_SPM(reduce_spm)

long reduce_run_arena_bytes(void) { return (long)sizeof(reduce_spm); }

static long min_l(long a, long b) { return a < b ? a : b; }
static long ceil_div(long a, long b) { return (a + b - 1) / b; }
static long round_lanes(long n) { return (n + V - 1) / V * V; }

/* ------------------------------------------------------------ the problem */

typedef struct {
  int rank;
  long dims[ACCEL_MAX_RANK], xs[ACCEL_MAX_RANK], ys[ACCEL_MAX_RANK];
} odometer;

static long odometer_count(const odometer *o) {
  long n = 1;
  for (int d = 0; d < o->rank; ++d)
    n *= o->dims[d];
  return n;
}

/* The x and y offsets of the odometer's index i. */
static void odometer_offsets(const odometer *o, long i, long *x, long *y) {
  *x = *y = 0;
  for (int d = o->rank - 1; d >= 0; --d) {
    long q = i % o->dims[d];
    *x += q * o->xs[d], *y += q * o->ys[d];
    i /= o->dims[d];
  }
}

typedef struct {
  accel_reduce_op op;
  const float *x;
  float *y;
  odometer ok, orr;      /* the outer kept and outer reduced dimensions */
  long ki, ki_xs, ki_ys; /* the innermost kept dimension (1: none) */
  long ri, ri_xs;        /* the innermost reduced one (1: none) */
  long count;            /* reduced elements per output */
  int lines;             /* the layout: lines [k][r] or lanes [r][k] */
  int on_engine;         /* lines whole in a tile, on the stream engine */
  long kc, rc, kcp, rcp; /* a tile's extents and padded ones */
  long nkc, nrc, nk, nr; /* chunks of ki and ri; tiles of K and of R */
} reduce_problem;

static void make_problem(reduce_problem *p, accel_reduce_op op,
                         const accel_tensor *x, const int *reduced, float *y,
                         const long *y_strides) {
  struct {
    long n, xs, ys;
    int red;
  } d[ACCEL_MAX_RANK];
  int m = 0;
  p->op = op, p->x = x->data, p->y = y, p->count = 1;
  for (int i = 0; i < x->rank; ++i) {
    if (reduced[i])
      p->count *= x->dims[i];
    /* Dimensions of 1 take no part; a reduced one of 0 only makes the
       count 0 (the empty reduction). */
    if (x->dims[i] == 1 || x->dims[i] == 0)
      continue;
    long ys = reduced[i] ? 0 : y_strides[i];
    if (m && d[m - 1].red == reduced[i] &&
        d[m - 1].xs == x->strides[i] * x->dims[i] &&
        (reduced[i] || d[m - 1].ys == ys * x->dims[i])) {
      d[m - 1].n *= x->dims[i];
      d[m - 1].xs = x->strides[i], d[m - 1].ys = ys;
      continue;
    }
    d[m].n = x->dims[i], d[m].xs = x->strides[i], d[m].ys = ys;
    d[m++].red = reduced[i];
  }
  p->ok.rank = p->orr.rank = 0;
  p->ki = p->ri = 1;
  p->ki_xs = p->ki_ys = p->ri_xs = 0;
  int last_k = -1, last_r = -1;
  for (int i = 0; i < m; ++i)
    *(d[i].red ? &last_r : &last_k) = i;
  for (int i = 0; i < m; ++i) {
    if (i == last_k) {
      p->ki = d[i].n, p->ki_xs = d[i].xs, p->ki_ys = d[i].ys;
    } else if (i == last_r) {
      p->ri = d[i].n, p->ri_xs = d[i].xs;
    } else {
      odometer *o = d[i].red ? &p->orr : &p->ok;
      o->dims[o->rank] = d[i].n, o->xs[o->rank] = d[i].xs;
      o->ys[o->rank++] = d[i].ys;
    }
  }
  /* Contiguous lines that a tile holds whole go to the stream engine, one
     instruction a tile whatever their length (not min: the engine has no
     row minimum). */
  p->on_engine = op != ACCEL_REDUCE_MIN && op != ACCEL_REDUCE_PROD &&
                 p->ri_xs == 1 && p->ki_xs != 1 && p->orr.rank == 0 &&
                 p->ri <= TileFloats && p->count;
  p->lines = p->ki < V || p->on_engine ||
             (p->ri_xs == 1 && p->ki_xs != 1 && p->ri >= MinLine);
  if (p->lines) {
    p->rc = min_l(p->ri, TileFloats);
    p->rcp = round_lanes(p->rc);
    p->kc = min_l(p->ki, min_l(TileFloats / p->rcp, TileFloats / V));
    p->kcp = p->kc;
  } else {
    /* At least LanesRows rows a tile where there are: the per-step work
       (the partial result's load and store, the loop's entry) is then
       small against the step's loads. */
    p->kc = min_l(p->ki, TileFloats / min_l(p->ri, LanesRows));
    if (p->kc < p->ki)
      p->kc = p->kc / V * V;
    p->kcp = round_lanes(p->kc);
    p->rc = min_l(p->ri, TileFloats / p->kcp);
    p->rcp = p->rc;
  }
  p->nkc = ceil_div(p->ki, p->kc);
  p->nrc = ceil_div(p->ri, p->rc);
  p->nk = odometer_count(&p->ok) * p->nkc;
  p->nr = p->count ? odometer_count(&p->orr) * p->nrc : 0;
}

/* Tile t's place: its kc x rc block of x, its first output, and whether
   it is its outputs' first and last tile. */
typedef struct {
  const float *x;
  float *y;
  long kc, rc, kq;
  int first, last;
} tile_place;

static tile_place place_of(const reduce_problem *p, long t) {
  long kq = t / p->nr, rq = t % p->nr;
  long xo, yo, xr, yr;
  odometer_offsets(&p->ok, kq / p->nkc, &xo, &yo);
  odometer_offsets(&p->orr, rq / p->nrc, &xr, &yr);
  long k0 = kq % p->nkc * p->kc, r0 = rq % p->nrc * p->rc;
  tile_place s;
  s.x = p->x + xo + xr + k0 * p->ki_xs + r0 * p->ri_xs;
  s.y = p->y + yo + k0 * p->ki_ys;
  s.kc = min_l(p->kc, p->ki - k0);
  s.rc = min_l(p->rc, p->ri - r0);
  s.kq = kq;
  s.first = rq == 0, s.last = rq == p->nr - 1;
  return s;
}

/* ------------------------------------------------------------- transfers */

/* Streams (up to two) moving a rows x cols block whose element (i, j) is
   at src + i * srs + j * scs to dst + i * drs + j * dcs (floats): with
   contiguous rows on both sides, rows of cols floats in up to
   KERNEL_DMA_CHANNELS transfers (one per channel, the remainder a second
   stream); otherwise 4-byte rows, one transfer per row or per column (the
   fewer). Returns how many streams. */
static int block_streams(dma_stream *s, float *dst, long drs, long dcs,
                         const float *src, long srs, long scs, long rows,
                         long cols) {
  if (rows == 0 || cols == 0)
    return 0;
  if (cols == 1 || (dcs == 1 && scs == 1)) {
    long per = ceil_div(rows, Channels), full = rows / per, rest = rows % per;
    s[0] = (dma_stream){.dst = (char *)dst,
                        .src = (const char *)src,
                        .outer = 1,
                        .inner = full,
                        .dst_inner = 4 * per * drs,
                        .src_inner = 4 * per * srs,
                        .rows = per,
                        .row_bytes = 4 * cols,
                        .dst_stride = 4 * drs,
                        .src_stride = 4 * srs};
    if (!rest)
      return 1;
    s[1] = (dma_stream){.dst = (char *)(dst + full * per * drs),
                        .src = (const char *)(src + full * per * srs),
                        .outer = 1,
                        .inner = 1,
                        .rows = rest,
                        .row_bytes = 4 * cols,
                        .dst_stride = 4 * drs,
                        .src_stride = 4 * srs};
    return 2;
  }
  /* One transfer per row of 4-byte rows (the columns), or per column. */
  int by_row = rows <= cols;
  s[0] = (dma_stream){.dst = (char *)dst,
                      .src = (const char *)src,
                      .outer = 1,
                      .inner = by_row ? rows : cols,
                      .dst_inner = 4 * (by_row ? drs : dcs),
                      .src_inner = 4 * (by_row ? srs : scs),
                      .rows = by_row ? cols : rows,
                      .row_bytes = 4,
                      .dst_stride = 4 * (by_row ? dcs : drs),
                      .src_stride = 4 * (by_row ? scs : srs)};
  return 1;
}

/* The streams that bring tile t into buffer buf. */
static int gather_streams(const reduce_problem *p, long t, float *buf,
                          dma_stream *s) {
  tile_place a = place_of(p, t);
  if (p->lines)
    return block_streams(s, buf, p->rcp, 1, a.x, p->ki_xs, p->ri_xs, a.kc,
                         a.rc);
  return block_streams(s, buf, p->kcp, 1, a.x, p->ri_xs, p->ki_xs, a.rc, a.kc);
}

typedef struct {
  dma_stream s[Channels];
  int n;
} stream_set;

static void pace(stream_set *q, long steps_left, int *channel) {
  for (int i = 0; i < q->n; ++i)
    dma_stream_pace(&q->s[i], steps_left, channel);
}

/* ------------------------------------------------------------- compute */

#define VMAX(a, b) __builtin_elementwise_max(a, b)
#define VMIN(a, b) __builtin_elementwise_min(a, b)

static float identity(accel_reduce_op op) {
  return op == ACCEL_REDUCE_MAX    ? -INFINITY
         : op == ACCEL_REDUCE_MIN  ? INFINITY
         : op == ACCEL_REDUCE_PROD ? 1.0f
                                   : 0.0f;
}

static inline __attribute__((always_inline)) accel_v16f
combine(accel_reduce_op op, accel_v16f a, accel_v16f b) {
  return op == ACCEL_REDUCE_MAX    ? VMAX(a, b)
         : op == ACCEL_REDUCE_MIN  ? VMIN(a, b)
         : op == ACCEL_REDUCE_PROD ? a * b
                                   : a + b;
}

/* An element as the kind sums it: |x| for L1, x^2 for L2 and SumSquare. */
static inline __attribute__((always_inline)) accel_v16f term(accel_reduce_op op,
                                                             accel_v16f v) {
  return op == ACCEL_REDUCE_L1 ? __builtin_elementwise_abs(v)
         : op == ACCEL_REDUCE_L2 || op == ACCEL_REDUCE_SUM_SQUARE ? v * v
                                                                  : v;
}

/* The kind's last step on a finished sum (L2's root, LogSum's log). */
static inline float finish(accel_reduce_op op, float r) {
  return op == ACCEL_REDUCE_L2        ? sqrtf(r)
         : op == ACCEL_REDUCE_LOG_SUM ? logf(r)
                                      : r;
}

/* The product of v's lanes (there is no vredmul). */
static float lanes_product(accel_v16f v) {
  static ACCEL_SPM float lanes[V];
  accel_vstore(lanes, v);
  float r = 1.0f;
  for (int i = 0; i < V; ++i)
    r *= lanes[i];
  return r;
}

/* The lanes layout: 16 outputs a step, rc vectors each in four chains
   (vadd's latency). op is a constant in each instance. */
static inline __attribute__((always_inline)) void
lanes_tile(accel_reduce_op op, const float *tile, long kc, long rc, long kcp,
           const tile_place *a, float scale, float *res, stream_set *q,
           int *channel) {
  const accel_v16f id = identity(op);
  long blocks = ceil_div(kc, V);
  float *acc = RSPM->acc;
  for (long b = 0; b < blocks; ++b) {
    pace(q, blocks - b, channel);
    const float *p = tile + b * V;
    /* Not a select on a->first: a vector select on a scalar condition
       becomes one per lane. */
    accel_v16f a0 = id, a1 = id, a2 = id, a3 = id;
    if (!a->first)
      a0 = accel_vload(acc + b * V);
    long r = 0;
    for (; r + 4 <= rc; r += 4, p += 4 * kcp) {
      a0 = combine(op, a0, term(op, accel_vload(p)));
      a1 = combine(op, a1, term(op, accel_vload(p + kcp)));
      a2 = combine(op, a2, term(op, accel_vload(p + 2 * kcp)));
      a3 = combine(op, a3, term(op, accel_vload(p + 3 * kcp)));
    }
    for (; r < rc; ++r, p += kcp)
      a0 = combine(op, a0, term(op, accel_vload(p)));
    accel_v16f v = combine(op, combine(op, a0, a1), combine(op, a2, a3));
    if (a->last)
      accel_vstore(res + b * V, op == ACCEL_REDUCE_MEAN ? v * scale : v);
    else
      accel_vstore(acc + b * V, v);
  }
  if (a->last && (op == ACCEL_REDUCE_L2 || op == ACCEL_REDUCE_LOG_SUM))
    for (long k = 0; k < kc; ++k)
      res[k] = finish(op, res[k]);
}

static inline accel_v16f fill_outside(accel_v16f v, long k, long n,
                                      float fill) {
  const accel_v16i lane = {0, 1, 2,  3,  4,  5,  6,  7,
                           8, 9, 10, 11, 12, 13, 14, 15};
  return lane < (accel_v16i)(int)(n - k) ? v : (accel_v16f)fill;
}

/* The lines layout: one output a step, its line in four chains, then
   across the lanes on its last tile. */
static inline __attribute__((always_inline)) void
lines_tile(accel_reduce_op op, const float *tile, long kc, long rc, long rcp,
           const tile_place *a, float scale, float *res, stream_set *q,
           int *channel) {
  const float f = identity(op);
  const accel_v16f id = f;
  float *acc = RSPM->acc;
  long full = rc / V * V;
  for (long k = 0; k < kc; ++k) {
    pace(q, kc - k, channel);
    const float *p = tile + k * rcp;
    accel_v16f a0 = id, a1 = id, a2 = id, a3 = id;
    if (!a->first)
      a0 = accel_vload(acc + k * V);
    long i = 0;
    for (; i + 4 * V <= full; i += 4 * V) {
      a0 = combine(op, a0, term(op, accel_vload(p + i)));
      a1 = combine(op, a1, term(op, accel_vload(p + i + V)));
      a2 = combine(op, a2, term(op, accel_vload(p + i + 2 * V)));
      a3 = combine(op, a3, term(op, accel_vload(p + i + 3 * V)));
    }
    for (; i < full; i += V)
      a0 = combine(op, a0, term(op, accel_vload(p + i)));
    if (full < rc)
      a1 = combine(op, a1,
                   fill_outside(term(op, accel_vload(p + full)), full, rc, f));
    accel_v16f v = combine(op, combine(op, a0, a1), combine(op, a2, a3));
    if (!a->last) {
      accel_vstore(acc + k * V, v);
      continue;
    }
    float r = op == ACCEL_REDUCE_MAX    ? accel_vredmax(v)
              : op == ACCEL_REDUCE_MIN  ? -accel_vredmax(-v)
              : op == ACCEL_REDUCE_PROD ? lanes_product(v)
                                        : finish(op, accel_vredsum(v));
    res[k] = op == ACCEL_REDUCE_MEAN ? r * scale : r;
  }
}

/* The lines RSPM's parameter blocks are laid out for (0: none yet). */
static ACCEL_SPM long params_kc;

/* Lays out the parameter blocks for kc lines where they are not: a store
   waits for the engine's reads of what it overwrites, so only when kc
   changes (a call's first tile and its last chunk's). */
static void line_params(long kc) {
  if (kc == params_kc)
    return;
  float *p = RSPM->params, *n = RSPM->params_neg;
  for (long i = 0; i < kc; i += V) {
    accel_vstore(p + i, (accel_v16f)0.0f);
    accel_vstore(n + i, (accel_v16f)0.0f);
    accel_vstore(p + kc + i, (accel_v16f)1.0f);
    accel_vstore(n + kc + i, (accel_v16f)-1.0f);
  }
  params_kc = kc;
}

/* A tile of kc whole lines on the stream engine (docs/isa.md 7.13), each
   sum in double precision and rounded once: the mean (vs.moments), times
   the count for the sum and before LogSum's log; the maximum (vs.redmax,
   maxNum as the vector unit's); the row sums of x^2 (vs.act.square: L2,
   SumSquare) and of relu(x) and relu(-x) (L1); LogSumExp as
   m + log(sum exp(x - m)), m the maximum clamped to f32's finite range (a
   line of -inf gives -inf, one with +inf +inf). res takes 2 kc floats. */
static void engine_tile(accel_reduce_op op, const float *tile, long kc, long rc,
                        long rcp, long count, float *res, stream_set *q,
                        int *channel) {
  static ACCEL_SPM float times_count[2];
  static KERNEL_SPM_CONST float unit[2] = {0.0f, 1.0f},
                                finite[2] = {-3.40282347e38f, 3.40282347e38f};
  pace(q, 1, channel);
  if (op > ACCEL_REDUCE_MIN)
    line_params(kc);
  accel_vs_shape(kc, rc);
  accel_vs_stride(rcp, rcp, rcp);
  switch (op) {
  case ACCEL_REDUCE_MAX:
    accel_vs_redmax(res, tile);
    return;
  case ACCEL_REDUCE_L2:
  case ACCEL_REDUCE_SUM_SQUARE:
    accel_vs_act_square(NULL, tile, RSPM->params, res);
    if (op == ACCEL_REDUCE_L2) {
      accel_vs_shape(1, kc);
      accel_vs_act_sqrt(res, res, unit, NULL);
    }
    return;
  case ACCEL_REDUCE_L1:
    accel_vs_act_relu(NULL, tile, RSPM->params, res);
    accel_vs_act_relu(NULL, tile, RSPM->params_neg, res + kc);
    accel_vs_shape(1, kc);
    accel_vs_add(res, res, res + kc);
    return;
  case ACCEL_REDUCE_LOG_SUM_EXP: {
    float *m = RSPM->params; /* the bias block: each line's maximum */
    accel_vs_redmax(m, tile);
    accel_vs_shape(kc, 1);
    accel_vs_stride(1, 1, 0);
    accel_vs_max(m, m, finite);
    accel_vs_min(m, m, finite + 1);
    accel_vs_shape(kc, rc);
    accel_vs_stride(rcp, rcp, rcp);
    accel_vs_act_exp(NULL, tile, m, res + kc);
    accel_vs_shape(1, kc);
    accel_vs_act_log(res + kc, res + kc, unit, NULL);
    accel_vs_add(res, res + kc, m);
    return;
  }
  default:
    break;
  }
  accel_vs_moments(res, tile);
  if (op == ACCEL_REDUCE_SUM || op == ACCEL_REDUCE_LOG_SUM) {
    times_count[0] = 0.0f, times_count[1] = (float)count;
    accel_vs_shape(1, kc);
    if (op == ACCEL_REDUCE_SUM)
      accel_vs_act_none(res, res, times_count, NULL);
    else
      accel_vs_act_log(res, res, times_count, NULL);
  }
}

static void compute_tile(const reduce_problem *p, const float *tile,
                         const tile_place *a, float scale, float *res,
                         stream_set *q, int *channel) {
  if (p->on_engine) {
    engine_tile(p->op, tile, a->kc, a->rc, p->rcp, p->count, res, q, channel);
    return;
  }
#define CASE(OP)                                                               \
  case OP:                                                                     \
    if (p->lines)                                                              \
      lines_tile(OP, tile, a->kc, a->rc, p->rcp, a, scale, res, q, channel);   \
    else                                                                       \
      lanes_tile(OP, tile, a->kc, a->rc, p->kcp, a, scale, res, q, channel);   \
    break;
  switch (p->op) {
    CASE(ACCEL_REDUCE_SUM)
    CASE(ACCEL_REDUCE_MEAN)
    CASE(ACCEL_REDUCE_MAX)
    CASE(ACCEL_REDUCE_MIN)
    CASE(ACCEL_REDUCE_L1)
    CASE(ACCEL_REDUCE_L2)
    CASE(ACCEL_REDUCE_LOG_SUM)
    CASE(ACCEL_REDUCE_PROD)
    CASE(ACCEL_REDUCE_SUM_SQUARE)
  default: /* log_sum_exp: reduce_typed.c */
    break;
  }
#undef CASE
}

/* ---------------------------------------------------------------- driver */

/* The stream writing a finished chunk's kc results to y. */
static int result_streams(const reduce_problem *p, const tile_place *a,
                          float *res, dma_stream *s) {
  return block_streams(s, a->y, p->ki_ys, 1, res, 1, 1, a->kc, 1);
}

/* The empty reduction: every output the identity (the mean's 0/0: NaN),
   finished (LogSum's log 0: -inf). */
static void reduce_empty(const reduce_problem *p) {
  float v = p->op == ACCEL_REDUCE_MEAN ? NAN : finish(p->op, identity(p->op));
  float *res = RSPM->res[0];
  for (long k = 0; k < p->kc; ++k)
    res[k] = v;
  int channel = 0;
  for (long kq = 0; kq < p->nk; ++kq) {
    long yo, xo;
    odometer_offsets(&p->ok, kq / p->nkc, &xo, &yo);
    long k0 = kq % p->nkc * p->kc;
    tile_place a = {.y = p->y + yo + k0 * p->ki_ys,
                    .kc = min_l(p->kc, p->ki - k0),
                    .kq = kq,
                    .first = 1,
                    .last = 1};
    stream_set q;
    q.n = result_streams(p, &a, res, q.s);
    pace(&q, 1, &channel);
  }
  accel_dma_wait_all();
}

void reduce_run(accel_reduce_op op, const accel_tensor *x, const int *reduced,
                float *y, const long *y_strides) {
  for (int d = 0; d < x->rank; ++d)
    if (!reduced[d] && x->dims[d] == 0)
      return; /* no outputs */
  reduce_problem p;
  make_problem(&p, op, x, reduced, y, y_strides);
  if (op == ACCEL_REDUCE_LOG_SUM_EXP && !p.on_engine) {
    /* Two passes over each line: whole lines are the engine's only. */
    reduce_typed_run(op, x, reduced, y, y_strides);
    return;
  }
  if (p.nr == 0) {
    reduce_empty(&p);
    return;
  }
  params_kc = 0;
  float scale = 1.0f / (float)p.count;
  long tiles = p.nk * p.nr;
  int channel = 0;
  stream_set q;
  q.n = gather_streams(&p, 0, RSPM->tile[0], q.s);
  pace(&q, 1, &channel);
  stream_set w = {.n = 0};  /* the last finished chunk's results */
  stream_set in = {.n = 0}; /* the next tile's, its head start issued */
  if (tiles > 1)
    in.n = gather_streams(&p, 1, RSPM->tile[1], in.s);
  dma_wait_with_head_start(in.s, in.n, &channel);
  for (long t = 0; t < tiles; ++t) {
    tile_place a = place_of(&p, t);
    stream_set s = w;
    for (int i = 0; i < in.n; ++i)
      s.s[s.n++] = in.s[i];
    float *res = RSPM->res[a.kq & 1];
    compute_tile(&p, RSPM->tile[t & 1], &a, scale, res, &s, &channel);
    pace(&s, 1, &channel);
    w.n = a.last ? result_streams(&p, &a, res, w.s) : 0;
    /* Tile t + 2 comes into this tile's buffer (its transfers wait for
       the engine's reads of it, docs/isa.md 7.13), started before the
       wait for t + 1. */
    in.n =
        t + 2 < tiles ? gather_streams(&p, t + 2, RSPM->tile[t & 1], in.s) : 0;
    dma_wait_with_head_start(in.s, in.n, &channel);
  }
  pace(&w, 1, &channel);
  accel_dma_wait_all();
}

/* ------------------------------------------------------------ accel_reduce */

/* accel_reduce's arguments (kernel_stack.h). */
typedef struct {
  const accel_tensor *x, *y;
  const int *axes;
  int op, num_axes;
} reduce_args;

static long reduce_body(const void *args, const void *unused1,
                        const void *unused2, const void *unused3) {
  static const char K[] = "accel_reduce";
  (void)unused1, (void)unused2, (void)unused3;
  reduce_args a = *(const reduce_args *)args;
  const void *px = a.x, *py = a.y, *paxes = a.axes;
  int op = a.op, num_axes = a.num_axes;
  accel_tensor xc, yc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)px);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, (const accel_tensor *)py);
  int axes[ACCEL_MAX_RANK];
  int axes_ok = num_axes >= 0 && num_axes <= ACCEL_MAX_RANK && paxes;
  if (axes_ok && num_axes)
    accel_dma_1d(2, axes, paxes, 4 * num_axes);
  accel_dma_wait_all();
  accel_status s;
  if (op < ACCEL_REDUCE_SUM || op > ACCEL_REDUCE_SUM_SQUARE)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "op",
                              "%d is not an accel_reduce_op", op);
  /* f32 on the vector unit and the stream engine; the rest
     reduce_typed.c's. */
  int typed = x && x->dtype != ACCEL_F32;
  if (!typed && ((s = accel_check_tensor(K, "x", x, 0, ACCEL_MAX_RANK, 0)) ||
                 (s = accel_check_tensor(K, "y", y, 0, ACCEL_MAX_RANK, 1))))
    return s;
  if (typed) {
    const unsigned types = ACCEL_ALL_DTYPES & ~ACCEL_DTYPE_BIT(ACCEL_BOOL);
    if ((s = accel_check_tensor_typed(K, "x", x, types, 0, ACCEL_MAX_RANK,
                                      0)) ||
        (s = accel_check_tensor_typed(K, "y", y, ACCEL_DTYPE_BIT(x->dtype), 0,
                                      ACCEL_MAX_RANK, 1)))
      return s;
  }
  if (num_axes < 0 || num_axes > x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "num_axes",
                              "%d, expected 0 to %d (x's rank)", num_axes,
                              x->rank);
  if (num_axes && !paxes)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "axes",
                              "null with %d axes", num_axes);
  int reduced[ACCEL_MAX_RANK] = {0};
  for (int i = 0; i < num_axes; ++i) {
    int a = axes[i];
    if (a < -x->rank || a >= x->rank)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "axes",
                                "%d is not a dimension of a rank-%d tensor", a,
                                x->rank);
    a = a < 0 ? a + x->rank : a;
    if (reduced[a])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "axes",
                                "dimension %d given twice", a);
    reduced[a] = 1;
  }
  int n = num_axes;
  if (!num_axes)
    for (int d = 0; d < x->rank; ++d)
      reduced[d] = 1, n = x->rank;
  /* y's stride per x dimension: keepdims (y's rank is x's) or not. */
  long ys[ACCEL_MAX_RANK] = {0};
  int keep = y->rank == x->rank;
  if (!keep && y->rank != x->rank - n)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                              "rank %d, expected %d (keepdims) or %d", y->rank,
                              x->rank, x->rank - n);
  for (int d = 0, e = 0; d < x->rank; ++d) {
    if (!keep && reduced[d])
      continue;
    long want = reduced[d] ? 1 : x->dims[d];
    if (y->dims[e] != want)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                                "dimension %d is %ld, expected %ld", e,
                                y->dims[e], want);
    ys[d] = y->strides[e++];
  }
  if (typed ? accel_typed_tensors_overlap(y, x) : accel_tensors_overlap(y, x))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y", "overlaps x");
  if (accel_only_checking())
    return ACCEL_OK;
  int half = x->dtype == ACCEL_F16 || x->dtype == ACCEL_BF16;
  if (!typed)
    reduce_run((accel_reduce_op)op, x, reduced, y->data, ys);
  else if (!half ||
           !reduce_half_run((accel_reduce_op)op, x, reduced, y->data, ys))
    reduce_typed_run((accel_reduce_op)op, x, reduced, y->data, ys);
  return ACCEL_OK;
}

accel_status accel_reduce(accel_reduce_op op, const accel_tensor *x,
                          accel_tensor *y, const int *axes, int num_axes) {
  static ACCEL_SPM reduce_args args;
  args = (reduce_args){x, y, axes, (int)op, num_axes};
  return (accel_status)accel_on_kernel_stack(reduce_body, &args, NULL, NULL,
                                             NULL);
}
