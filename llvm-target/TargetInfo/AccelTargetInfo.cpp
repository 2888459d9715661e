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

const char *llvm::getAccelDataLayout() {
  return "e"          // little endian
         "-m:e"       // ELF mangling
         "-p:64:64"   // 64-bit pointers
         "-i64:64"    // i64 naturally aligned
         "-i128:128"  // i128 16-byte aligned
         "-n64"       // 64-bit native integers
         "-S128"      // 16-byte stack alignment
         "-v512:128"; // vectors 16-byte aligned: vld/vst need 4, and the
                      // stack (16) never needs realigning for them
}
