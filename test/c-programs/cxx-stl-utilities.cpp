// libc++ utilities: unique_ptr and shared_ptr lifetimes (counted by the
// objects' own constructors and destructors), weak_ptr expiry,
// std::function, optional, variant with visit, tuple, and over-aligned
// types through aligned operator new.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <tuple>
#include <variant>
#include <vector>
#include "check.h"

static int alive;
struct Tracked {
  int id;
  explicit Tracked(int id) : id(id) { ++alive; }
  ~Tracked() { --alive; }
};

struct alignas(64) Tile {
  float lanes[16];
};

static void smart_pointers() {
  {
    auto u = std::make_unique<Tracked>(1);
    CHECK_EQ(alive, 1);
    std::unique_ptr<Tracked> other = std::move(u);
    CHECK(!u);
    CHECK_EQ(other->id, 1);
    other.reset(new Tracked(2));
    CHECK_EQ(alive, 1);
  }
  CHECK_EQ(alive, 0);

  std::weak_ptr<Tracked> weak;
  {
    auto a = std::make_shared<Tracked>(3);
    std::shared_ptr<Tracked> b = a;
    CHECK_EQ(a.use_count(), 2);
    weak = a;
    CHECK(!weak.expired());
    b.reset();
    CHECK_EQ(a.use_count(), 1);
    CHECK_EQ(weak.lock()->id, 3);
  }
  CHECK(weak.expired());
  CHECK_EQ(alive, 0);

  int deleted = 0;
  {
    auto deleter = [&](int *p) { ++deleted; delete p; };
    std::unique_ptr<int, decltype(deleter)> p(new int(5), deleter);
  }
  CHECK_EQ(deleted, 1);

  std::vector<std::unique_ptr<Tracked>> owners;
  for (int i = 0; i < 50; ++i) owners.push_back(std::make_unique<Tracked>(i));
  CHECK_EQ(alive, 50);
  owners.erase(owners.begin(), owners.begin() + 20);
  CHECK_EQ(alive, 30);
  owners.clear();
  CHECK_EQ(alive, 0);
}

static void aligned() {
  std::vector<Tile> tiles(7);
  CHECK_EQ(reinterpret_cast<std::uintptr_t>(tiles.data()) % 64, 0);
  auto one = std::make_unique<Tile>();
  CHECK_EQ(reinterpret_cast<std::uintptr_t>(one.get()) % 64, 0);
  Tile *many = new Tile[3];
  CHECK_EQ(reinterpret_cast<std::uintptr_t>(many) % 64, 0);
  delete[] many;
}

static int twice(int x) { return 2 * x; }

static void callables() {
  std::function<int(int)> f = twice;
  CHECK_EQ(f(21), 42);
  int base = 100;
  f = [base](int x) { return base + x; };
  CHECK_EQ(f(1), 101);
  std::function<int(int)> empty;
  CHECK(!empty);
  auto bound = std::bind(twice, 8);
  CHECK_EQ(bound(), 16);
}

static void sum_types() {
  std::optional<int> o;
  CHECK(!o.has_value());
  CHECK_EQ(o.value_or(-1), -1);
  o = 9;
  CHECK_EQ(*o, 9);

  std::variant<int, double, const char *> v = 2.5;
  CHECK_EQ(v.index(), 1);
  double seen = std::visit(
      [](auto x) -> double {
        if constexpr (std::is_same_v<decltype(x), const char *>)
          return -1;
        else
          return x;
      },
      v);
  CHECK(seen == 2.5);
  v = "text";
  CHECK(std::holds_alternative<const char *>(v));

  auto [a, b, c] = std::make_tuple(1, 2.0, 'c');
  CHECK_EQ(a, 1);
  CHECK(b == 2.0);
  CHECK_EQ(c, 'c');
  std::tuple<int, int> t{3, 4};
  CHECK_EQ(std::get<1>(t), 4);
}

int main() {
  smart_pointers();
  aligned();
  callables();
  sum_types();
  CHECK_DONE();
}
