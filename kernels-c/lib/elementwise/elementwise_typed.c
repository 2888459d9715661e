/* elementwise_typed.c - the elementwise kernels on every element type, and
   the kinds only integers, bools and comparisons have (docs/kernels.md,
   "Elementwise kernels"). elementwise.c hands a call here when a tensor
   is not f32 or its operation is one of those kinds (ew_typed_call).

   Each operation computes in one type of its domain: f32 for f32, f16
   and bf16 (the f32 path's own loops on the vector unit and the stream
   engine for the kinds it has), f64 for f64 (scalar, with the C
   library's functions), int32 for int32 and the 8- and 16-bit integers
   (but the shifts) and int64 for int64 (wrapping to the result's width
   as ONNX's integer arithmetic does), uint64 for the other unsigned
   integers and bool. The tensors walk on
   elementwise.c's layout (y's merged dimensions): each row of the innermost
   dimension goes through the scratchpad in blocks. A block of each input
   arrives by DMA (a broadcast one as its one value), is converted to the
   domain's type by accel_cast's conversions (cast.c), computed, converted to
   y's type and stored. Nothing overlaps: the integer kinds are rare in models,
   and a block's work is the conversions' and the scalar loops'. */

#include "elementwise/elementwise_typed.h"
#include "core/kernel_args.h"
#include "core/kernel_dma.h"
#include "core/kernel_machine.h"
#include "core/spm_arena.h"
#include "elementwise/cast_vector.h"
#include "elementwise/elementwise_direct.h"
#include "elementwise/elementwise_ops.h"
#include "elementwise/elementwise_vector_typed.h"
#include <math.h>
#include <stddef.h>
#include <stdint.h>

enum {
  Block = 2048, /* elements a block */
  /* Room after a buffer the f32 path's loops read or write past a
     block's end (elementwise.c's LoopSlack), in 8-byte words. */
  Slack = KERNEL_LANES * Unroll,
  MaxIn = 3,
};

typedef struct {
  uint64_t raw[MaxIn][Block + Slack]; /* inputs in their own types */
  uint64_t val[MaxIn][Block + Slack]; /* inputs in the domain's type */
  uint64_t res[Block + Slack];        /* the result in the domain's type */
  uint64_t out[Block];                /* the result in y's type */
  uint64_t wide[Block];               /* the conversions' scratch */
  float mid[Block];
} typed_spm;
KERNEL_SPM_FITS(typed_spm);

/* ---------------------------------------------------------------- types */

#define BIT(t) ACCEL_DTYPE_BIT(t)
enum {
  Floats = BIT(ACCEL_F32) | BIT(ACCEL_F16) | BIT(ACCEL_BF16) | BIT(ACCEL_F64),
  Signed = BIT(ACCEL_I8) | BIT(ACCEL_I16) | BIT(ACCEL_I32) | BIT(ACCEL_I64),
  Unsigned = BIT(ACCEL_U8) | BIT(ACCEL_U16) | BIT(ACCEL_U32) | BIT(ACCEL_U64),
  Numeric = Floats | Signed | Unsigned,
  Small = BIT(ACCEL_I8) | BIT(ACCEL_I16) | BIT(ACCEL_U8) | BIT(ACCEL_U16),
  Bool = BIT(ACCEL_BOOL),
};

static int in_set(unsigned set, accel_dtype t) { return set >> t & 1; }

static int is_mine(accel_elementwise_op op) {
  return op >= ACCEL_EW_MOD && op <= ACCEL_EW_ISNEGINF;
}

/* The inputs op takes: 1, 2 or 3; 0 for a value that is no operation. */
static int arity(accel_elementwise_op op) {
  if (op == ACCEL_EW_WHERE)
    return 3;
  if (op == ACCEL_EW_LOGICAL_NOT ||
      (op >= ACCEL_EW_SIGN && op <= ACCEL_EW_ISNEGINF))
    return 1;
  if (is_mine(op))
    return 2;
  return is_binary(op) ? 2 : is_unary(op) ? 1 : 0;
}

static int is_comparison(accel_elementwise_op op) {
  return op >= ACCEL_EW_EQUAL && op <= ACCEL_EW_GREATER_OR_EQUAL;
}

static int gives_bool(accel_elementwise_op op) {
  return is_comparison(op) || (op >= ACCEL_EW_ISNAN && op <= ACCEL_EW_ISNEGINF);
}

/* The types op is defined on (ONNX's), by its value type: input 0's, or
   where's then-input. */
static unsigned defined_on(accel_elementwise_op op) {
  switch (op) {
  case ACCEL_EW_ADD:
  case ACCEL_EW_SUB:
  case ACCEL_EW_MUL:
  case ACCEL_EW_DIV:
  case ACCEL_EW_MAX:
  case ACCEL_EW_MIN:
  case ACCEL_EW_POW:
  case ACCEL_EW_ABS:
  case ACCEL_EW_FMOD:
  case ACCEL_EW_LESS:
  case ACCEL_EW_LESS_OR_EQUAL:
  case ACCEL_EW_GREATER:
  case ACCEL_EW_GREATER_OR_EQUAL:
  case ACCEL_EW_SIGN:
    return Numeric;
  case ACCEL_EW_EQUAL:
  case ACCEL_EW_CLIP: /* bool too: the graph's Expand, clip to +-inf */
    return Numeric | Bool;
  case ACCEL_EW_RELU:
  case ACCEL_EW_NEG:
    return Floats | Signed;
  case ACCEL_EW_WHERE:
    return Numeric | Bool;
  case ACCEL_EW_MOD:
    return Signed | Unsigned;
  case ACCEL_EW_LOGICAL_AND:
  case ACCEL_EW_LOGICAL_OR:
  case ACCEL_EW_LOGICAL_XOR:
  case ACCEL_EW_LOGICAL_NOT:
    return Bool;
  case ACCEL_EW_BITSHIFT_LEFT:
  case ACCEL_EW_BITSHIFT_RIGHT:
    return Unsigned;
  default:
    /* The float kinds: f64 by the C library for those up to abs, the
       others (the f32 path's later kinds) in f32 only. */
    return op <= ACCEL_EW_ABS || is_mine(op)
               ? Floats
               : Floats & ~(unsigned)BIT(ACCEL_F64);
  }
}

