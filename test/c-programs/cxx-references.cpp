// References: aliasing, reference parameters and returns, const references
// to temporaries, references to arrays and functions, reference members,
// rvalue references binding.
#include "check.h"

static void swap_ref(int &a, int &b) { int t = a; a = b; b = t; }
static int &pick(int &a, int &b, bool first) { return first ? a : b; }
static int &element(int (&arr)[5], int i) { return arr[i]; }
static int sum5(const int (&arr)[5]) { int s = 0; for (int v : arr) s += v; return s; }
static const int &clamp_ref(const int &v, const int &lo, const int &hi) { return v < lo ? lo : v > hi ? hi : v; }
static int value_kind(int &) { return 1; }
static int value_kind(const int &) { return 2; }
static int value_kind(int &&) { return 3; }
static int twice(int v) { return 2 * v; }

struct Holder {
  int &ref;
  const double &cref;
  explicit Holder(int &r, const double &c) : ref(r), cref(c) {}
  void bump() { ref++; }
};

int main() {
  int x = 1, y = 2;
  int &rx = x;
  rx = 10;
  CHECK_EQ(x, 10);
  CHECK(&rx == &x);
  swap_ref(x, y);
  CHECK(x == 2 && y == 10);
  pick(x, y, true) = 100;
  pick(x, y, false) += 5;
  CHECK(x == 100 && y == 15);
  int arr[5] = {1, 2, 3, 4, 5};
  element(arr, 2) = 30;
  CHECK_EQ(sum5(arr), 1 + 2 + 30 + 4 + 5);
  int (&aref)[5] = arr;
  CHECK(sizeof(aref) == 20 && aref[2] == 30);
  int lo = 0, hi = 10, v = 15;
  CHECK(&clamp_ref(v, lo, hi) == &hi);
  const int &tmp = 3 + 4;                      // lifetime extended
  CHECK_EQ(tmp, 7);
  const double &conv = x;                      // binds to a converted temporary
  x = 0;
  CHECK(conv == 100.0);
  const int cx = 5;
  CHECK_EQ(value_kind(x), 1);
  CHECK_EQ(value_kind(cx), 2);
  CHECK_EQ(value_kind(5), 3);
  CHECK_EQ(value_kind(static_cast<int &&>(x)), 3);
  int &&rr = x + 1;                            // rvalue reference to a temporary
  rr += 1;
  CHECK_EQ(rr, 2);
  int (&fref)(int) = twice;
  CHECK_EQ(fref(21), 42);
  double d = 1.5;
  Holder h(y, d);
  h.bump();
  d = 2.5;
  CHECK(y == 16 && h.cref == 2.5);
  int *p = &y;
  int *&pref = p;
  pref = &x;
  CHECK(p == &x);
  CHECK_DONE();
}
