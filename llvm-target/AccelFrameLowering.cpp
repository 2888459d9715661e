//===-- AccelFrameLowering.cpp - Accel frame layout -----------------------===//
//
// Frame, from the incoming stack pointer (the CFA) down:
//   incoming stack arguments  (above the CFA, fixed objects)
//   the frame record          (with a frame pointer: r31 at CFA-8, the
//                              caller's r29 at CFA-16)
//   callee-saved registers    (r29 without a frame pointer, r16..r27 as used)
//   locals and spill slots
//   outgoing call arguments   (at the new r30)
//
// With a frame pointer r29 = the CFA, so the frame records form a chain
// (docs/abi.md "Frame"): __builtin_frame_address(n) and
// __builtin_return_address(n) walk it, and so can a debugger.
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

// The frame record of a function with a frame pointer sits at fixed offsets
// from the CFA, so that anything holding r29 can find it without knowing
// the function. Without a frame pointer the generic assignment stands, so
// those frames are laid out as before.
bool AccelFrameLowering::assignCalleeSavedSpillSlots(
    MachineFunction &MF, const TargetRegisterInfo *TRI,
    std::vector<CalleeSavedInfo> &CSI, unsigned &MinCSFrameIndex,
    unsigned &MaxCSFrameIndex) const {
  if (!hasFP(MF))
    return false;
  MachineFrameInfo &MFI = MF.getFrameInfo();
  // r31's slot: the prologue stores it (emitPrologue), nothing restores it
  // (the return puts the return address back in r31 itself).
  MFI.CreateFixedSpillStackObject(8, ReturnAddressOffset);
  for (CalleeSavedInfo &CS : CSI) {
    int FI;
    if (CS.getReg() == Accel::R29) {
      FI = MFI.CreateFixedSpillStackObject(8, CallerFrameOffset);
    } else {
      FI = MFI.CreateStackObject(8, Align(8), /*isSpillSlot=*/true);
      MinCSFrameIndex = std::min<unsigned>(MinCSFrameIndex, FI);
      MaxCSFrameIndex = std::max<unsigned>(MaxCSFrameIndex, FI);
    }
    CS.setFrameIdx(FI);
  }
  return true;
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
  // The frame record's return address, even in a leaf, so that the chain
  // is complete wherever it is walked from.
  BuildMI(MBB, I, DL, TII.get(Accel::ST_I64))
      .addReg(Accel::R31)
      .addReg(Accel::R30)
      .addImm(StackSize + ReturnAddressOffset)
      .setMIFlag(MachineInstr::FrameSetup);
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
