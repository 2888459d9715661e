/* topk.c - accel_topk (ONNX TopK): the k largest or smallest elements of
   each line along one axis, in scalar loops over x (in the scratchpad
   when its span fits there). A line's best k so far are kept sorted in
   the scratchpad, each element inserted after the equal ones already
   there, which puts ties in index order as ONNX requires. k times the
   line's length compares at worst: TopK's k is small in models (beam
   widths, top-5). */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include "reduce/lanes_select.h"
#include "reduce/typed_elem.h"
#include <stddef.h>

typedef union {
  double f;
  int64_t i;
} topk_key;

/* x's span where it fits, then a line's best k. */
enum {
  TopkStage = 1 << 20,
  TopkMax = (ACCEL_KERNEL_SPM_BYTES - TopkStage) / 16
};

typedef struct {
  char x[TopkStage];
  topk_key key[TopkMax];
  int64_t index[TopkMax];
} topk_spm;
KERNEL_SPM_FITS(topk_spm);
#define TSPM KERNEL_SPM(topk_spm)

/* The most k for the vector unit's selections (k passes over a line). */
enum { TopkLanesMaxK = 64 };

typedef struct {
  const accel_tensor *x, *values, *indices;
  long k;
  int axis, largest;
} topk_args;

/* Whether a comes strictly before b: the larger first (largest) or the
   smaller; a NaN as larger than any number. */
static int topk_before(int is_float, int is_unsigned, int largest, topk_key a,
                       topk_key b) {
  if (is_float) {
    if (a.f != a.f || b.f != b.f)
      return largest ? a.f != a.f && b.f == b.f : b.f != b.f && a.f == a.f;
    return largest ? a.f > b.f : a.f < b.f;
  }
  if (is_unsigned)
    return largest ? (uint64_t)a.i > (uint64_t)b.i
                   : (uint64_t)a.i < (uint64_t)b.i;
  return largest ? a.i > b.i : a.i < b.i;
}

/* The best k of a contiguous f32 line in the scratchpad (a copy of x's)
   into TSPM on the vector unit, where k is small: k selections of the
   line's maximum (or minimum), each taken out as -inf (+inf) until the
   line is restored. Ties come in index order (each selection takes the
   first). 0, doing nothing, where the line holds a NaN or an infinity
   (the insertion below decides). */
static int topk_line_lanes(float *p, long n, long k, int largest) {
  topk_key *key = TSPM->key;
  int64_t *index = TSPM->index;
  for (long j = 0; j < k; ++j) {
    /* check a constant in each (a vector select on a run-time condition
       becomes one per lane). */
    long i = j == 0 ? lanes_select(p, n, !largest, 0, 1)
                    : lanes_select(p, n, !largest, 0, 0);
    if (i < 0)
      return 0;
    key[j].f = p[i], index[j] = i;
    p[i] = largest ? -INFINITY : INFINITY;
  }
  for (long j = 0; j < k; ++j)
    p[index[j]] = (float)key[j].f;
  return 1;
}

/* The best k of the line into TSPM (k <= n). */
static void topk_line(accel_dtype t, const void *x, long xo, long xs, long n,
                      long k, int largest) {
  int f = elem_is_float(t), u = elem_is_unsigned(t);
  topk_key *key = TSPM->key;
  int64_t *index = TSPM->index;
  long have = 0;
  for (long i = 0; i < n; ++i) {
    topk_key v;
    if (f)
      v.f = elem_load_f64(t, x, xo + i * xs);
    else
      v.i = elem_load_i64(t, x, xo + i * xs);
    if (have == k && !topk_before(f, u, largest, v, key[k - 1]))
      continue;
    long pos = have < k ? have : k - 1;
    while (pos > 0 && topk_before(f, u, largest, v, key[pos - 1])) {
      key[pos] = key[pos - 1], index[pos] = index[pos - 1];
      --pos;
    }
    key[pos] = v, index[pos] = i;
    if (have < k)
      ++have;
  }
}