/* The type an operation computes in for value type t. */
static accel_dtype domain_of(accel_dtype t, accel_elementwise_op op) {
  if (t == ACCEL_F32 || t == ACCEL_F16 || t == ACCEL_BF16)
    return ACCEL_F32;
  if (t == ACCEL_F64 || t == ACCEL_I32)
    return t;
  /* The 8- and 16-bit integers in int32, which holds their values and
     whose sums, products and powers have their low bits; but the shifts,
     which take the unsigned width. */
  if (in_set(Small, t) &&
      !(op == ACCEL_EW_BITSHIFT_LEFT || op == ACCEL_EW_BITSHIFT_RIGHT))
    return ACCEL_I32;
  return in_set(Signed, t) ? ACCEL_I64 : ACCEL_U64;
}

/* A call's types: input k's own, the one it computes in, and y's. */
typedef struct {
  accel_elementwise_step step;
  int num_inputs;
  accel_dtype in[MaxIn], as[MaxIn], domain, y;
} plan;

static plan make_plan(const accel_elementwise_step *s,
                      const accel_tensor *const *inputs, int num_inputs,
                      const accel_tensor *y) {
  plan p;
  p.step = *s;
  p.num_inputs = num_inputs;
  p.y = y->dtype;
  int v = s->op == ACCEL_EW_WHERE ? 1 : 0;
  accel_dtype vt = inputs[v]->dtype;
  p.domain = domain_of(vt, s->op);
  /* An integer to a float power computes in f64 (ONNX's Pow takes the
     two types apart; the result is the base's type). */
  if (s->op == ACCEL_EW_POW && !in_set(Floats, vt) &&
      in_set(Floats, inputs[1]->dtype))
    p.domain = ACCEL_F64;
  for (int k = 0; k < num_inputs; ++k) {
    p.in[k] = inputs[k]->dtype;
    p.as[k] = p.domain;
  }
  /* The condition as bytes (x != 0, NaN true), or in f32 for the f32
     path's where on the vector unit: every type but f64 (whose tiny
     values f32 would take to 0) is nonzero in f32 where it is nonzero. */
  if (s->op == ACCEL_EW_WHERE)
    p.as[0] =
        p.domain == ACCEL_F32 && p.in[0] != ACCEL_F64 ? ACCEL_F32 : ACCEL_BOOL;
  return p;
}

/* ---------------------------------------------------------------- checks */

static accel_status unsupported(const char *kernel, int entry, int k,
                                accel_dtype t, accel_elementwise_op op) {
  char name[32];
  return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, kernel,
                            ew_input_name(entry, k, name),
                            "element type %s: operation %d is not defined on "
                            "it",
                            accel_dtype_name(t), (int)op);
}

static accel_status check_types(const char *kernel, int entry,
                                const accel_elementwise_step *s,
                                const accel_tensor *const *in, int num_inputs,
                                const accel_tensor *y) {
  char name[32];
  accel_elementwise_op op = s->op;
  int v = op == ACCEL_EW_WHERE ? 1 : 0;
  accel_dtype vt = in[v]->dtype;
  if (!in_set(defined_on(op), vt))
    return unsupported(kernel, entry, v, vt, op);
  /* The operands that must have the value type: all but where's
     condition and pow's exponent. */
  for (int k = 0; k < num_inputs; ++k) {
    int free_type =
        (op == ACCEL_EW_WHERE && k == 0) || (op == ACCEL_EW_POW && k == 1);
    if (free_type && !in_set(Numeric | Bool, in[k]->dtype))
      return unsupported(kernel, entry, k, in[k]->dtype, op);
    if (!free_type && in[k]->dtype != vt)
      return accel_kernel_error(
          ACCEL_ERR_UNSUPPORTED, kernel, ew_input_name(entry, k, name),
          "element type %s, %s's is %s (the operands of operation %d have "
          "one type)",
          accel_dtype_name(in[k]->dtype), ew_input_name(entry, v, name + 16),
          accel_dtype_name(vt), (int)op);
  }
  if (op == ACCEL_EW_POW && in_set(Bool, in[1]->dtype))
    return unsupported(kernel, entry, 1, in[1]->dtype, op);
  accel_dtype want = gives_bool(op) ? ACCEL_BOOL : vt;
  if (y->dtype != want)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "y",
                              "element type %s, expected %s for operation %d "
                              "on %s",
                              accel_dtype_name(y->dtype),
                              accel_dtype_name(want), (int)op,
                              accel_dtype_name(vt));
  return ACCEL_OK;
}

static int same_elements(const accel_tensor *x, const accel_tensor *y) {
  if (x->data != y->data || x->rank != y->rank || x->dtype != y->dtype)
    return 0;
  for (int d = 0; d < y->rank; ++d)
    if (x->dims[d] != y->dims[d] ||
        (y->dims[d] > 1 && x->strides[d] != y->strides[d]))
      return 0;
  return 1;
}

