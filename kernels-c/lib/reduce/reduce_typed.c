/* reduce_typed.c - accel_reduce for every element type but f32's vector
   kinds (reduce.c sends them here): x of f16, bf16, f64 or an integer
   type, and ReduceLogSumExp of f32, in scalar loops.
   Floats accumulate in f64 and round once to y's type; integers in 64
   bits, wrapping (uint64 by its bits, compared unsigned), with the mean
   truncated toward zero and the kinds with a root or a log computed in
   f64 and converted toward zero. These types are rare in models (integer
   reductions count things, half-precision ones are cast to f32 first), so
   the loops are plain: x comes into the scratchpad by one transfer when
   its span fits there (else an element is a load from DRAM). */

#include "reduce/reduce_core.h"
#include "reduce/typed_elem.h"
#include <math.h>

/* x's span in the scratchpad where it fits: the whole arena. */
typedef struct {
  char x[ACCEL_KERNEL_SPM_BYTES];
} reduce_typed_spm;
KERNEL_SPM_FITS(reduce_typed_spm);

/* The kept dimensions (their x and y strides) and the reduced ones. */
static void split_dims(const accel_tensor *x, const int *reduced,
                       const long *y_strides, elem_odometer *kept,
                       elem_odometer *red) {
  kept->rank = red->rank = 0;
  for (int d = 0; d < x->rank; ++d) {
    elem_odometer *o = reduced[d] ? red : kept;
    o->dims[o->rank] = x->dims[d];
    o->xs[o->rank] = x->strides[d];
    o->ys[o->rank++] = reduced[d] ? 0 : y_strides[d];
  }
}

/* One output of a float type: its line's elements at x + offs. */
static double reduce_float(accel_reduce_op op, accel_dtype t, const void *x,
                           long base, const elem_odometer *red, long count) {
  double m = -INFINITY;
  if (op == ACCEL_REDUCE_LOG_SUM_EXP) {
    elem_walk w = {{0}, 0};
    for (long i = 0; i < count; ++i, elem_walk_next(red, &w)) {
      long o = w.off;
      double v = elem_load_f64(t, x, base + o);
      m = v > m || v != v ? v : m;
    }
    if (m != m || isinf(m))
      return m == -INFINITY ? -INFINITY : m; /* NaN or +inf: itself */
  }
  double acc = op == ACCEL_REDUCE_PROD  ? 1.0
               : op == ACCEL_REDUCE_MAX ? -INFINITY
               : op == ACCEL_REDUCE_MIN ? INFINITY
                                        : 0.0;
  elem_walk w = {{0}, 0};
  for (long i = 0; i < count; ++i, elem_walk_next(red, &w)) {
    long o = w.off;
    double v = elem_load_f64(t, x, base + o);
    /* Branches, not a switch (its jump table is in DRAM). */
    if (op == ACCEL_REDUCE_MAX)
      acc = fmax(acc, v);
    else if (op == ACCEL_REDUCE_MIN)
      acc = fmin(acc, v);
    else if (op == ACCEL_REDUCE_PROD)
      acc *= v;
    else if (op == ACCEL_REDUCE_L1)
      acc += fabs(v);
    else if (op == ACCEL_REDUCE_L2 || op == ACCEL_REDUCE_SUM_SQUARE)
      acc += v * v;
    else if (op == ACCEL_REDUCE_LOG_SUM_EXP)
      acc += exp(v - m);
    else /* sum, mean, log_sum */
      acc += v;
  }
  switch (op) { /* once an output */
  case ACCEL_REDUCE_MEAN:
    return acc / (double)count;
  case ACCEL_REDUCE_L2:
    return sqrt(acc);
  case ACCEL_REDUCE_LOG_SUM:
    return log(acc);
  case ACCEL_REDUCE_LOG_SUM_EXP:
    return m + log(acc);
  default:
    return acc;
  }
}

