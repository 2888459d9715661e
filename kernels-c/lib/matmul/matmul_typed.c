/* matmul_typed.c - matrix products of the element types other than f32
   (docs/kernels.md, "Matrix products of other types"), in scalar loops:
   the matrix unit multiplies f32 only. Each product is a dot product of
   a row of op(a) and a column of op(b):
     - f64 in f64, rounded once a product;
     - f16 and bf16 in f32, as numpy's matmul does, rounded once to the
       type (to nearest even);
     - integers in 64 bits, wrapping, so that the stored low bits are the
       two's-complement result of the type's own arithmetic (int32
       overflows as int32 does).
   a and b come into the scratchpad by one transfer each where their
   spans fit (a load there costs 3 cycles, DRAM's 40). */

#include "core/kernel_args.h"
#include "core/spm_arena.h"
#include "matmul/matmul_typed.h"
#include "reduce/typed_elem.h"
#include <stddef.h>

enum { MatmulTypedStage = ACCEL_KERNEL_SPM_BYTES / 2 };

typedef struct {
  char a[MatmulTypedStage];
  char b[MatmulTypedStage];
} matmul_typed_spm;
KERNEL_SPM_FITS(matmul_typed_spm);
#define MSPM KERNEL_SPM(matmul_typed_spm)

/* Every type but f32 (the matrix unit's) and bool (no product). */
#define MATMUL_TYPES                                                           \
  (ACCEL_ALL_DTYPES & ~ACCEL_DTYPE_BIT(ACCEL_F32) &                            \
   ~ACCEL_DTYPE_BIT(ACCEL_BOOL))

/* A 2-D view of op(t): rows, columns and their strides, in elements. */
typedef struct {
  long rows, cols, rs, cs;
} mat_view;

static mat_view view_of(const accel_tensor *t, int trans) {
  int r = t->rank;
  mat_view v = {t->dims[r - 2], t->dims[r - 1], t->strides[r - 2],
                t->strides[r - 1]};
  if (trans) {
    long n = v.rows, s = v.rs;
    v.rows = v.cols, v.rs = v.cs;
    v.cols = n, v.cs = s;
  }
  return v;
}

static accel_status check(const char *K, const accel_tensor *a,
                          const accel_tensor *b, const accel_tensor *c,
                          const accel_gemm_options *o) {
  const accel_tensor *ts[3] = {a, b, c};
  static const char *const names[3] = {"a", "b", "c"};
  accel_status s;
  for (int i = 0; i < 3; ++i)
    if ((s = accel_check_tensor_typed(K, names[i], ts[i], MATMUL_TYPES, 2,
                                      ACCEL_MAX_RANK, i == 2)))
      return s;
  for (int i = 0; i < 2; ++i)
    if (ts[i]->dtype != c->dtype)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, names[i],
                                "element type %s, c's is %s",
                                accel_dtype_name(ts[i]->dtype),
                                accel_dtype_name(c->dtype));
  if (o->alpha != 1.0f || o->beta != 0.0f || o->bias_kind != ACCEL_BIAS_NONE ||
      o->act.kind != ACCEL_ACT_NONE)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "options",
                              "alpha, beta, a bias or an activation on %s "
                              "(only f32 has them)",
                              accel_dtype_name(c->dtype));
  mat_view va = view_of(a, o->trans_a), vb = view_of(b, o->trans_b);
  if (va.cols != vb.rows)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "b",
                              "op(b) has %ld rows, op(a) has %ld columns",
                              vb.rows, va.cols);
  int batch = c->rank - 2;
  int want = (a->rank > b->rank ? a->rank : b->rank) - 2;
  if (batch != want)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "c",
                              "rank %d, expected %d (a's and b's batch "
                              "dimensions broadcast, and a matrix)",
                              c->rank, want + 2);
  for (int d = 0; d < batch; ++d) {
    long need = 1;
    for (int i = 0; i < 2; ++i) {
      int offset = batch - (ts[i]->rank - 2);
      long n = d >= offset ? ts[i]->dims[d - offset] : 1;
      if (n != 1 && need != 1 && n != need)
        return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, names[i],
                                  "batch dimension %d is %ld; the other "
                                  "operand's is %ld (they must match or be 1)",
                                  d - offset, n, need);
      if (n != 1)
        need = n;
    }
    if (c->dims[d] != need)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "c",
                                "batch dimension %d is %ld, expected %ld "
                                "(a's and b's broadcast)",
                                d, c->dims[d], need);
  }
  if (c->dims[batch] != va.rows || c->dims[batch + 1] != vb.cols)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "c",
                              "matrix [%ld, %ld] does not match op(a) . op(b) "
                              "[%ld, %ld]",
                              c->dims[batch], c->dims[batch + 1], va.rows,
                              vb.cols);
  if (accel_typed_tensors_overlap(c, a) || accel_typed_tensors_overlap(c, b))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "c",
                              "overlaps an input");
  return ACCEL_OK;
}

