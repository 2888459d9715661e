/* for, while and do-while loops; break/continue; unsigned count-down to
 * zero; multiple induction variables; nested loops with early exit. */
#include <stdint.h>
#include "check.h"

int main(void) {
  int n = OPAQUE(100);
  long s = 0;
  for (int i = 1; i <= n; i++) s += i;
  CHECK_EQ(s, 5050);
  s = 0;
  int i = 0;
  while (i < n) s += i++;
  CHECK_EQ(s, 4950);
  s = 0;
  i = 0;
  do { s += i; } while (++i < 0);       /* body runs exactly once */
  CHECK_EQ(s, 0);
  CHECK_EQ(i, 1);
  /* count down with unsigned: stop at 0 without wrapping */
  unsigned cnt = 0;
  for (unsigned u = (unsigned)n; u-- > 0;) cnt++;
  CHECK_EQ(cnt, 100);
  /* size_t reverse loop */
  int arr[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  long rev = 0;
  for (size_t k = 10; k > 0; k--) rev = rev * 10 + arr[k - 1];
  CHECK_EQ(rev, 9876543210L);
  /* break and continue */
  s = 0;
  for (int k = 0; k < 1000; k++) {
    if (k % 3 == 0) continue;
    if (k > 50) break;
    s += k;
  }
  long ref = 0;
  for (int k = 1; k <= 50; k++) if (k % 3) ref += k;
  CHECK_EQ(s, ref);
  /* two induction variables */
  int lo = 0, hi = 99, steps = 0;
  for (; lo < hi; lo += 2, hi -= 3) steps++;
  CHECK_EQ(steps, 20);
  CHECK(lo == 40 && hi == 39);
  /* nested loop with flag exit */
  int found = 0, fi = -1, fj = -1;
  for (int a = 1; a < 30 && !found; a++)
    for (int b = a; b < 30; b++)
      if (a * a + b * b == 25 && a * b == 12) { found = 1; fi = a; fj = b; break; }
  CHECK(found && fi == 3 && fj == 4);
  /* infinite loop with break */
  unsigned x = OPAQUE(27u), len = 0;
  for (;;) {
    if (x == 1) break;
    x = (x & 1) ? 3 * x + 1 : x / 2;
    len++;
  }
  CHECK_EQ(len, 111);                         /* Collatz length of 27 */
  /* loop over set bits */
  uint64_t bits = OPAQUE(0x8000100200400801ull);
  int pos_sum = 0, nbits = 0;
  while (bits) { pos_sum += __builtin_ctzll(bits); bits &= bits - 1; nbits++; }
  CHECK_EQ(nbits, 6);
  CHECK_EQ(pos_sum, 0 + 11 + 22 + 33 + 44 + 63);
  /* float loop counter (exact for powers of two steps) */
  int iters = 0;
  for (double d = 0.0; d < 10.0; d += 0.25) iters++;
  CHECK_EQ(iters, 40);
  /* empty-body loops */
  const char *str = "length-of-this";
  const char *q = str;
  while (*q) q++;
  CHECK_EQ(q - str, 14);
  int m;
  for (m = 0; m * m < 1000; m++) {}
  CHECK_EQ(m, 32);
  /* loop with a char counter */
  int chars = 0;
  for (char c = 'a'; c <= 'z'; c++) chars++;
  CHECK_EQ(chars, 26);
  /* do-while with continue jumps to the condition */
  int dw = 0, it = 0;
  do { it++; if (it % 2) continue; dw += it; } while (it < 10);
  CHECK_EQ(dw, 2 + 4 + 6 + 8 + 10);
  CHECK_DONE();
}
