// libc++ numerics: <random>'s engines against the values the C++ standard
// requires of their 10000th output, <limits>, <bitset>, <cmath> overloads
// and <complex>.
#include <bitset>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include "check.h"

int main() {
  // [rand.predef]: the 10000th consecutive invocation of a
  // default-constructed engine.
  std::mt19937 mt;
  mt.discard(9999);
  CHECK_EQ(mt(), 4123659995u);
  std::mt19937_64 mt64;
  mt64.discard(9999);
  CHECK(mt64() == 9981545732273789042ull);
  std::minstd_rand0 m0;
  m0.discard(9999);
  CHECK_EQ(m0(), 1043618065);
  std::minstd_rand m1;
  m1.discard(9999);
  CHECK_EQ(m1(), 399268537);

  std::mt19937 gen(7);
  std::uniform_int_distribution<int> dice(1, 6);
  int counts[7] = {0};
  for (int i = 0; i < 6000; ++i) counts[dice(gen)]++;
  for (int face = 1; face <= 6; ++face)
    CHECK(counts[face] > 800 && counts[face] < 1200);

  CHECK_EQ(std::numeric_limits<int>::max(), 2147483647);
  CHECK_EQ(std::numeric_limits<long>::digits, 63);
  CHECK(std::numeric_limits<float>::epsilon() == 0x1p-23f);
  CHECK(std::numeric_limits<double>::has_quiet_NaN);
  CHECK(std::isnan(std::numeric_limits<double>::quiet_NaN()));

  std::bitset<100> bits;
  for (int i = 0; i < 100; i += 3) bits.set(i);
  CHECK_EQ(bits.count(), 34);
  CHECK(bits.test(99) && !bits.test(98));
  bits <<= 1;
  CHECK(bits.test(1) && !bits.test(0));
  std::string text = std::bitset<8>(0xA5).to_string();
  CHECK_STR(text.c_str(), "10100101");

  CHECK(std::sqrt(2.0f) == sqrtf(2.0f));          // the float overload
  CHECK(std::sqrt(2.0) == sqrt(2.0));
  CHECK_EQ(std::abs(-7L), 7);
  CHECK(std::fma(2.0, 3.0, 1.0) == 7.0);
  CHECK_REL(std::exp(1.0f), 2.7182817f, 1e-6);
  CHECK(std::hypot(3.0, 4.0) == 5.0);

  std::complex<double> z(3, 4);
  CHECK(std::abs(z) == 5.0);
  std::complex<double> w = z * std::conj(z);
  CHECK(w.real() == 25.0 && w.imag() == 0.0);
  std::complex<double> r = std::polar(2.0, 0.0);
  CHECK(r.real() == 2.0);
  CHECK_DONE();
}
