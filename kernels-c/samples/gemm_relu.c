/* gemm_relu.c - C = relu(A . B) for A 64x128 and B 128x64 (f32), the
 * accelerator way: 16x16 output tiles on the matrix unit, operands brought
 * into the scratchpad by DMA, double-buffered so that the next B block
 * streams in while the current one is multiplied. The result is checked
 * against a plain C computation doing the same fused multiply-adds in the
 * same order, so it must match bit for bit. The kernel is marked as the
 * region of interest, so accel-sim --stats reports it apart from the
 * set-up and the check.
 *
 *   clang --target=accel -O2 gemm_relu.c -o gemm_relu.elf
 *   accel-sim --stats gemm_relu.elf
 */
#include <accel.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { M = 64, K = 128, N = 64, T = 16 };

static float A[M][K], B[K][N], C[M][N];
ACCEL_SPM static float a_blk[T][K];    /* 16 rows of A: 8 KiB   */
ACCEL_SPM static float b_blk[2][K][T]; /* two 16-column blocks  */
ACCEL_SPM static float c_tile[T][T];

/* Columns tj..tj+15 of B into buffer buf, on channel 1 + buf. */
#define FETCH_B(buf, tj)                                                       \
  accel_dma_2d(1 + (buf), b_blk[buf], &B[0][tj], K, T * sizeof(float),        \
               T * sizeof(float), N * sizeof(float))

static void gemm_relu(void) {
  for (int ti = 0; ti < M; ti += T) {
    accel_dma_1d(0, a_blk, &A[ti][0], sizeof a_blk);
    FETCH_B(0, 0);
    accel_dma_wait(0);
    for (int tj = 0, buf = 0; tj < N; tj += T, buf ^= 1) {
      if (buf == 0)
        accel_dma_wait(1);
      else
        accel_dma_wait(2);
      if (tj + T < N) { /* Start the next block before using this one. */
        if (buf == 0)
          FETCH_B(1, tj + T);
        else
          FETCH_B(0, tj + T);
      }
      accel_mzero(0);
      accel_mmac(0, &a_blk[0][0], &b_blk[buf][0][0], K);
      accel_mst_relu(0, &c_tile[0][0]);
      accel_dma_2d(3, &C[ti][tj], c_tile, T, T * sizeof(float),
                   N * sizeof(float), T * sizeof(float));
      accel_dma_wait(3);
    }
  }
}

int main(void) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      A[i][k] = (float)((i * 13 + k * 7) % 31 - 15) / 16.0f;
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      B[k][j] = (float)((k * 3 + j * 5) % 23 - 11) / 8.0f;

  accel_region_begin(); /* accel-sim --stats reports the kernel alone */
  gemm_relu();
  accel_region_end();

  int mismatches = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float acc = 0.0f;
      for (int k = 0; k < K; ++k)
        acc = fmaf(A[i][k], B[k][j], acc);
      float want = acc > 0.0f ? acc : 0.0f;
      mismatches += memcmp(&C[i][j], &want, sizeof want) != 0;
    }
  printf("gemm_relu %dx%dx%d: %d MACs on the matrix unit, %d mismatches "
         "against plain C\n", M, K, N, M * K * N, mismatches);
  return mismatches != 0;
}
