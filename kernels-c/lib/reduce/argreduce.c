/* argreduce.c - accel_argreduce (ONNX ArgMax and ArgMin) and accel_hardmax
   (ONNX Hardmax): the position of each line's maximum or minimum along
   one axis, in scalar loops over x (in the scratchpad when its span fits
   there), on the vector unit for long f32 lines, and an ArgMax of f32
   rows (a vocabulary's logits, a batch of them) with the rows' maxima on
   the stream engine. A line's elements are
   compared as f64 (float types, exactly) or as 64-bit integers (unsigned
   ones unsigned); numpy's rule for NaN: a NaN is taken over any number
   (the first, or the last with select_last). */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "reduce/lanes_select.h"
#include "reduce/typed_elem.h"
#include <stddef.h>

/* x's span in the scratchpad where it fits: the whole arena. */
typedef struct {
  char x[ACCEL_KERNEL_SPM_BYTES];
} argreduce_spm;
KERNEL_SPM_FITS(argreduce_spm);

/* The lines along axis: every other dimension's x and y strides. */
static void lines_of(const accel_tensor *x, int axis, const long *y_strides,
                     elem_odometer *o) {
  o->rank = 0;
  for (int d = 0; d < x->rank; ++d)
    if (d != axis) {
      o->dims[o->rank] = x->dims[d];
      o->xs[o->rank] = x->strides[d];
      o->ys[o->rank++] = y_strides[d];
    }
}

/* The index of the line's selected element (n > 0). */
static long select_in_line(accel_dtype t, const void *x, long base, long step,
                           long n, int is_min, int last) {
  long best = 0;
  if (t == ACCEL_F32 && step == 1 && n >= LanesMinLine) {
    long i = lanes_select((const float *)x + base, n, is_min, last, 1);
    if (i >= 0)
      return i;
  }
  if (t == ACCEL_F32) {
    /* As below in f32's own compares: no conversion an element. */
    const float *p = (const float *)x + base;
    float b = p[0];
    for (long i = 1; i < n; ++i) {
      float v = p[i * step];
      int better = b != b   ? v != v && last
                   : v != v ? 1
                   : is_min ? v < b || (last && v == b)
                            : v > b || (last && v == b);
      if (better)
        b = v, best = i;
    }
    return best;
  }
  if (elem_is_float(t)) {
    double b = elem_load_f64(t, x, base);
    for (long i = 1; i < n; ++i) {
      double v = elem_load_f64(t, x, base + i * step);
      int better = b != b   ? v != v && last
                   : v != v ? 1
                   : is_min ? v < b || (last && v == b)
                            : v > b || (last && v == b);
      if (better)
        b = v, best = i;
    }
    return best;
  }
  int u = elem_is_unsigned(t);
  int64_t b = elem_load_i64(t, x, base);
  for (long i = 1; i < n; ++i) {
    int64_t v = elem_load_i64(t, x, base + i * step);
    int less = u ? (uint64_t)v < (uint64_t)b : v < b;
    int more = u ? (uint64_t)v > (uint64_t)b : v > b;
    if ((is_min ? less : more) || (last && v == b))
      b = v, best = i;
  }
  return best;
}

enum { EngineRows = 64 };
static ACCEL_SPM float row_max[EngineRows], row_sum[EngineRows],
    zero_params[2 * EngineRows];

/* The stride of x's lines of n along axis when they are rows at least n
   apart (every other dimension of size 1 but one), or 0. */
static long row_stride(const elem_odometer *o, long n) {
  long rs = n, rows = 0;
  for (int d = 0; d < o->rank; ++d)
    if (o->dims[d] > 1)
      rs = o->xs[d], ++rows;
  return rows <= 1 && rs >= n ? rs : 0;
}

/* ArgMax of f32 rows of n contiguous elements, rs apart in the
   scratchpad, into y (ys apart): each row's maximum and its sum of x * 0
   (NaN where it holds a NaN or an infinity, which the scalar rule then
   decides) on the stream engine, 64 elements a cycle, then the position
   of its first (last) maximum on the vector unit. */
static void argmax_rows(const float *x, long rows, long n, long rs, int64_t *y,
                        long ys, int last) {
  for (long r = 0; r < EngineRows; r += 16)
    accel_vstore(zero_params + 2 * r, (accel_v16f)0.0f),
        accel_vstore(zero_params + 2 * r + 16, (accel_v16f)0.0f);
  for (long r0 = 0; r0 < rows; r0 += EngineRows) {
    long m = rows - r0 < EngineRows ? rows - r0 : EngineRows;
    const float *x0 = x + r0 * rs;
    accel_vs_shape(m, n);
    accel_vs_stride(n, rs, n);
    accel_vs_redmax(row_max, x0);
    accel_vs_act_none(NULL, x0, zero_params, row_sum);
    for (long r = 0; r < m; ++r) {
      float sum = row_sum[r];
      y[(r0 + r) * ys] =
          sum == sum ? lanes_find(x0 + r * rs, n, row_max[r], 1.0f, last)
                     : select_in_line(ACCEL_F32, x0, r * rs, 1, n, 0, last);
    }
  }
}

