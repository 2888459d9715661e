// Copy semantics: deep-copying class (rule of three), copy assignment with
// self-assignment, copy elision of prvalues (C++17 guaranteed), copies
// when passing/returning by value, defaulted and deleted copies.
#include "check.h"

static int copies, constructs;
class IntArray {
  int *data_;
  int n_;
 public:
  explicit IntArray(int n) : data_(new int[n]()), n_(n) { constructs++; }
  IntArray(const IntArray &o) : data_(new int[o.n_]), n_(o.n_) { copies++; for (int i = 0; i < n_; i++) data_[i] = o.data_[i]; }
  IntArray &operator=(const IntArray &o) {
    if (this == &o) return *this;
    int *nd = new int[o.n_];
    for (int i = 0; i < o.n_; i++) nd[i] = o.data_[i];
    delete[] data_;
    data_ = nd; n_ = o.n_;
    copies++;
    return *this;
  }
  ~IntArray() { delete[] data_; }
  int &operator[](int i) { return data_[i]; }
  int operator[](int i) const { return data_[i]; }
  int size() const { return n_; }
};
static IntArray make(int n) { return IntArray(n); }          // prvalue: no copy
static int sum(IntArray a) { int s = 0; for (int i = 0; i < a.size(); i++) s += a[i]; return s; }
static int sum_ref(const IntArray &a) { int s = 0; for (int i = 0; i < a.size(); i++) s += a[i]; return s; }

struct Plain { int a; double b; char c[4]; };
struct NoCopy { NoCopy() = default; NoCopy(const NoCopy &) = delete; int v = 3; };
static NoCopy make_nocopy() { return NoCopy(); }             // OK: guaranteed elision

int main() {
  IntArray a(5);
  for (int i = 0; i < 5; i++) a[i] = i + 1;
  IntArray b = a;
  CHECK_EQ(copies, 1);
  b[0] = 100;
  CHECK(a[0] == 1 && b[0] == 100);                           // deep copy
  IntArray c(2);
  c = a;
  CHECK(c.size() == 5 && c[4] == 5 && copies == 2);
  IntArray &alias = c;
  c = alias;                                                 // self-assignment
  CHECK(c[4] == 5 && copies == 2);
  copies = 0;
  IntArray d = make(10);
  CHECK(copies == 0 && d.size() == 10);
  CHECK_EQ(sum(a), 15);
  CHECK_EQ(copies, 1);                                       // pass by value copies
  CHECK_EQ(sum_ref(a), 15);
  CHECK_EQ(copies, 1);
  CHECK_EQ(sum(make(3)), 0);
  CHECK_EQ(copies, 1);                                       // prvalue argument: no copy
  Plain p{1, 2.5, "xy"}, q = p;
  q.c[0] = 'z';
  CHECK(p.c[0] == 'x' && q.b == 2.5);
  NoCopy nc = make_nocopy();
  CHECK_EQ(nc.v, 3);
  CHECK_DONE();
}
