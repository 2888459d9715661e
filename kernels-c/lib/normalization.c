/* normalization.c - softmax, log-softmax, layer, RMS and batch
   normalization on the vector unit (docs/kernels.md, "Normalization").

   Each kernel is a reduction along some dimensions followed by an
   elementwise pass over the same elements, so it works on lines (lines.h):
   a batch of lines comes into the scratchpad, each line is reduced and
   rewritten in place from registers and the scratchpad, and the batch
   leaves, while the next batch arrives. A line's tail (n not a multiple of
   16) is one masked vector.

   Short lines (at most ShortLine elements: a transformer's rows of 64, an
   attention's of 16) go 16 at a time across the lanes instead: lane i is
   line i, element j of every line one strided load, so that the
   reductions are elementwise and no line waits for its own sums (a line
   of 64 took about 260 cycles, nearly all of it the latency of its
   reductions and their scalar ends). */

#include "elementwise_math.h"
#include "kernel_args.h"
#include "kernel_stack.h"
#include "lines.h"
#include <math.h>
#include <stddef.h>

enum {
  T = 16,
  ShortLine = 256, /* the longest line across the lanes */
};

/* The lanes of v inside a line's tail, the others replaced by fill. */
static inline accel_v16f masked(accel_v16f v, long k, long n, float fill) {
  return lanes_inside(k, n) ? v : (accel_v16f)fill;
}

/* The passes over a line run Group vectors a step in independent chains
   (one accumulator each), so that the vector unit's latencies (4 for an
   add, 8 for vexp) overlap; the loop carries nothing else. */
enum { Group = 8 };

/* (result) = op over the Group partial results acc_[], combined as a tree:
   three latencies, not seven. */
#define LINE_COMBINE(result, op)                                               \
  do {                                                                         \
    for (int w_ = Group / 2; w_ >= 1; w_ /= 2)                                 \
      for (int g_ = 0; g_ < w_; ++g_)                                          \
        acc_[g_] = op(acc_[g_], acc_[g_ + w_]);                                \
    (result) = acc_[0];                                                        \
  } while (0)

/* Reduces f(x) over the line's n elements with op (max or +), the tail's
   lanes outside the line counting as fill. */
#define LINE_REDUCE(result, p, n, f, op, fill)                                 \
  do {                                                                         \
    accel_v16f acc_[Group];                                                    \
    for (int g_ = 0; g_ < Group; ++g_)                                         \
      acc_[g_] = (fill);                                                       \
    long full_ = (n) / T * T, k_ = 0;                                          \
    for (; k_ + Group * T <= full_; k_ += Group * T)                           \
      for (int g_ = 0; g_ < Group; ++g_) {                                     \
        accel_v16f x = accel_vload((p) + k_ + g_ * T);                         \
        acc_[g_] = op(acc_[g_], (f));                                          \
      }                                                                        \
    for (; k_ < full_; k_ += T) {                                              \
      accel_v16f x = accel_vload((p) + k_);                                    \
      acc_[0] = op(acc_[0], (f));                                              \
    }                                                                          \
    if (full_ < (n)) {                                                         \
      accel_v16f x = accel_vload((p) + full_);                                 \
      acc_[1] = op(acc_[1], masked((f), full_, (n), (fill)));                  \
    }                                                                          \
    LINE_COMBINE(result, op);                                                  \
  } while (0)

/* Rewrites every vector of the line (the tail's whole vector too: the
   padding is scratch) as f(x), x the vector at element k: a step loads
   its Group vectors before it stores any, so that the compiler need not
   keep the loads behind the stores. */
#define LINE_MAP(p, n, f)                                                      \
  do {                                                                         \
    long k_ = 0;                                                               \
    for (; k_ + Group * T <= (n); k_ += Group * T) {                           \
      accel_v16f in_[Group], out_[Group];                                      \
      for (int g_ = 0; g_ < Group; ++g_)                                       \
        in_[g_] = accel_vload((p) + k_ + g_ * T);                              \
      for (int g_ = 0; g_ < Group; ++g_) {                                     \
        accel_v16f x = in_[g_];                                                \
        long k = k_ + g_ * T;                                                  \
        (void)k;                                                               \
        out_[g_] = (f);                                                        \
      }                                                                        \
      for (int g_ = 0; g_ < Group; ++g_)                                       \
        accel_vstore((p) + k_ + g_ * T, out_[g_]);                             \
    }                                                                          \
    for (; k_ < (n); k_ += T) {                                                \
      accel_v16f x = accel_vload((p) + k_);                                    \
      long k = k_;                                                             \
      (void)k;                                                                 \
      accel_vstore((p) + k_, (f));                                             \
    }                                                                          \
  } while (0)

