// libc++ containers: vector growth, insert and erase; deque at both ends;
// list splicing; map and set ordering; unordered_map through rehashes;
// array. Results are checked against plain loops over C arrays.
#include <array>
#include <deque>
#include <list>
#include <map>
#include <set>
#include <unordered_map>
#include <vector>
#include "check.h"

static void vectors() {
  std::vector<int> v;
  size_t reallocations = 0;
  const int *data = nullptr;
  for (int i = 0; i < 1000; ++i) {
    v.push_back(i * 3);
    if (v.data() != data) {
      ++reallocations;
      data = v.data();
    }
  }
  CHECK_EQ(v.size(), 1000);
  CHECK(v.capacity() >= 1000);
  CHECK(reallocations > 1 && reallocations < 20); // geometric growth
  long sum = 0;
  for (int x : v) sum += x;
  CHECK_EQ(sum, 3L * 999 * 1000 / 2);

  v.erase(v.begin() + 10, v.begin() + 20);      // drops 30..57
  v.insert(v.begin(), {-1, -2});
  CHECK_EQ(v.size(), 992);
  CHECK_EQ(v[0], -1);
  CHECK_EQ(v[1], -2);
  CHECK_EQ(v[2], 0);
  CHECK_EQ(v[12], 60);                            // i = 20 follows i = 9
  v.resize(5);
  v.shrink_to_fit();
  CHECK_EQ(v.size(), 5);
  CHECK_EQ(v.back(), 6);                          // -1 -2 0 3 6

  std::vector<std::vector<int>> grid(4, std::vector<int>(3, 7));
  grid[2][1] = 1;
  int total = 0;
  for (const auto &row : grid)
    for (int x : row) total += x;
  CHECK_EQ(total, 11 * 7 + 1);
}

static void deques_and_lists() {
  std::deque<int> d;
  for (int i = 0; i < 300; ++i) {
    d.push_back(i);
    d.push_front(-i);
  }
  CHECK_EQ(d.size(), 600);
  CHECK_EQ(d.front(), -299);
  CHECK_EQ(d.back(), 299);
  CHECK_EQ(d[300], 0);
  d.pop_front();
  d.pop_back();
  CHECK_EQ(d.front(), -298);

  std::list<int> a = {1, 2, 3}, b = {10, 20};
  auto second = std::next(a.begin());
  a.splice(second, b);                            // 1 10 20 2 3
  int expect[] = {1, 10, 20, 2, 3}, i = 0;
  for (int x : a) CHECK_EQ(x, expect[i++]);
  CHECK(b.empty());
  a.remove_if([](int x) { return x % 2 == 0; });  // 1 3
  CHECK_EQ(a.size(), 2);
  a.reverse();
  CHECK_EQ(a.front(), 3);
}

static void ordered() {
  std::map<int, const char *> m;
  int keys[] = {42, 7, 19, 3, 88, 7};
  for (int k : keys) m[k] = "x";
  CHECK_EQ(m.size(), 5);
  int prev = -1;
  for (const auto &[k, v] : m) {
    CHECK(k > prev);
    prev = k;
  }
  CHECK_EQ(m.lower_bound(20)->first, 42);
  CHECK(m.find(8) == m.end());
  m.erase(42);
  CHECK_EQ(m.upper_bound(19)->first, 88);

  std::set<int> s;
  for (int i = 0; i < 100; ++i) s.insert((i * 37) % 50);
  CHECK_EQ(s.size(), 50);                         // 37 is coprime with 50
  CHECK_EQ(*s.begin(), 0);
  CHECK_EQ(*s.rbegin(), 49);
  std::multiset<int> ms = {3, 1, 3, 2, 3};
  CHECK_EQ(ms.count(3), 3);
}

static void unordered() {
  std::unordered_map<unsigned, unsigned> squares;
  for (unsigned i = 0; i < 2000; ++i) squares[i * 7919u] = i * i;
  CHECK_EQ(squares.size(), 2000);
  CHECK(squares.bucket_count() >= 2000 / squares.max_load_factor());
  unsigned long long sum = 0;
  for (unsigned i = 0; i < 2000; ++i) {
    auto it = squares.find(i * 7919u);
    CHECK(it != squares.end());
    sum += it->second;
  }
  CHECK_EQ(sum, 1999ULL * 2000 * 3999 / 6);       // sum of i^2 for i < 2000
  CHECK_EQ(squares.count(1), 0);
  squares.erase(7919u);
  CHECK_EQ(squares.size(), 1999);
}

static void arrays() {
  std::array<double, 5> a = {1.5, 2.5, 3.5, 4.5, 5.5};
  double sum = 0;
  for (double x : a) sum += x;
  CHECK(sum == 17.5);
  CHECK_EQ(a.size(), 5);
  a.fill(0.25);
  CHECK(a[4] == 0.25);
  constexpr std::array<int, 3> c = {1, 2, 3};
  static_assert(c[2] == 3 && c.size() == 3);
}

int main() {
  vectors();
  deques_and_lists();
  ordered();
  unordered();
  arrays();
  CHECK_DONE();
}
