/* mlp_norm.c - a transformer's feed-forward block and the post-norm
   residual connection after it in one call (accel_mlp_layernorm;
   docs/kernels.md, "GEMM with a layer norm"): y = layernorm(act(x . w1 +
   bias1) . w2 + bias2 + residual). gemm_norm.c's run with a first layer:
   each block of 16 rows goes through w1 into the scratchpad, its bias and
   activation on the stream engine, and on through w2 and the norm; the
   hidden layer never goes to memory, and the two calls' fixed costs are
   one. */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "matmul/gemm_norm.h"
#include <stddef.h>

static const char Kernel[] = "accel_mlp_layernorm";

accel_mlp_options accel_mlp_defaults(void) {
  accel_mlp_options o;
  o.bias1 = o.bias2 = NULL;
  o.act = ACCEL_ACT_NONE;
  return o;
}

/* The checks one at a time, each failure named (a compiled model checks
   its calls once: accel_set_check_mode). */
static accel_status check(const accel_tensor *x, const accel_tensor *w1,
                          const accel_tensor *w2, const accel_tensor *y,
                          const accel_mlp_options *m,
                          const accel_norm_options *n) {
  accel_status s;
  if ((s = accel_check_tensor(Kernel, "y", y, 2, ACCEL_MAX_RANK, 1)) ||
      (s = accel_check_tensor(Kernel, "w1", w1, 2, 2, 0)) ||
      (s = accel_check_tensor(Kernel, "w2", w2, 2, 2, 0)))
    return s;
  long N = y->dims[y->rank - 1], K = w1->dims[0], H = w1->dims[1];
  if (w2->dims[0] != H || w2->dims[1] != N)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, Kernel, "w2",
                              "dims [%ld, %ld], expected [%ld, %ld] (w1's "
                              "columns, y's rows)",
                              w2->dims[0], w2->dims[1], H, N);
  if (m->act != ACCEL_ACT_NONE && m->act != ACCEL_ACT_RELU &&
      m->act != ACCEL_ACT_GELU && m->act != ACCEL_ACT_GELU_ERF)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "options",
                              "activation %d: only none, relu and gelu",
                              (int)m->act);
  if ((s = gemm_norm_check_norm(Kernel, n, y)) ||
      (s = gemm_norm_check_rows(Kernel, "x", x, y, K)) ||
      (s = gemm_norm_check_rows(Kernel, "y", y, y, N)) ||
      (n->residual &&
       (s = gemm_norm_check_rows(Kernel, "residual", n->residual, y, N))) ||
      (s = gemm_norm_check_param(Kernel, "bias1", m->bias1, H)) ||
      (s = gemm_norm_check_param(Kernel, "bias2", m->bias2, N)) ||
      (s = gemm_norm_check_param(Kernel, "scale", n->scale, N)) ||
      (s = gemm_norm_check_param(Kernel, "shift", n->shift, N)))
    return s;
  const accel_tensor *inputs[7] = {x,        w1,       w2,      m->bias1,
                                   m->bias2, n->scale, n->shift};
  static const char *const names[7] = {"x",     "w1",    "w2",   "bias1",
                                       "bias2", "scale", "shift"};
  for (int i = 0; i < 7; ++i)
    if (inputs[i] && accel_tensors_overlap(y, inputs[i]))
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "y",
                                "overlaps %s", names[i]);
  if ((s = gemm_norm_check_residual(Kernel, n->residual, y)))
    return s;
  if (!accel_mlp_layernorm_fits(K, H, N))
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, Kernel, "w1",
                              "w1 of %ld x %ld, w2 of %ld x %ld and the row "
                              "blocks take %ld floats of the scratchpad's %d",
                              K, H, H, N, accel_mlp_layernorm_floats(K, H, N),
                              ACCEL_GEMM_LAYERNORM_FLOATS);
  return ACCEL_OK;
}

typedef struct {
  const accel_tensor *w2;
  const accel_mlp_options *mlp;
  const accel_norm_options *norm;
} more_args;

static norm_weights weights_of(const accel_tensor *w) {
  return (norm_weights){w->data, w->strides[0], w->strides[1], w->dims[0],
                        w->dims[1]};
}

static long mlp_norm(const void *px, const void *pw1, const void *py,
                     const void *pmore) {
  const more_args *more = pmore;
  accel_tensor xc, w1c, w2c, yc, b1c, b2c, sc, shc, rc;
  accel_mlp_options m = accel_mlp_defaults();
  accel_norm_options n = accel_norm_defaults();
  const accel_mlp_options *pm = more->mlp;
  const accel_norm_options *pn = more->norm;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, (const accel_tensor *)px);
  const accel_tensor *w1 = ACCEL_STAGE_READ(1, &w1c, (const accel_tensor *)pw1);
  const accel_tensor *w2 = ACCEL_STAGE_READ(2, &w2c, more->w2);
  const accel_tensor *y = ACCEL_STAGE_READ(3, &yc, (const accel_tensor *)py);
  ACCEL_STAGE(0, &m, pm);
  ACCEL_STAGE(1, &n, pn);
  accel_dma_wait_all();
  m.bias1 = ACCEL_STAGE_READ(0, &b1c, m.bias1);
  m.bias2 = ACCEL_STAGE_READ(1, &b2c, m.bias2);
  n.scale = ACCEL_STAGE_READ(2, &sc, n.scale);
  n.shift = ACCEL_STAGE_READ(3, &shc, n.shift);
  n.residual = ACCEL_STAGE_READ(0, &rc, n.residual);
  accel_dma_wait_all();
  if (accel_checking()) {
    accel_status s = check(x, w1, w2, y, &m, &n);
    if (s || accel_only_checking())
      return s;
  }
  norm_problem pb;
  pb.first = weights_of(w1), pb.last = weights_of(w2);
  pb.bias1 = m.bias1, pb.bias = m.bias2;
  pb.act = m.act;
  gemm_norm_run(&pb, x, y, &n);
  return ACCEL_OK;
}

accel_status accel_mlp_layernorm(const accel_tensor *x, const accel_tensor *w1,
                                 const accel_tensor *w2, accel_tensor *y,
                                 const accel_mlp_options *mlp_options,
                                 const accel_norm_options *norm_options) {
  more_args more = {w2, mlp_options, norm_options};
  return (accel_status)accel_on_kernel_stack(mlp_norm, x, w1, y, &more);
}