/* LINE_MAP and LINE_REDUCE in one pass: rewrites each vector as y = f(x)
   and reduces the ys with op, the tail's lanes outside the line counting
   as fill. */
#define LINE_MAP_REDUCE(result, p, n, f, op, fill)                             \
  do {                                                                         \
    accel_v16f acc_[Group];                                                    \
    for (int g_ = 0; g_ < Group; ++g_)                                         \
      acc_[g_] = (fill);                                                       \
    long full_ = (n) / T * T, k_ = 0;                                          \
    for (; k_ + Group * T <= full_; k_ += Group * T) {                         \
      accel_v16f in_[Group], out_[Group];                                      \
      for (int g_ = 0; g_ < Group; ++g_)                                       \
        in_[g_] = accel_vload((p) + k_ + g_ * T);                              \
      for (int g_ = 0; g_ < Group; ++g_) {                                     \
        accel_v16f x = in_[g_];                                                \
        out_[g_] = (f);                                                        \
        acc_[g_] = op(acc_[g_], out_[g_]);                                     \
      }                                                                        \
      for (int g_ = 0; g_ < Group; ++g_)                                       \
        accel_vstore((p) + k_ + g_ * T, out_[g_]);                             \
    }                                                                          \
    for (; k_ < full_; k_ += T) {                                              \
      accel_v16f x = accel_vload((p) + k_);                                    \
      accel_v16f y_ = (f);                                                     \
      acc_[0] = op(acc_[0], y_);                                               \
      accel_vstore((p) + k_, y_);                                              \
    }                                                                          \
    if (full_ < (n)) {                                                         \
      accel_v16f x = accel_vload((p) + full_);                                 \
      accel_v16f y_ = (f);                                                     \
      acc_[1] = op(acc_[1], masked(y_, full_, (n), (fill)));                   \
      accel_vstore((p) + full_, y_);                                           \
    }                                                                          \
    LINE_COMBINE(result, op);                                                  \
  } while (0)

#define MAX(a, b) __builtin_elementwise_max(a, b)
#define ADD(a, b) ((a) + (b))

/* ---------------------------------------------------- the stream engine */

/* Lines whose length is a multiple of 16 lie packed in the batch (no
   padding), so the stream engine takes a block of them in each
   operation: a row reduction, an activation with per-line bias and
   scale, a column-wise affine map (docs/isa.md 7.13). It moves 64
   elements a cycle against the vector unit's 16, and the engine's
   operations fuse what the vector unit does in separate instructions
   (subtract, exp and sum are one pass), so softmax is three passes over
   the data and the norms three. Longer lines of other lengths go one line
   an operation; short ones stay on the vector unit, across the lanes. */
enum { StreamLines = LinesStreamFloats / 5 / 16 * 16 };

/* The engine's per-line arrays: two activation parameter blocks (bias for
   `lines` lines, then scale) and the sums. */
#define STREAM_PARAMS(k) (LINES_SPM->stream + (k) * 2 * StreamLines)
#define STREAM_SUMS (LINES_SPM->stream + 4 * StreamLines)

/* (x - 0) * 1: an activation's function alone, on a block of one line. */
static KERNEL_SPM_CONST const float identity_params[2] = {0.0f, 1.0f};

static void fill(float *p, long n, float v) {
  long i = 0;
  for (; i + T <= n; i += T)
    accel_vstore(p + i, (accel_v16f)v);
  for (; i < n; ++i)
    p[i] = v;
}

/* softmax_line on `lines` lines of n, packed at p. Log-softmax subtracts
   the maximum and then log(sum) in two passes, as softmax_line does. */
