//===-- AccelMCAsmInfo.h - Accel assembly syntax ----------------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELMCASMINFO_H
#define LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELMCASMINFO_H

#include "llvm/MC/MCAsmInfoELF.h"

namespace llvm {
class Triple;

class AccelMCAsmInfo : public MCAsmInfoELF {
public:
  explicit AccelMCAsmInfo(const Triple &TT);

  /// Also false for a symbol spelled like a register (a function "v3"):
  /// printed unquoted, the assembler would read it back as the register.
  bool isValidUnquotedName(StringRef Name) const override;
};
} // namespace llvm

#endif
