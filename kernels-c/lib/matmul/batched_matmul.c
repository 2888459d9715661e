/* batched_matmul.c - c[..., M, N] = act(alpha op(a)[..., M, K] .
   op(b)[..., K, N] + beta c + bias) over batch dimensions that broadcast
   as numpy's matmul does (docs/kernels.md, "accel_batched_matmul"): one
   accel_gemm per matrix of c, on 2-D views of the three tensors. */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "matmul/gemm_few_rows.h"
#include "matmul/matmul_typed.h"
#include <stddef.h>

static const char Kernel[] = "accel_batched_matmul";

/* The matrix of t at c's batch index: t's batch dims align with c's last
   ones, and a dim of 1 repeats. */
static accel_tensor matrix_at(const accel_tensor *t, const long *index,
                              int batch_rank) {
  accel_tensor m = *t;
  float *data = (float *)t->data;
  int offset = batch_rank - (t->rank - 2);
  for (int d = 0; d < t->rank - 2; ++d)
    if (t->dims[d] != 1)
      data += index[d + offset] * t->strides[d];
  m.data = data;
  m.rank = 2;
  m.dims[0] = t->dims[t->rank - 2], m.dims[1] = t->dims[t->rank - 1];
  m.strides[0] = t->strides[t->rank - 2];
  m.strides[1] = t->strides[t->rank - 1];
  return m;
}

static accel_status check(const accel_tensor *a, const accel_tensor *b,
                          const accel_tensor *c) {
  const accel_tensor *ts[3] = {a, b, c};
  static const char *const names[3] = {"a", "b", "c"};
  for (int i = 0; i < 3; ++i) {
    accel_status s =
        accel_check_tensor(Kernel, names[i], ts[i], 2, ACCEL_MAX_RANK, i == 2);
    if (s)
      return s;
  }
  int batch = c->rank - 2;
  int want = (a->rank > b->rank ? a->rank : b->rank) - 2;
  if (batch != want)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "c",
                              "rank %d, expected %d (a's and b's batch "
                              "dimensions broadcast, and a matrix)",
                              c->rank, want + 2);
  for (int i = 0; i < 2; ++i) {
    const accel_tensor *t = ts[i];
    int offset = batch - (t->rank - 2);
    for (int d = 0; d < t->rank - 2; ++d)
      if (t->dims[d] != 1 && t->dims[d] != c->dims[d + offset])
        return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, names[i],
                                  "batch dimension %d is %ld; c's is %ld "
                                  "(it must match or be 1)",
                                  d, t->dims[d], c->dims[d + offset]);
  }
  for (int d = 0; d < batch; ++d) {
    long need = 1;
    for (int i = 0; i < 2; ++i) {
      int offset = batch - (ts[i]->rank - 2);
      if (d >= offset && ts[i]->dims[d - offset] != 1)
        need = ts[i]->dims[d - offset];
    }
    if (c->dims[d] != need)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "c",
                                "batch dimension %d is %ld, expected %ld "
                                "(a's and b's broadcast)",
                                d, c->dims[d], need);
  }
  return ACCEL_OK;
}

/* Whether t's dimensions 0 .. rank - 2 merge into one of rows (each
   dimension's stride the next one's span); *rows gets their product. */
static int rows_merge(const accel_tensor *t, long *rows) {
  *rows = t->dims[t->rank - 2];
  for (int d = t->rank - 3; d >= 0; --d) {
    if (t->dims[d] != 1 && t->strides[d] != t->dims[d + 1] * t->strides[d + 1])
      return 0;
    *rows *= t->dims[d];
  }
  return 1;
}

/* With one matrix of b for every batch (b's batch dimensions all 1) and
   a's and c's batches stacked rows, the batches are one GEMM of M times
   the batch rows: b is then read once and the matrix unit's tiles are
   full where a batch has fewer than 16 rows (PyTorch's attention
   projection is [16, 2, 64] . [64, 192]: 16 GEMMs of 2 rows, 8 times the
   MACs and 16 times the B traffic). Not with op(a) transposed or a
   per-row bias. The views go in *fa and *fc. */
