//===-- AccelMCAsmInfo.cpp - Accel assembly syntax ------------------------===//

#include "MCTargetDesc/AccelMCAsmInfo.h"

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
