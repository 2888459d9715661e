//===-- AccelBundleChecker.h - Accel bundle issue rules ---------*- C++ -*-===//
//
// The rules a bundle must satisfy to issue in one cycle, derived from the
// schedule model's functional units: at most MaxBundleSize instructions, each
// on a distinct unit its itinerary allows, and no register written twice
// (writes to r0 are discarded and do not count).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELBUNDLECHECKER_H
#define LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELBUNDLECHECKER_H

#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <string>

namespace llvm {
class MCInst;
class MCInstrInfo;
class MCRegisterInfo;
class MCSubtargetInfo;

namespace Accel {

struct BundleViolation {
  unsigned Index;      ///< The instruction that breaks the rule.
  std::string Message; ///< What is wrong, without location.
};

std::optional<BundleViolation> checkBundle(ArrayRef<const MCInst *> Insts,
                                           const MCInstrInfo &MII,
                                           const MCRegisterInfo &MRI,
                                           const MCSubtargetInfo &STI);

} // namespace Accel
} // namespace llvm

#endif
