//===-- AccelInstrInfo.cpp - Accel instruction information ----------------===//

#include "AccelInstrInfo.h"
#include "AccelSubtarget.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "llvm/CodeGen/DFAPacketizer.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

#define GET_INSTRINFO_CTOR_DTOR
#include "AccelGenInstrInfo.inc"
#include "AccelGenDFAPacketizer.inc"

AccelInstrInfo::AccelInstrInfo()
    : AccelGenInstrInfo(Accel::ADJCALLSTACKDOWN, Accel::ADJCALLSTACKUP) {}

void AccelInstrInfo::copyPhysReg(MachineBasicBlock &MBB,
                                 MachineBasicBlock::iterator MI,
                                 const DebugLoc &DL, MCRegister DestReg,
                                 MCRegister SrcReg, bool KillSrc) const {
  if (Accel::GPRRegClass.contains(DestReg, SrcReg)) {
    BuildMI(MBB, MI, DL, get(Accel::ADDI), DestReg)
        .addReg(SrcReg, getKillRegState(KillSrc))
        .addImm(0);
    return;
  }
  if (Accel::VRRegClass.contains(DestReg, SrcReg)) {
    BuildMI(MBB, MI, DL, get(Accel::VMOV), DestReg)
        .addReg(SrcReg, getKillRegState(KillSrc));
    return;
  }
  // Tiles are never copied: code names them explicitly.
  report_fatal_error("no copy instruction between these registers");
}

static MachineMemOperand *frameMemOperand(MachineBasicBlock &MBB, int FI,
                                          MachineMemOperand::Flags Flags) {
  MachineFunction &MF = *MBB.getParent();
  MachineFrameInfo &MFI = MF.getFrameInfo();
  return MF.getMachineMemOperand(MachinePointerInfo::getFixedStack(MF, FI),
                                 Flags, MFI.getObjectSize(FI),
                                 MFI.getObjectAlign(FI));
}

void AccelInstrInfo::storeRegToStackSlot(
    MachineBasicBlock &MBB, MachineBasicBlock::iterator MI, Register SrcReg,
    bool IsKill, int FI, const TargetRegisterClass *RC,
    const TargetRegisterInfo *TRI, Register VReg) const {
  unsigned Opcode = RC == &Accel::VRRegClass ? Accel::VST : Accel::ST_I64;
  BuildMI(MBB, MI, DebugLoc(), get(Opcode))
      .addReg(SrcReg, getKillRegState(IsKill))
      .addFrameIndex(FI)
      .addImm(0)
      .addMemOperand(frameMemOperand(MBB, FI, MachineMemOperand::MOStore));
}

void AccelInstrInfo::loadRegFromStackSlot(
    MachineBasicBlock &MBB, MachineBasicBlock::iterator MI, Register DestReg,
    int FI, const TargetRegisterClass *RC, const TargetRegisterInfo *TRI,
    Register VReg) const {
  unsigned Opcode = RC == &Accel::VRRegClass ? Accel::VLD : Accel::LD_I64;
  BuildMI(MBB, MI, DebugLoc(), get(Opcode), DestReg)
      .addFrameIndex(FI)
      .addImm(0)
      .addMemOperand(frameMemOperand(MBB, FI, MachineMemOperand::MOLoad));
}

/// __builtin_longjmp(buf): r31 = buf[1] (the setjmp's resume address),
/// r30 = buf[2], r29 = buf[0], then jr r31. r31 is free to use: this
/// function never returns. The buffer's address may itself be in r29 or
/// r31 (not r30, which is reserved), so the load that overwrites it goes
/// last.
static void expandLongJmp(MachineInstr &MI, const TargetInstrInfo &TII) {
  MachineBasicBlock &MBB = *MI.getParent();
  const DebugLoc &DL = MI.getDebugLoc();
  Register Buf = MI.getOperand(0).getReg();
  std::pair<Register, int64_t> Loads[] = {
      {Accel::R31, 8}, {Accel::R30, 16}, {Accel::R29, 0}};
  std::stable_partition(std::begin(Loads), std::end(Loads),
                        [&](const auto &L) { return L.first != Buf; });
  for (auto [Reg, Offset] : Loads)
    BuildMI(MBB, MI, DL, TII.get(Accel::LD_I64), Reg)
        .addReg(Buf)
        .addImm(Offset);
  BuildMI(MBB, MI, DL, TII.get(Accel::JR)).addReg(Accel::R31, RegState::Kill);
  MI.eraseFromParent();
}

bool AccelInstrInfo::expandPostRAPseudo(MachineInstr &MI) const {
  if (MI.getOpcode() != Accel::PseudoLongJmp)
    return false;
  expandLongJmp(MI, *this);
  return true;
}