/* One output of an integer type, stored at y's element yo. */
static void reduce_int(accel_reduce_op op, accel_dtype t, const void *x,
                       long base, const elem_odometer *red, long count, void *y,
                       long yo) {
  int is_unsigned = elem_is_unsigned(t);
  if (op == ACCEL_REDUCE_L2 || op == ACCEL_REDUCE_LOG_SUM ||
      op == ACCEL_REDUCE_LOG_SUM_EXP) {
    /* In f64: the values' squares, sum or exponentials. */
    double m = -INFINITY, acc = 0.0;
    for (int pass = op == ACCEL_REDUCE_LOG_SUM_EXP ? 0 : 1; pass < 2; ++pass) {
      elem_walk w = {{0}, 0};
      for (long i = 0; i < count; ++i, elem_walk_next(red, &w)) {
        int64_t b = elem_load_i64(t, x, base + w.off);
        double v = is_unsigned ? (double)(uint64_t)b : (double)b;
        if (pass == 0)
          m = v > m ? v : m;
        else
          acc += op == ACCEL_REDUCE_L2            ? v * v
                 : op == ACCEL_REDUCE_LOG_SUM_EXP ? exp(v - m)
                                                  : v;
      }
    }
    double r = op == ACCEL_REDUCE_L2        ? sqrt(acc)
               : op == ACCEL_REDUCE_LOG_SUM ? log(acc)
                                            : m + log(acc);
    elem_store_i64(t, y, yo, elem_f64_to_i64(t, r));
    return;
  }
  uint64_t acc = op == ACCEL_REDUCE_PROD ? 1 : 0;
  int first = 1;
  elem_walk w = {{0}, 0};
  for (long i = 0; i < count; ++i, elem_walk_next(red, &w)) {
    long o = w.off;
    uint64_t v = (uint64_t)elem_load_i64(t, x, base + o);
    if (op == ACCEL_REDUCE_MAX || op == ACCEL_REDUCE_MIN) {
      int less = is_unsigned ? v < acc : (int64_t)v < (int64_t)acc;
      if (first || (op == ACCEL_REDUCE_MAX ? !less && v != acc : less))
        acc = v;
      first = 0;
    } else if (op == ACCEL_REDUCE_PROD) {
      acc *= v;
    } else if (op == ACCEL_REDUCE_L1) {
      acc += !is_unsigned && (int64_t)v < 0 ? -v : v;
    } else if (op == ACCEL_REDUCE_SUM_SQUARE) {
      acc += v * v;
    } else { /* sum, mean */
      acc += v;
    }
  }
  if (first && (op == ACCEL_REDUCE_MAX || op == ACCEL_REDUCE_MIN)) {
    /* The empty reduction: the type's lowest or highest value. */
    int bits = 8 << accel_dtype_log2_bytes(t);
    uint64_t hi = is_unsigned ? ~0ull >> (64 - bits) : ~0ull >> (65 - bits);
    uint64_t lo = is_unsigned ? 0 : ~hi;
    acc = op == ACCEL_REDUCE_MAX ? lo : hi;
  }
  if (op == ACCEL_REDUCE_MEAN && count)
    acc = is_unsigned ? acc / (uint64_t)count
                      : (uint64_t)((int64_t)acc / (int64_t)count);
  elem_store_i64(t, y, yo, (int64_t)acc);
}

void reduce_typed_run(accel_reduce_op op, const accel_tensor *x,
                      const int *reduced, void *y, const long *y_strides) {
  elem_odometer kept, red;
  split_dims(x, reduced, y_strides, &kept, &red);
  long outputs = elem_odometer_count(&kept), count = elem_odometer_count(&red);
  accel_dtype t = x->dtype;
  const void *xd = elem_stage_in(x, KERNEL_SPM(reduce_typed_spm)->x,
                                 sizeof(reduce_typed_spm));
  for (long k = 0; k < outputs; ++k) {
    long xo, yo;
    elem_odometer_offsets(&kept, k, &xo, &yo);
    if (elem_is_float(t))
      elem_store_f64(t, y, yo, reduce_float(op, t, xd, xo, &red, count));
    else
      reduce_int(op, t, xd, xo, &red, count, y, yo);
  }
}
