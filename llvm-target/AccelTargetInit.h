//===-- AccelTargetInit.h - Register the Accel target -----------*- C++ -*-===//
//
// Tools link libAccelTarget directly and call this instead of LLVM's
// InitializeAll* functions, which know only the targets built into libLLVM.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_ACCEL_ACCELTARGETINIT_H
#define LLVM_LIB_TARGET_ACCEL_ACCELTARGETINIT_H

extern "C" {
void LLVMInitializeAccelTargetInfo();
void LLVMInitializeAccelTargetMC();
void LLVMInitializeAccelAsmParser();
void LLVMInitializeAccelDisassembler();
}

namespace llvm {
inline void initializeAccelMC() {
  LLVMInitializeAccelTargetInfo();
  LLVMInitializeAccelTargetMC();
  LLVMInitializeAccelAsmParser();
  LLVMInitializeAccelDisassembler();
}
} // namespace llvm

#endif
