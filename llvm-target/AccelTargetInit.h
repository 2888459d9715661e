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
void LLVMInitializeAccelTarget();
void LLVMInitializeAccelAsmPrinter();
}

namespace llvm {
inline void initializeAccelMC() {
  LLVMInitializeAccelTargetInfo();
  LLVMInitializeAccelTargetMC();
  LLVMInitializeAccelAsmParser();
  LLVMInitializeAccelDisassembler();
}
/// The MC layer and code generation (TargetMachine, AsmPrinter).
inline void initializeAccelTarget() {
  initializeAccelMC();
  LLVMInitializeAccelTarget();
  LLVMInitializeAccelAsmPrinter();
}
} // namespace llvm

#endif