static accel_status check(const char *kernel, int entry,
                          const accel_elementwise_step *steps, int num_steps,
                          const accel_tensor *const *in, int num_inputs,
                          const accel_tensor *y) {
  char name[32];
  accel_status st;
  const accel_elementwise_step *s = &steps[0];
  if (entry == 3) { /* a chain: name its first tensor not f32, or step 0 */
    for (int k = 0; k <= num_inputs; ++k) {
      const accel_tensor *t = k < num_inputs ? in[k] : y;
      if (t && t->dtype != ACCEL_F32)
        return accel_kernel_error(
            ACCEL_ERR_UNSUPPORTED, kernel,
            k < num_inputs ? ew_input_name(entry, k, name) : "y",
            "element type %s: a chain computes the f32 kinds on f32 "
            "tensors",
            accel_dtype_valid(t->dtype) ? accel_dtype_name(t->dtype) : "?");
    }
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, kernel, "steps[0]",
                              "operation %d: a chain computes the f32 kinds "
                              "on f32 tensors",
                              (int)s->op);
  }
  if (num_steps != 1 || (int)s->op < 0 || arity(s->op) == 0)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "op",
                              "operation %d is not an accel_elementwise_op",
                              (int)s->op);
  int want = entry == 0 ? 1 : entry == 1 ? 2 : 3;
  if (arity(s->op) != want)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "op",
                              "operation %d takes %d inputs, not %d",
                              (int)s->op, arity(s->op), want);
  for (int k = 0; k < num_inputs; ++k)
    if ((st = accel_check_tensor_typed(kernel, ew_input_name(entry, k, name),
                                       in[k], ACCEL_ALL_DTYPES, 0,
                                       ACCEL_MAX_RANK, 0)))
      return st;
  if ((st = accel_check_tensor_typed(kernel, "y", y, ACCEL_ALL_DTYPES, 0,
                                     ACCEL_MAX_RANK, 1)))
    return st;
  if ((st = check_types(kernel, entry, s, in, num_inputs, y)))
    return st;
  const accel_elementwise_options *o = &s->options;
  if (s->op == ACCEL_EW_LEAKY_RELU && o->alpha != o->alpha)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "options",
                              "alpha is NaN");
  if (s->op == ACCEL_EW_CLIP && !(o->lo <= o->hi))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel, "options",
                              "clip bounds lo %g, hi %g are not ordered",
                              (double)o->lo, (double)o->hi);
  for (int k = 0; k < num_inputs; ++k) {
    const accel_tensor *t = in[k];
    if (t->rank > y->rank)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, kernel,
                                ew_input_name(entry, k, name),
                                "rank %d is above y's %d (it must broadcast "
                                "to y)",
                                t->rank, y->rank);
    int offset = y->rank - t->rank;
    for (int d = 0; d < t->rank; ++d)
      if (t->dims[d] != 1 && t->dims[d] != y->dims[d + offset])
        return accel_kernel_error(
            ACCEL_ERR_ARGUMENT, kernel, ew_input_name(entry, k, name),
            "dimension %d is %ld; y's dimension %d is %ld (it must match or "
            "be 1)",
            d, t->dims[d], d + offset, y->dims[d + offset]);
  }
  for (int k = 0; k < num_inputs; ++k)
    if (accel_typed_tensors_overlap(in[k], y) && !same_elements(in[k], y))
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, kernel, "y",
                                "overlaps %s (only exactly in place, in one "
                                "type, is allowed)",
                                ew_input_name(entry, k, name));
  return ACCEL_OK;
}

/* ---------------------------------------------------------------- compute */

#define EACH for (long i = 0; i < n; ++i)

/* The f32 domain's kinds the f32 path does not have. */
static void compute_f32(accel_elementwise_op op, float *restrict r,
                        const float *restrict a, const float *restrict b,
                        long n) {
  const float inf = __builtin_inff();
  switch (op) {
  case ACCEL_EW_FMOD:
    EACH r[i] = fmodf(a[i], b[i]);
    break;
  case ACCEL_EW_EQUAL:
    EACH r[i] = a[i] == b[i];
    break;
  case ACCEL_EW_LESS:
    EACH r[i] = a[i] < b[i];
    break;
  case ACCEL_EW_LESS_OR_EQUAL:
    EACH r[i] = a[i] <= b[i];
    break;
  case ACCEL_EW_GREATER:
    EACH r[i] = a[i] > b[i];
    break;
  case ACCEL_EW_GREATER_OR_EQUAL:
    EACH r[i] = a[i] >= b[i];
    break;
  case ACCEL_EW_SIGN: /* 0 and NaN as they are */
    EACH r[i] = a[i] > 0 ? 1.0f : a[i] < 0 ? -1.0f : a[i];
    break;
  case ACCEL_EW_ISNAN:
    EACH r[i] = a[i] != a[i];
    break;
  case ACCEL_EW_ISINF:
    EACH r[i] = a[i] == inf || a[i] == -inf;
    break;
  case ACCEL_EW_ISPOSINF:
    EACH r[i] = a[i] == inf;
    break;
  case ACCEL_EW_ISNEGINF:
    EACH r[i] = a[i] == -inf;
    break;
  default:
    break;
  }
}

static double max_f64(double x, double y) {
  return x != x || y != y ? x + y : x > y ? x : y;
}

static double min_f64(double x, double y) {
  return x != x || y != y ? x + y : x < y ? x : y;
}

