//===-- AccelMCAsmInfo.cpp - Accel assembly syntax ------------------------===//

#include "MCTargetDesc/AccelMCAsmInfo.h"
#include "MCTargetDesc/AccelInstPrinter.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "llvm/MC/MCRegister.h"

using namespace llvm;

AccelMCAsmInfo::AccelMCAsmInfo(const Triple &TT) {
  CodePointerSize = 8;
  CalleeSaveStackSlotSize = 8;
  IsLittleEndian = true;
  CommentString = "#";
  // ';' separates the instructions of a bundle: { add r1, r2, r3 ; ... }.
  SeparatorString = ";";
  MinInstAlignment = 8;
  SupportsDebugInformation = true;
  Data64bitsDirective = "\t.quad\t";
  UsesELFSectionDirectiveForBSS = true;
  ExceptionsType = ExceptionHandling::None;
}

bool AccelMCAsmInfo::isValidUnquotedName(StringRef Name) const {
  if (!MCAsmInfoELF::isValidUnquotedName(Name))
    return false;
  for (unsigned Reg = 1; Reg < Accel::NUM_TARGET_REGS; ++Reg)
    if (Name == AccelInstPrinter::getRegisterName(MCRegister(Reg)))
      return false;
  return true;
}