static long topk_body(const void *args, const void *unused1,
                      const void *unused2, const void *unused3) {
  static const char K[] = "accel_topk";
  (void)unused1, (void)unused2, (void)unused3;
  topk_args a = *(const topk_args *)args;
  accel_tensor xc, vc, ic;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, a.x);
  const accel_tensor *v = a.values ? ACCEL_STAGE_READ(1, &vc, a.values) : 0;
  const accel_tensor *ix = a.indices ? ACCEL_STAGE_READ(2, &ic, a.indices) : 0;
  accel_dma_wait_all();
  accel_status s;
  const unsigned types = ACCEL_ALL_DTYPES & ~ACCEL_DTYPE_BIT(ACCEL_BOOL);
  if ((s = accel_check_tensor_typed(K, "x", x, types, 1, ACCEL_MAX_RANK, 0)))
    return s;
  int axis = a.axis;
  if (axis < -x->rank || axis >= x->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "axis",
                              "%d is not a dimension of a rank-%d tensor", axis,
                              x->rank);
  axis = axis < 0 ? axis + x->rank : axis;
  if (a.k < 0 || a.k > x->dims[axis])
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "k",
                              "%ld, expected 0 to %ld (x's dimension %d)", a.k,
                              x->dims[axis], axis);
  if (a.k > TopkMax)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "k", "%ld, at most %d",
                              a.k, (int)TopkMax);
  const accel_tensor *outs[2] = {v, ix};
  static const char *const names[2] = {"values", "indices"};
  for (int o = 0; o < 2; ++o) {
    const accel_tensor *y = outs[o];
    if (!y)
      continue;
    unsigned yt = o ? ACCEL_DTYPE_BIT(ACCEL_I64) : ACCEL_DTYPE_BIT(x->dtype);
    if ((s = accel_check_tensor_typed(K, names[o], y, yt, x->rank, x->rank, 1)))
      return s;
    for (int d = 0; d < x->rank; ++d) {
      long want = d == axis ? a.k : x->dims[d];
      if (y->dims[d] != want)
        return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, names[o],
                                  "dimension %d is %ld, expected %ld", d,
                                  y->dims[d], want);
    }
    if (accel_typed_tensors_overlap(y, x))
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, names[o],
                                "overlaps x");
  }
  if (v && ix && accel_typed_tensors_overlap(v, ix))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "indices",
                              "overlaps values");
  if (accel_only_checking())
    return ACCEL_OK;
  elem_odometer o = {.rank = 0};
  int ax_v = 0; /* the axis' strides in values and indices */
  long vs = 0, is = 0;
  for (int d = 0; d < x->rank; ++d)
    if (d != axis) {
      o.dims[o.rank] = x->dims[d];
      o.xs[o.rank] = x->strides[d];
      o.ys[o.rank++] = d; /* the dimension, for the outputs' strides */
    } else {
      ax_v = d;
    }
  if (v)
    vs = v->strides[ax_v];
  if (ix)
    is = ix->strides[ax_v];
  long lines = elem_odometer_count(&o);
  const void *xd = elem_stage_in(x, TSPM->x, sizeof TSPM->x);
  for (long l = 0; l < lines && a.k; ++l) {
    /* The line's offsets in x, values and indices. */
    long xo = 0, vo = 0, io = 0, q = l;
    for (int d = o.rank - 1; d >= 0; --d) {
      long c = q % o.dims[d];
      q /= o.dims[d];
      int xd = (int)o.ys[d];
      xo += c * x->strides[xd];
      vo += v ? c * v->strides[xd] : 0;
      io += ix ? c * ix->strides[xd] : 0;
    }
    long n = x->dims[axis];
    int staged = xd != x->data;
    if (!(staged && x->dtype == ACCEL_F32 && x->strides[axis] == 1 &&
          n >= LanesMinLine && a.k <= TopkLanesMaxK &&
          topk_line_lanes((float *)xd + xo, n, a.k, a.largest)))
      topk_line(x->dtype, xd, xo, x->strides[axis], n, a.k, a.largest);
    for (long j = 0; j < a.k; ++j) {
      if (ix)
        ((int64_t *)ix->data)[io + j * is] = TSPM->index[j];
      if (!v)
        continue;
      if (elem_is_float(x->dtype))
        elem_store_f64(x->dtype, v->data, vo + j * vs, TSPM->key[j].f);
      else
        elem_store_i64(x->dtype, v->data, vo + j * vs, TSPM->key[j].i);
    }
  }
  return ACCEL_OK;
}

accel_status accel_topk(const accel_tensor *x, accel_tensor *values,
                        accel_tensor *indices, int axis, long k, int largest) {
  static ACCEL_SPM topk_args args;
  args = (topk_args){x, values, indices, k, axis, largest != 0};
  return (accel_status)accel_on_kernel_stack(topk_body, &args, NULL, NULL,
                                             NULL);
}
