//===-- Accel.h - Top-level interface for the Accel target ------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_ACCEL_ACCEL_H
#define LLVM_LIB_TARGET_ACCEL_ACCEL_H

#include "llvm/Support/CodeGen.h"

namespace llvm {
class AccelTargetMachine;
class FunctionPass;
class ModulePass;
class PassRegistry;

FunctionPass *createAccelISelDag(AccelTargetMachine &TM,
                                 CodeGenOptLevel OptLevel);
void initializeAccelDAGToDAGISelLegacyPass(PassRegistry &);

ModulePass *createAccelUnsupportedIRPass();
void initializeAccelUnsupportedIRPass(PassRegistry &);

FunctionPass *createAccelConstrainedFPPass();
void initializeAccelConstrainedFPPass(PassRegistry &);

FunctionPass *createAccelPacketizerPass();
void initializeAccelPacketizerPass(PassRegistry &);
} // namespace llvm

#endif
