//===-- AccelFixupKinds.h - Accel fixup kinds -------------------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELFIXUPKINDS_H
#define LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELFIXUPKINDS_H

#include "llvm/MC/MCFixup.h"

namespace llvm {
namespace Accel {
enum FixupKind {
  /// Absolute value in the imm32 field (li, addi, load/store offsets).
  fixup_accel_imm32 = FirstTargetFixupKind,
  /// Bundle-relative branch, jump or call offset in the imm32 field.
  fixup_accel_pcrel_imm32,

  LastTargetFixupKind,
  NumTargetFixupKinds = LastTargetFixupKind - FirstTargetFixupKind
};
} // namespace Accel
} // namespace llvm

#endif