static void softmax_stream(float *p, long lines, long n, int log) {
  float *a = STREAM_PARAMS(0), *b = STREAM_PARAMS(1), *sums = STREAM_SUMS;
  fill(a + lines, lines, 1.0f); /* a: bias the maximum, scale 1 */
  fill(log ? b + lines : b, lines, log ? 1.0f : 0.0f);
  accel_vs_shape(lines, n);
  accel_vs_redmax(a, p);
  accel_vs_act_exp(log ? NULL : p, p, a, sums);
  accel_vs_shape(1, lines);
  if (log) {
    accel_vs_act_log(b, sums, identity_params, NULL); /* b: bias log(sum) */
    accel_vs_shape(lines, n);
    accel_vs_act_none(p, p, a, NULL);
    accel_vs_act_none(p, p, b, NULL);
  } else {
    accel_vs_act_rcp(b + lines, sums, identity_params, NULL); /* 1 / sum */
    accel_vs_shape(lines, n);
    accel_vs_act_none(p, p, b, NULL);
  }
}

/* Whether lines of n go to the stream engine. */
static int on_stream_engine(long n) {
  return n == padded_length(n) || n > ShortLine;
}

/* Runs fn over `count` packed lines of n at lines, at most StreamLines an
   operation; or one line at a time over lines padded to np. */
#define FOR_STREAM_BLOCKS(lines, count, n, np, call)                           \
  do {                                                                         \
    long per_ = (n) == (np) ? StreamLines : 1;                                 \
    for (long k_ = 0; k_ < (count); k_ += per_) {                              \
      float *block = (lines) + k_ * (np);                                      \
      long rows = (count) - k_ < per_ ? (count) - k_ : per_;                   \
      call;                                                                    \
    }                                                                          \
  } while (0)

/* ---------------------------------------------------------------- softmax */

/* e^(x - max) / sum along the line, or x - max - log(sum). Softmax keeps
   the exponentials in place of x (five vector operations an element: max;
   subtract, exp, add; scale); log-softmax needs x again, so it only sums
   them. */
static void softmax_line(float *p, long n, int log) {
  accel_v16f m, s;
  LINE_REDUCE(m, p, n, x, MAX, -INFINITY);
  float max = accel_vredmax(m);
  if (log) {
    LINE_REDUCE(s, p, n, accel_vexp(x - max), ADD, 0.0f);
    /* (x - max) - log(sum): x - max is exact near the maximum, where
       max + log(sum) first would round away log(sum)'s low bits (x of
       1e4: an error of 40 times the bound). */
    float log_sum = logf(accel_vredsum(s));
    LINE_MAP(p, n, (x - max) - log_sum);
  } else {
    LINE_MAP_REDUCE(s, p, n, accel_vexp(x - max), ADD, 0.0f);
    float inv = 1.0f / accel_vredsum(s);
    LINE_MAP(p, n, x * inv);
  }
}

/* Element j of 16 lines np floats apart (lanes: the lines). */
#define LANES_LOAD(p, j) accel_vload_strided((p) + (j), np * 4)
#define LANES_STORE(p, j, v) accel_vstore_strided((v), (p) + (j), np * 4)

/* The elements of 16 lines Group at a time (as a line's vectors):
   their loads first, then the work on each (independent chains, which
   cover the vector unit's latencies). The loads of a step come before its
   stores: the compiler cannot tell the strided accesses of one element
   from another's, so a store between two loads would make each element
   wait for the one before. */

/* Element j (x) of each line replaced by f. */
#define LANES_MAP(p, n, f)                                                     \
  do {                                                                         \
    long j0_ = 0;                                                              \
    for (; j0_ + Group <= (n); j0_ += Group) {                                 \
      accel_v16f x_[Group];                                                    \
      for (int u_ = 0; u_ < Group; ++u_)                                       \
        x_[u_] = LANES_LOAD(p, j0_ + u_);                                      \
      for (int u_ = 0; u_ < Group; ++u_) {                                     \
        long j = j0_ + u_;                                                     \
        accel_v16f x = x_[u_];                                                 \
        (void)j;                                                               \
        x_[u_] = (f);                                                          \
      }                                                                        \
      for (int u_ = 0; u_ < Group; ++u_)                                       \
        LANES_STORE(p, j0_ + u_, x_[u_]);                                      \
    }                                                                          \
    for (long j = j0_; j < (n); ++j) {                                         \
      accel_v16f x = LANES_LOAD(p, j);                                         \
      LANES_STORE(p, j, (f));                                                  \
    }                                                                          \
  } while (0)

