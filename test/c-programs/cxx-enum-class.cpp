// Scoped enumerations: no implicit conversions, explicit underlying types,
// bit-flag operators, switch over enum class, enum class in templates.
#include <stdint.h>
#include "check.h"

enum class Color : uint8_t { Red = 1, Green = 2, Blue = 4 };
enum class Big : int64_t { Min = -9000000000LL, Max = 9000000000LL };
enum class Perm : unsigned { None = 0, Read = 1, Write = 2, Exec = 4, All = 7 };
constexpr Perm operator|(Perm a, Perm b) { return static_cast<Perm>(static_cast<unsigned>(a) | static_cast<unsigned>(b)); }
constexpr Perm operator&(Perm a, Perm b) { return static_cast<Perm>(static_cast<unsigned>(a) & static_cast<unsigned>(b)); }
constexpr Perm operator~(Perm a) { return static_cast<Perm>(~static_cast<unsigned>(a) & 7u); }
constexpr bool has(Perm set, Perm p) { return (set & p) == p; }
enum class Op { Add, Sub, Mul };
enum Plain { PlainA, PlainB };

static int eval(Op op, int a, int b) {
  switch (op) {
    case Op::Add: return a + b;
    case Op::Sub: return a - b;
    case Op::Mul: return a * b;
  }
  return 0;
}
template <typename E> constexpr auto underlying(E e) { return static_cast<__underlying_type(E)>(e); }

int main() {
  CHECK(sizeof(Color) == 1 && sizeof(Big) == 8 && sizeof(Perm) == 4);
  Color c = Color::Blue;
  CHECK(static_cast<int>(c) == 4);
  CHECK(c != Color::Red);
  CHECK(underlying(Big::Min) == -9000000000LL);
  Perm p = Perm::Read | Perm::Write;
  CHECK(has(p, Perm::Read) && has(p, Perm::Write) && !has(p, Perm::Exec));
  CHECK((p | Perm::Exec) == Perm::All);
  CHECK(~p == Perm::Exec);
  static_assert((Perm::Read | Perm::Exec) == static_cast<Perm>(5), "constexpr flags");
  CHECK_EQ(eval(Op::Add, 6, 7), 13);
  CHECK_EQ(eval(Op::Mul, 6, 7), 42);
  CHECK_EQ(eval(static_cast<Op>(OPAQUE(1)), 6, 7), -1);
  int counts[3] = {0, 0, 0};
  Op ops[] = {Op::Add, Op::Mul, Op::Mul, Op::Sub, Op::Mul};
  for (Op o : ops) counts[static_cast<int>(o)]++;
  CHECK(counts[0] == 1 && counts[1] == 1 && counts[2] == 3);
  int plain = PlainB + 1;                  // unscoped enums still convert
  CHECK_EQ(plain, 2);
  Color fromint = static_cast<Color>(2);
  CHECK(fromint == Color::Green);
  CHECK_DONE();
}
