/* gemm.c - c = act(alpha * op(a) . op(b) + beta * c + bias) on the matrix
   unit (docs/kernels.md, "accel_gemm").

   Tiling. The matrix unit multiplies a 16 x k block of A (rows of k
   floats) by a k x 16 block of B into a 16 x 16 accumulator tile, one
   rank-1 update per cycle. K goes in chunks of up to MatmulMaxK (4096).
   For each chunk, a panel of B (the chunk's rows, up to 64 column blocks of
   16) stays in the scratchpad while 16-row tiles of A stream past it,
   double-buffered on DMA channels 0 and 1: the next tile arrives while the
   current one meets every column block of the panel. Finished tiles leave
   through two output buffers on channels 2 and 3, waited for only before a
   buffer is reused. Edge tiles compute on whatever the buffers hold beyond
   the edge; those rows and columns are never stored.

   Any strides: an operand whose rows are contiguous comes in as one 2-D
   transfer, otherwise (a transposed or strided view) one transfer per row
   or column, each gathering a column into a row.

   Epilogue. With alpha = 1, beta = 0 and one K chunk (the common case)
   the bias is the accumulators' start value and the result leaves
   straight from the accumulator (mst, mst.relu), GELU and clip applied by
   the vector unit on the stored tile. Anything else goes through the
   vector unit on the stored tile: the scaled product, beta * c (c's tile
   read before it is overwritten), the bias, then the activation; with
   several K chunks, c holds the partial sum between them. */

#include "core/kernel_stack.h"
#include "matmul/gemm_few_rows.h"
#include "matmul/gemm_internal.h"
#include "matmul/matmul_typed.h"

accel_gemm_options accel_gemm_defaults(void) {
  accel_gemm_options o = {
      0, 0, 1.0f, 0.0f, ACCEL_BIAS_NONE, NULL, {ACCEL_ACT_NONE, 0.0f, 0.0f}};
  return o;
}

/* Whether accel_gemm_check passes, decided in one run of loads and
   compares (accel_tensor_passes) without a message: a tenth of what the
   checks one at a time (three tensors, their dimensions, the options,
   the overlaps) take, which would delay a small product's first mmac.
   0 for anything it does not accept; then the
   checks run and print the message. */
static int gemm_args_pass(const accel_tensor *a, const accel_tensor *b,
                          const accel_tensor *c, const accel_gemm_options *o) {
  unsigned long ab, ae, bb, be, cb, ce, xb = 0, xe = 0;
  int ok = accel_tensor_passes(a, 2, 0, &ab, &ae) &
           accel_tensor_passes(b, 2, 0, &bb, &be) &
           accel_tensor_passes(c, 2, 1, &cb, &ce);
  if (!ok)
    return 0;
  long m = a->dims[o->trans_a ? 1 : 0], ka = a->dims[o->trans_a ? 0 : 1];
  long kb = b->dims[o->trans_b ? 1 : 0], n = b->dims[o->trans_b ? 0 : 1];
  ok = (ka == kb) & (c->dims[0] == m) & (c->dims[1] == n);
  accel_bias_kind kind = o->bias_kind;
  if (kind != ACCEL_BIAS_NONE)
    ok &= ((kind == ACCEL_BIAS_PER_COLUMN) | (kind == ACCEL_BIAS_PER_ROW)) &&
          accel_tensor_passes(o->bias, 1, 0, &xb, &xe) &&
          o->bias->dims[0] == (kind == ACCEL_BIAS_PER_COLUMN ? n : m);
  accel_act_kind act = o->act.kind;
  ok &= ((unsigned)act <= ACCEL_ACT_SILU) &
        ((act != ACCEL_ACT_CLIP) | (o->act.lo <= o->act.hi));
  ok &= !(accel_footprints_overlap(cb, ce, ab, ae) |
          accel_footprints_overlap(cb, ce, bb, be) |
          accel_footprints_overlap(cb, ce, xb, xe));
  return ok;
}