static void compute_f64(accel_elementwise_op op, double *restrict r,
                        const double *restrict a, const double *restrict b,
                        long n, const accel_elementwise_options *o) {
  const double inf = __builtin_inf();
  switch (op) {
  case ACCEL_EW_ADD:
    EACH r[i] = a[i] + b[i];
    break;
  case ACCEL_EW_SUB:
    EACH r[i] = a[i] - b[i];
    break;
  case ACCEL_EW_MUL:
    EACH r[i] = a[i] * b[i];
    break;
  case ACCEL_EW_DIV:
    EACH r[i] = a[i] / b[i];
    break;
  case ACCEL_EW_MAX:
    EACH r[i] = max_f64(a[i], b[i]);
    break;
  case ACCEL_EW_MIN:
    EACH r[i] = min_f64(a[i], b[i]);
    break;
  case ACCEL_EW_POW:
    EACH r[i] = pow(a[i], b[i]);
    break;
  case ACCEL_EW_RELU:
    EACH r[i] = a[i] < 0 ? 0.0 : a[i];
    break;
  case ACCEL_EW_LEAKY_RELU:
    EACH r[i] = a[i] < 0 ? a[i] * (double)o->alpha : a[i];
    break;
  case ACCEL_EW_CLIP:
    EACH {
      double x = a[i] < (double)o->lo ? (double)o->lo : a[i];
      r[i] = x > (double)o->hi ? (double)o->hi : x;
    }
    break;
  case ACCEL_EW_SIGMOID:
    EACH r[i] = 1.0 / (1.0 + exp(-a[i]));
    break;
  case ACCEL_EW_TANH:
    EACH r[i] = tanh(a[i]);
    break;
  case ACCEL_EW_ERF:
    EACH r[i] = erf(a[i]);
    break;
  case ACCEL_EW_GELU:
    EACH r[i] = 0.5 * a[i] * (1.0 + erf(a[i] * 0.70710678118654752440));
    break;
  case ACCEL_EW_GELU_TANH:
    EACH {
      double x = a[i];
      r[i] = 0.5 * x *
             (1.0 + tanh(0.79788456080286535588 * (x + 0.044715 * x * x * x)));
    }
    break;
  case ACCEL_EW_EXP:
    EACH r[i] = exp(a[i]);
    break;
  case ACCEL_EW_LOG:
    EACH r[i] = log(a[i]);
    break;
  case ACCEL_EW_SQRT:
    EACH r[i] = sqrt(a[i]);
    break;
  case ACCEL_EW_RECIPROCAL:
    EACH r[i] = 1.0 / a[i];
    break;
  case ACCEL_EW_NEG:
    EACH r[i] = -a[i];
    break;
  case ACCEL_EW_ABS:
    EACH r[i] = fabs(a[i]);
    break;
  case ACCEL_EW_FMOD:
    EACH r[i] = fmod(a[i], b[i]);
    break;
  case ACCEL_EW_EQUAL:
    EACH r[i] = a[i] == b[i];
    break;
  case ACCEL_EW_LESS:
    EACH r[i] = a[i] < b[i];
    break;
  case ACCEL_EW_LESS_OR_EQUAL:
    EACH r[i] = a[i] <= b[i];
    break;
  case ACCEL_EW_GREATER:
    EACH r[i] = a[i] > b[i];
    break;
  case ACCEL_EW_GREATER_OR_EQUAL:
    EACH r[i] = a[i] >= b[i];
    break;
  case ACCEL_EW_SIGN:
    EACH r[i] = a[i] > 0 ? 1.0 : a[i] < 0 ? -1.0 : a[i];
    break;
  case ACCEL_EW_ISNAN:
    EACH r[i] = a[i] != a[i];
    break;
  case ACCEL_EW_ISINF:
    EACH r[i] = a[i] == inf || a[i] == -inf;
    break;
  case ACCEL_EW_ISPOSINF:
    EACH r[i] = a[i] == inf;
    break;
  case ACCEL_EW_ISNEGINF:
    EACH r[i] = a[i] == -inf;
    break;
  default:
    break;
  }
}

/* x^e wrapping, by squaring; a negative e gives 1/x^-e truncated. */
static uint64_t power_u64(uint64_t x, uint64_t e) {
  uint64_t r = 1;
  for (; e; e >>= 1, x *= x)
    if (e & 1)
      r *= x;
  return r;
}

static int64_t power_i64(int64_t x, int64_t e) {
  if (e < 0)
    return x == 1 ? 1 : x == -1 ? (e & 1 ? -1 : 1) : 0;
  return (int64_t)power_u64((uint64_t)x, (uint64_t)e);
}

/* A bound of clip as an integer of the domain: past the range, the
   range's end (a bound there clips nothing). */
static int64_t bound_i64(float f) {
  return f <= -0x1p63f ? INT64_MIN : f >= 0x1p63f ? INT64_MAX : (int64_t)f;
}

static uint64_t bound_u64(float f) {
  return f <= 0 ? 0 : f >= 0x1p64f ? UINT64_MAX : (uint64_t)f;
}

/* Signed integers, and the arithmetic ONNX defines on them: sums,
   differences and products wrap (in the domain's width, then to y's), a
   quotient truncates toward zero, mod takes the divisor's sign and fmod
   the dividend's; a zero divisor gives 0. One body for int64 (the 8-,
   16- and 64-bit types) and int32 (its own type: no conversions). */
