//===-- AccelMachineParams.h - Accel machine parameters ---------*- C++ -*-===//
//
// The memory map, rates and dynamic latencies of isa/AccelMachine.td as
// constants (AccelParam::SpmBase, AccelParam::DmaLatency, ...), for the
// linker, the simulator and the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELMACHINEPARAMS_H
#define LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELMACHINEPARAMS_H

namespace llvm {
namespace AccelParam {
#define GET_AccelMachineParams_DECL
#include "AccelGenSearchableTables.inc"
} // namespace AccelParam
} // namespace llvm

#endif
