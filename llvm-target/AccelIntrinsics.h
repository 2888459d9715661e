//===-- AccelIntrinsics.h - Reserved __accel_* functions --------*- C++ -*-===//
//
// Looks up the accelerator intrinsics of AccelIntrinsics.def, and the pass
// that declares their memory effects to the optimizer.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_ACCEL_ACCELINTRINSICS_H
#define LLVM_LIB_TARGET_ACCEL_ACCELINTRINSICS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/ModRef.h"
#include <optional>

namespace llvm {

enum class AccelIntrinsic {
#define ACCEL_INTRINSIC(Id, Name, Result, Params, Memory) Id,
#include "AccelIntrinsics.def"
};

struct AccelIntrinsicInfo {
  AccelIntrinsic Id;
  StringRef Name;
  StringRef Result; ///< Letters as in AccelIntrinsics.def.
  StringRef Params;
  MemoryEffects Memory;
};

/// The intrinsic a function name reserves, if it is one.
std::optional<AccelIntrinsicInfo> lookupAccelIntrinsic(StringRef Name);

/// Sets the memory effects (and nounwind, willreturn; nomerge for those
/// with a channel or tile operand) of every __accel_* declaration in the
/// module. Runs at the start of the optimization
/// pipeline, registered by AccelTargetMachine::registerPassBuilderCallbacks.
struct AccelIntrinsicAttrsPass : PassInfoMixin<AccelIntrinsicAttrsPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &);
};

} // namespace llvm

#endif
