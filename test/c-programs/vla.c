/* Variable-length arrays: run-time sized stack arrays, sizeof at run time,
 * VLAs in loops (allocated and released each iteration). */
#include "check.h"

static NOINLINE long fill_and_sum(int n) {
  long arr[n];
  CHECK(sizeof arr == (size_t)n * sizeof(long));
  for (int i = 0; i < n; i++) arr[i] = (long)i * i;
  long s = 0;
  for (int i = 0; i < n; i++) s += arr[i];
  return s;
}
static NOINLINE int matrix_vla(int r, int c) {
  int m[r][c];
  for (int i = 0; i < r; i++) for (int j = 0; j < c; j++) m[i][j] = i * c + j;
  CHECK(sizeof m == (size_t)(r * c) * sizeof(int));
  CHECK(sizeof m[0] == (size_t)c * sizeof(int));
  return m[r - 1][c - 1];
}
static NOINLINE int aligned_vla(int n) {
  double d[n];
  char c[n];
  for (int i = 0; i < n; i++) { d[i] = i; c[i] = (char)i; }
  int ok = ((unsigned long)d % _Alignof(double)) == 0;
  return ok && d[n - 1] == n - 1 && c[n - 1] == (char)(n - 1);
}

int main(void) {
  for (int n = 1; n <= 300; n += 23) {
    long ref = (long)(n - 1) * n * (2 * n - 1) / 6;
    CHECK_EQ(fill_and_sum(OPAQUE(n)), ref);
  }
  CHECK_EQ(matrix_vla(OPAQUE(5), OPAQUE(9)), 44);
  CHECK_EQ(matrix_vla(1, 1), 0);
  for (int n = 1; n < 40; n++) CHECK(aligned_vla(n));
  /* the stack does not grow without bound: many iterations with a VLA */
  long total = 0;
  for (int it = 0; it < 200; it++) {
    int len = 64 + it % 64;
    int buf[len];
    for (int i = 0; i < len; i++) buf[i] = i;
    total += buf[len - 1];
  }
  CHECK_EQ(total, 200L * 63 + 3L * 2016 + 28);   /* sum of it % 64 over 200 iterations */
  /* pointer to VLA type and typedef */
  int n = OPAQUE(6);
  typedef int row_t[n];
  row_t rows[3];
  CHECK(sizeof(row_t) == 24 && sizeof rows == 72);
  int (*pr)[n] = rows;
  pr[2][5] = 77;
  CHECK(rows[2][5] == 77);
  CHECK((char *)(pr + 1) - (char *)pr == 24);
  CHECK_DONE();
}