static bool isCondBranch(unsigned Opcode) {
  switch (Opcode) {
  case Accel::BEQ:
  case Accel::BNE:
  case Accel::BLT:
  case Accel::BGE:
  case Accel::BLTU:
  case Accel::BGEU:
    return true;
  default:
    return false;
  }
}

// A condition is {opcode, lhs, rhs}, the operands of a conditional branch.
bool AccelInstrInfo::analyzeBranch(MachineBasicBlock &MBB,
                                   MachineBasicBlock *&TBB,
                                   MachineBasicBlock *&FBB,
                                   SmallVectorImpl<MachineOperand> &Cond,
                                   bool AllowModify) const {
  MachineBasicBlock::iterator I = MBB.getLastNonDebugInstr();
  if (I == MBB.end() || !isUnpredicatedTerminator(*I))
    return false; // Falls through.

  // Find the first terminator of the final run of terminators.
  MachineBasicBlock::iterator First = I;
  while (First != MBB.begin()) {
    MachineBasicBlock::iterator Prev = std::prev(First);
    if (Prev->isDebugInstr() || !isUnpredicatedTerminator(*Prev))
      break;
    First = Prev;
  }
  unsigned NumTerms = std::distance(First, std::next(I));
  if (NumTerms > 2)
    return true;

  if (NumTerms == 1) {
    if (I->getOpcode() == Accel::JMP) {
      TBB = I->getOperand(0).getMBB();
      return false;
    }
    if (isCondBranch(I->getOpcode())) {
      TBB = I->getOperand(2).getMBB();
      Cond.push_back(MachineOperand::CreateImm(I->getOpcode()));
      Cond.push_back(I->getOperand(0));
      Cond.push_back(I->getOperand(1));
      return false;
    }
    return true;
  }
  // Conditional branch followed by an unconditional one.
  if (!isCondBranch(First->getOpcode()) || I->getOpcode() != Accel::JMP)
    return true;
  TBB = First->getOperand(2).getMBB();
  Cond.push_back(MachineOperand::CreateImm(First->getOpcode()));
  Cond.push_back(First->getOperand(0));
  Cond.push_back(First->getOperand(1));
  FBB = I->getOperand(0).getMBB();
  return false;
}

unsigned AccelInstrInfo::removeBranch(MachineBasicBlock &MBB,
                                      int *BytesRemoved) const {
  unsigned Count = 0;
  MachineBasicBlock::iterator I = MBB.end();
  while (I != MBB.begin()) {
    --I;
    if (I->isDebugInstr())
      continue;
    if (I->getOpcode() != Accel::JMP && !isCondBranch(I->getOpcode()))
      break;
    I->eraseFromParent();
    I = MBB.end();
    ++Count;
  }
  if (BytesRemoved)
    *BytesRemoved = Count * 8;
  return Count;
}

unsigned AccelInstrInfo::insertBranch(MachineBasicBlock &MBB,
                                      MachineBasicBlock *TBB,
                                      MachineBasicBlock *FBB,
                                      ArrayRef<MachineOperand> Cond,
                                      const DebugLoc &DL,
                                      int *BytesAdded) const {
  unsigned Count = 0;
  if (Cond.empty()) {
    BuildMI(&MBB, DL, get(Accel::JMP)).addMBB(TBB);
    Count = 1;
  } else {
    BuildMI(&MBB, DL, get(Cond[0].getImm()))
        .add(Cond[1])
        .add(Cond[2])
        .addMBB(TBB);
    Count = 1;
    if (FBB) {
      BuildMI(&MBB, DL, get(Accel::JMP)).addMBB(FBB);
      Count = 2;
    }
  }
  if (BytesAdded)
    *BytesAdded = Count * 8;
  return Count;
}

bool AccelInstrInfo::reverseBranchCondition(
    SmallVectorImpl<MachineOperand> &Cond) const {
  static const unsigned Opposite[][2] = {{Accel::BEQ, Accel::BNE},
                                         {Accel::BLT, Accel::BGE},
                                         {Accel::BLTU, Accel::BGEU}};
  unsigned Opcode = Cond[0].getImm();
  for (const auto &Pair : Opposite) {
    if (Opcode == Pair[0] || Opcode == Pair[1]) {
      Cond[0].setImm(Opcode == Pair[0] ? Pair[1] : Pair[0]);
      return false;
    }
  }
  return true;
}

DFAPacketizer *
AccelInstrInfo::CreateTargetScheduleState(const TargetSubtargetInfo &STI) const {
  return static_cast<const AccelSubtarget &>(STI).createDFAPacketizer(
      STI.getInstrItineraryData());
}
