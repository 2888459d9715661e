// Placement new into raw (aligned) storage, explicit destructor calls,
// storage reuse for different types, an optional-like wrapper, and
// placement new of arrays elements one by one.
#include <stdint.h>
#include "check.h"

inline void *operator new(unsigned long, void *p) noexcept { return p; }

static int live;
struct Obj {
  int a;
  double b;
  Obj(int x, double y) : a(x), b(y) { live++; }
  ~Obj() { live--; }
};

template <typename T> class Optional {
  alignas(T) unsigned char storage_[sizeof(T)];
  bool has_ = false;
 public:
  Optional() = default;
  ~Optional() { reset(); }
  template <typename... A> T &emplace(A... args) { reset(); T *p = new (storage_) T(args...); has_ = true; return *p; }
  void reset() { if (has_) { reinterpret_cast<T *>(storage_)->~T(); has_ = false; } }
  bool has_value() const { return has_; }
  T &value() { return *reinterpret_cast<T *>(storage_); }
};

int main() {
  alignas(Obj) unsigned char buf[sizeof(Obj)];
  Obj *o = new (buf) Obj(3, 4.5);
  CHECK(static_cast<void *>(o) == static_cast<void *>(buf));
  CHECK(o->a == 3 && o->b == 4.5 && live == 1);
  o->~Obj();
  CHECK_EQ(live, 0);
  // reuse the same storage for another type
  double *d = new (buf) double(1.25);
  CHECK(*d == 1.25);
  Optional<Obj> opt;
  CHECK(!opt.has_value());
  opt.emplace(1, 2.0);
  CHECK(opt.has_value() && opt.value().a == 1 && live == 1);
  opt.emplace(5, 6.0);                           // destroys the old value first
  CHECK(opt.value().a == 5 && live == 1);
  opt.reset();
  CHECK(!opt.has_value() && live == 0);
  {
    Optional<Obj> scoped;
    scoped.emplace(9, 9.0);
    CHECK_EQ(live, 1);
  }
  CHECK_EQ(live, 0);                             // destructor of Optional destroyed it
  // construct an array of objects in raw storage
  alignas(Obj) unsigned char pool[8 * sizeof(Obj)];
  Obj *objs = reinterpret_cast<Obj *>(pool);
  for (int i = 0; i < 8; i++) new (&objs[i]) Obj(i, i * 0.5);
  CHECK_EQ(live, 8);
  double sum = 0;
  for (int i = 0; i < 8; i++) sum += objs[i].a + objs[i].b;
  CHECK(sum == 28 + 14.0);
  for (int i = 7; i >= 0; i--) objs[i].~Obj();
  CHECK_EQ(live, 0);
  CHECK((uintptr_t)pool % alignof(Obj) == 0);
  CHECK_DONE();
}
