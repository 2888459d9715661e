//===-- FloatOps.h - floating-point semantics -------------------*- C++ -*-===//
//
// IEEE-754 operations as docs/isa.md defines them: round to nearest even
// (the host's default mode), NaN results canonical, minNum/maxNum, and
// saturating float-to-integer conversions.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_SIM_FLOATOPS_H
#define ACCEL_SIM_FLOATOPS_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace accel_sim {

template <typename To, typename From> To bitCast(From F) {
  static_assert(sizeof(To) == sizeof(From));
  To T;
  std::memcpy(&T, &F, sizeof(T));
  return T;
}

inline float f32(uint64_t R) { return bitCast<float>(uint32_t(R)); }
inline double f64(uint64_t R) { return bitCast<double>(R); }

/// Register images of results: f32 zero-extended; any NaN canonical.
inline uint64_t fromF32(float F) {
  return std::isnan(F) ? 0x7fc00000u : bitCast<uint32_t>(F);
}
inline uint64_t fromF64(double D) {
  return std::isnan(D) ? 0x7ff8000000000000ull : bitCast<uint64_t>(D);
}

/// IEEE-754 minNum/maxNum: a single NaN operand yields the other; -0 < +0.
template <typename T> T minNum(T A, T B) {
  if (std::isnan(A))
    return B;
  if (std::isnan(B))
    return A;
  if (A == B)
    return std::signbit(A) ? A : B;
  return A < B ? A : B;
}
template <typename T> T maxNum(T A, T B) {
  if (std::isnan(A))
    return B;
  if (std::isnan(B))
    return A;
  if (A == B)
    return std::signbit(A) ? B : A;
  return A > B ? A : B;
}

/// Float to integer: truncate toward zero, saturate, NaN -> 0.
template <typename I, typename F> I convertSaturating(F X) {
  if (std::isnan(X))
    return 0;
  if (X <= F(std::numeric_limits<I>::min()))
    return std::numeric_limits<I>::min();
  // max() may round up when converted to F: compare against 2^bits.
  if (X >= F(std::numeric_limits<I>::max()) + F(1) ||
      X >= std::ldexp(F(1), std::numeric_limits<I>::digits))
    return std::numeric_limits<I>::max();
  return I(X);
}

} // namespace accel_sim

#endif
