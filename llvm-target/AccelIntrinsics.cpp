//===-- AccelIntrinsics.cpp - Reserved __accel_* functions ----------------===//

#include "AccelIntrinsics.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace llvm {
namespace AccelIntrinsics {
using namespace Accel; // The table names opcodes unqualified.
#define GET_AccelIntrinsicTable_DECL
#define GET_AccelIntrinsicTable_IMPL
#include "AccelGenSearchableTables.inc"
} // namespace AccelIntrinsics
} // namespace llvm

const AccelIntrinsic *llvm::lookupAccelIntrinsic(StringRef Name) {
  if (!Name.starts_with("__accel_"))
    return nullptr;
  // The generated search ignores case; a reserved name matches exactly.
  const AccelIntrinsic *I = AccelIntrinsics::lookupAccelIntrinsicByName(Name);
  return I && Name == I->Name ? I : nullptr;
}

ArrayRef<AccelIntrinsic> llvm::getAccelIntrinsics() {
  return AccelIntrinsics::AccelIntrinsicTable;
}

MemoryEffects llvm::getAccelIntrinsicMemory(const AccelIntrinsic &I) {
  using namespace AccelIntrinsics;
  auto ArgsAndState = [](ModRefInfo Args) {
    return MemoryEffects::argMemOnly(Args) |
           MemoryEffects::inaccessibleMemOnly(ModRefInfo::ModRef);
  };
  switch (I.Memory) {
  case IntrMemNone:
    return MemoryEffects::none();
  case IntrMemState:
    return MemoryEffects::inaccessibleMemOnly(ModRefInfo::ModRef);
  case IntrMemReadArgs:
    return ArgsAndState(ModRefInfo::Ref);
  case IntrMemWriteArgs:
    return ArgsAndState(ModRefInfo::Mod);
  case IntrMemReadWriteArgs:
    return ArgsAndState(ModRefInfo::ModRef);
  case IntrMemAny:
    return MemoryEffects::unknown();
  }
  llvm_unreachable("unknown intrinsic memory kind");
}

PreservedAnalyses AccelIntrinsicAttrsPass::run(Module &M,
                                               ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    const AccelIntrinsic *Info = lookupAccelIntrinsic(F.getName());
    if (!Info || !F.isDeclaration())
      continue;
    F.setMemoryEffects(getAccelIntrinsicMemory(*Info));
    F.addFnAttr(Attribute::NoUnwind);
    F.addFnAttr(Attribute::WillReturn);
    // The operations that name a channel or tile need it to stay a
    // constant: SimplifyCFG would otherwise sink or hoist two calls that
    // differ only in it into one call on a phi. Real intrinsics say so with
    // immarg, which the verifier allows on intrinsics only.
    if (Info->Number != AccelIntrinsics::NumberNone)
      F.addFnAttr(Attribute::NoMerge);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
