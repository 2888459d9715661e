/* N-queens by backtracking (arrays) and by bitmasks; known solution counts
 * 1, 0, 0, 2, 10, 4, 40, 92 for N = 1..8. */
#include "check.h"

static int cols[16];
static int safe(int row, int c) {
  for (int r = 0; r < row; r++) {
    int d = cols[r] - c;
    if (d == 0 || d == row - r || d == r - row) return 0;
  }
  return 1;
}
static int solve_array(int row, int n) {
  if (row == n) return 1;
  int count = 0;
  for (int c = 0; c < n; c++)
    if (safe(row, c)) { cols[row] = c; count += solve_array(row + 1, n); }
  return count;
}
static int solve_bits(unsigned all, unsigned cols_used, unsigned d1, unsigned d2) {
  if (cols_used == all) return 1;
  int count = 0;
  unsigned avail = all & ~(cols_used | d1 | d2);
  while (avail) {
    unsigned bit = avail & -avail;
    avail ^= bit;
    count += solve_bits(all, cols_used | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
  }
  return count;
}

int main(void) {
  static const int known[] = {0, 1, 0, 0, 2, 10, 4, 40, 92};
  for (int n = 1; n <= 8; n++) {
    if (n <= 7) CHECK_EQ(solve_array(0, n), known[n]);
    CHECK_EQ(solve_bits((1u << n) - 1, 0, 0, 0), known[n]);
  }
  CHECK_DONE();
}
