// Class templates: fixed-capacity containers, member function templates,
// static members per instantiation, default template arguments,
// templates with non-type parameters, nested templates.
#include "check.h"

template <typename T, int Cap = 16>
class Stack {
  T items_[Cap];
  int n_ = 0;
 public:
  static int instances;
  Stack() { instances++; }
  bool push(const T &v) { if (n_ == Cap) return false; items_[n_++] = v; return true; }
  T pop() { return items_[--n_]; }
  const T &top() const { return items_[n_ - 1]; }
  int size() const { return n_; }
  bool empty() const { return n_ == 0; }
  static constexpr int capacity() { return Cap; }
  template <typename F> void for_each(F f) const { for (int i = 0; i < n_; i++) f(items_[i]); }
  template <typename U> Stack<U, Cap> map(U (*fn)(const T &)) const { Stack<U, Cap> r; for (int i = 0; i < n_; i++) r.push(fn(items_[i])); return r; }
};
template <typename T, int Cap> int Stack<T, Cap>::instances = 0;

template <typename K, typename V> struct Pair { K key; V value; };
template <typename K, typename V, int N>
struct SmallMap {
  Pair<K, V> data[N];
  int n = 0;
  V *find(const K &k) { for (int i = 0; i < n; i++) if (data[i].key == k) return &data[i].value; return nullptr; }
  void set(const K &k, const V &v) { if (V *p = find(k)) *p = v; else data[n++] = Pair<K, V>{k, v}; }
};

template <typename T> struct Outer {
  template <typename U> struct Inner { T t; U u; T sum() const { return t + static_cast<T>(u); } };
};

static double half(const int &v) { return v / 2.0; }

int main() {
  Stack<int> s;
  for (int i = 0; i < 20; i++) s.push(i * i);
  CHECK_EQ(s.size(), 16);
  CHECK_EQ(Stack<int>::capacity(), 16);
  CHECK_EQ(s.top(), 225);
  long total = 0;
  s.for_each([&total](int v) { total += v; });
  CHECK_EQ(total, 1240);
  Stack<double> ds = s.map<double>(half);
  CHECK(ds.top() == 112.5 && ds.size() == 16);
  CHECK_EQ(s.pop(), 225);
  Stack<char, 4> cs;
  CHECK(cs.push('a') && cs.push('b') && cs.push('c') && cs.push('d') && !cs.push('e'));
  CHECK_EQ(cs.pop(), 'd');
  CHECK_EQ(Stack<int>::instances, 1);
  CHECK_EQ((Stack<double, 16>::instances), 1);   // one from map()
  CHECK_EQ((Stack<char, 4>::instances), 1);
  SmallMap<const char *, int, 8> m;
  const char *k1 = "one", *k2 = "two";
  m.set(k1, 1);
  m.set(k2, 2);
  m.set(k1, 11);
  CHECK(m.n == 2 && *m.find(k1) == 11 && m.find("zz") == nullptr);
  Outer<double>::Inner<int> in{1.5, 2};
  CHECK(in.sum() == 3.5);
  CHECK(sizeof(Stack<char, 4>) == 8);
  CHECK_DONE();
}
