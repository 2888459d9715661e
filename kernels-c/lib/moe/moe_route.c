/* moe_route.c - accel_moe_route (docs/kernels.md, "Mixture of experts"):
   a router's gates from its logits in one call, where ONNX takes a
   Softmax, TopK's values and indices, a ReduceSum, a Div and a
   ScatterElements into zeros. Sixteen tokens at a time, one a lane: the
   experts' logits of a block of tokens arrive in the scratchpad as they
   lie (token-major), and each expert's column of the sixteen is one
   strided vector load. */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include <stddef.h>

enum {
  L = KERNEL_LANES,
  RouteFloats = 32 * 1024, /* a block's logits, and its gates */
};

typedef struct {
  float x[RouteFloats];
  float g[RouteFloats];
  /* The group's probabilities, and those not chosen yet (the chosen -1),
     an expert's sixteen together. */
  float p[ACCEL_MOE_MAX_EXPERTS * L];
  float q[ACCEL_MOE_MAX_EXPERTS * L];
  float index[ACCEL_MOE_MAX_EXPERTS * L]; /* expert j's 16 lanes hold j */
} route_spm;
KERNEL_SPM_FITS(route_spm);
#define RSPM KERNEL_SPM(route_spm)

/* A selection's largest probability and its expert, per lane. */
typedef struct {
  accel_v16f best, at;
} route_pick;

/* The larger of two chains' picks, the lower expert of equal ones. */
static inline __attribute__((always_inline)) route_pick
route_pick_merge(route_pick a, route_pick b) {
  accel_v16i take_b = (b.best > a.best) | ((b.best == a.best) & (b.at < a.at));
  return (route_pick){take_b ? b.best : a.best, take_b ? b.at : a.at};
}

/* One selection over q: the largest not yet chosen (above -0.5), the
   first of equal ones; with drop, the lanes' previous choice (at) taken
   out on the way (stored as -1). Every other expert is one chain of
   compares and selects: the two chains hide each other's latency. */
static inline __attribute__((always_inline)) route_pick
route_select(float *q, const float *index, long E, int drop, accel_v16f at) {
  route_pick a = {-0.5f, -1.0f}, b = {-0.5f, -1.0f};
  long j = 0;
  for (; j + 1 < E; j += 2) {
    accel_v16f va = accel_vload(q + j * L), ia = accel_vload(index + j * L);
    accel_v16f vb = accel_vload(q + (j + 1) * L);
    accel_v16f ib = accel_vload(index + (j + 1) * L);
    if (drop) {
      va = ia == at ? (accel_v16f)-1.0f : va;
      vb = ib == at ? (accel_v16f)-1.0f : vb;
      accel_vstore(q + j * L, va);
      accel_vstore(q + (j + 1) * L, vb);
    }
    accel_v16i ta = va > a.best, tb = vb > b.best;
    a.best = ta ? va : a.best, a.at = ta ? ia : a.at;
    b.best = tb ? vb : b.best, b.at = tb ? ib : b.at;
  }
  if (j < E) {
    accel_v16f va = accel_vload(q + j * L), ia = accel_vload(index + j * L);
    if (drop) {
      va = ia == at ? (accel_v16f)-1.0f : va;
      accel_vstore(q + j * L, va);
    }
    accel_v16i ta = va > a.best;
    a.best = ta ? va : a.best, a.at = ta ? ia : a.at;
  }
  return route_pick_merge(a, b);
}

/* The gates of 16 tokens whose E logits are at x (tokens E floats apart)
   into g (the same layout). The softmax as accel_softmax computes it
   (e^(x - max) times 1 / sum); k selections of the largest probability
   not yet chosen, the first of equal ones (TopK's order), each taking
   the one before out as it goes; the chosen divided by their sum if
   renormalize. A lane whose logits hold a NaN or +inf gets NaN gates,
   as the ONNX chain's softmax makes them. */
