//===-- MatmulKernel.h - the matrix unit's arithmetic -----------*- C++ -*-===//

#ifndef ACCEL_SIM_MATMULKERNEL_H
#define ACCEL_SIM_MATMULKERNEL_H

#include <cstdint>

namespace accel_sim {

/// Acc[R x C] += A[R x K] . B[K x C] (row-major, A's row stride K, B's C),
/// as the mmac forms define it, R x C being the tile's TileDim x TileDim
/// accumulators: for k in order, Acc[i][j] = fma(A[i][k], B[k][j],
/// Acc[i][j]). C is TileDim (mmac), 32 or 64 (mmac.8x32, mmac.4x64).
/// A and B point at 4-byte-aligned bytes in simulated memory.
void matmulAccumulate(float *Acc, const uint8_t *A, const uint8_t *B,
                      uint64_t K, unsigned C);

} // namespace accel_sim

#endif
