/* config_values.c - Slice, Pad and Expand by configuration tensors
   computed at run time, and Range (docs/graph.md, "Configuration
   inputs"). The graph compiler gave y the shape the model declares; these
   entries read the values (int32 or int64 tensors; Range's scalars of y's
   type), check that they give y's shape, a mismatch an argument error
   before anything is written, and run the kernel of the constant case.
   The values are a few scalars: read from DRAM directly. A call that only
   checks (accel_only_checking) checks the descriptors: the values may not
   be computed yet. */

#include "movement/index_walk.h"

#include <math.h>

/* t is a 1-D int32 or int64 tensor of n entries (n < 0: any count). */
static accel_status check_values(const char *kernel, const char *name,
                                 const accel_tensor *t, long n) {
  accel_status s =
      accel_check_tensor_typed(kernel, name, t, INDEX_DTYPES, 1, 1, 0);
  if (s)
    return s;
  if (n >= 0 && t->dims[0] != n)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, name,
                              "%ld entries, expected %ld", t->dims[0], n);
  return ACCEL_OK;
}

static long value_at(const accel_tensor *t, long i) {
  return index_at(t, i * t->strides[0]);
}

static long clamp(long v, long lo, long hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

accel_status accel_slice_values(const accel_tensor *x,
                                const accel_tensor *starts,
                                const accel_tensor *ends,
                                const accel_tensor *axes,
                                const accel_tensor *steps, accel_tensor *y) {
  static const char kernel[] = "accel_slice";
  accel_status s;
  if (accel_checking()) {
    if ((s = accel_check_tensor_typed(kernel, "x", x, ACCEL_ALL_DTYPES, 0,
                                      ACCEL_MAX_RANK, 0)) ||
        (s = check_values(kernel, "starts", starts, -1)) ||
        (s = check_values(kernel, "ends", ends, starts->dims[0])) ||
        (axes && (s = check_values(kernel, "axes", axes, starts->dims[0]))) ||
        (steps && (s = check_values(kernel, "steps", steps, starts->dims[0]))))
      return s;
    if (starts->dims[0] > x->rank)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "starts",
                                "%ld entries, x's rank is %d", starts->dims[0],
                                x->rank);
    if (accel_only_checking()) /* accel_slice's own checks of x and y */
      return accel_slice(x, y, NULL, NULL);
  }
  /* ONNX's Slice: each axis's start and end made non-negative, clamped
     to [0, dim] going forward and [0, dim - 1] ([-1, dim - 1] for the end)
     going back; the count ceil((end - start) / step), at least 0. */
  long start[ACCEL_MAX_RANK], step[ACCEL_MAX_RANK], count[ACCEL_MAX_RANK];
  int seen[ACCEL_MAX_RANK];
  for (int d = 0; d < x->rank; ++d)
    start[d] = 0, step[d] = 1, count[d] = x->dims[d], seen[d] = 0;
  for (long i = 0; i < starts->dims[0]; ++i) {
    long axis = axes ? value_at(axes, i) : i;
    if (axis < -x->rank || axis >= x->rank)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "axes",
                                "entry %ld is %ld, x's rank is %d", i, axis,
                                x->rank);
    if (axis < 0)
      axis += x->rank;
    if (seen[axis]++)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "axes",
                                "axis %ld twice", axis);
    long dim = x->dims[axis], b = value_at(starts, i), e = value_at(ends, i);
    long k = steps ? value_at(steps, i) : 1;
    if (k == 0)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "steps",
                                "entry %ld is 0", i);
    /* Past +-dim, clamped the same: no overflow from adding dim. */
    b = clamp(b, -dim - 1, dim + 1), e = clamp(e, -dim - 1, dim + 1);
    if (b < 0)
      b += dim;
    if (e < 0)
      e += dim;
    long n;
    if (dim == 0) {
      n = 0; /* nothing to take, whichever way */
    } else if (k > 0) {
      b = clamp(b, 0, dim), e = clamp(e, 0, dim);
      n = e > b ? (e - b + k - 1) / k : 0;
    } else {
      b = clamp(b, 0, dim - 1), e = clamp(e, -1, dim - 1);
      n = b > e ? (b - e - k - 1) / -k : 0;
    }
    start[axis] = n ? b : 0, step[axis] = k, count[axis] = n;
  }
  for (int d = 0; d < x->rank; ++d)
    if (y->rank != x->rank || count[d] != y->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "starts",
                                "dimension %d: the values take %ld elements, "
                                "y's is %ld",
                                d, count[d], d < y->rank ? y->dims[d] : 0);
  return accel_slice(x, y, start, step);
}

accel_status accel_pad_values(const accel_tensor *x, const accel_tensor *pads,
                              accel_pad_mode mode, float value,
                              accel_tensor *y) {
  static const char kernel[] = "accel_pad";
  accel_status s;
  if (accel_checking()) {
    if ((s = accel_check_tensor_typed(kernel, "x", x, ACCEL_ALL_DTYPES, 0,
                                      ACCEL_MAX_RANK, 0)) ||
        (s = check_values(kernel, "pads", pads, 2L * x->rank)))
      return s;
    if (accel_only_checking())
      return ACCEL_OK;
  }
  /* ONNX's begins, then its ends, as accel_pad's pairs; accel_pad checks
     them against y's dims (and refuses negative ones). */
  long widths[2 * ACCEL_MAX_RANK];
  for (int d = 0; d < x->rank; ++d) {
    widths[2 * d] = value_at(pads, d);
    widths[2 * d + 1] = value_at(pads, x->rank + d);
  }
  /* Reflect and edge only move elements: another 4-byte type moves as
     f32 bits (the constant mode's value is an f32). */
  accel_tensor xf = *x, yf = *y;
  if (mode != ACCEL_PAD_CONSTANT && x->dtype == y->dtype &&
      accel_dtype_log2_bytes(x->dtype) == 2)
    xf.dtype = yf.dtype = ACCEL_F32;
  return accel_pad(&xf, &yf, widths, mode, value);
}

