//===-- OpCost.h - An accel op's roofline bound ------------------*- C++
//-*-===//
//
// The least time the machine could take for one op of the accel dialect,
// from isa/AccelMachine.td: the larger of its matrix-unit work at
// MacsPerCycle and its least DRAM traffic (each operand read once, the
// result written once; a slice reads only what it keeps) at DmaChannels x
// DmaBytesPerCycle. A fused op's intermediates never reach DRAM, so its
// bound is lower than the sum of its nodes'. accel-run --profile sets each
// op's cycles against it.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_CODEGEN_OPCOST_H
#define ACCEL_GRAPH_CODEGEN_OPCOST_H

#include "mlir/IR/Operation.h"

namespace accel::graph {

struct OpCost {
  int64_t Macs = 0;  ///< Multiply-accumulates of a contraction.
  int64_t Bytes = 0; ///< Least DRAM traffic.
  /// max(Macs / MacsPerCycle, Bytes / (DmaChannels DmaBytesPerCycle)),
  /// rounded up.
  int64_t boundCycles() const;
};

OpCost getOpCost(mlir::Operation &Op);

/// The machine's peaks (isa/AccelMachine.td): the matrix unit's MACs and
/// all DMA channels' bytes, a cycle.
int64_t getPeakMacsPerCycle();
int64_t getPeakDmaBytesPerCycle();

} // namespace accel::graph

#endif
