//===-- AccelRegisterInfo.cpp - Accel register information ----------------===//
//
// Register roles (docs/abi.md): r0 zero, r29 frame pointer (when a frame needs
// one), r30 stack pointer, r31 link register. Every frame offset fits the
// 32-bit immediate of a load, store or addi (DRAM is 256 MiB), so frame
// lowering needs no scratch register.
//
//===----------------------------------------------------------------------===//

#include "AccelRegisterInfo.h"
#include "AccelFrameLowering.h"
#include "AccelSubtarget.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

#define GET_REGINFO_TARGET_DESC
#include "AccelGenRegisterInfo.inc"

AccelRegisterInfo::AccelRegisterInfo() : AccelGenRegisterInfo(Accel::R31) {}

const MCPhysReg *
AccelRegisterInfo::getCalleeSavedRegs(const MachineFunction *MF) const {
  return CSR_Accel_SaveList;
}

const uint32_t *
AccelRegisterInfo::getCallPreservedMask(const MachineFunction &MF,
                                        CallingConv::ID) const {
  return CSR_Accel_RegMask;
}

const uint32_t *AccelRegisterInfo::getNoPreservedMask() const {
  return CSR_Accel_NoRegs_RegMask;
}

BitVector AccelRegisterInfo::getReservedRegs(const MachineFunction &MF) const {
  BitVector Reserved(getNumRegs());
  Reserved.set(Accel::R0);
  Reserved.set(Accel::R30);
  if (MF.getSubtarget().getFrameLowering()->hasFP(MF))
    Reserved.set(Accel::R29);
  for (unsigned I = 0; I != 16; ++I)
    Reserved.set(Accel::ACC0 + I);
  return Reserved;
}

Register AccelRegisterInfo::getFrameRegister(const MachineFunction &MF) const {
  return MF.getSubtarget().getFrameLowering()->hasFP(MF) ? Accel::R29
                                                         : Accel::R30;
}

// Every instruction that takes a frame index has it as the base register
// operand, followed by the immediate offset (loads, stores, addi).
bool AccelRegisterInfo::eliminateFrameIndex(MachineBasicBlock::iterator II,
                                            int SPAdj, unsigned FIOperandNum,
                                            RegScavenger *RS) const {
  MachineInstr &MI = *II;
  MachineFunction &MF = *MI.getMF();
  const MachineFrameInfo &MFI = MF.getFrameInfo();
  const TargetFrameLowering *TFL = MF.getSubtarget().getFrameLowering();
  int FI = MI.getOperand(FIOperandNum).getIndex();

  // Object offsets are relative to the incoming stack pointer, which is
  // where the frame pointer points; the stack pointer is that minus the
  // frame size. r30 is right everywhere unless variable-sized objects move
  // it, and then r29 is, except for the callee-saved slots: they are
  // written before r29 is set up (and read after r30 is restored from it).
  bool IsCalleeSavedSlot =
      any_of(MFI.getCalleeSavedInfo(), [FI](const CalleeSavedInfo &CSI) {
        return CSI.getFrameIdx() == FI;
      });
  bool UseFP = TFL->hasFP(MF) && MFI.hasVarSizedObjects() && !IsCalleeSavedSlot;
  Register Base = UseFP ? Accel::R29 : Accel::R30;
  int64_t Offset = MFI.getObjectOffset(FI) + SPAdj +
                   MI.getOperand(FIOperandNum + 1).getImm();
  if (!UseFP)
    Offset += MFI.getStackSize();

  if (!isInt<32>(Offset)) {
    MF.getFunction().getContext().diagnose(DiagnosticInfoUnsupported(
        MF.getFunction(), "stack frame larger than 2 GiB"));
    Offset = 0;
  }
  MI.getOperand(FIOperandNum).ChangeToRegister(Base, false);
  MI.getOperand(FIOperandNum + 1).ChangeToImmediate(Offset);
  return false;
}
