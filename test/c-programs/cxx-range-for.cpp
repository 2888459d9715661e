// Range-based for loops over arrays (by value, by reference, const),
// over a user-defined container with begin()/end(), over a braced list
// stored in an array, nested loops, and over strings.
#include "check.h"

template <typename T, int N> struct FixedVec {
  T data[N];
  int n = 0;
  void push(const T &v) { data[n++] = v; }
  T *begin() { return data; }
  T *end() { return data + n; }
  const T *begin() const { return data; }
  const T *end() const { return data + n; }
};

struct Range {            // iterator class with !=, ++, *
  int lo, hi;
  struct It { int v; int operator*() const { return v; } It &operator++() { ++v; return *this; } bool operator!=(const It &o) const { return v != o.v; } };
  It begin() const { return It{lo}; }
  It end() const { return It{hi}; }
};

struct CString {
  const char *s;
  const char *begin() const { return s; }
  const char *end() const { return s + strlen(s); }
};

int main() {
  int arr[] = {3, 1, 4, 1, 5, 9, 2, 6};
  int sum = 0;
  for (int v : arr) sum += v;
  CHECK_EQ(sum, 31);
  for (int &v : arr) v *= 2;
  CHECK(arr[0] == 6 && arr[7] == 12);
  int copies_sum = 0;
  for (int v : arr) { v = 0; copies_sum += v; }   // copies: array unchanged
  CHECK_EQ(copies_sum, 0);
  CHECK_EQ(arr[5], 18);
  const int carr[3] = {1, 2, 3};
  int prod = 1;
  for (const int &v : carr) prod *= v;
  CHECK_EQ(prod, 6);
  FixedVec<double, 8> fv;
  for (int i = 0; i < 5; i++) fv.push(i * 0.5);
  double ds = 0;
  for (double d : fv) ds += d;
  CHECK(ds == 5.0);
  for (auto &d : fv) d += 1;
  const FixedVec<double, 8> &cfv = fv;
  ds = 0;
  for (const auto &d : cfv) ds += d;
  CHECK(ds == 10.0);
  long rs = 0;
  for (int v : Range{1, 101}) rs += v;
  CHECK_EQ(rs, 5050);
  int vowels = 0;
  for (char c : CString{"range based for loops"}) vowels += c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
  CHECK_EQ(vowels, 7);
  int grid[3][4];
  int k = 0;
  for (auto &row : grid) for (int &cell : row) cell = k++;
  int diag = 0;
  int r = 0;
  for (auto &row : grid) { diag += row[r]; r++; }
  CHECK_EQ(diag, 0 + 5 + 10);
  int count = 0;
  const char *const words[] = {"a", "bb", "ccc"};
  for (auto s : words) count += (int)strlen(s);
  CHECK_EQ(count, 6);
  CHECK_DONE();
}
