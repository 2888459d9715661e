/* gated_sum.c - accel_gated_sum (docs/kernels.md, "Mixture of experts"):
   a mixture of experts' outputs, each weighted by its gate column, added
   to the shared expert's in one pass, where ONNX takes a Slice and a Mul
   of each expert and a chain of Adds. Blocks of rows (and of at most
   SumMaxWidth columns) of every term arrive in the scratchpad together,
   on the four channels by turns, with the block's rows of gates, into
   one of two buffers while the other's block is summed by the stream
   engine. */

#include "core/kernel_args.h"
#include "core/kernel_stack.h"
#include "core/spm_arena.h"
#include <stddef.h>

enum {
  L = KERNEL_LANES,
  SumFloats = 128 * 1024, /* a block of every term and of y */
  SumMaxWidth = 1024,     /* a block's columns */
  SumGateFloats = 32 * 1024,
};

typedef struct {
  float buf[2][SumFloats]; /* term i's rows at i * rows * wp, then y's */
  /* The block's rows of gates, ge + 1 floats apart; room for the last
     group of 16 rows' strided loads. */
  float gates[2][SumGateFloats + L * (ACCEL_MOE_MAX_EXPERTS + 1)];
  /* Each term's parameters of the stream engine's scaling (sum_block):
     rows zeros, then the block's rows of its weights, term-major, each
     2 rp floats (rp the rows padded to 16): n * rows is at most
     SumFloats / 16. */
  float weights[2 * (SumFloats / L + ACCEL_GATED_SUM_MAX_TERMS * L)];
  accel_tensor terms[ACCEL_GATED_SUM_MAX_TERMS];
  const accel_tensor *term_ptrs[ACCEL_GATED_SUM_MAX_TERMS];
  long columns[ACCEL_GATED_SUM_MAX_TERMS];
  long slots[ACCEL_GATED_SUM_MAX_TERMS]; /* a term's column, E for 1 */
} sum_spm;
KERNEL_SPM_FITS(sum_spm);
#define SSPM KERNEL_SPM(sum_spm)

typedef struct {
  const accel_tensor *gates;
  const accel_tensor *const *terms;
  const long *columns;
  const accel_tensor *y;
  int n;
} sum_args;

/* The argument arrays and the terms' descriptors into the scratchpad
   (those there read as they lie: copied by loads). */
static void stage_terms(const sum_args *a) {
  const accel_tensor *const *ptrs = a->terms;
  const long *cols = a->columns;
  if (!accel_in_spm(ptrs)) {
    accel_dma_1d(0, SSPM->term_ptrs, ptrs, a->n * sizeof *ptrs);
    ptrs = SSPM->term_ptrs;
  }
  if (!accel_in_spm(cols)) {
    accel_dma_1d(1, SSPM->columns, cols, a->n * sizeof *cols);
    accel_dma_wait(1);
  } else {
    for (int i = 0; i < a->n; ++i)
      SSPM->columns[i] = cols[i];
  }
  accel_dma_wait(0);
  for (int i = 0; i < a->n; ++i) {
    const accel_tensor *t = ptrs[i];
    SSPM->term_ptrs[i] = t ? &SSPM->terms[i] : NULL;
    if (t && accel_in_spm(t))
      SSPM->terms[i] = *t;
    else if (t)
      accel_dma_2d_on(KERNEL_CHANNEL(i), &SSPM->terms[i], t, 1, sizeof *t,
                      sizeof *t, sizeof *t);
  }
  accel_dma_wait_all();
}

