/* 16x16 float matrix multiply and matrix-vector product written with
 * 16-lane vectors, compared with scalar loops (all values are small
 * integers, so results are exact). */
#pragma clang diagnostic ignored "-Wpsabi"
#include "check.h"

typedef float v16f __attribute__((vector_size(64)));
#define N 16

static v16f A[N], B[N], C[N];
static float As[N][N], Bs[N][N], Cs[N][N];

static NOINLINE void matmul_vec(void) {
  for (int i = 0; i < N; i++) {
    v16f acc = {0};
    for (int k = 0; k < N; k++) acc += A[i][k] * B[k];   /* scalar splat times row */
    C[i] = acc;
  }
}
static NOINLINE void matmul_scalar(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float s = 0;
      for (int k = 0; k < N; k++) s += As[i][k] * Bs[k][j];
      Cs[i][j] = s;
    }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      As[i][j] = (float)((i * 3 + j * 5) % 7 - 3);
      Bs[i][j] = (float)((i * 2 + j) % 5 - 2);
      A[i][j] = As[i][j];
      B[i][j] = Bs[i][j];
    }
  matmul_vec();
  matmul_scalar();
  int ok = 1;
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) ok &= C[i][j] == Cs[i][j];
  CHECK(ok);
  /* identity check */
  for (int i = 0; i < N; i++) { v16f z = {0}; B[i] = z; B[i][i] = 1.0f; }
  matmul_vec();
  ok = 1;
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) ok &= C[i][j] == As[i][j];
  CHECK(ok);
  /* matrix-vector y = A x with x = (1, 2, ..., 16): row sums weighted */
  v16f x;
  for (int j = 0; j < N; j++) x[j] = (float)(j + 1);
  for (int i = 0; i < N; i++) {
    v16f prod = A[i] * x;
    float y = 0, ref = 0;
    for (int j = 0; j < N; j++) { y += prod[j]; ref += As[i][j] * (float)(j + 1); }
    CHECK(y == ref);
  }
  /* bias + ReLU on the result rows */
  v16f bias = {0};
  bias += 2.0f;
  v16f zero = {0};
  for (int i = 0; i < N; i++) {
    v16f r = C[i] + bias;
    v16f relu = __builtin_elementwise_max(r, zero);
    for (int j = 0; j < N; j++) CHECK(relu[j] == (As[i][j] + 2.0f > 0 ? As[i][j] + 2.0f : 0.0f));
  }
  CHECK_DONE();
}