static void route_group(const float *x, float *g, long E, long k,
                        int renormalize) {
  const long s = E * 4;
  float *p = RSPM->p, *q = RSPM->q;
  const float *index = RSPM->index;
  accel_v16f m = accel_vload_strided(x, s);
  for (long j = 1; j < E; ++j)
    m = __builtin_elementwise_max(m, accel_vload_strided(x + j, s));
  accel_v16f sum = 0.0f;
  for (long j = 0; j < E; ++j) {
    accel_v16f e = accel_vexp(accel_vload_strided(x + j, s) - m);
    accel_vstore(p + j * L, e);
    sum += e;
  }
  accel_v16f r = accel_vrcp(sum);
  for (long j = 0; j < E; ++j) {
    accel_v16f v = accel_vload(p + j * L) * r;
    accel_vstore(p + j * L, v);
    accel_vstore(q + j * L, v);
  }
  /* Probabilities are >= 0: -0.5 is below every one not chosen and above
     the chosen's -1. */
  route_pick pick = route_select(q, index, E, 0, 0.0f);
  accel_v16f chosen = pick.best;
  for (long i = 1; i < k; ++i) {
    pick = route_select(q, index, E, 1, pick.at);
    chosen += pick.best;
  }
  accel_v16f norm = renormalize ? accel_vrcp(chosen) : (accel_v16f)1.0f;
  accel_v16f nan_or_zero = sum * 0.0f;
  for (long j = 0; j < E; ++j) {
    accel_v16f v = accel_vload(p + j * L) * norm;
    accel_v16i in = (accel_vload(q + j * L) < 0.0f) |
                    (accel_vload(index + j * L) == pick.at);
    accel_vstore_strided((in ? v : (accel_v16f)0.0f) + nan_or_zero, g + j, s);
  }
}

typedef struct {
  const accel_tensor *logits, *gates;
  long k;
  int renormalize;
} route_args;

static accel_status route_check(const char *K, const accel_tensor *x,
                                const accel_tensor *g, long k) {
  accel_status s;
  if ((s = accel_check_tensor(K, "logits", x, 2, 2, 0)) ||
      (s = accel_check_tensor(K, "gates", g, 2, 2, 1)))
    return s;
  if (g->dims[0] != x->dims[0] || g->dims[1] != x->dims[1])
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "gates",
                              "dims [%ld, %ld], expected logits' [%ld, %ld]",
                              g->dims[0], g->dims[1], x->dims[0], x->dims[1]);
  long E = x->dims[1];
  if (E > ACCEL_MOE_MAX_EXPERTS)
    return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "logits",
                              "%ld experts, at most %d", E,
                              (int)ACCEL_MOE_MAX_EXPERTS);
  if (k < 1 || k > E)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "k",
                              "%ld, expected 1 to %ld (the experts)", k, E);
  if (accel_tensors_overlap(x, g))
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "gates",
                              "overlaps logits");
  return ACCEL_OK;
}

static long route_body(const void *args, const void *unused1,
                       const void *unused2, const void *unused3) {
  static const char K[] = "accel_moe_route";
  (void)unused1, (void)unused2, (void)unused3;
  route_args a = *(const route_args *)args;
  accel_tensor xc, gc;
  const accel_tensor *x = ACCEL_STAGE_READ(0, &xc, a.logits);
  const accel_tensor *g = ACCEL_STAGE_READ(1, &gc, a.gates);
  accel_dma_wait_all();
  accel_status s;
  if (accel_checking() && (s = route_check(K, x, g, a.k)))
    return s;
  if (accel_only_checking())
    return ACCEL_OK;
  long T = x->dims[0], E = x->dims[1];
  /* Whole groups of 16 a block: the last group's lanes past T read and
     write the buffers' stale floats, never stored. */
  long block = RouteFloats / E / L * L;
  for (long j = 0; j < E; ++j)
    accel_vstore(RSPM->index + j * L, (accel_v16f)(float)j);
  const float *xd = x->data;
  float *gd = g->data;
  for (long r0 = 0; r0 < T; r0 += block) {
    long rows = T - r0 < block ? T - r0 : block;
    accel_copy_matrix(0, RSPM->x, E, 1, xd + r0 * x->strides[0], x->strides[0],
                      x->strides[1], rows, E);
    accel_dma_wait_all();
    for (long t = 0; t < rows; t += L)
      route_group(RSPM->x + t * E, RSPM->g + t * E, E, a.k, a.renormalize);
    accel_copy_matrix(1, gd + r0 * g->strides[0], g->strides[0], g->strides[1],
                      RSPM->g, E, 1, rows, E);
  }
  accel_dma_wait_all();
  return ACCEL_OK;
}

accel_status accel_moe_route(const accel_tensor *logits, accel_tensor *gates,
                             long k, int renormalize) {
  static ACCEL_SPM route_args args;
  args = (route_args){logits, gates, k, renormalize != 0};
  return (accel_status)accel_on_kernel_stack(route_body, &args, NULL, NULL,
                                             NULL);
}