/* t's offset, in elements, of its matrix at c's batch index (t's batch
   dimensions align with c's last ones, and a dimension of 1 repeats). */
static long batch_offset(const accel_tensor *t, const long *index,
                         int batch) {
  long off = 0;
  int shift = batch - (t->rank - 2);
  for (int d = 0; d < t->rank - 2; ++d)
    if (t->dims[d] != 1)
      off += index[d + shift] * t->strides[d];
  return off;
}

/* One matrix of c: pa, pb at the matrices' first elements. */
static void product(accel_dtype t, const char *pa, mat_view va,
                    const char *pb, mat_view vb, char *pc, long crs,
                    long ccs) {
  long size = (long)accel_dtype_bytes(t), k = va.cols;
  int is_f64 = t == ACCEL_F64, is_float = elem_is_float(t);
  for (long i = 0; i < va.rows; ++i)
    for (long j = 0; j < vb.cols; ++j) {
      const char *ra = pa + i * va.rs * size, *cb = pb + j * vb.cs * size;
      long out = i * crs + j * ccs;
      if (is_f64) {
        double acc = 0.0;
        for (long p = 0; p < k; ++p)
          acc += ((const double *)ra)[p * va.cs] *
                 ((const double *)cb)[p * vb.rs];
        ((double *)pc)[out] = acc;
      } else if (is_float) {
        float acc = 0.0f;
        for (long p = 0; p < k; ++p)
          acc += (float)elem_load_f64(t, ra, p * va.cs) *
                 (float)elem_load_f64(t, cb, p * vb.rs);
        elem_store_f64(t, pc, out, acc);
      } else if (t == ACCEL_I32) {
        /* The common integer type (MatMulInteger's) without the type
           tests of the general loads. */
        uint32_t acc = 0;
        for (long p = 0; p < k; ++p)
          acc += (uint32_t)((const int32_t *)ra)[p * va.cs] *
                 (uint32_t)((const int32_t *)cb)[p * vb.rs];
        ((uint32_t *)pc)[out] = acc;
      } else if (size == 8) {
        uint64_t acc = 0;
        for (long p = 0; p < k; ++p)
          acc += (uint64_t)((const int64_t *)ra)[p * va.cs] *
                 (uint64_t)((const int64_t *)cb)[p * vb.rs];
        ((uint64_t *)pc)[out] = acc;
      } else {
        uint64_t acc = 0;
        for (long p = 0; p < k; ++p)
          acc += (uint64_t)elem_load_i64(t, ra, p * va.cs) *
                 (uint64_t)elem_load_i64(t, cb, p * vb.rs);
        elem_store_i64(t, pc, out, (int64_t)acc);
      }
    }
}

accel_status matmul_typed(const char *kernel, const accel_tensor *a,
                          const accel_tensor *b, const accel_tensor *c,
                          const accel_gemm_options *o) {
  accel_status s;
  if (accel_checking() &&
      ((s = check(kernel, a, b, c, o)) || accel_only_checking()))
    return s;
  int batch = c->rank - 2;
  long count = 1;
  for (int d = 0; d < c->rank; ++d)
    count *= c->dims[d];
  if (count == 0)
    return ACCEL_OK;
  count /= c->dims[batch] * c->dims[batch + 1];
  accel_dtype t = c->dtype;
  long size = (long)accel_dtype_bytes(t);
  const char *pa = elem_stage_in(a, MSPM->a, MatmulTypedStage);
  const char *pb = elem_stage_in(b, MSPM->b, MatmulTypedStage);
  mat_view va = view_of(a, o->trans_a), vb = view_of(b, o->trans_b);
  long index[ACCEL_MAX_RANK] = {0};
  for (long n = 0; n < count; ++n) {
    long oc = 0;
    for (int d = 0; d < batch; ++d)
      oc += index[d] * c->strides[d];
    product(t, pa + batch_offset(a, index, batch) * size, va,
            pb + batch_offset(b, index, batch) * size, vb,
            (char *)c->data + oc * size, c->strides[batch],
            c->strides[batch + 1]);
    for (int d = batch - 1; d >= 0 && ++index[d] == c->dims[d]; --d)
      index[d] = 0;
  }
  return ACCEL_OK;
}