static int fold_batches(const accel_tensor *a, const accel_tensor *b,
                        const accel_tensor *c, const accel_gemm_options *o,
                        accel_tensor *fa, accel_tensor *fc) {
  for (int d = 0; d < b->rank - 2; ++d)
    if (b->dims[d] != 1)
      return 0;
  long a_rows, c_rows;
  if (c->rank == 2 || a->rank != c->rank || o->trans_a ||
      o->bias_kind == ACCEL_BIAS_PER_ROW || !rows_merge(a, &a_rows) ||
      !rows_merge(c, &c_rows) || a_rows != c_rows)
    return 0;
  *fa = accel_matrix_f32((float *)a->data, a_rows, a->dims[a->rank - 1]);
  fa->strides[0] = a->strides[a->rank - 2];
  fa->strides[1] = a->strides[a->rank - 1];
  *fc = accel_matrix_f32((float *)c->data, c_rows, c->dims[c->rank - 1]);
  fc->strides[0] = c->strides[c->rank - 2];
  fc->strides[1] = c->strides[c->rank - 1];
  return 1;
}

static accel_status batched_matmul(const accel_tensor *a, const accel_tensor *b,
                                   const accel_tensor *c,
                                   const accel_gemm_options *options) {
  /* a and c of one type other than f32; other mixes are the f32 checks'
     to refuse. */
  if (__builtin_expect(c && c->dtype != ACCEL_F32, 0) && a &&
      a->dtype == c->dtype)
    return matmul_typed(Kernel, a, b, c, options);
  accel_gemm_options o = *options;
  accel_status s;
  if (accel_checking() && (s = check(a, b, c)))
    return s;
  int batch = c->rank - 2;
  long count = 1;
  for (int d = 0; d < batch; ++d)
    count *= c->dims[d];
  if (count == 0)
    return ACCEL_OK;
  long index[ACCEL_MAX_RANK] = {0};
  /* The matrices' shapes and the options, checked once on the first; then
     c's overlaps, on the whole tensors (every matrix of c against every
     input matrix). */
  accel_tensor ma = matrix_at(a, index, batch), mb = matrix_at(b, index, batch);
  accel_tensor mc = matrix_at(c, index, batch);
  if (accel_checking() &&
      ((s = accel_gemm_check(Kernel, &ma, &mb, &mc, &o)) ||
       (s = accel_gemm_check_overlap(Kernel, a, b, c, &o)) ||
       accel_only_checking()))
    return s;
  accel_tensor fa, fc;
  if (fold_batches(a, b, c, &o, &fa, &fc)) {
    accel_gemm_run(&fa, &mb, &fc, &o);
    return ACCEL_OK;
  }
  for (long n = 0; n < count; ++n) {
    ma = matrix_at(a, index, batch);
    mb = matrix_at(b, index, batch);
    mc = matrix_at(c, index, batch);
    accel_gemm_run(&ma, &mb, &mc, &o);
    for (int d = batch - 1; d >= 0 && ++index[d] == c->dims[d]; --d)
      index[d] = 0;
  }
  return ACCEL_OK;
}

static long staged(const void *a, const void *b, const void *c,
                   const void *options) {
  /* A decode step's product, its arguments checked (a graph program's,
     in the scratchpad): at once on the wide mmacs. */
  if (!accel_checking() && few_rows_plain(options) &&
      few_rows_batched(a, b, c))
    return ACCEL_OK;
  accel_gemm_args g;
  accel_gemm_stage_args(&g, a, b, c, options);
  return batched_matmul(g.a, g.b, g.c, &g.o);
}

accel_status accel_batched_matmul(const accel_tensor *a, const accel_tensor *b,
                                  accel_tensor *c,
                                  const accel_gemm_options *options) {
  return (accel_status)accel_on_kernel_stack(staged, a, b, c, options);
}
