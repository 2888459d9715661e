//===-- AccelIntrinsics.h - Reserved __accel_* functions --------*- C++ -*-===//
//
// The accelerator intrinsics of AccelIntrinsics.td, looked up by name, and
// the pass that declares their memory effects to the optimizer.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_ACCEL_ACCELINTRINSICS_H
#define LLVM_LIB_TARGET_ACCEL_ACCELINTRINSICS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/ModRef.h"

namespace llvm {
namespace AccelIntrinsics {

#define GET_AccelIntrinsicMemoryKind_DECL
#define GET_AccelIntrinsicNumberKind_DECL
#include "AccelGenSearchableTables.inc"

/// One record of AccelIntrinsics.td (the fields' meaning is documented
/// there).
struct AccelIntrinsic {
  const char *Name;
  const char *Public;
  unsigned Inst; ///< The Accel:: opcode a call becomes.
  const char *Result;
  const char *Params;
  const char *CResult;
  const char *CParams;
  AccelIntrinsicMemoryKind Memory;
  AccelIntrinsicNumberKind Number;
};

} // namespace AccelIntrinsics

using AccelIntrinsics::AccelIntrinsic;

/// The intrinsic a function name reserves, or null.
const AccelIntrinsic *lookupAccelIntrinsic(StringRef Name);

/// Every intrinsic, in the order of AccelIntrinsics.td.
ArrayRef<AccelIntrinsic> getAccelIntrinsics();

/// What the optimizer may assume of a call of \p I.
MemoryEffects getAccelIntrinsicMemory(const AccelIntrinsic &I);

/// Sets the memory effects (and nounwind, willreturn; nomerge for those
/// with a channel or tile operand) of every __accel_* declaration in the
/// module. Runs at the start of the optimization
/// pipeline, registered by AccelTargetMachine::registerPassBuilderCallbacks.
struct AccelIntrinsicAttrsPass : PassInfoMixin<AccelIntrinsicAttrsPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &);
};

} // namespace llvm

#endif
