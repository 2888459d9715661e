/* C = A . B on the matrix unit, with the operands read from a file and the
 * product written to one, as a kernel engineer feeds a kernel real data:
 *   file-gemm <input> <output>
 * The input holds int32 M, K, N (M and N multiples of 16, K up to 1024)
 * then A (M x K) and B (K x N), row-major f32; the output is C (M x N).
 * Every 16x16 tile of C is one mmac over the whole K, its operands brought
 * into the scratchpad by DMA. Errors go to stderr with exit status 1. */
#include <accel.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { T = 16, MaxK = 1024 };

ACCEL_SPM static float a_spm[T * MaxK]; /* 16 rows of K: A's layout */
ACCEL_SPM static float b_spm[MaxK * T];
ACCEL_SPM static float c_spm[T][T];

static int read_all(FILE *f, void *p, size_t n, const char *what) {
  if (fread(p, 1, n, f) == n)
    return 1;
  fprintf(stderr, "file-gemm: input too short: %s\n", what);
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: file-gemm <input> <output>\n");
    return 1;
  }
  FILE *in = fopen(argv[1], "rb");
  if (!in) {
    perror(argv[1]);
    return 1;
  }
  int32_t dims[3];
  if (!read_all(in, dims, sizeof dims, "dimensions"))
    return 1;
  int M = dims[0], K = dims[1], N = dims[2];
  if (M <= 0 || N <= 0 || M % T || N % T || K <= 0 || K > MaxK) {
    fprintf(stderr, "file-gemm: unsupported shape %dx%dx%d\n", M, K, N);
    return 1;
  }
  float *A = malloc(sizeof(float) * M * K);
  float *B = malloc(sizeof(float) * K * N);
  float *C = malloc(sizeof(float) * M * N);
  if (!A || !B || !C) {
    fprintf(stderr, "file-gemm: out of memory\n");
    return 1;
  }
  if (!read_all(in, A, sizeof(float) * M * K, "A") ||
      !read_all(in, B, sizeof(float) * K * N, "B"))
    return 1;
  fclose(in);

  accel_region_begin();
  for (int ti = 0; ti < M; ti += T) {
    accel_dma_1d(0, a_spm, &A[ti * K], T * K * sizeof(float));
    for (int tj = 0; tj < N; tj += T) {
      accel_dma_2d(1, b_spm, &B[tj], K, T * sizeof(float), T * sizeof(float),
                   N * sizeof(float));
      accel_dma_wait(0);
      accel_dma_wait(1);
      accel_mzero(0);
      accel_mmac(0, a_spm, b_spm, K);
      accel_mst(0, &c_spm[0][0]);
      accel_dma_2d(2, &C[ti * N + tj], c_spm, T, T * sizeof(float),
                   N * sizeof(float), T * sizeof(float));
      accel_dma_wait(2);
    }
  }
  accel_region_end();

  FILE *out = fopen(argv[2], "wb");
  if (!out || fwrite(C, sizeof(float), (size_t)M * N, out) != (size_t)M * N ||
      fclose(out) != 0) {
    perror(argv[2]);
    return 1;
  }
  return 0;
}
