/* gemv.h - products with one row of A on the stream engine (gemv.c):
   the weights streamed at the DMA rate, where the matrix unit, which
   takes 16 of them a cycle at one row, would use half of it. */

#ifndef ACCEL_GEMV_H
#define ACCEL_GEMV_H

#include <accel_kernels.h>

/* y[N] = x[K] . W[K, N] (+ bias[N]): x and y contiguous, W's rows rs
   floats apart (its columns contiguous), bias contiguous or null. */
typedef struct {
  const float *x, *w, *bias;
  float *y;
  long K, N, w_rs;
} gemv_job;

/* Whether gemv_run takes a product of accel_gemm_run's (one row, op(b)'s
   columns contiguous, alpha 1, beta 0, no activation, no per-row bias). */
int gemv_takes(const accel_tensor *a, const accel_tensor *b,
               const accel_tensor *c, const accel_gemm_options *o);
void gemv_run(const gemv_job *job);

/* accel_gemm_run's product as a gemv_job (gemv_takes has said yes). */
void gemv_run_gemm(const accel_tensor *a, const accel_tensor *b,
                   const accel_tensor *c, const accel_gemm_options *o);

/* y[H] = silu(x . w_gate) * (x . w_up), w packed as accel_gemm_glu_pack
   packs it (P pairs of K x 16 panels), x and y contiguous. */
int gemv_glu_takes(long K, long H);
void gemv_glu_run(const float *x, const float *w, float *y, long K, long H);

#endif
