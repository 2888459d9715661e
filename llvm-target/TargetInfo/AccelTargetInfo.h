//===-- AccelTargetInfo.h - Accel target registration -----------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_ACCEL_TARGETINFO_ACCELTARGETINFO_H
#define LLVM_LIB_TARGET_ACCEL_TARGETINFO_ACCELTARGETINFO_H

namespace llvm {
class Target;
class Triple;

Target &getTheAccelTarget();

/// LLVM parses "accel" as Triple::UnknownArch, and the registry matches
/// targets on the arch enum alone, so every entry point that takes a triple
/// (tools, TargetMachine) must confirm the arch name really is "accel".
bool isAccelTriple(const Triple &TT);

/// The data layout. The code generator and clang's AccelTargetInfo both use
/// this one string, so type sizes and alignments cannot disagree.
const char *getAccelDataLayout();
} // namespace llvm

#endif
