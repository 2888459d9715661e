/* C = A . B (32x64 times 64x32, f32) with DMA and the matrix unit, tile by
 * tile, checked bit for bit against plain C that does the same fused
 * multiply-adds in the same order (k ascending, one rounding each), and the
 * ReLU store against max(x, 0). A's 16-row block is one contiguous 1-D
 * transfer; B's and C's 16-column blocks are 2-D transfers with a row
 * stride. */
#include <accel.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { M = 32, K = 64, N = 32, T = 16 };

static float A[M][K], B[K][N], C[M][N], Crelu[M][N];
ACCEL_SPM static float a_spm[T][K];
ACCEL_SPM static float b_spm[K][T];
ACCEL_SPM static float c_spm[T][T];

static float ref(int i, int j) {
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc = fmaf(A[i][k], B[k][j], acc);
  return acc;
}

int main(void) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      A[i][k] = (float)((i * 7 + k * 3) % 17 - 8) / 8.0f;
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      B[k][j] = (float)((k * 5 + j * 11) % 13 - 6) / 3.0f;

  for (int ti = 0; ti < M; ti += T) {
    accel_dma_1d(0, a_spm, &A[ti][0], sizeof a_spm);
    for (int tj = 0; tj < N; tj += T) {
      accel_dma_2d(1, b_spm, &B[0][tj], K, T * sizeof(float),
                   T * sizeof(float), N * sizeof(float));
      accel_dma_wait(0);
      accel_dma_wait(1);
      accel_mzero(3);
      accel_mmac(3, &a_spm[0][0], &b_spm[0][0], K);
      accel_mst(3, &c_spm[0][0]);
      accel_dma_2d(2, &C[ti][tj], c_spm, T, T * sizeof(float),
                   N * sizeof(float), T * sizeof(float));
      accel_dma_wait(2);
      accel_mst_relu(3, &c_spm[0][0]);
      accel_dma_2d(2, &Crelu[ti][tj], c_spm, T, T * sizeof(float),
                   N * sizeof(float), T * sizeof(float));
      accel_dma_wait(2);
    }
  }

  int failures = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float want = ref(i, j);
      float relu = want > 0.0f ? want : 0.0f;
      if (memcmp(&C[i][j], &want, sizeof want) != 0 ||
          memcmp(&Crelu[i][j], &relu, sizeof relu) != 0) {
        if (failures++ < 5)
          printf("C[%d][%d] = %g (relu %g), want %g (relu %g)\n", i, j,
                 C[i][j], Crelu[i][j], want, relu);
      }
    }
  printf("dma-matmul: %d mismatches\n", failures);
  return failures != 0;
}
