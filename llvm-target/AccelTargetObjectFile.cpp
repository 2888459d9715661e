//===-- AccelTargetObjectFile.cpp - Accel object file sections ------------===//

#include "AccelTargetObjectFile.h"
#include "llvm/IR/GlobalVariable.h"

using namespace llvm;

/// .spm.bss, or .spm.bss.<anything>, as .bss is named.
static bool isScratchpadBSS(StringRef Section) {
  return Section == ".spm.bss" || Section.starts_with(".spm.bss.");
}

MCSection *AccelTargetObjectFile::getExplicitSectionGlobal(
    const GlobalObject *GO, SectionKind Kind, const TargetMachine &TM) const {
  const auto *GV = dyn_cast<GlobalVariable>(GO);
  if (GV && GV->hasInitializer() && GV->getInitializer()->isNullValue() &&
      !GV->isConstant() && isScratchpadBSS(GV->getSection()))
    Kind = SectionKind::getBSS();
  return TargetLoweringObjectFileELF::getExplicitSectionGlobal(GO, Kind, TM);
}