#define SIGNED_COMPUTE(name, T, UT, TMIN, TMAX)                                \
  static void name(accel_elementwise_op op, T *restrict r,                     \
                   const T *restrict a, const T *restrict b, long n,           \
                   const accel_elementwise_options *o) {                       \
    switch (op) {                                                              \
    case ACCEL_EW_ADD:                                                         \
      EACH r[i] = (T)((UT)a[i] + (UT)b[i]);                                    \
      break;                                                                   \
    case ACCEL_EW_SUB:                                                         \
      EACH r[i] = (T)((UT)a[i] - (UT)b[i]);                                    \
      break;                                                                   \
    case ACCEL_EW_MUL:                                                         \
      EACH r[i] = (T)((UT)a[i] * (UT)b[i]);                                    \
      break;                                                                   \
    case ACCEL_EW_DIV:                                                         \
      EACH r[i] = b[i] == 0    ? 0                                             \
                  : b[i] == -1 ? (T)(0 - (UT)a[i])                             \
                               : a[i] / b[i];                                  \
      break;                                                                   \
    case ACCEL_EW_MAX:                                                         \
      EACH r[i] = a[i] > b[i] ? a[i] : b[i];                                   \
      break;                                                                   \
    case ACCEL_EW_MIN:                                                         \
      EACH r[i] = a[i] < b[i] ? a[i] : b[i];                                   \
      break;                                                                   \
    case ACCEL_EW_POW: /* the low bits of the 64-bit power */                  \
      EACH r[i] = (T)power_i64(a[i], b[i]);                                    \
      break;                                                                   \
    case ACCEL_EW_RELU:                                                        \
      EACH r[i] = a[i] < 0 ? 0 : a[i];                                         \
      break;                                                                   \
    case ACCEL_EW_CLIP: {                                                      \
      int64_t lo64 = bound_i64(o->lo), hi64 = bound_i64(o->hi);                \
      T lo = lo64 < TMIN ? TMIN : lo64 > TMAX ? TMAX : (T)lo64;                \
      T hi = hi64 < TMIN ? TMIN : hi64 > TMAX ? TMAX : (T)hi64;                \
      EACH {                                                                   \
        T x = a[i] < lo ? lo : a[i];                                           \
        r[i] = x > hi ? hi : x;                                                \
      }                                                                        \
      break;                                                                   \
    }                                                                          \
    case ACCEL_EW_NEG:                                                         \
      EACH r[i] = (T)(0 - (UT)a[i]);                                           \
      break;                                                                   \
    case ACCEL_EW_ABS:                                                         \
      EACH r[i] = a[i] < 0 ? (T)(0 - (UT)a[i]) : a[i];                         \
      break;                                                                   \
    case ACCEL_EW_MOD:                                                         \
      EACH {                                                                   \
        T m = b[i] == 0 || b[i] == -1 ? 0 : a[i] % b[i];                       \
        r[i] = m != 0 && (m < 0) != (b[i] < 0) ? m + b[i] : m;                 \
      }                                                                        \
      break;                                                                   \
    case ACCEL_EW_FMOD:                                                        \
      EACH r[i] = b[i] == 0 || b[i] == -1 ? 0 : a[i] % b[i];                   \
      break;                                                                   \
    case ACCEL_EW_EQUAL:                                                       \
      EACH r[i] = a[i] == b[i];                                                \
      break;                                                                   \
    case ACCEL_EW_LESS:                                                        \
      EACH r[i] = a[i] < b[i];                                                 \
      break;                                                                   \
    case ACCEL_EW_LESS_OR_EQUAL:                                               \
      EACH r[i] = a[i] <= b[i];                                                \
      break;                                                                   \
    case ACCEL_EW_GREATER:                                                     \
      EACH r[i] = a[i] > b[i];                                                 \
      break;                                                                   \
    case ACCEL_EW_GREATER_OR_EQUAL:                                            \
      EACH r[i] = a[i] >= b[i];                                                \
      break;                                                                   \
    case ACCEL_EW_SIGN:                                                        \
      EACH r[i] = (a[i] > 0) - (a[i] < 0);                                     \
      break;                                                                   \
    default:                                                                   \
      break;                                                                   \
    }                                                                          \
  }
SIGNED_COMPUTE(compute_i64, int64_t, uint64_t, INT64_MIN, INT64_MAX)
SIGNED_COMPUTE(compute_i32, int32_t, uint32_t, INT32_MIN, INT32_MAX)
#undef SIGNED_COMPUTE