/* (acc) = op over the lines' f(x), lane-wise: a chain per element of a
   step, combined as a tree at the end. */
#define LANES_REDUCE(acc, p, n, f, op, init)                                   \
  do {                                                                         \
    accel_v16f acc_[Group];                                                    \
    for (int u_ = 0; u_ < Group; ++u_)                                         \
      acc_[u_] = (init);                                                       \
    long j0_ = 0;                                                              \
    for (; j0_ + Group <= (n); j0_ += Group) {                                 \
      accel_v16f x_[Group];                                                    \
      for (int u_ = 0; u_ < Group; ++u_)                                       \
        x_[u_] = LANES_LOAD(p, j0_ + u_);                                      \
      for (int u_ = 0; u_ < Group; ++u_) {                                     \
        accel_v16f x = x_[u_];                                                 \
        acc_[u_] = op(acc_[u_], (f));                                          \
      }                                                                        \
    }                                                                          \
    for (long j_ = j0_; j_ < (n); ++j_) {                                      \
      accel_v16f x = LANES_LOAD(p, j_);                                        \
      acc_[j_ - j0_] = op(acc_[j_ - j0_], (f));                                \
    }                                                                          \
    LINE_COMBINE(acc, op);                                                     \
  } while (0)

/* softmax_line on 16 lines at once, across the lanes. The exponentials
   are computed again in the last pass: storing them in the sum's pass
   would put stores between its loads. */
static void softmax_lanes(float *p, long np, long n, int log) {
  accel_v16f max, sum;
  LANES_REDUCE(max, p, n, x, MAX, (accel_v16f)-INFINITY);
  LANES_REDUCE(sum, p, n, accel_vexp(x - max), ADD, (accel_v16f)0.0f);
  if (log) {
    accel_v16f log_sum = ew_log(sum); /* softmax_line's (x - max) - log */
    LANES_MAP(p, n, (x - max) - log_sum);
  } else {
    accel_v16f inv = ew_div((accel_v16f)1.0f, sum);
    LANES_MAP(p, n, accel_vexp(x - max) * inv);
  }
}

static void softmax_batch(float *lines, long first, long count, long n,
                          void *context) {
  (void)first;
  int log = *(const int *)context;
  long np = padded_length(n), k = 0;
  if (on_stream_engine(n)) {
    FOR_STREAM_BLOCKS(lines, count, n, np,
                      softmax_stream(block, rows, n, log));
    return;
  }
  if (n <= ShortLine)
    for (; k + T <= count; k += T)
      softmax_lanes(lines + k * np, np, n, log);
  for (; k < count; ++k)
    softmax_line(lines + k * np, n, log);
}

/* ------------------------------------------------------ layer/RMS norm */

typedef struct {
  float epsilon;
  int rms;
  const float *scale, *shift; /* per element of a line, in the scratchpad */
  /* The stream engine's: the same, 1s and 0s for a missing one (null if
     both are). */
  const float *stream_scale, *stream_shift;
} norm_context;

/* norm_line on `lines` lines of n, packed at p: the mean and variance (or
   the sum of squares) in one pass, 1 / sqrt(var + eps) per line, then
   (x - mean) * r and the scale and shift, a pass each. */