accel_status accel_gemm_check(const char *K, const accel_tensor *a,
                              const accel_tensor *b, const accel_tensor *c,
                              const accel_gemm_options *o) {
  if (gemm_args_pass(a, b, c, o))
    return ACCEL_OK;
  accel_status s;
  if ((s = accel_check_tensor(K, "a", a, 2, 2, 0)) ||
      (s = accel_check_tensor(K, "b", b, 2, 2, 0)) ||
      (s = accel_check_tensor(K, "c", c, 2, 2, 1)))
    return s;
  view va = view_of(a, o->trans_a), vb = view_of(b, o->trans_b);
  if (va.cols != vb.rows)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "b",
                              "op(b) has %ld rows, op(a) has %ld columns",
                              vb.rows, va.cols);
  if (c->dims[0] != va.rows || c->dims[1] != vb.cols)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "c",
                              "dims [%ld, %ld] do not match op(a) . op(b) "
                              "[%ld, %ld]",
                              c->dims[0], c->dims[1], va.rows, vb.cols);
  if (has_bias(o)) {
    if (o->bias_kind != ACCEL_BIAS_PER_COLUMN &&
        o->bias_kind != ACCEL_BIAS_PER_ROW)
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                                "bias_kind %d is not a bias kind",
                                (int)o->bias_kind);
    if ((s = accel_check_tensor(K, "bias", o->bias, 1, 1, 0)))
      return s;
    long want = o->bias_kind == ACCEL_BIAS_PER_COLUMN ? vb.cols : va.rows;
    if (o->bias->dims[0] != want)
      return accel_kernel_error(
          ACCEL_ERR_ARGUMENT, K, "bias", "%ld elements, expected %ld (%s)",
          o->bias->dims[0], want,
          o->bias_kind == ACCEL_BIAS_PER_COLUMN ? "N, one per column"
                                                : "M, one per row");
  }
  if (o->act.kind < ACCEL_ACT_NONE || o->act.kind > ACCEL_ACT_SILU)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "activation %d is not an activation",
                              (int)o->act.kind);
  if (o->act.kind == ACCEL_ACT_CLIP && !(o->act.lo <= o->act.hi))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "options",
                              "clip bounds [%g, %g] are not ordered",
                              (double)o->act.lo, (double)o->act.hi);
  return accel_gemm_check_overlap(K, a, b, c, o);
}

accel_status accel_gemm_check_overlap(const char *K, const accel_tensor *a,
                                      const accel_tensor *b,
                                      const accel_tensor *c,
                                      const accel_gemm_options *o) {
  /* Writing c while reading an input would be order-dependent. */
  const accel_tensor *inputs[3] = {a, b, has_bias(o) ? o->bias : NULL};
  static const char *const names[3] = {"a", "b", "bias"};
  for (int i = 0; i < 3; ++i)
    if (inputs[i] && accel_tensors_overlap(c, inputs[i]))
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "c", "overlaps %s",
                                names[i]);
  return ACCEL_OK;
}

void accel_gemm_stage_args(accel_gemm_args *g, const accel_tensor *a,
                           const accel_tensor *b, const accel_tensor *c,
                           const accel_gemm_options *options) {
  /* The bias's descriptor comes with the others, its address read from
     the caller's options (a load or two, where staging the options
     before it cost a transfer's round trip, about 70 cycles). */
  const accel_tensor *bias =
      options && has_bias(options) ? options->bias : NULL;
  g->a = ACCEL_STAGE_READ(1, &g->a_copy, a);
  g->b = ACCEL_STAGE_READ(2, &g->b_copy, b);
  g->c = ACCEL_STAGE_READ(3, &g->c_copy, c);
  g->o = accel_gemm_defaults();
  ACCEL_STAGE(0, &g->o, options);
  const accel_tensor *staged_bias = ACCEL_STAGE_READ(0, &g->bias_copy, bias);
  accel_dma_wait_all();
  if (bias)
    g->o.bias = staged_bias;
}

/* a and c of one type other than f32 (matmul_typed.c's); other mixes
   are the f32 checks' to refuse. */
static int is_typed(const accel_tensor *a, const accel_tensor *c) {
  return c && c->dtype != ACCEL_F32 && a && a->dtype == c->dtype;
}

static long gemm(const void *a, const void *b, const void *c,
                 const void *options) {
  /* A decode step's product, its arguments checked (a graph program's,
     in the scratchpad): at once on the wide mmacs. */
  if (!accel_checking() && few_rows_plain(options) &&
      few_rows_batched(a, b, c))
    return ACCEL_OK;
  accel_gemm_args g;
  accel_gemm_stage_args(&g, a, b, c, options);
  /* Other types than f32 fail the fast checks: only then, or when the
     checks do not run, are the types looked at. */
  if (accel_checking()) {
    if (__builtin_expect(!gemm_args_pass(g.a, g.b, g.c, &g.o), 0)) {
      if (is_typed(g.a, g.c))
        return matmul_typed("accel_gemm", g.a, g.b, g.c, &g.o);
      accel_status s = accel_gemm_check("accel_gemm", g.a, g.b, g.c, &g.o);
      if (s)
        return s;
    }
    if (accel_only_checking())
      return ACCEL_OK;
  } else if (__builtin_expect(is_typed(g.a, g.c), 0)) {
    return matmul_typed("accel_gemm", g.a, g.b, g.c, &g.o);
  }
  accel_gemm_run(g.a, g.b, g.c, &g.o);
  return ACCEL_OK;
}

accel_status accel_gemm(const accel_tensor *a, const accel_tensor *b,
                        accel_tensor *c, const accel_gemm_options *options) {
  return (accel_status)accel_on_kernel_stack(gemm, a, b, c, options);
}
