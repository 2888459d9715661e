// libc++ algorithms against hand-written loops: sort (introsort on 3000
// pseudo-random values) against insertion sort, stable_sort's stability,
// binary search, nth_element, unique, rotate, partial sums, gcd and lcm.
#include <algorithm>
#include <functional>
#include <iterator>
#include <numeric>
#include <vector>
#include "check.h"

static unsigned lcg(unsigned &state) {
  state = state * 1664525u + 1013904223u;
  return state >> 8;
}

static void insertion_sort(std::vector<int> &v) {
  for (size_t i = 1; i < v.size(); ++i) {
    int x = v[i];
    size_t j = i;
    for (; j > 0 && v[j - 1] > x; --j) v[j] = v[j - 1];
    v[j] = x;
  }
}

int main() {
  unsigned state = 12345;
  std::vector<int> v(3000);
  for (int &x : v) x = (int)(lcg(state) % 100000) - 50000;
  std::vector<int> ref = v;
  insertion_sort(ref);
  std::vector<int> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  CHECK(sorted == ref);
  CHECK(std::is_sorted(sorted.begin(), sorted.end()));

  std::vector<int> desc = v;
  std::sort(desc.begin(), desc.end(), std::greater<int>());
  CHECK(std::equal(desc.begin(), desc.end(), ref.rbegin()));

  // Stability: sort pairs by key only; equal keys keep their input order.
  struct Item { int key, order; };
  std::vector<Item> items;
  for (int i = 0; i < 200; ++i) items.push_back({(int)(lcg(state) % 10), i});
  std::stable_sort(items.begin(), items.end(),
                   [](const Item &a, const Item &b) { return a.key < b.key; });
  for (size_t i = 1; i < items.size(); ++i) {
    CHECK(items[i - 1].key <= items[i].key);
    if (items[i - 1].key == items[i].key)
      CHECK(items[i - 1].order < items[i].order);
  }

  // Searching the sorted copy.
  for (int probe : {ref[0], ref[1500], ref[2999], 50001}) {
    bool linear = std::find(v.begin(), v.end(), probe) != v.end();
    CHECK_EQ(std::binary_search(sorted.begin(), sorted.end(), probe), linear);
  }
  auto lb = std::lower_bound(sorted.begin(), sorted.end(), 0);
  long below = 0;
  for (int x : v) below += x < 0;
  CHECK_EQ(lb - sorted.begin(), below);

  std::vector<int> nth = v;
  std::nth_element(nth.begin(), nth.begin() + 1234, nth.end());
  CHECK_EQ(nth[1234], ref[1234]);

  CHECK_EQ(*std::min_element(v.begin(), v.end()), ref.front());
  CHECK_EQ(*std::max_element(v.begin(), v.end()), ref.back());
  CHECK_EQ(std::count_if(v.begin(), v.end(), [](int x) { return x < 0; }),
           below);

  std::vector<int> dup = {1, 1, 2, 3, 3, 3, 4, 1};
  dup.erase(std::unique(dup.begin(), dup.end()), dup.end());
  CHECK(dup == (std::vector<int>{1, 2, 3, 4, 1}));
  std::rotate(dup.begin(), dup.begin() + 2, dup.end());
  CHECK(dup == (std::vector<int>{3, 4, 1, 1, 2}));
  std::reverse(dup.begin(), dup.end());
  CHECK(dup == (std::vector<int>{2, 1, 1, 4, 3}));

  std::vector<long> seq(100), sums;
  std::iota(seq.begin(), seq.end(), 1);
  std::partial_sum(seq.begin(), seq.end(), std::back_inserter(sums));
  CHECK_EQ(sums[99], 5050);
  CHECK_EQ(std::accumulate(seq.begin(), seq.end(), 0L), 5050);
  CHECK_EQ(std::inner_product(seq.begin(), seq.begin() + 10, seq.begin(), 0L),
           385);
  CHECK_EQ(std::gcd(1071, 462), 21);
  CHECK_EQ(std::lcm(21, 6), 42);

  std::vector<int> perm = {1, 2, 3};
  int permutations = 1;
  while (std::next_permutation(perm.begin(), perm.end())) ++permutations;
  CHECK_EQ(permutations, 6);
  CHECK_DONE();
}
