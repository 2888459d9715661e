// A growable array template (vector-like) written with operator new/delete
// on raw storage, placement new, explicit destructor calls and move
// construction on reallocation; element lifetime counted precisely.
#include "check.h"

inline void *operator new(unsigned long, void *p) noexcept { return p; }
template <typename T> struct rm_ref { using type = T; };
template <typename T> struct rm_ref<T &> { using type = T; };
template <typename T> typename rm_ref<T>::type &&mv(T &&t) { return static_cast<typename rm_ref<T>::type &&>(t); }

template <typename T> class Vec {
  T *data_ = nullptr;
  unsigned long size_ = 0, cap_ = 0;
  void grow() {
    unsigned long nc = cap_ ? cap_ * 2 : 2;
    T *nd = static_cast<T *>(::operator new(nc * sizeof(T)));
    for (unsigned long i = 0; i < size_; i++) { new (nd + i) T(mv(data_[i])); data_[i].~T(); }
    ::operator delete(data_);
    data_ = nd;
    cap_ = nc;
  }
 public:
  Vec() = default;
  Vec(const Vec &) = delete;
  Vec &operator=(const Vec &) = delete;
  ~Vec() { clear(); ::operator delete(data_); }
  void push_back(const T &v) { if (size_ == cap_) grow(); new (data_ + size_) T(v); size_++; }
  void push_back(T &&v) { if (size_ == cap_) grow(); new (data_ + size_) T(mv(v)); size_++; }
  template <typename... A> T &emplace_back(A... a) { if (size_ == cap_) grow(); T *p = new (data_ + size_) T(a...); size_++; return *p; }
  void pop_back() { data_[--size_].~T(); }
  void clear() { while (size_) pop_back(); }
  T &operator[](unsigned long i) { return data_[i]; }
  unsigned long size() const { return size_; }
  unsigned long capacity() const { return cap_; }
  T *begin() { return data_; }
  T *end() { return data_ + size_; }
};

static int live, copies, moves;
struct Item {
  int v;
  char *name;
  explicit Item(int x) : v(x), name(new char[8]) { snprintf(name, 8, "i%d", x); live++; }
  Item(const Item &o) : v(o.v), name(new char[8]) { memcpy(name, o.name, 8); live++; copies++; }
  Item(Item &&o) noexcept : v(o.v), name(o.name) { o.name = nullptr; live++; moves++; }
  ~Item() { delete[] name; live--; }
};

int main() {
  {
    Vec<Item> v;
    for (int i = 0; i < 100; i++) v.emplace_back(i);
    CHECK(v.size() == 100 && v.capacity() == 128);
    CHECK_EQ(live, 100);
    CHECK_EQ(copies, 0);
    CHECK_EQ(moves, 2 + 4 + 8 + 16 + 32 + 64);    // elements moved at each growth
    CHECK_STR(v[42].name, "i42");
    Item extra(1000);
    v.push_back(extra);
    CHECK_EQ(copies, 1);
    v.push_back(Item(2000));
    CHECK_STR(v[101].name, "i2000");
    long s = 0;
    for (Item &it : v) s += it.v;
    CHECK_EQ(s, 4950 + 1000 + 2000);
    v.pop_back();
    CHECK_EQ(live, 101 + 1);                       // 101 in vector + extra
  }
  CHECK_EQ(live, 0);
  Vec<double> d;
  for (int i = 0; i < 1000; i++) d.push_back(i * 0.5);
  double t = 0;
  for (double x : d) t += x;
  CHECK(t == 249750.0);
  CHECK_DONE();
}
