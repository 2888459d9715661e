//===-- AccelTargetObjectFile.h - Accel object file sections ----*- C++ -*-===//
//
// ELF sections as for any ELF target, except that zero-initialized
// variables in the scratchpad's .spm.bss (accel.h's ACCEL_SPM) are
// SHT_NOBITS like .bss: LLVM gives a variable with an explicit section
// PROGBITS, so each ACCEL_SPM buffer would be stored, as zeros, in the
// object and the program.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_ACCEL_ACCELTARGETOBJECTFILE_H
#define LLVM_LIB_TARGET_ACCEL_ACCELTARGETOBJECTFILE_H

#include "llvm/CodeGen/TargetLoweringObjectFileImpl.h"

namespace llvm {

class AccelTargetObjectFile : public TargetLoweringObjectFileELF {
public:
  MCSection *getExplicitSectionGlobal(const GlobalObject *GO, SectionKind Kind,
                                      const TargetMachine &TM) const override;
};

} // namespace llvm

#endif
