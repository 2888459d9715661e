//===-- MatmulKernel.cpp - the matrix unit's arithmetic -------------------===//
//
// The result must be bit-exact (one rounding per k step), so every version
// uses a fused multiply-add. Without FMA instructions in the baseline x86-64
// target, std::fma is a library call per element; a version compiled for
// AVX2+FMA, chosen at run time, vectorizes the TileDim-wide rows instead.
//
//===----------------------------------------------------------------------===//

#include "MatmulKernel.h"
#include "MCTargetDesc/AccelMachineParams.h"
#include <cmath>
#include <cstring>

using namespace accel_sim;

namespace {
constexpr unsigned Tile = llvm::AccelParam::TileDim * llvm::AccelParam::TileDim;

template <unsigned C, typename FmaFn>
inline void matmulRows(float *Acc, const uint8_t *A, const uint8_t *B,
                       uint64_t K, FmaFn Fma) {
  constexpr unsigned R = Tile / C;
  for (uint64_t Kk = 0; Kk != K; ++Kk) {
    float Row[C];
    std::memcpy(Row, B + Kk * C * 4, sizeof(Row));
    for (unsigned I = 0; I != R; ++I) {
      float Av;
      std::memcpy(&Av, A + (I * K + Kk) * 4, 4);
      for (unsigned J = 0; J != C; ++J)
        Acc[I * C + J] = Fma(Av, Row[J], Acc[I * C + J]);
    }
  }
}

template <typename FmaFn>
inline void matmulShape(float *Acc, const uint8_t *A, const uint8_t *B,
                        uint64_t K, unsigned C, FmaFn Fma) {
  switch (C) {
  case 64:
    return matmulRows<64>(Acc, A, B, K, Fma);
  case 32:
    return matmulRows<32>(Acc, A, B, K, Fma);
  default:
    return matmulRows<llvm::AccelParam::TileDim>(Acc, A, B, K, Fma);
  }
}

void matmulPortable(float *Acc, const uint8_t *A, const uint8_t *B,
                    uint64_t K, unsigned C) {
  matmulShape(Acc, A, B, K, C,
              [](float X, float Y, float Z) { return std::fma(X, Y, Z); });
}

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx2,fma"))) void
matmulFma(float *Acc, const uint8_t *A, const uint8_t *B, uint64_t K,
          unsigned C) {
  matmulShape(Acc, A, B, K, C, [](float X, float Y, float Z) {
    return __builtin_fmaf(X, Y, Z);
  });
}
#endif
} // namespace

void accel_sim::matmulAccumulate(float *Acc, const uint8_t *A,
                                 const uint8_t *B, uint64_t K, unsigned C) {
#if defined(__x86_64__) && defined(__GNUC__)
  static const bool HasFma =
      __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  if (HasFma)
    return matmulFma(Acc, A, B, K, C);
#endif
  matmulPortable(Acc, A, B, K, C);
}
