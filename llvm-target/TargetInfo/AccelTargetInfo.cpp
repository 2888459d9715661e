//===-- AccelTargetInfo.cpp - Accel target registration -------------------===//

#include "TargetInfo/AccelTargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

Target &llvm::getTheAccelTarget() {
  static Target TheAccelTarget;
  return TheAccelTarget;
}

bool llvm::isAccelTriple(const Triple &TT) {
  return TT.getArchName() == "accel";
}

extern "C" LLVM_EXTERNAL_VISIBILITY void LLVMInitializeAccelTargetInfo() {
  RegisterTarget<Triple::UnknownArch, /*HasJIT=*/false> X(
      getTheAccelTarget(), "accel", "Accel VLIW machine-learning accelerator",
      "Accel");
}
