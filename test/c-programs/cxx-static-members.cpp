// Static data members (out-of-line, inline C++17, constexpr), static
// member functions, per-class counters, static members of class templates.
#include "check.h"

struct Counter {
  static int created;                 // defined out of line
  static inline int alive = 0;        // C++17 inline variable
  static constexpr int limit = 3;
  static constexpr double ratio = 0.5;
  static const char *const label;
  int id;
  Counter() : id(++created) { alive++; }
  ~Counter() { alive--; }
  static int total() { return created; }
  static bool full() { return alive >= limit; }
};
int Counter::created = 0;
const char *const Counter::label = "counter";

template <typename T> struct TypeId {
  static int next;
  static int id() { static int mine = next++; return mine; }
};
template <typename T> int TypeId<T>::next = 0;
struct Tag {};
template <> int TypeId<Tag>::next = 100;    // explicit specialisation of a static member

struct Shape { static int count; Shape() { count++; } };
struct Circle : Shape { static int count; Circle() { count++; } };
int Shape::count = 0;
int Circle::count = 0;

int main() {
  CHECK_EQ(Counter::total(), 0);
  {
    Counter a, b;
    CHECK(a.id == 1 && b.id == 2);
    CHECK_EQ(Counter::alive, 2);
    CHECK(!Counter::full());
    Counter c;
    CHECK(Counter::full());
    CHECK(c.total() == 3);            // static called through an object
  }
  CHECK_EQ(Counter::alive, 0);
  CHECK_EQ(Counter::created, 3);
  CHECK(Counter::ratio == 0.5 && Counter::limit == 3);
  const int *lp = &Counter::limit;    // odr-use of a constexpr static member
  CHECK_EQ(*lp, 3);
  CHECK_STR(Counter::label, "counter");
  int i1 = TypeId<int>::id(), d1 = TypeId<double>::id();
  CHECK(i1 == 0 && d1 == 0);          // separate counters per instantiation
  CHECK(TypeId<int>::id() == i1);
  CHECK_EQ(TypeId<Tag>::id(), 100);
  Circle c1, c2;
  Shape s;
  CHECK(Shape::count == 3 && Circle::count == 2);
  CHECK_DONE();
}
