/* Multi-dimensional arrays: row-major layout, passing to functions with
 * fixed and variable-length dimensions, pointers to rows. */
#include "check.h"

#define R 6
#define C 7

static NOINLINE int trace(int m[][C], int n) { int t = 0; for (int i = 0; i < n; i++) t += m[i][i]; return t; }
static NOINLINE long sum_vla(int rows, int cols, int m[rows][cols]) {
  long s = 0;
  for (int i = 0; i < rows; i++) for (int j = 0; j < cols; j++) s += m[i][j];
  return s;
}
static NOINLINE void transpose(int rows, int cols, const int in[rows][cols], int out[cols][rows]) {
  for (int i = 0; i < rows; i++) for (int j = 0; j < cols; j++) out[j][i] = in[i][j];
}
static NOINLINE void matmul(int n, const double a[n][n], const double b[n][n], double c[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++) s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

int main(void) {
  int m[R][C];
  for (int i = 0; i < R; i++) for (int j = 0; j < C; j++) m[i][j] = i * 10 + j;
  CHECK(sizeof m == R * C * sizeof(int) && sizeof m[0] == C * sizeof(int));
  CHECK(&m[1][0] - &m[0][0] == C);           /* row-major */
  CHECK(*(*(m + 2) + 3) == 23);
  CHECK(((int *)m)[3 * C + 4] == 34);
  CHECK_EQ(trace(m, R), 0 + 11 + 22 + 33 + 44 + 55);
  CHECK_EQ(sum_vla(R, C, m), 10 * C * (0 + 1 + 2 + 3 + 4 + 5) + R * 21);
  int t[C][R];
  transpose(R, C, (const int (*)[C])m, t);
  for (int i = 0; i < R; i++) for (int j = 0; j < C; j++) CHECK(t[j][i] == m[i][j]);
  int (*row)[C] = m + 3;
  CHECK(row[0][6] == 36 && (*row)[0] == 30 && row[1][0] == 40);

  int cube[3][4][5];
  int n = 0;
  for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) for (int k = 0; k < 5; k++) cube[i][j][k] = n++;
  CHECK(cube[2][3][4] == 59 && cube[1][2][3] == 1 * 20 + 2 * 5 + 3);
  CHECK(sizeof cube[1] == 80 && sizeof cube[1][1] == 20);
  CHECK(&cube[2][0][0] - &cube[0][0][0] == 40);

  double a[4][4], b[4][4], c[4][4];
  for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) { a[i][j] = i + j; b[i][j] = (i == j) ? 2.0 : 0.0; }
  matmul(4, (const double (*)[4])a, (const double (*)[4])b, c);
  for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) CHECK(c[i][j] == 2.0 * (i + j));
  /* initializer with nested braces and partial rows */
  int p[3][4] = {{1}, {2, 3}, [2] = {[3] = 9}};
  CHECK(p[0][0] == 1 && p[0][3] == 0 && p[1][1] == 3 && p[2][3] == 9 && p[2][0] == 0);
  /* brace elision (valid C; silence the style warning) */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wmissing-braces"
  int q[2][3] = {1, 2, 3, 4, 5, 6};
#pragma clang diagnostic pop
  CHECK(q[1][0] == 4 && q[1][2] == 6);
  CHECK_DONE();
}
