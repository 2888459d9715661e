/* gemm_relu.c - C = relu(A . B) for A 64x128 and B 128x64 (f32), the
 * accelerator way: 16x16 output tiles on the matrix unit, operands in the
 * scratchpad. B (32 KiB) is brought in once, as four 16-column blocks, the
 * last of them while the first tiles are computed; A streams in 16-row
 * blocks, double-buffered so that the next block arrives while the current
 * one is multiplied; finished tiles go back to DRAM by
 * DMA from two alternating buffers, waited for only before a buffer is
 * reused. The result is checked against plain C doing the same fused
 * multiply-adds in the same order, so it must match bit for bit. The
 * kernel is the region of interest, so accel-sim --stats reports it apart
 * from the set-up and the check.
 *
 *   clang --target=accel -O2 gemm_relu.c -o gemm_relu.elf
 *   accel-sim --stats gemm_relu.elf
 */
#include <accel.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { M = 64, K = 128, N = 64, T = 16 };

/* On DRAM bursts: a row of a block that straddles two bursts pays both
   (docs/isa.md 7.12). */
#define BURST_ALIGNED __attribute__((aligned(__ACCEL_DRAM_BURST_BYTES__)))
static float A[M][K] BURST_ALIGNED, B[K][N] BURST_ALIGNED,
    C[M][N] BURST_ALIGNED;
ACCEL_SPM static float a_blk[2][T][K];   /* 2 x 8 KiB: rows of A     */
ACCEL_SPM static float b_blk[N / T][K][T]; /* 32 KiB: B by column block */
ACCEL_SPM static float c_tile[2][T][T];  /* finished tiles            */

/* Channels: A's first block on 0 and three of B's four blocks on 1, 2 and 3,
 * all arriving together; B's last block then follows on 0 while the first
 * three tiles are computed. From then on 0 and 1 carry A's two buffers and
 * 2 and 3 C's. */
#define FETCH_A(buf, ti) accel_dma_1d(buf, a_blk[buf], &A[ti][0], sizeof a_blk[0])
#define WAIT_A(buf)                                                            \
  do {                                                                         \
    if (buf)                                                                   \
      accel_dma_wait(1);                                                       \
    else                                                                       \
      accel_dma_wait(0);                                                       \
  } while (0)

static void gemm_relu(void) {
#define FETCH_B(ch, j)                                                         \
  accel_dma_2d(ch, b_blk[j], &B[0][(j) * T], K, T * sizeof(float),            \
               T * sizeof(float), N * sizeof(float))
  FETCH_A(0, 0);
  FETCH_B(1, 0);
  FETCH_B(2, 1);
  FETCH_B(3, 2);
  accel_dma_wait(0);
  accel_dma_wait(1);
  accel_dma_wait(2);
  accel_dma_wait(3);
  FETCH_B(0, 3); /* needed only by the fourth tile */
  int out = 0;
  for (int ti = 0, buf = 0; ti < M; ti += T, buf ^= 1) {
    if (ti) /* The first block is in already. */
      WAIT_A(buf);
    if (ti + T < M) { /* The next block streams in meanwhile. */
      if (buf)
        FETCH_A(0, ti + T);
      else
        FETCH_A(1, ti + T);
    }
    for (int j = 0; j < N / T; ++j, out ^= 1) {
      if (ti == 0 && j == N / T - 1)
        accel_dma_wait(0); /* B's last block */
      accel_mzero(0);
      accel_mmac(0, &a_blk[buf][0][0], &b_blk[j][0][0], K);
      /* c_tile[out] went out two tiles ago: wait for that transfer. */
      if (out)
        accel_dma_wait(3);
      else
        accel_dma_wait(2);
      accel_mst_relu(0, &c_tile[out][0][0]);
      if (out)
        accel_dma_2d(3, &C[ti][j * T], c_tile[out], T, T * sizeof(float),
                     N * sizeof(float), T * sizeof(float));
      else
        accel_dma_2d(2, &C[ti][j * T], c_tile[out], T, T * sizeof(float),
                     N * sizeof(float), T * sizeof(float));
    }
  }
  accel_dma_wait(2);
  accel_dma_wait(3);
}

int main(void) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      A[i][k] = (float)((i * 13 + k * 7) % 31 - 15) / 16.0f;
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      B[k][j] = (float)((k * 3 + j * 5) % 23 - 11) / 8.0f;

  accel_region_begin();
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