/* Unsigned integers and bools (0 and 1). */
static void compute_u64(accel_elementwise_op op, uint64_t *restrict r,
                        const uint64_t *restrict a, const uint64_t *restrict b,
                        long n, const accel_elementwise_options *o) {
  switch (op) {
  case ACCEL_EW_ADD:
    EACH r[i] = a[i] + b[i];
    break;
  case ACCEL_EW_SUB:
    EACH r[i] = a[i] - b[i];
    break;
  case ACCEL_EW_MUL:
    EACH r[i] = a[i] * b[i];
    break;
  case ACCEL_EW_DIV:
    EACH r[i] = b[i] ? a[i] / b[i] : 0;
    break;
  case ACCEL_EW_MAX:
    EACH r[i] = a[i] > b[i] ? a[i] : b[i];
    break;
  case ACCEL_EW_MIN:
    EACH r[i] = a[i] < b[i] ? a[i] : b[i];
    break;
  case ACCEL_EW_POW:
    EACH r[i] = power_u64(a[i], b[i]);
    break;
  case ACCEL_EW_CLIP: {
    uint64_t lo = bound_u64(o->lo), hi = bound_u64(o->hi);
    EACH {
      uint64_t x = a[i] < lo ? lo : a[i];
      r[i] = x > hi ? hi : x;
    }
    break;
  }
  case ACCEL_EW_ABS:
    EACH r[i] = a[i];
    break;
  case ACCEL_EW_MOD:
  case ACCEL_EW_FMOD:
    EACH r[i] = b[i] ? a[i] % b[i] : 0;
    break;
  case ACCEL_EW_EQUAL:
    EACH r[i] = a[i] == b[i];
    break;
  case ACCEL_EW_LESS:
    EACH r[i] = a[i] < b[i];
    break;
  case ACCEL_EW_LESS_OR_EQUAL:
    EACH r[i] = a[i] <= b[i];
    break;
  case ACCEL_EW_GREATER:
    EACH r[i] = a[i] > b[i];
    break;
  case ACCEL_EW_GREATER_OR_EQUAL:
    EACH r[i] = a[i] >= b[i];
    break;
  case ACCEL_EW_LOGICAL_AND:
    EACH r[i] = a[i] & b[i];
    break;
  case ACCEL_EW_LOGICAL_OR:
    EACH r[i] = a[i] | b[i];
    break;
  case ACCEL_EW_LOGICAL_XOR:
    EACH r[i] = a[i] ^ b[i];
    break;
  case ACCEL_EW_LOGICAL_NOT:
    EACH r[i] = !a[i];
    break;
  case ACCEL_EW_BITSHIFT_LEFT: /* a shift past the width: 0 */
    EACH r[i] = b[i] < 64 ? a[i] << b[i] : 0;
    break;
  case ACCEL_EW_BITSHIFT_RIGHT:
    EACH r[i] = b[i] < 64 ? a[i] >> b[i] : 0;
    break;
  case ACCEL_EW_SIGN:
    EACH r[i] = a[i] != 0;
    break;
  default:
    break;
  }
}

/* r = cond ? a : b for elements of `size` bytes. */
static void select_elements(void *restrict r, const uint8_t *restrict cond,
                            const void *restrict a, const void *restrict b,
                            unsigned size, long n) {
  if (size == 8) {
    uint64_t *r8 = r;
    const uint64_t *a8 = a, *b8 = b;
    EACH r8[i] = cond[i] ? a8[i] : b8[i];
  } else {
    uint32_t *r4 = r;
    const uint32_t *a4 = a, *b4 = b;
    EACH r4[i] = cond[i] ? a4[i] : b4[i];
  }
}

static void compute(const plan *p, void *r, void *const *v, long n) {
  accel_elementwise_op op = p->step.op;
  const accel_elementwise_options *o = &p->step.options;
  if (op == ACCEL_EW_WHERE && p->as[0] == ACCEL_BOOL) {
    select_elements(r, v[0], v[1], v[2], accel_dtype_bytes(p->domain), n);
    return;
  }
  const void *b = arity(op) >= 2 ? v[1] : v[0];
  switch (p->domain) {
  case ACCEL_F32:
    if (is_mine(op))
      compute_f32(op, r, v[0], b, n);
    else /* on the f32 path's own loops */
      ew_run_step(&p->step, r, v[0], b, op == ACCEL_EW_WHERE ? v[2] : b, n);
    break;
  case ACCEL_F64:
    compute_f64(op, r, v[0], b, n, o);
    break;
  case ACCEL_I64:
    compute_i64(op, r, v[0], b, n, o);
    break;
  case ACCEL_I32:
    compute_i32(op, r, v[0], b, n, o);
    break;
  default:
    compute_u64(op, r, v[0], b, n, o);
    break;
  }
}

/* ---------------------------------------------------------------- run */

/* buf's first element of `size` bytes, repeated to n. */
static void repeat(void *buf, unsigned size, long n) {
  if (size == 8) {
    uint64_t x = *(uint64_t *)buf;
    for (long i = 1; i < n; ++i)
      ((uint64_t *)buf)[i] = x;
  } else if (size == 4) {
    uint32_t x = *(uint32_t *)buf;
    for (long i = 1; i < n; ++i)
      ((uint32_t *)buf)[i] = x;
  } else {
    uint8_t x = *(uint8_t *)buf;
    for (long i = 1; i < n; ++i)
      ((uint8_t *)buf)[i] = x;
  }
}

/* Bytes to int32 on the vector unit, as cast_vector.h's bytes to f32: a
   vector of 16 words holds 64 bytes, element 4 i + k in byte k of word
   i, whose int32s go out as four vectors by stores of stride 16 bytes.
   Returns how many it did (whole groups of 64). */
static long vbytes_to_i32(const void *restrict in, void *restrict out, long n,
                          int is_signed) {
  long m = n - n % VecByteStep;
  for (long i = 0; i < m; i += VecByteStep) {
    accel_v16i w = vcast_load((const uint8_t *)in + i);
    for (int k = 0; k < 4; ++k) {
      accel_v16i b = is_signed ? (w << (24 - 8 * k)) >> 24
                               : (accel_v16i)((accel_v16u)w >> (8 * k)) &
                                     vcast_splat(0xff);
      accel_vstore_strided((accel_v16f)b, (float *)out + i + k, 16);
    }
  }
  return m;
}

/* int32 (words 1) or 64-bit integers (words 2: their low words) to
   bytes, their low bytes (a bool's 0 or 1 as it is). */
static long vwords_to_bytes(const void *restrict in, void *restrict out, long n,
                            int words) {
  long m = n - n % VecByteStep;
  for (long i = 0; i < m; i += VecByteStep) {
    accel_v16i w = vcast_splat(0);
    for (int k = 0; k < 4; ++k) {
      accel_v16i x = (accel_v16i)accel_vload_strided(
          (const float *)in + words * (i + k), 16 * words);
      w |= (x & vcast_splat(0xff)) << (8 * k);
    }
    vcast_store((uint8_t *)out + i, w);
  }
  return m;
}

