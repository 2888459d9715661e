//===-- AccelMCAsmInfo.h - Accel assembly syntax ----------------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELMCASMINFO_H
#define LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELMCASMINFO_H

#include "llvm/MC/MCAsmInfoELF.h"

namespace llvm {
class Triple;

class AccelMCAsmInfo : public MCAsmInfoELF {
public:
  explicit AccelMCAsmInfo(const Triple &TT);
};
} // namespace llvm

#endif
