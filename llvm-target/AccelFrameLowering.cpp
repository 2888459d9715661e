//===-- AccelFrameLowering.cpp - Accel frame layout -----------------------===//
//
// Frame, from the incoming stack pointer (the CFA) down:
//   incoming stack arguments  (above the CFA, fixed objects)
//   callee-saved registers    (r31, r29, r16..r27 as used)
//   locals and spill slots
//   outgoing call arguments   (at the new r30)
//
//===----------------------------------------------------------------------===//

#include "AccelFrameLowering.h"
#include "AccelInstrInfo.h"
#include "AccelSubtarget.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

using namespace llvm;

bool AccelFrameLowering::hasFP(const MachineFunction &MF) const {
  const MachineFrameInfo &MFI = MF.getFrameInfo();
  return MF.getTarget().Options.DisableFramePointerElim(MF) ||
         MFI.hasVarSizedObjects() || MFI.isFrameAddressTaken();
}

bool AccelFrameLowering::hasReservedCallFrame(
    const MachineFunction &MF) const {
  return !MF.getFrameInfo().hasVarSizedObjects();
}

void AccelFrameLowering::determineCalleeSaves(MachineFunction &MF,
                                              BitVector &SavedRegs,
                                              RegScavenger *RS) const {
  TargetFrameLowering::determineCalleeSaves(MF, SavedRegs, RS);
  if (hasFP(MF))
    SavedRegs.set(Accel::R29);
}

static void adjustReg(MachineBasicBlock &MBB, MachineBasicBlock::iterator I,
                      const DebugLoc &DL, const TargetInstrInfo &TII,
                      Register Dst, Register Src, int64_t Amount,
                      MachineInstr::MIFlag Flag) {
  BuildMI(MBB, I, DL, TII.get(Accel::ADDI), Dst)
      .addReg(Src)
      .addImm(Amount)
      .setMIFlag(Flag);
}

void AccelFrameLowering::emitPrologue(MachineFunction &MF,
                                      MachineBasicBlock &MBB) const {
  MachineFrameInfo &MFI = MF.getFrameInfo();
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  MachineBasicBlock::iterator I = MBB.begin();
  DebugLoc DL;

  uint64_t StackSize = alignTo(MFI.getStackSize(), getStackAlign());
  MFI.setStackSize(StackSize);
  if (StackSize)
    adjustReg(MBB, I, DL, TII, Accel::R30, Accel::R30, -int64_t(StackSize),
              MachineInstr::FrameSetup);
  if (!hasFP(MF))
    return;
  // r29 is set after the callee-saved stores (which save the caller's r29).
  std::advance(I, MFI.getCalleeSavedInfo().size());
  adjustReg(MBB, I, DL, TII, Accel::R29, Accel::R30, StackSize,
            MachineInstr::FrameSetup);
}

void AccelFrameLowering::emitEpilogue(MachineFunction &MF,
                                      MachineBasicBlock &MBB) const {
  MachineFrameInfo &MFI = MF.getFrameInfo();
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  MachineBasicBlock::iterator I = MBB.getFirstTerminator();
  DebugLoc DL = I != MBB.end() ? I->getDebugLoc() : DebugLoc();
  uint64_t StackSize = MFI.getStackSize();

  if (hasFP(MF) && MFI.hasVarSizedObjects()) {
    // r30 moved: recompute it from r29 before the callee-saved loads.
    MachineBasicBlock::iterator Restores = I;
    std::advance(Restores, -int(MFI.getCalleeSavedInfo().size()));
    adjustReg(MBB, Restores, DL, TII, Accel::R30, Accel::R29,
              -int64_t(StackSize), MachineInstr::FrameDestroy);
  }
  if (StackSize)
    adjustReg(MBB, I, DL, TII, Accel::R30, Accel::R30, StackSize,
              MachineInstr::FrameDestroy);
}

MachineBasicBlock::iterator AccelFrameLowering::eliminateCallFramePseudoInstr(
    MachineFunction &MF, MachineBasicBlock &MBB,
    MachineBasicBlock::iterator I) const {
  if (!hasReservedCallFrame(MF)) {
    int64_t Amount = I->getOperand(0).getImm();
    if (Amount) {
      Amount = alignTo(Amount, getStackAlign());
      if (I->getOpcode() == Accel::ADJCALLSTACKDOWN)
        Amount = -Amount;
      adjustReg(MBB, I, I->getDebugLoc(), *MF.getSubtarget().getInstrInfo(),
                Accel::R30, Accel::R30, Amount, MachineInstr::NoFlags);
    }
  }
  return MBB.erase(I);
}