static accel_status sum_check(const char *K, const accel_tensor *gates,
                              const accel_tensor *y, int n) {
  accel_status s;
  char name[32];
  if ((s = accel_check_tensor(K, "y", y, 2, 2, 1)))
    return s;
  int gated = 0;
  for (int i = 0; i < n; ++i)
    gated |= SSPM->columns[i] >= 0;
  if (gated || gates) {
    if ((s = accel_check_tensor(K, "gates", gates, 2, 2, 0)))
      return s;
    if (gates->dims[1] > ACCEL_MOE_MAX_EXPERTS)
      return accel_kernel_error(ACCEL_ERR_UNSUPPORTED, K, "gates",
                                "%ld columns, at most %d", gates->dims[1],
                                (int)ACCEL_MOE_MAX_EXPERTS);
    if (gates->dims[0] != y->dims[0])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "gates",
                                "%ld rows, expected y's %ld", gates->dims[0],
                                y->dims[0]);
    if (accel_tensors_overlap(gates, y))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y", "overlaps gates");
  }
  for (int i = 0; i < n; ++i) {
    const accel_tensor *t = SSPM->term_ptrs[i];
    long c = SSPM->columns[i];
    if (c >= 0 && c >= gates->dims[1])
      return accel_kernel_error(
          ACCEL_ERR_ARGUMENT, K, accel_indexed_name(name, "columns", i),
          "%ld, past gates' %ld columns", c, gates->dims[1]);
    unsigned long begin, end; /* the name built for a message alone */
    if (!accel_tensor_passes(t, 2, 0, &begin, &end) &&
        (s = accel_check_tensor(K, accel_indexed_name(name, "terms", i), t, 2,
                                2, 0)))
      return s;
    if (t->dims[0] != y->dims[0] || t->dims[1] != y->dims[1])
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K,
                                accel_indexed_name(name, "terms", i),
                                "dims [%ld, %ld], expected y's [%ld, %ld]",
                                t->dims[0], t->dims[1], y->dims[0], y->dims[1]);
    if (accel_tensors_overlap(t, y))
      return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, "y",
                                "overlaps terms[%d]", i);
  }
  return ACCEL_OK;
}

/* A block of y's rows (wp floats apart, a multiple of 16) from the
   terms' in the scratchpad, on the stream engine, term by term in order
   (the ONNX chain's order and roundings: each product rounded, then each
   sum): y = w_0 t_0, then t_i = w_i t_i in place and y += t_i, each a
   pass over the block at StreamLanes elements a cycle, where the vector
   unit took 16 a cycle and its loads. A row's weight w_i is vs.act.none's
   per-row scale (its bias 0): each term's parameters are rows zeros
   (sum_zero_biases) then the rows' weights, gathered from the gates by
   strided loads, or ones for an ungated term. */
static inline __attribute__((always_inline)) void
sum_block(float *t0, const float *gates, long ge, long rows, long wp, int n,
          long pstride) {
  float *out = t0 + n * rows * wp, *pr = SSPM->weights;
  long gs = ge + 1, step = rows * wp, rp = (rows + L - 1) / L * L;
  for (int i = 0; i < n; ++i) {
    float *w = pr + i * pstride + rows;
    long slot = SSPM->slots[i];
    if (slot == ge)
      for (long r = 0; r < rp; r += L)
        accel_vstore(w + r, (accel_v16f)1.0f);
    else
      for (long r = 0; r < rp; r += L)
        accel_vstore(w + r, accel_vload_strided(gates + r * gs + slot, gs * 4));
  }
  accel_vs_shape(rows, wp);
  accel_vs_act_none(out, t0, pr, NULL);
  for (int i = 1; i < n; ++i) {
    float *t = t0 + i * step;
    accel_vs_act_none(t, t, pr + i * pstride, NULL);
    accel_vs_add(out, out, t);
  }
}

/* The zero biases of the n terms' parameters (sum_block), pstride floats
   apart, for blocks of up to pstride / 2 rows: a smaller block's lie
   within them, and the weights never overwrite them. One store at a
   time: a loop of them becomes a call of memset. */
static void sum_zero_biases(long pstride, int n) {
  float *pr = SSPM->weights;
  for (int i = 0; i < n; ++i)
    for (long r = 0; r < pstride / 2; r += L) {
      accel_vstore(pr + i * pstride + r, (accel_v16f)0.0f);
      __asm__ volatile("" ::: "memory");
    }
}

/* A block: rows [r0, r0 + rows), columns [c0, c0 + w). */
typedef struct {
  long r0, rows, c0, w;
} sum_blk;

