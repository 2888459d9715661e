//===-- MatmulKernel.h - the matrix unit's arithmetic -----------*- C++ -*-===//

#ifndef ACCEL_SIM_MATMULKERNEL_H
#define ACCEL_SIM_MATMULKERNEL_H

#include <cstdint>

namespace accel_sim {

/// Acc[TxT] += A[TxK] . B[KxT] for T = TileDim (row-major, A's row stride
/// K), as mmac defines it: for k in order,
/// Acc[i][j] = fma(A[i][k], B[k][j], Acc[i][j]).
/// A and B point at 4-byte-aligned bytes in simulated memory.
void matmulAccumulate(float *Acc, const uint8_t *A, const uint8_t *B,
                      uint64_t K);

} // namespace accel_sim

#endif