static void norm_stream(float *p, long lines, long n, const norm_context *c) {
  /* (v - bias) * scale on the block of per-line values: var + eps, or
     (sum of squares + n eps) / n. */
  static ACCEL_SPM float eps_params[2];
  float *a = STREAM_PARAMS(0), *r = a + lines;
  accel_vs_shape(lines, n);
  if (!c->rms) {
    eps_params[0] = -c->epsilon, eps_params[1] = 1.0f;
    accel_vs_moments(a, p); /* a: bias the mean, scale the variance */
  } else {
    float *ones = STREAM_PARAMS(1);
    fill(ones, lines, 0.0f);
    fill(ones + lines, lines, 1.0f);
    fill(a, lines, 0.0f);
    eps_params[0] = -(float)n * c->epsilon, eps_params[1] = 1.0f / (float)n;
    accel_vs_act_square(NULL, p, ones, r); /* r: the sums of squares */
  }
  accel_vs_shape(1, lines);
  accel_vs_act_rsqrt(r, r, eps_params, NULL);
  accel_vs_shape(lines, n);
  accel_vs_act_none(p, p, a, NULL);
  if (c->stream_scale)
    accel_vs_fma(p, p, c->stream_scale, c->stream_shift);
}

/* (x - mean) / sqrt(var + eps), or x / sqrt(mean(x^2) + eps), then the
   scale and shift. */
static void norm_line(float *p, long n, const norm_context *c) {
  float mean = 0.0f;
  accel_v16f v;
  if (!c->rms) {
    LINE_REDUCE(v, p, n, x, ADD, 0.0f);
    mean = accel_vredsum(v) / (float)n;
  }
  LINE_REDUCE(v, p, n, (x - mean) * (x - mean), ADD, 0.0f);
  float r = 1.0f / sqrtf(accel_vredsum(v) / (float)n + c->epsilon);
  const float *scale = c->scale, *shift = c->shift;
  if (scale && shift)
    LINE_MAP(p, n, (x - mean) * r * accel_vload(scale + k) +
                       accel_vload(shift + k));
  else if (scale)
    LINE_MAP(p, n, (x - mean) * r * accel_vload(scale + k));
  else if (shift)
    LINE_MAP(p, n, (x - mean) * r + accel_vload(shift + k));
  else
    LINE_MAP(p, n, (x - mean) * r);
}

/* norm_line on 16 lines at once, across the lanes: 1 / sqrt with ew_div
   and ew_sqrt (within an ulp or so, as the scalar line's), each element's
   scale and shift a broadcast. */
static void norm_lanes(float *p, long np, long n, const norm_context *c) {
  accel_v16f mean = 0.0f, var;
  accel_v16f inv_n = (accel_v16f)(1.0f / (float)n);
  if (!c->rms) {
    LANES_REDUCE(mean, p, n, x, ADD, (accel_v16f)0.0f);
    mean *= inv_n;
  }
  LANES_REDUCE(var, p, n, (x - mean) * (x - mean), ADD, (accel_v16f)0.0f);
  var *= inv_n;
  accel_v16f r =
      ew_div((accel_v16f)1.0f, ew_sqrt(var + (accel_v16f)c->epsilon));
  const float *scale = c->scale, *shift = c->shift;
  if (scale && shift)
    LANES_MAP(p, n, (x - mean) * r * scale[j] + shift[j]);
  else if (scale)
    LANES_MAP(p, n, (x - mean) * r * scale[j]);
  else if (shift)
    LANES_MAP(p, n, (x - mean) * r + shift[j]);
  else
    LANES_MAP(p, n, (x - mean) * r);
}

static void norm_batch(float *lines, long first, long count, long n,
                       void *context) {
  (void)first;
  long np = padded_length(n), k = 0;
  if (on_stream_engine(n)) {
    FOR_STREAM_BLOCKS(lines, count, n, np, norm_stream(block, rows, n, context));
    return;
  }
  if (n <= ShortLine)
    for (; k + T <= count; k += T)
      norm_lanes(lines + k * np, np, n, context);
  for (; k < count; ++k)
    norm_line(lines + k * np, n, context);
}

/* ------------------------------------------------------------ batchnorm */

/* y = x * a + b, a and b per channel: one value a line (a plane), or with
   per_element (rank 2: a line is the channels) one per element. */
typedef struct {
  long channels;
  int per_element;
  const float *a, *b;
} affine_context;

