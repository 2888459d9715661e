//===-- HalfFloat.h - f16 and bf16 conversions of the vector unit -*- C++ -*-===//
//
// The bit-exact conversions of vcvt.f16.f32, vcvt.bf16.f32 and
// vcvt.f32.f16.{lo,hi} (docs/isa.md): IEEE 754 binary16 and bfloat16 from
// binary32 rounded to nearest even, overflow to infinity, subnormals as
// IEEE, a NaN kept a NaN with its sign and top payload bits and made quiet;
// binary16 to binary32 exactly. The kernels' scalar loops (cast.c) compute
// the same bits.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_SIM_HALFFLOAT_H
#define ACCEL_SIM_HALFFLOAT_H

#include <cstdint>

namespace accel_sim {

inline uint32_t f32ToF16Bits(uint32_t X) {
  uint32_t Sign = X >> 16 & 0x8000, A = X & 0x7fffffff;
  if (A > 0x7f800000) // NaN: quiet, the top 10 payload bits kept
    return Sign | 0x7e00 | (A >> 13 & 0x3ff);
  if (A >= 0x477ff000) // 65520 and above round to infinity
    return Sign | 0x7c00;
  if (A >= 0x38800000) { // 2^-14, binary16's smallest normal
    uint32_t R = A - (uint32_t(127 - 15) << 23);
    return Sign | (R + 0xfff + (R >> 13 & 1)) >> 13;
  }
  if (A < 0x33000000) // at most 2^-25, half the smallest subnormal: a tie to 0
    return Sign;
  uint32_t M = (A & 0x7fffff) | 0x800000, Shift = 126 - (A >> 23);
  return Sign | (M + (1u << (Shift - 1)) - 1 + (M >> Shift & 1)) >> Shift;
}

inline uint32_t f32ToBf16Bits(uint32_t X) {
  if ((X & 0x7fffffff) > 0x7f800000)
    return (X >> 16 | 0x40) & 0xffff;
  return (X + 0x7fff + (X >> 16 & 1)) >> 16;
}

inline uint32_t f16ToF32Bits(uint32_t H) {
  uint32_t Sign = (H & 0x8000) << 16, E = H >> 10 & 0x1f, M = H & 0x3ff;
  if (E == 31) // infinity or NaN, the payload kept
    return Sign | 0x7f800000 | M << 13;
  if (E != 0)
    return Sign | (E + (127 - 15)) << 23 | M << 13;
  if (M == 0)
    return Sign;
  // A subnormal, m 2^-24: normalized so that its leading one is implicit.
  unsigned Lz = 0;
  while (!(M & 0x400)) {
    M <<= 1;
    ++Lz;
  }
  return Sign | (uint32_t(127 - 14 - Lz) << 23) | (M & 0x3ff) << 13;
}

} // namespace accel_sim

#endif