/* The conversions between int32 and the 8- and 16-bit integers, and from
   64-bit integers to bytes, in one pass each (bytes on the vector unit);
   accel_cast's go through 64-bit values in two. Returns whether it
   converted. */
static int convert_int32(accel_dtype from, accel_dtype to,
                         const void *restrict in, void *restrict out, long n) {
  if (to == ACCEL_I32) {
    int32_t *o = out;
    long i0;
    switch (from) {
    case ACCEL_I8:
      for (i0 = vbytes_to_i32(in, out, n, 1); i0 < n; ++i0)
        o[i0] = ((const int8_t *)in)[i0];
      return 1;
    case ACCEL_U8:
      for (i0 = vbytes_to_i32(in, out, n, 0); i0 < n; ++i0)
        o[i0] = ((const uint8_t *)in)[i0];
      return 1;
    case ACCEL_I16:
      EACH o[i] = ((const int16_t *)in)[i];
      return 1;
    case ACCEL_U16:
      EACH o[i] = ((const uint16_t *)in)[i];
      return 1;
    default:
      return 0;
    }
  }
  long i0;
  if ((from == ACCEL_I64 || from == ACCEL_U64) &&
      (to == ACCEL_I8 || to == ACCEL_U8)) { /* the low bytes */
    for (i0 = vwords_to_bytes(in, out, n, 2); i0 < n; ++i0)
      ((uint8_t *)out)[i0] = (uint8_t)((const uint64_t *)in)[i0];
    return 1;
  }
  if (from != ACCEL_I32)
    return 0;
  const int32_t *v = in;
  switch (to) {
  case ACCEL_I8:
  case ACCEL_U8:
    for (i0 = vwords_to_bytes(in, out, n, 1); i0 < n; ++i0)
      ((uint8_t *)out)[i0] = (uint8_t)v[i0];
    return 1;
  case ACCEL_I16:
  case ACCEL_U16:
    EACH((uint16_t *)out)[i] = (uint16_t)v[i];
    return 1;
  default:
    return 0;
  }
}

static void convert(accel_dtype from, accel_dtype to, const void *in, void *out,
                    long n) {
  typed_spm *spm = KERNEL_SPM(typed_spm);
  if (!convert_int32(from, to, in, out, n))
    accel_cast_block(from, to, in, out, spm->wide, spm->mid, n);
}

static int direct(void *dst, const void *src, long bytes, int packed,
                  int store);
static int one_block(ew_layout *l, const accel_tensor *const *inputs,
                     int num_inputs, const accel_tensor *y, long total);
static void *vector_block(const plan *p, const ew_layout *l, long n);
static void *general_block(const plan *p, const ew_layout *l, long n);

/* Elements [start, start + n) of the row at element offsets off[]. */
static void run_block(const plan *p, const ew_layout *l, const long *off,
                      long start, long n) {
  typed_spm *spm = KERNEL_SPM(typed_spm);
  int inner = l->rank - 1, ny = l->num_inputs;
  for (int k = 0; k < p->num_inputs; ++k) {
    unsigned size = accel_dtype_bytes(p->in[k]);
    long st = l->strides[k][inner];
    const char *src =
        (const char *)l->data[k] + (off[k] + start * st) * (long)size;
    /* By loads only for a single input: loads into several buffers would
       wait for each other's latency where transfers overlap. */
    if (p->num_inputs > 1 ||
        !direct(spm->raw[k], src, st ? n * size : size, st <= 1, 0)) {
      if (st == 1 && n * size >= 2 * 2048) {
        /* Packed and large: over the channels from k's (a batch's
           attention mask, 8 KiB of int64, takes ~320 cycles on one). */
        int ch = k;
        accel_dma_split(&ch, spm->raw[k], src, n * size, 2048);
      } else {
        accel_dma_rows_on(k, spm->raw[k], src, st ? n : 1, size, size,
                          st * (long)size);
      }
    }
  }
  accel_dma_wait_all();
  void *out = vector_block(p, l, n);
  if (!out)
    out = general_block(p, l, n);
  unsigned ysize = accel_dtype_bytes(p->y);
  long yst = l->strides[ny][inner];
  char *dst = (char *)l->data[ny] + (off[ny] + start * yst) * (long)ysize;
  if (!direct(dst, out, n * ysize, yst == 1, 1)) {
    accel_dma_rows_on(0, dst, out, n, ysize, yst * ysize, ysize);
    accel_dma_wait_on(0);
  }
}

/* Moves bytes (packed on both sides when packed) by the core's loads
   (into a scratchpad buffer) or stores (out of one) where a transfer's
   start-up would cost more (elementwise_direct.h): whole words, 4-byte
   aligned; returns whether it moved them. */
static int direct(void *dst, const void *src, long bytes, int packed,
                  int store) {
  unsigned long at = (unsigned long)(store ? dst : src);
  if (!packed || bytes % 4 || at % 4 ||
      bytes > (store ? EW_DIRECT_STORE_BYTES : EW_DIRECT_LOAD_BYTES))
    return 0;
  if (store)
    ew_store_direct(dst, src, bytes / 4);
  else
    ew_load_direct(dst, src, bytes / 4);
  return 1;
}

/* The kinds elementwise_vector_typed.c has, on a block arrived in the
   raw buffers: the result's buffer, or null for any other call. */