static void affine_batch(float *lines, long first, long count, long n,
                         void *context) {
  const affine_context *c = context;
  for (long k = 0; k < count; ++k) {
    float *p = lines + k * padded_length(n);
    long ch = (first + k) % c->channels;
    for (long i = 0; i < n; i += T) {
      accel_v16f a = c->per_element ? accel_vload(c->a + i) : c->a[ch];
      accel_v16f b = c->per_element ? accel_vload(c->b + i) : c->b[ch];
      accel_vstore(p + i, accel_vload(p + i) * a + b);
    }
  }
}

/* --------------------------------------------------------------- checks */

static int same_layout(const accel_tensor *x, const accel_tensor *y) {
  for (int d = 0; d < x->rank; ++d)
    if (x->dims[d] > 1 && x->strides[d] != y->strides[d])
      return 0;
  return 1;
}

/* x and y: checked, the same dims, not overlapping. */
static accel_status check_pair(const char *K, const accel_tensor *x,
                               const accel_tensor *y) {
  accel_status s;
  if ((s = accel_check_tensor(K, "x", x, 1, ACCEL_MAX_RANK, 0)) ||
      (s = accel_check_tensor(K, "y", y, 1, ACCEL_MAX_RANK, 1)))
    return s;
  if (y->rank != x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                              "rank %d, x's is %d", y->rank, x->rank);
  for (int d = 0; d < x->rank; ++d)
    if (y->dims[d] != x->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                                "dimension %d is %ld, x's is %ld", d,
                                y->dims[d], x->dims[d]);
  if (accel_tensors_overlap(y, x) && (y->data != x->data ||
                                       !same_layout(x, y)))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y",
                              "overlaps x (only y = x in place is allowed)");
  return ACCEL_OK;
}

/* axis in [-rank, rank) as [0, rank); -1 if out of range. */
static int normalized_axis(int axis, int rank) {
  if (axis < -rank || axis >= rank)
    return -1;
  return axis < 0 ? axis + rank : axis;
}

/* The lines of x and y over [first, last], each line at most max floats
   long. */
static accel_status line_views(const char *K, const accel_tensor *x,
                               const accel_tensor *y, int first, int last,
                               long max, lines_view *lx, lines_view *ly) {
  if (!lines_of(x, first, last, lx))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "dimensions %d to %d do not merge into one run "
                              "of equally spaced elements",
                              first, last);
  if (!lines_of(y, first, last, ly))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y",
                              "dimensions %d to %d do not merge into one run "
                              "of equally spaced elements",
                              first, last);
  if (padded_length(lx->n) > max)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "%ld elements to normalize together; at most "
                              "%ld",
                              lx->n, max);
  return ACCEL_OK;
}

/* ------------------------------------------------------------ entry points */

static long softmax(const void *px, const void *py, const void *paxis,
                    const void *plog) {
  static const char K[] = "accel_softmax";
  accel_tensor xc, yc;
  const accel_tensor *x = ACCEL_STAGE(0, &xc, (const accel_tensor *)px);
  accel_tensor *y = ACCEL_STAGE(1, &yc, (const accel_tensor *)py);
  accel_dma_wait_all();
  accel_status s = check_pair(K, x, y);
  if (s)
    return s;
  int axis = normalized_axis((int)(long)paxis, x->rank);
  if (axis < 0)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "axis",
                              "%d is not a dimension of a rank-%d tensor",
                              (int)(long)paxis, x->rank);
  lines_view lx, ly;
  if ((s = line_views(K, x, y, axis, axis, LinesBufferFloats, &lx, &ly)))
    return s;
  int log = plog != NULL;
  if (lx.n)
    for_each_line_batch(&lx, &ly, softmax_batch, &log,
                        on_stream_engine(lx.n) ? LinesMemoryBound
                                               : LinesComputeBound);
  return ACCEL_OK;
}

accel_status accel_softmax(const accel_tensor *x, accel_tensor *y, int axis,
                           int log) {
  /* The integers travel as pointers (accel_kernel_body's arguments). */
  return (accel_status)accel_on_kernel_stack(softmax, x, y, (void *)(long)axis,
                                             log ? (void *)1 : NULL);
}

accel_norm_options accel_norm_defaults(void) {
  accel_norm_options o = {-1, 1e-5f, NULL, NULL};
  return o;
}

