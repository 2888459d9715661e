// Move semantics written by hand (no <utility>): move constructor and move
// assignment with static_cast<T&&>, moved-from state, overloads on rvalue
// references, a unique-ownership smart pointer, swap via moves.
#include "check.h"

template <typename T> struct remove_ref { using type = T; };
template <typename T> struct remove_ref<T &> { using type = T; };
template <typename T> typename remove_ref<T>::type &&move(T &&t) { return static_cast<typename remove_ref<T>::type &&>(t); }

static int copies, moves, allocs, frees;

struct Buffer {
  int *data;
  int n;
  explicit Buffer(int size) : data(new int[size]), n(size) { allocs++; for (int i = 0; i < n; i++) data[i] = i; }
  Buffer(const Buffer &o) : data(new int[o.n]), n(o.n) { allocs++; copies++; for (int i = 0; i < n; i++) data[i] = o.data[i]; }
  Buffer(Buffer &&o) noexcept : data(o.data), n(o.n) { o.data = nullptr; o.n = 0; moves++; }
  Buffer &operator=(const Buffer &o) {
    if (this != &o) { Buffer tmp(o); *this = static_cast<Buffer &&>(tmp); }
    return *this;
  }
  Buffer &operator=(Buffer &&o) noexcept {
    if (this != &o) { release(); data = o.data; n = o.n; o.data = nullptr; o.n = 0; moves++; }
    return *this;
  }
  ~Buffer() { release(); }
  void release() { if (data) { delete[] data; frees++; } data = nullptr; }
};

template <typename T> void swap_move(T &a, T &b) { T t = move(a); a = move(b); b = move(t); }

template <typename T> class Unique {
  T *p_;
 public:
  explicit Unique(T *p = nullptr) : p_(p) {}
  Unique(const Unique &) = delete;
  Unique &operator=(const Unique &) = delete;
  Unique(Unique &&o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  Unique &operator=(Unique &&o) noexcept { if (this != &o) { delete p_; p_ = o.p_; o.p_ = nullptr; } return *this; }
  ~Unique() { delete p_; }
  T *get() const { return p_; }
  T &operator*() const { return *p_; }
  T *release() { T *t = p_; p_ = nullptr; return t; }
  explicit operator bool() const { return p_ != nullptr; }
};

static int kind(const Buffer &) { return 1; }
static int kind(Buffer &&) { return 2; }
static Buffer make(int n) { Buffer b(n); b.data[0] = 99; return b; }   // NRVO or move

int main() {
  {
    Buffer a(10);
    Buffer b = move(a);
    CHECK(a.data == nullptr && a.n == 0 && b.n == 10 && b.data[9] == 9);
    CHECK_EQ(moves, 1);
    CHECK_EQ(copies, 0);
    Buffer c(b);
    CHECK(copies == 1 && c.data != b.data && c.data[5] == 5);
    c = move(b);
    CHECK(b.data == nullptr && c.n == 10);
    Buffer d(3);
    swap_move(c, d);
    CHECK(c.n == 3 && d.n == 10);
    CHECK_EQ(kind(c), 1);
    CHECK_EQ(kind(move(c)), 2);
    CHECK_EQ(kind(Buffer(1)), 2);
    Buffer e = make(4);
    CHECK(e.n == 4 && e.data[0] == 99);
    Buffer &alias = d;
    d = alias;                          // self copy-assignment is safe
    CHECK(d.n == 10 && d.data[9] == 9);
  }
  CHECK_EQ(allocs, frees);              // no leaks, no double frees
  static int dtor_count = 0;
  struct Obj { int v; ~Obj() { dtor_count++; } };
  {
    Unique<Obj> u(new Obj{7});
    CHECK((*u).v == 7 && u);
    Unique<Obj> w = move(u);
    CHECK(!u && w && w.get()->v == 7);
    Unique<Obj> x(new Obj{8});
    x = move(w);                        // deletes the old Obj{8}
    CHECK_EQ(dtor_count, 1);
    CHECK(x.get()->v == 7);
    Obj *raw = x.release();
    CHECK(!x);
    delete raw;
    CHECK_EQ(dtor_count, 2);
  }
  CHECK_EQ(dtor_count, 2);
  CHECK_DONE();
}
