//===-- AccelRegisterInfo.h - Accel register information --------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_ACCEL_ACCELREGISTERINFO_H
#define LLVM_LIB_TARGET_ACCEL_ACCELREGISTERINFO_H

#include "llvm/CodeGen/TargetRegisterInfo.h"

#define GET_REGINFO_HEADER
#include "AccelGenRegisterInfo.inc"

namespace llvm {

struct AccelRegisterInfo : public AccelGenRegisterInfo {
  AccelRegisterInfo();

  const MCPhysReg *getCalleeSavedRegs(const MachineFunction *MF) const override;
  const uint32_t *getCallPreservedMask(const MachineFunction &MF,
                                       CallingConv::ID) const override;
  const uint32_t *getNoPreservedMask() const override;
  BitVector getReservedRegs(const MachineFunction &MF) const override;
  bool eliminateFrameIndex(MachineBasicBlock::iterator II, int SPAdj,
                           unsigned FIOperandNum,
                           RegScavenger *RS = nullptr) const override;
  Register getFrameRegister(const MachineFunction &MF) const override;
};

} // namespace llvm

#endif
