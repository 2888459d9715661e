//===-- AccelFrameLowering.h - Accel frame layout ---------------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_ACCEL_ACCELFRAMELOWERING_H
#define LLVM_LIB_TARGET_ACCEL_ACCELFRAMELOWERING_H

#include "llvm/CodeGen/TargetFrameLowering.h"

namespace llvm {

/// The stack grows down, 16-byte aligned. The prologue lowers r30 by the
/// frame size; with a frame pointer, r29 holds the incoming r30.
class AccelFrameLowering : public TargetFrameLowering {
public:
  /// The frame record of a function with a frame pointer, relative to r29
  /// (the CFA): the return address and the caller's r29 (docs/abi.md).
  static constexpr int ReturnAddressOffset = -8;
  static constexpr int CallerFrameOffset = -16;

  /// The stack is not realigned: a stack object asking for more than 16
  /// bytes of alignment gets 16 (docs/abi.md).
  AccelFrameLowering()
      : TargetFrameLowering(StackGrowsDown, Align(16), /*LocalAreaOffset=*/0,
                            Align(16), /*StackRealignable=*/false) {}

  void emitPrologue(MachineFunction &MF, MachineBasicBlock &MBB) const override;
  void emitEpilogue(MachineFunction &MF, MachineBasicBlock &MBB) const override;
  bool hasFP(const MachineFunction &MF) const override;
  bool hasReservedCallFrame(const MachineFunction &MF) const override;
  MachineBasicBlock::iterator
  eliminateCallFramePseudoInstr(MachineFunction &MF, MachineBasicBlock &MBB,
                                MachineBasicBlock::iterator I) const override;
  void determineCalleeSaves(MachineFunction &MF, BitVector &SavedRegs,
                            RegScavenger *RS) const override;
  bool assignCalleeSavedSpillSlots(MachineFunction &MF,
                                   const TargetRegisterInfo *TRI,
                                   std::vector<CalleeSavedInfo> &CSI,
                                   unsigned &MinCSFrameIndex,
                                   unsigned &MaxCSFrameIndex) const override;
};

} // namespace llvm

#endif
