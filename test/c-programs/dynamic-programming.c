/* Dynamic programming: edit distance, longest common subsequence, 0/1
 * knapsack, coin change counting, longest increasing subsequence. */
#include "check.h"

static int min3(int a, int b, int c) { int m = a < b ? a : b; return m < c ? m : c; }
static int edit_distance(const char *a, const char *b) {
  int n = (int)strlen(a), m = (int)strlen(b);
  int d[32][32];
  for (int i = 0; i <= n; i++) d[i][0] = i;
  for (int j = 0; j <= m; j++) d[0][j] = j;
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++) d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]));
  return d[n][m];
}
static int lcs(const char *a, const char *b) {
  int n = (int)strlen(a), m = (int)strlen(b);
  int d[32][32] = {{0}};
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++) d[i][j] = a[i - 1] == b[j - 1] ? d[i - 1][j - 1] + 1 : (d[i - 1][j] > d[i][j - 1] ? d[i - 1][j] : d[i][j - 1]);
  return d[n][m];
}
static int knapsack(const int *w, const int *v, int n, int cap) {
  int best[101] = {0};
  for (int i = 0; i < n; i++)
    for (int c = cap; c >= w[i]; c--) if (best[c - w[i]] + v[i] > best[c]) best[c] = best[c - w[i]] + v[i];
  return best[cap];
}
static long coin_ways(const int *coins, int n, int amount) {
  long ways[1001] = {1};
  for (int i = 0; i < n; i++) for (int a = coins[i]; a <= amount; a++) ways[a] += ways[a - coins[i]];
  return ways[amount];
}
static int lis(const int *a, int n) {
  int tails[64], len = 0;
  for (int i = 0; i < n; i++) {
    int lo = 0, hi = len;
    while (lo < hi) { int mid = (lo + hi) / 2; if (tails[mid] < a[i]) lo = mid + 1; else hi = mid; }
    tails[lo] = a[i];
    if (lo == len) len++;
  }
  return len;
}

int main(void) {
  CHECK_EQ(edit_distance("kitten", "sitting"), 3);
  CHECK_EQ(edit_distance("flaw", "lawn"), 2);
  CHECK_EQ(edit_distance("", "abc"), 3);
  CHECK_EQ(edit_distance("intention", "execution"), 5);
  CHECK_EQ(lcs("ABCBDAB", "BDCABA"), 4);
  CHECK_EQ(lcs("AGGTAB", "GXTXAYB"), 4);
  int w[] = {10, 20, 30}, v[] = {60, 100, 120};
  CHECK_EQ(knapsack(w, v, 3, 50), 220);
  int w2[] = {1, 3, 4, 5}, v2[] = {1, 4, 5, 7};
  CHECK_EQ(knapsack(w2, v2, 4, 7), 9);
  int us[] = {1, 5, 10, 25, 50};
  CHECK_EQ(coin_ways(us, 5, 100), 292);
  int uk[] = {1, 2, 5, 10, 20, 50, 100, 200};
  CHECK_EQ(coin_ways(uk, 8, 200), 73682);
  int seq[] = {10, 9, 2, 5, 3, 7, 101, 18};
  CHECK_EQ(lis(seq, 8), 4);
  int seq2[] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
  CHECK_EQ(lis(seq2, 16), 6);
  CHECK_DONE();
}