/* A normalization's scale or shift, of the normalized dimensions' shape,
   into the scratchpad at dst (one transfer); null for a null tensor. */
static const float *load_param(const char *K, const char *name,
                               const accel_tensor *t, const accel_tensor *x,
                               int axis, float *dst, accel_status *s) {
  if (!t || *s)
    return NULL;
  if ((*s = accel_check_tensor(K, name, t, 1, ACCEL_MAX_RANK, 0)))
    return NULL;
  int rank = x->rank - axis;
  if (t->rank != rank) {
    *s = accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                            "rank %d, expected %d (x's dimensions from %d)",
                            t->rank, rank, axis);
    return NULL;
  }
  for (int d = 0; d < rank; ++d)
    if (t->dims[d] != x->dims[axis + d]) {
      *s = accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                              "dimension %d is %ld, x's dimension %d is %ld",
                              d, t->dims[d], axis + d, x->dims[axis + d]);
      return NULL;
    }
  lines_view v;
  if (!lines_of(t, 0, t->rank - 1, &v)) {
    *s = accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, name,
                            "its elements are not one run of equally spaced "
                            "elements");
    return NULL;
  }
  accel_copy_matrix(0, dst, 1, 1, v.base, v.step, 1, v.n, 1);
  accel_dma_wait_on(0);
  return dst;
}

static long norm(const void *px, const void *py, const void *po,
                 const void *prms) {
  const char *K = prms ? "accel_rmsnorm" : "accel_layernorm";
  accel_tensor xc, yc, scale, shift;
  accel_norm_options o = accel_norm_defaults();
  const accel_tensor *x = ACCEL_STAGE(0, &xc, (const accel_tensor *)px);
  accel_tensor *y = ACCEL_STAGE(1, &yc, (const accel_tensor *)py);
  ACCEL_STAGE(2, &o, (const accel_norm_options *)po);
  accel_dma_wait_all();
  o.scale = ACCEL_STAGE(0, &scale, o.scale);
  o.shift = ACCEL_STAGE(1, &shift, o.shift);
  accel_dma_wait_all();
  accel_status s = check_pair(K, x, y);
  if (s)
    return s;
  int axis = normalized_axis(o.axis, x->rank);
  if (axis < 0)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "axis %d is not a dimension of a rank-%d "
                              "tensor",
                              o.axis, x->rank);
  if (!(o.epsilon >= 0.0f))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "epsilon %g is not a non-negative number",
                              (double)o.epsilon);
  if (prms && o.shift)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "RMS normalization has no shift");
  lines_view lx, ly;
  if ((s = line_views(K, x, y, axis, x->rank - 1,
                      o.scale || o.shift ? LinesParamFloats
                                         : LinesBufferFloats,
                      &lx, &ly)))
    return s;
  norm_context c = {o.epsilon, prms != NULL, NULL, NULL, NULL, NULL};
  c.scale = load_param(K, "scale", o.scale, x, axis, LINES_SPM->params[0], &s);
  c.shift = load_param(K, "shift", o.shift, x, axis, LINES_SPM->params[1], &s);
  if (s)
    return s;
  if (c.scale || c.shift) {
    /* The engine's affine map takes both: 1s for no scale, 0s for no
       shift, in the parameter buffer the missing one leaves free. */
    c.stream_scale = c.scale ? c.scale : LINES_SPM->params[0];
    c.stream_shift = c.shift ? c.shift : LINES_SPM->params[1];
    if (!c.scale)
      fill(LINES_SPM->params[0], lx.n, 1.0f);
    if (!c.shift)
      fill(LINES_SPM->params[1], lx.n, 0.0f);
  }
  if (lx.n)
    for_each_line_batch(&lx, &ly, norm_batch, &c,
                        on_stream_engine(lx.n) ? LinesMemoryBound
                                               : LinesComputeBound);
  return ACCEL_OK;
}

accel_status accel_layernorm(const accel_tensor *x, accel_tensor *y,
                             const accel_norm_options *options) {
  return (accel_status)accel_on_kernel_stack(norm, x, y, options, NULL);
}