accel_status accel_expand_check(const accel_tensor *x,
                                const accel_tensor *shape,
                                const accel_tensor *y) {
  static const char kernel[] = "accel_expand";
  accel_status s;
  if (accel_checking()) {
    if ((s = accel_check_tensor_typed(kernel, "x", x, ACCEL_ALL_DTYPES, 0,
                                      ACCEL_MAX_RANK, 0)) ||
        (s = accel_check_tensor_typed(kernel, "y", y, ACCEL_ALL_DTYPES, 0,
                                      ACCEL_MAX_RANK, 1)) ||
        (s = check_values(kernel, "shape", shape, -1)))
      return s;
    if (accel_only_checking())
      return ACCEL_OK;
  }
  /* numpy's broadcast of x's dims and the shape's values, aligned from
     the right, must be y's dims. */
  long n = shape->dims[0];
  int rank = n > x->rank ? (int)n : x->rank;
  if (rank != y->rank)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "shape",
                              "gives rank %d, y's is %d", rank, y->rank);
  for (int d = 0; d < rank; ++d) {
    int dx = d - (rank - x->rank);
    long ds = d - (rank - n);
    long a = dx >= 0 ? x->dims[dx] : 1, b = ds >= 0 ? value_at(shape, ds) : 1;
    if (a != b && a != 1 && b != 1)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "shape",
                                "dimension %d: x's %ld does not broadcast to "
                                "%ld",
                                d, a, b);
    long r = a == 1 ? b : a;
    if (r != y->dims[d])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "shape",
                                "dimension %d: x's %ld and %ld give %ld, y's "
                                "is %ld",
                                d, a, b, r, y->dims[d]);
  }
  return ACCEL_OK;
}

#define RANGE_DTYPES                                                           \
  (ACCEL_DTYPE_BIT(ACCEL_F32) | ACCEL_DTYPE_BIT(ACCEL_F64) |                   \
   ACCEL_DTYPE_BIT(ACCEL_I16) | ACCEL_DTYPE_BIT(ACCEL_I32) |                   \
   ACCEL_DTYPE_BIT(ACCEL_I64))

static double real_at(const accel_tensor *t) {
  switch (t->dtype) {
  case ACCEL_F32:
    return *(const float *)t->data;
  case ACCEL_F64:
    return *(const double *)t->data;
  default:
    return 0;
  }
}

static long long int_at(const accel_tensor *t) {
  switch (t->dtype) {
  case ACCEL_I16:
    return *(const short *)t->data;
  case ACCEL_I32:
    return *(const int *)t->data;
  default:
    return *(const long long *)t->data;
  }
}

accel_status accel_range(const accel_tensor *start, const accel_tensor *limit,
                         const accel_tensor *delta, const accel_tensor *y) {
  static const char kernel[] = "accel_range";
  accel_status s;
  if (accel_checking()) {
    unsigned type = ACCEL_DTYPE_BIT(y->dtype) & RANGE_DTYPES;
    if ((s = accel_check_tensor_typed(kernel, "y", y, RANGE_DTYPES, 1, 1, 1)) ||
        (s = accel_check_tensor_typed(kernel, "start", start, type, 0, 1, 0)) ||
        (s = accel_check_tensor_typed(kernel, "limit", limit, type, 0, 1, 0)) ||
        (s = accel_check_tensor_typed(kernel, "delta", delta, type, 0, 1, 0)))
      return s;
    const accel_tensor *scalars[] = {start, limit, delta};
    for (int i = 0; i < 3; ++i)
      if (scalars[i]->rank && scalars[i]->dims[0] != 1)
        return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "start",
                                  "start, limit and delta are scalars");
    if (accel_only_checking())
      return ACCEL_OK;
  }
  /* ONNX's count max(ceil((limit - start) / delta), 0) must be y's; each
     element start + i * delta (computed in f64 for the float types, in
     64-bit integers for the others). */
  long n = y->dims[0], count, ys = y->strides[0];
  int real = y->dtype == ACCEL_F32 || y->dtype == ACCEL_F64;
  double rb = 0, rd = 0;
  long long ib = 0, id = 0;
  if (real) {
    rb = real_at(start), rd = real_at(delta);
    double c = ceil((real_at(limit) - rb) / rd);
    if (rd == 0 || !(c < 1e18))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "delta",
                                "%g from %g to %g is no finite count", rd, rb,
                                real_at(limit));
    count = c > 0 ? (long)c : 0;
  } else {
    ib = int_at(start), id = int_at(delta);
    long long il = int_at(limit);
    if (id == 0)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "delta", "is 0");
    long long span = il - ib;
    count = span == 0 || (span > 0) != (id > 0)
                ? 0
                : (long)((span + id + (id > 0 ? -1 : 1)) / id);
  }
  if (count != n)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "delta",
                              "the values give %ld elements, y's are %ld",
                              count, n);
  for (long i = 0; i < n; ++i) {
    char *p = element_at(y, i * ys);
    switch (y->dtype) {
    case ACCEL_F32:
      *(float *)p = (float)(rb + (double)i * rd);
      break;
    case ACCEL_F64:
      *(double *)p = rb + (double)i * rd;
      break;
    case ACCEL_I16:
      *(short *)p = (short)(ib + i * id);
      break;
    case ACCEL_I32:
      *(int *)p = (int)(ib + i * id);
      break;
    default:
      *(long long *)p = ib + i * id;
      break;
    }
  }
  return ACCEL_OK;
}
