//===-- IntOps.h - integer semantics with edge cases ------------*- C++ -*-===//
//
// Division, remainder and shifts as docs/isa.md defines them: never a host
// trap or undefined behaviour.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_SIM_INTOPS_H
#define ACCEL_SIM_INTOPS_H

#include <cstdint>
#include <limits>
#include <type_traits>

namespace accel_sim {

/// x / 0 = -1; INT_MIN / -1 = INT_MIN.
template <typename S> S divSigned(S A, S B) {
  if (B == 0)
    return S(-1);
  if (A == std::numeric_limits<S>::min() && B == S(-1))
    return A;
  return A / B;
}
/// x / 0 = all ones.
template <typename U> U divUnsigned(U A, U B) { return B ? A / B : U(~U(0)); }
/// x % 0 = x; INT_MIN % -1 = 0.
template <typename S> S remSigned(S A, S B) {
  if (B == 0)
    return A;
  if (A == std::numeric_limits<S>::min() && B == S(-1))
    return 0;
  return A % B;
}
template <typename U> U remUnsigned(U A, U B) { return B ? A % B : A; }

/// A 32-bit result, sign-extended to the register's 64 bits.
inline uint64_t sext32(uint64_t V) { return uint64_t(int64_t(int32_t(V))); }

inline uint64_t mulhSigned(uint64_t A, uint64_t B) {
  return uint64_t((__int128(int64_t(A)) * __int128(int64_t(B))) >> 64);
}
inline uint64_t mulhUnsigned(uint64_t A, uint64_t B) {
  return uint64_t((unsigned __int128)A * B >> 64);
}

} // namespace accel_sim

#endif