accel_status accel_rmsnorm(const accel_tensor *x, accel_tensor *y,
                           const accel_norm_options *options) {
  return (accel_status)accel_on_kernel_stack(norm, x, y, options,
                                             (void *)1);
}

/* A rank-1 tensor of x's channels (dimension 1), staged and checked, into
   dst in the scratchpad (one transfer); the defaults for a null tensor
   when fill is not NaN. */
static accel_status load_channels(const char *name, const accel_tensor *t,
                                  long channels, float *dst, float fill) {
  static const char K[] = "accel_batchnorm";
  if (!t) {
    if (isnan(fill))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                                "null descriptor");
    for (long c = 0; c < channels; ++c)
      dst[c] = fill;
    return ACCEL_OK;
  }
  accel_status s = accel_check_tensor(K, name, t, 1, 1, 0);
  if (s)
    return s;
  if (t->dims[0] != channels)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, name,
                              "%ld elements, x has %ld channels (dimension "
                              "1)",
                              t->dims[0], channels);
  accel_copy_matrix(0, dst, 1, 1, t->data, t->strides[0], 1, channels, 1);
  accel_dma_wait_on(0);
  return ACCEL_OK;
}

static long batchnorm(const void *px, const void *py, const void *po,
                      const void *unused) {
  static const char K[] = "accel_batchnorm";
  (void)unused;
  accel_tensor xc, yc, mean, var, scale, shift;
  accel_batchnorm_options o;
  const accel_tensor *x = ACCEL_STAGE(0, &xc, (const accel_tensor *)px);
  accel_tensor *y = ACCEL_STAGE(1, &yc, (const accel_tensor *)py);
  if (!ACCEL_STAGE(2, &o, (const accel_batchnorm_options *)po))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "null options (the statistics are in them)");
  accel_dma_wait_all();
  o.mean = ACCEL_STAGE(0, &mean, o.mean);
  o.var = ACCEL_STAGE(1, &var, o.var);
  o.scale = ACCEL_STAGE(2, &scale, o.scale);
  o.shift = ACCEL_STAGE(3, &shift, o.shift);
  accel_dma_wait_all();
  accel_status s = check_pair(K, x, y);
  if (s)
    return s;
  if (x->rank < 2)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "x",
                              "rank %d, expected 2 to 6 ([N, C, ...])",
                              x->rank);
  if (!(o.epsilon >= 0.0f))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "epsilon %g is not a non-negative number",
                              (double)o.epsilon);
  long channels = x->dims[1];
  if (channels > LinesParamFloats)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "x",
                              "%ld channels; at most %d", channels,
                              (int)LinesParamFloats);
  /* Per-element lines (rank 2: the channels) or per-plane lines. */
  int per_element = x->rank == 2;
  lines_view lx, ly;
  if ((s = line_views(K, x, y, per_element ? 1 : 2, x->rank - 1,
                      LinesBufferFloats, &lx, &ly)))
    return s;
  /* The statistics into the first batch buffer, then the affine form
     y = x a + b: a = scale / sqrt(var + eps), b = shift - mean a. */
  float *stats = LINES_SPM->batch[0];
  float *m = stats, *v = stats + channels, *g = stats + 2 * channels,
        *h = stats + 3 * channels;
  if ((s = load_channels("mean", o.mean, channels, m, NAN)) ||
      (s = load_channels("var", o.var, channels, v, NAN)) ||
      (s = load_channels("scale", o.scale, channels, g, 1.0f)) ||
      (s = load_channels("shift", o.shift, channels, h, 0.0f)))
    return s;
  float *a = LINES_SPM->params[0], *b = LINES_SPM->params[1];
  for (long c = 0; c < channels; ++c) {
    a[c] = g[c] / sqrtf(v[c] + o.epsilon);
    b[c] = h[c] - m[c] * a[c];
  }
  affine_context c = {channels, per_element, a, b};
  if (lx.n)
    for_each_line_batch(&lx, &ly, affine_batch, &c, LinesComputeBound);
  return ACCEL_OK;
}

accel_status accel_batchnorm(const accel_tensor *x, accel_tensor *y,
                             const accel_batchnorm_options *options) {
  return (accel_status)accel_on_kernel_stack(batchnorm, x, y, options, NULL);
}
