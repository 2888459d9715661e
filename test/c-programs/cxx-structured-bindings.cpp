// Structured bindings (C++17) over structs and arrays, by value, by
// reference and const reference; in range-for loops; with nested structs.
#include "check.h"

struct Point { int x, y; };
struct Named { const char *name; double score; Point where; };
static Point divmod(int a, int b) { return Point{a / b, a % b}; }

int main() {
  Point p{3, 4};
  auto [x, y] = p;
  CHECK(x == 3 && y == 4);
  x = 100;                              // copy: p unchanged
  CHECK_EQ(p.x, 3);
  auto &[rx, ry] = p;
  rx = 30;
  ry += 1;
  CHECK(p.x == 30 && p.y == 5);
  const auto &[cx, cy] = p;
  CHECK(cx == 30 && cy == 5);
  auto [q, r] = divmod(OPAQUE(47), 5);
  CHECK(q == 9 && r == 2);
  int arr[3] = {7, 8, 9};
  auto [a, b, c] = arr;
  CHECK(a + b + c == 24);
  auto &[ra, rb, rc] = arr;
  rb = 80;
  CHECK_EQ(arr[1], 80);
  (void)ra; (void)rc;
  Named people[3] = {{"ann", 9.5, {1, 2}}, {"bob", 7.0, {3, 4}}, {"cy", 8.25, {5, 6}}};
  double total = 0;
  int sx = 0;
  for (const auto &[name, score, where] : people) {
    total += score;
    sx += where.x;
    CHECK(strlen(name) >= 2);
  }
  CHECK(total == 24.75 && sx == 9);
  for (auto &[name, score, where] : people) score *= 2;
  CHECK(people[2].score == 16.5);
  auto [n, s, w] = people[1];
  auto [wx, wy] = w;
  CHECK_STR(n, "bob");
  CHECK(s == 14.0 && wx == 3 && wy == 4);
  double m[2][2] = {{1, 2}, {3, 4}};
  auto &[row0, row1] = m;
  CHECK(row0[1] == 2 && row1[0] == 3);
  (void)y; (void)b;
  CHECK_DONE();
}