/* accel_argreduce's and accel_hardmax's arguments (kernel_stack.h). */
typedef struct {
  const accel_tensor *x, *y;
  int axis, is_min, select_last, hardmax;
} argreduce_args;

static long argreduce_body(const void *args, const void *unused1,
                           const void *unused2, const void *unused3) {
  (void)unused1, (void)unused2, (void)unused3;
  argreduce_args a = *(const argreduce_args *)args;
  const char *K = a.hardmax ? "accel_hardmax" : "accel_argreduce";
  accel_tensor xc, yc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, a.x);
  const accel_tensor *y = ACCEL_STAGE_READ(1, &yc, a.y);
  accel_dma_wait_all();
  accel_status s;
  const unsigned types = a.hardmax
                             ? ACCEL_DTYPE_BIT(ACCEL_F32)
                             : ACCEL_ALL_DTYPES & ~ACCEL_DTYPE_BIT(ACCEL_BOOL);
  const unsigned ytypes =
      a.hardmax ? ACCEL_DTYPE_BIT(ACCEL_F32) : ACCEL_DTYPE_BIT(ACCEL_I64);
  /* In ACCEL_RUN_CHECKED (a graph program, checked by its check pass)
     only y's strides along x's dimensions are worked out. */
  const int checking = accel_checking();
  if (checking &&
      ((s = accel_check_tensor_typed(K, "x", x, types, 1, ACCEL_MAX_RANK,
                                     0)) ||
       (s = accel_check_tensor_typed(K, "y", y, ytypes, 0, ACCEL_MAX_RANK,
                                     1))))
    return s;
  int axis = a.axis;
  if (checking && (axis < -x->rank || axis >= x->rank))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "axis",
                              "%d is not a dimension of a rank-%d tensor", axis,
                              x->rank);
  axis = axis < 0 ? axis + x->rank : axis;
  int keep = y->rank == x->rank;
  if (checking && !keep && (a.hardmax || y->rank != x->rank - 1))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                              "rank %d, expected %d%s", y->rank, x->rank,
                              a.hardmax ? "" : " (keepdims) or one less");
  long ys[ACCEL_MAX_RANK] = {0};
  for (int d = 0, e = 0; d < x->rank; ++d) {
    if (!keep && d == axis)
      continue;
    long want = d == axis && !a.hardmax ? 1 : x->dims[d];
    if (checking && y->dims[e] != want)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                                "dimension %d is %ld, expected %ld", e,
                                y->dims[e], want);
    ys[d] = y->strides[e++];
  }
  if (checking) {
    if (!a.hardmax && x->dims[axis] == 0)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "x",
                                "dimension %d is 0: no element to select",
                                axis);
    if (accel_typed_tensors_overlap(y, x))
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "y", "overlaps x");
    if (accel_only_checking())
      return ACCEL_OK;
  }
  elem_odometer o;
  lines_of(x, axis, ys, &o);
  long lines = elem_odometer_count(&o), n = x->dims[axis];
  const void *xd =
      elem_stage_in(x, KERNEL_SPM(argreduce_spm)->x, sizeof(argreduce_spm));
  long rs = row_stride(&o, n);
  if (!a.hardmax && !a.is_min && x->dtype == ACCEL_F32 &&
      x->strides[axis] == 1 && n >= LanesMinLine && rs &&
      xd != x->data) {
    long ry = 0;
    for (int d = 0; d < o.rank; ++d)
      if (o.dims[d] > 1)
        ry = o.ys[d];
    argmax_rows((const float *)xd, lines, n, rs, (int64_t *)y->data, ry,
                a.select_last);
    return ACCEL_OK;
  }
  for (long l = 0; l < lines && n; ++l) {
    long xo, yo;
    elem_odometer_offsets(&o, l, &xo, &yo);
    long i = select_in_line(x->dtype, xd, xo, x->strides[axis], n, a.is_min,
                            a.select_last);
    if (!a.hardmax) {
      ((int64_t *)y->data)[yo] = i;
      continue;
    }
    for (long j = 0; j < n; ++j)
      ((float *)y->data)[yo + j * ys[axis]] = j == i ? 1.0f : 0.0f;
  }
  return ACCEL_OK;
}

accel_status accel_argreduce(const accel_tensor *x, accel_tensor *y, int axis,
                             int is_min, int select_last) {
  static ACCEL_SPM argreduce_args args;
  args = (argreduce_args){x, y, axis, is_min != 0, select_last != 0, 0};
  return (accel_status)accel_on_kernel_stack(argreduce_body, &args, NULL, NULL,
                                             NULL);
}

accel_status accel_hardmax(const accel_tensor *x, accel_tensor *y, int axis) {
  static ACCEL_SPM argreduce_args args;
  args = (argreduce_args){x, y, axis, 0, 0, 1};
  return (accel_status)accel_on_kernel_stack(argreduce_body, &args, NULL, NULL,
                                             NULL);
}
