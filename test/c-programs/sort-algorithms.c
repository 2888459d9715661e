/* Insertion sort, merge sort, heap sort, quicksort and counting sort
 * produce identical output to each other and to qsort. */
#include <stdlib.h>
#include <stdint.h>
#include "check.h"

#define N 200
static int base[N], a1[N], a2[N], a3[N], a4[N], a5[N], a6[N], tmp[N];

static void insertion(int *a, int n) {
  for (int i = 1; i < n; i++) { int v = a[i], j = i - 1; while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; j--; } a[j + 1] = v; }
}
static void merge_sort(int *a, int lo, int hi) {
  if (hi - lo < 2) return;
  int mid = (lo + hi) / 2;
  merge_sort(a, lo, mid);
  merge_sort(a, mid, hi);
  int i = lo, j = mid, k = lo;
  while (i < mid && j < hi) tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
  while (i < mid) tmp[k++] = a[i++];
  while (j < hi) tmp[k++] = a[j++];
  memcpy(a + lo, tmp + lo, (size_t)(hi - lo) * sizeof *a);
}
static void sift(int *a, int i, int n) {
  for (;;) {
    int l = 2 * i + 1, r = l + 1, m = i;
    if (l < n && a[l] > a[m]) m = l;
    if (r < n && a[r] > a[m]) m = r;
    if (m == i) return;
    int t = a[i]; a[i] = a[m]; a[m] = t;
    i = m;
  }
}
static void heap_sort(int *a, int n) {
  for (int i = n / 2 - 1; i >= 0; i--) sift(a, i, n);
  for (int e = n - 1; e > 0; e--) { int t = a[0]; a[0] = a[e]; a[e] = t; sift(a, 0, e); }
}
static void quick(int *a, int lo, int hi) {
  while (lo < hi) {
    int p = a[(lo + hi) / 2], i = lo, j = hi;
    while (i <= j) {
      while (a[i] < p) i++;
      while (a[j] > p) j--;
      if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    if (j - lo < hi - i) { quick(a, lo, j); lo = i; } else { quick(a, i, hi); hi = j; }
  }
}
static void counting(int *a, int n, int minv, int maxv) {
  static int cnt[2001];
  memset(cnt, 0, sizeof cnt);
  for (int i = 0; i < n; i++) cnt[a[i] - minv]++;
  int k = 0;
  for (int v = 0; v <= maxv - minv; v++) while (cnt[v]--) a[k++] = v + minv;
}
static int cmp(const void *x, const void *y) { return *(const int *)x - *(const int *)y; }

int main(void) {
  uint32_t s = 1;
  for (int i = 0; i < N; i++) { s = s * 1664525u + 1013904223u; base[i] = (int)((s >> 16) % 2001) - 1000; }
  memcpy(a1, base, sizeof base); memcpy(a2, base, sizeof base); memcpy(a3, base, sizeof base);
  memcpy(a4, base, sizeof base); memcpy(a5, base, sizeof base); memcpy(a6, base, sizeof base);
  insertion(a1, N);
  merge_sort(a2, 0, N);
  heap_sort(a3, N);
  quick(a4, 0, N - 1);
  counting(a5, N, -1000, 1000);
  qsort(a6, N, sizeof a6[0], cmp);
  for (int i = 1; i < N; i++) CHECK(a1[i - 1] <= a1[i]);
  CHECK(memcmp(a1, a2, sizeof a1) == 0);
  CHECK(memcmp(a1, a3, sizeof a1) == 0);
  CHECK(memcmp(a1, a4, sizeof a1) == 0);
  CHECK(memcmp(a1, a5, sizeof a1) == 0);
  CHECK(memcmp(a1, a6, sizeof a1) == 0);
  long sb = 0, ss = 0;
  for (int i = 0; i < N; i++) { sb += base[i]; ss += a1[i]; }
  CHECK_EQ(sb, ss);
  CHECK_DONE();
}
