/* gemm_few_rows.h - products of one to eight rows on the matrix unit's
   wide forms (gemm_few_rows.c): a decode step's tokens against every
   weight, each weight read once for all rows at the DMA's rate. */

#ifndef ACCEL_GEMM_FEW_ROWS_H
#define ACCEL_GEMM_FEW_ROWS_H

#include <accel_kernels.h>

/* Whether few_rows_gemm takes a product of accel_gemm_run's (at most eight
   rows, the columns of op(a), op(b) and c contiguous, alpha 1, beta 0, no
   activation or bias, f32). */
int few_rows_gemm_takes(const accel_tensor *a, const accel_tensor *b,
                        const accel_tensor *c, const accel_gemm_options *o);
void few_rows_gemm(const accel_tensor *a, const accel_tensor *b,
                   const accel_tensor *c, const accel_gemm_options *o);

/* c = a . b run here, where a and c are at most eight rows (their
   leading dimensions merged), b one matrix (batch dimensions 1) with
   contiguous columns, all f32 and contiguous along the last dimension:
   whether it ran. No checks beyond the shape's: for a caller whose
   arguments are checked (ACCEL_RUN_CHECKED), without the general path's
   staging and views (several hundred cycles a call). */
int few_rows_batched(const accel_tensor *a, const accel_tensor *b,
                     const accel_tensor *c);

/* Whether the options (or none) ask for the plain product. */
static inline int few_rows_plain(const accel_gemm_options *o) {
  return !o || (o->alpha == 1.0f && o->beta == 0.0f && !o->trans_a &&
                !o->trans_b && o->bias_kind == ACCEL_BIAS_NONE &&
                o->act.kind == ACCEL_ACT_NONE);
}

/* y[M, H] = silu(x . w_gate) * (x . w_up) for M <= 8, w packed as
   accel_gemm_glu_pack packs it (pairs of K x 16 panels), x's rows x_rs
   floats apart and y's y_rs, their columns contiguous. */
int few_rows_glu_takes(long M, long K, long H);
void few_rows_glu(const float *x, long x_rs, const float *w, float *y,
                  long y_rs, long M, long K, long H);

#endif