/* Starts the transfers of block b's terms and gates into buffer set. */
static void sum_issue(const sum_blk *b, int set, const accel_tensor *gates,
                      int n, long wp) {
  for (int i = 0; i < n; ++i) {
    const accel_tensor *t = SSPM->term_ptrs[i];
    accel_copy_matrix(
        KERNEL_CHANNEL(i), SSPM->buf[set] + i * b->rows * wp, wp, 1,
        (const float *)t->data + b->r0 * t->strides[0] + b->c0 * t->strides[1],
        t->strides[0], t->strides[1], b->rows, b->w);
  }
  if (gates) {
    long ge = gates->dims[1];
    accel_copy_matrix(KERNEL_CHANNEL(n), SSPM->gates[set], ge + 1, 1,
                      (const float *)gates->data + b->r0 * gates->strides[0],
                      gates->strides[0], gates->strides[1], b->rows, ge);
  }
}

static long sum_body(const void *args, const void *unused1, const void *unused2,
                     const void *unused3) {
  static const char K[] = "accel_gated_sum";
  (void)unused1, (void)unused2, (void)unused3;
  sum_args a = *(const sum_args *)args;
  if (a.n < 1 || a.n > ACCEL_GATED_SUM_MAX_TERMS || !a.terms || !a.columns)
    return accel_kernel_error(ACCEL_ERR_ARGUMENT, K, a.terms ? "n" : "terms",
                              "%d terms, expected 1 to %d", a.n,
                              (int)ACCEL_GATED_SUM_MAX_TERMS);
  accel_tensor gc, yc;
  const accel_tensor *gates = ACCEL_STAGE_READ(2, &gc, a.gates);
  const accel_tensor *y = ACCEL_STAGE_READ(3, &yc, a.y);
  stage_terms(&a);
  accel_status s;
  if (accel_checking() && (s = sum_check(K, gates, y, a.n)))
    return s;
  if (accel_only_checking())
    return ACCEL_OK;
  int n = a.n;
  long T = y->dims[0], D = y->dims[1];
  if (T == 0 || D == 0)
    return ACCEL_OK;
  long width = D < SumMaxWidth ? D : SumMaxWidth;
  long wp = (width + L - 1) / L * L;
  long block = SumFloats / ((n + 1) * wp);
  long ge = gates ? gates->dims[1] : 0;
  if (block > SumGateFloats / (ge + 1))
    block = SumGateFloats / (ge + 1);
  for (int i = 0; i < n; ++i)
    SSPM->slots[i] = SSPM->columns[i] < 0 ? ge : SSPM->columns[i];
  sum_blk cur = {0, T < block ? T : block, 0, width};
  sum_issue(&cur, 0, gates, n, wp);
  /* Each term's parameters: 2 rp floats for the first (largest) block. */
  long pstride = 2 * ((cur.rows + L - 1) / L * L);
  sum_zero_biases(pstride, n);
  accel_dma_wait_all();
  for (int set = 0;; set ^= 1) {
    /* The next block arrives in the other buffer under this one's sum. */
    sum_blk next = cur;
    next.c0 += width;
    if (next.c0 >= D)
      next.c0 = 0, next.r0 += cur.rows;
    next.rows = T - next.r0 < block ? T - next.r0 : block;
    next.w = D - next.c0 < width ? D - next.c0 : width;
    int more = next.r0 < T;
    if (more)
      sum_issue(&next, set ^ 1, gates, n, wp);
    if (set) /* each buffer's addresses constants */
      sum_block(SSPM->buf[1], SSPM->gates[1], ge, cur.rows, wp, n, pstride);
    else
      sum_block(SSPM->buf[0], SSPM->gates[0], ge, cur.rows, wp, n, pstride);
    accel_copy_matrix(
        0, (float *)y->data + cur.r0 * y->strides[0] + cur.c0 * y->strides[1],
        y->strides[0], y->strides[1], SSPM->buf[set] + n * cur.rows * wp, wp, 1,
        cur.rows, cur.w);
    accel_dma_wait_all();
    if (!more)
      break;
    cur = next;
  }
  return ACCEL_OK;
}

accel_status accel_gated_sum(const accel_tensor *gates,
                             const accel_tensor *const *terms,
                             const long *columns, int n, accel_tensor *y) {
  static ACCEL_SPM sum_args args;
  args = (sum_args){gates, terms, columns, y, n};
  return (accel_status)accel_on_kernel_stack(sum_body, &args, NULL, NULL, NULL);
}
