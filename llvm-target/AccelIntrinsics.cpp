//===-- AccelIntrinsics.cpp - Reserved __accel_* functions ----------------===//

#include "AccelIntrinsics.h"
#include "llvm/IR/Module.h"

using namespace llvm;

static const AccelIntrinsicInfo Intrinsics[] = {
#define ACCEL_INTRINSIC(Id, Name, Result, Params, Memory)                      \
  {AccelIntrinsic::Id, Name, Result, Params, Memory},
#include "AccelIntrinsics.def"
};

std::optional<AccelIntrinsicInfo> llvm::lookupAccelIntrinsic(StringRef Name) {
  if (!Name.starts_with("__accel_"))
    return std::nullopt;
  for (const AccelIntrinsicInfo &I : Intrinsics)
    if (I.Name == Name)
      return I;
  return std::nullopt;
}

PreservedAnalyses AccelIntrinsicAttrsPass::run(Module &M,
                                               ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    std::optional<AccelIntrinsicInfo> Info = lookupAccelIntrinsic(F.getName());
    if (!Info || !F.isDeclaration())
      continue;
    F.setMemoryEffects(Info->Memory);
    F.addFnAttr(Attribute::NoUnwind);
    F.addFnAttr(Attribute::WillReturn);
    // The operations (no result) name a channel or tile that must stay a
    // constant: SimplifyCFG would otherwise sink or hoist two calls that
    // differ only in it into one call on a phi. Real intrinsics say so with
    // immarg, which the verifier allows on intrinsics only.
    if (Info->Result == "v")
      F.addFnAttr(Attribute::NoMerge);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
