// Function objects: functors with state, a hand-written type-erased
// Function<R(Args...)> (virtual dispatch + heap allocation) holding
// lambdas, free functions and functors; callbacks stored in arrays.
#include "check.h"

template <typename Sig> class Function;
template <typename R, typename... A> class Function<R(A...)> {
  struct Base { virtual ~Base() {} virtual R call(A... a) = 0; virtual Base *clone() const = 0; };
  template <typename F> struct Holder : Base {
    F f;
    explicit Holder(const F &fn) : f(fn) {}
    R call(A... a) override { return f(a...); }
    Base *clone() const override { return new Holder(f); }
  };
  Base *p_ = nullptr;
 public:
  Function() = default;
  template <typename F> Function(F f) : p_(new Holder<F>(f)) {}   // by value: functions decay to pointers
  Function(const Function &o) : p_(o.p_ ? o.p_->clone() : nullptr) {}
  Function &operator=(const Function &o) { if (this != &o) { delete p_; p_ = o.p_ ? o.p_->clone() : nullptr; } return *this; }
  ~Function() { delete p_; }
  R operator()(A... a) const { return p_->call(a...); }
  explicit operator bool() const { return p_ != nullptr; }
};

struct Accumulator {
  long total = 0;
  long operator()(long v) { total += v; return total; }
};
struct Less { bool operator()(int a, int b) const { return a < b; } };
template <typename Cmp> void sort3(int *a, Cmp cmp) {
  for (int i = 0; i < 3; i++) for (int j = 0; j + 1 < 3 - i; j++) if (cmp(a[j + 1], a[j])) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; }
}
static int triple(int v) { return v * 3; }

int main() {
  Accumulator acc;
  for (int i = 1; i <= 10; i++) acc(i);
  CHECK_EQ(acc.total, 55);
  int a[3] = {3, 1, 2};
  sort3(a, Less());
  CHECK(a[0] == 1 && a[2] == 3);
  sort3(a, [](int x, int y) { return x > y; });
  CHECK(a[0] == 3 && a[2] == 1);
  Function<int(int)> fns[4];
  int offset = 100;
  fns[0] = triple;
  fns[1] = [offset](int v) { return v + offset; };
  fns[2] = [](int v) { return -v; };
  CHECK(!fns[3]);
  fns[3] = fns[1];                    // copy of a type-erased callable
  int results = 0;
  for (auto &f : fns) results += f(2);
  CHECK_EQ(results, 6 + 102 - 2 + 102);
  Function<long(long)> stateful = Accumulator();
  stateful(5);
  CHECK_EQ(stateful(6), 11);          // state lives inside the holder
  Function<long(long)> copy = stateful;
  CHECK(copy(1) == 12 && stateful(1) == 12);   // independent copies
  Function<double(double, double)> hyp = [](double x, double y) { return x * x + y * y; };
  CHECK(hyp(3, 4) == 25);
  int counter = 0;
  Function<void()> tick = [&counter]() { counter++; };
  for (int i = 0; i < 7; i++) tick();
  CHECK_EQ(counter, 7);
  CHECK_DONE();
}
