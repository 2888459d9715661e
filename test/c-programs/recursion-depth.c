/* Moderately deep recursion with non-trivial frames (arrays, doubles,
 * callee-saved values live across the call). */
#include "check.h"

static NOINLINE long down(int n, long acc) {
  int local[8];
  for (int i = 0; i < 8; i++) local[i] = n + i;
  if (n == 0) return acc;
  long r = down(n - 1, acc + local[7] - 7);
  return r + local[0] - n;           /* local must survive the call */
}
static NOINLINE double harmonic(int n) {
  double inv = 1.0 / n;
  if (n == 1) return 1.0;
  return harmonic(n - 1) + inv;
}
static NOINLINE int sum_digits_rec(unsigned long v) { return v ? (int)(v % 10) + sum_digits_rec(v / 10) : 0; }
static int hanoi_moves;
static void hanoi(int n, int from, int to, int via) {
  if (!n) return;
  hanoi(n - 1, from, via, to);
  hanoi_moves++;
  hanoi(n - 1, via, to, from);
}
static int permutations(int *a, int k, int n) {
  if (k == n) return 1;
  int count = 0;
  for (int i = k; i < n; i++) {
    int t = a[k]; a[k] = a[i]; a[i] = t;
    count += permutations(a, k + 1, n);
    t = a[k]; a[k] = a[i]; a[i] = t;
  }
  return count;
}

int main(void) {
  CHECK_EQ(down(OPAQUE(1000), 0), 1000L * 1001 / 2);
  double h = harmonic(OPAQUE(500));
  double ref = 0;
  for (int i = 1; i <= 500; i++) ref += 1.0 / i;
  CHECK_REL(h, ref, 1e-14);
  CHECK_EQ(sum_digits_rec(OPAQUE(18446744073709551615ul)), 87);
  hanoi(OPAQUE(12), 1, 3, 2);
  CHECK_EQ(hanoi_moves, 4095);
  int a[6] = {1, 2, 3, 4, 5, 6};
  CHECK_EQ(permutations(a, 0, 6), 720);
  CHECK(a[0] == 1 && a[5] == 6);      /* restored */
  CHECK_DONE();
}