static void *vector_block(const plan *p, const ew_layout *l, long n) {
  typed_spm *spm = KERNEL_SPM(typed_spm);
  int inner = l->rank - 1;
  ew_operand x[MaxIn];
  for (int k = 0; k < p->num_inputs; ++k)
    x[k] = (ew_operand){spm->raw[k], l->strides[k][inner] == 0};
  accel_elementwise_op op = p->step.op;
  if (op >= ACCEL_EW_LOGICAL_AND && op <= ACCEL_EW_LOGICAL_NOT) {
    /* Their operands and result are bools (check_types). */
    ew_vector_logic(op, &x[0], op == ACCEL_EW_LOGICAL_NOT ? NULL : &x[1],
                    spm->out, n);
    return spm->out;
  }
  if (is_comparison(op) && (p->in[0] == ACCEL_I64 || p->in[0] == ACCEL_I32)) {
    ew_vector_compare(op, p->in[0] == ACCEL_I64 ? 2 : 1, &x[0], &x[1],
                      spm->out, (int32_t *)spm->wide, n);
    return spm->out;
  }
  if (op == ACCEL_EW_WHERE && p->in[0] == ACCEL_BOOL &&
      accel_dtype_bytes(p->y) == 4) {
    ew_vector_select(&x[0], &x[1], &x[2], spm->res, n);
    return spm->res;
  }
  return NULL;
}

/* Any call on a block arrived in the raw buffers: each input converted
   to the domain's type, the operation, and the result converted to y's
   type. Returns the result's buffer. */
static void *general_block(const plan *p, const ew_layout *l, long n) {
  typed_spm *spm = KERNEL_SPM(typed_spm);
  int inner = l->rank - 1;
  void *v[MaxIn];
  for (int k = 0; k < p->num_inputs; ++k) {
    long count = l->strides[k][inner] ? n : 1;
    v[k] = spm->raw[k];
    if (p->in[k] != p->as[k]) {
      convert(p->in[k], p->as[k], spm->raw[k], spm->val[k], count);
      v[k] = spm->val[k];
    }
    if (count == 1 && n > 1)
      repeat(v[k], accel_dtype_bytes(p->as[k]), n);
  }
  compute(p, spm->res, v, n);
  void *out = spm->res;
  if (p->y == ACCEL_BOOL && gives_bool(p->step.op) && p->domain != ACCEL_F32 &&
      p->domain != ACCEL_F64) {
    /* A comparison's 0 or 1, as bytes: their low bytes. */
    int words = p->domain == ACCEL_I32 ? 1 : 2;
    long i0 = vwords_to_bytes(spm->res, spm->out, n, words);
    for (; i0 < n; ++i0)
      ((uint8_t *)spm->out)[i0] =
          (uint8_t)(words == 1 ? ((const int32_t *)spm->res)[i0]
                               : ((const int64_t *)spm->res)[i0]);
    out = spm->out;
  } else if (p->y != p->domain) {
    convert(p->domain, p->y, spm->res, spm->out, n);
    out = spm->out;
  }
  return out;
}

/* Every row of the innermost dimension, in blocks. */
static void run(const plan *p, const ew_layout *l) {
  int inner = l->rank - 1, nt = l->num_inputs + 1;
  long len = l->dims[inner];
  long idx[ACCEL_MAX_RANK + 1] = {0}, off[MaxIn + 1] = {0};
  for (;;) {
    for (long start = 0; start < len; start += Block)
      run_block(p, l, off, start, len - start < Block ? len - start : Block);
    int d = inner - 1;
    for (; d >= 0; --d) {
      for (int k = 0; k < nt; ++k)
        off[k] += l->strides[k][d];
      if (++idx[d] < l->dims[d])
        break;
      for (int k = 0; k < nt; ++k)
        off[k] -= l->strides[k][d] * l->dims[d];
      idx[d] = 0;
    }
    if (d < 0)
      return;
  }
}

accel_status ew_typed_run(const char *kernel, int entry,
                          const accel_elementwise_step *steps, int num_steps,
                          const accel_tensor *const *inputs, int num_inputs,
                          const accel_tensor *y, ew_layout *l) {
  if (accel_checking()) {
    accel_status st =
        check(kernel, entry, steps, num_steps, inputs, num_inputs, y);
    if (st || accel_only_checking())
      return st;
  }
  long total; /* 0 when some dimension is */
  int dense = ew_contiguous(y, &total);
  if (total == 0)
    return ACCEL_OK;
  plan p = make_plan(&steps[0], inputs, num_inputs, y);
  if (dense && total <= Block && one_block(l, inputs, num_inputs, y, total)) {
    long off[MaxIn + 1] = {0};
    run_block(&p, l, off, 0, total);
    return ACCEL_OK;
  }
  ew_make_layout(l, inputs, num_inputs, y);
  run(&p, l);
  return ACCEL_OK;
}

/* A dense y of total elements, one block, whose inputs are each a
   scalar or dense of y's count (so of its dims): its layout, one row,
   without the general merge's loops (most of a mask's small call), and
   1; else 0. */
static int one_block(ew_layout *l, const accel_tensor *const *inputs,
                     int num_inputs, const accel_tensor *y, long total) {
  for (int k = 0; k < num_inputs; ++k) {
    long count;
    int dense = ew_contiguous(inputs[k], &count);
    if (count != 1 && !(dense && count == total))
      return 0;
    l->strides[k][0] = 0, l->strides[k][1] = count == total;
    l->data[k] = inputs[k]->data;
  }
  l->rank = 2, l->num_inputs = num_inputs;
  l->dims[0] = 1, l->dims[1] = total;
  l->strides[num_inputs][0] = 0, l->strides[num_inputs][1] = 1;
  l->data[num_inputs] = y->data;
  return 1;
}
