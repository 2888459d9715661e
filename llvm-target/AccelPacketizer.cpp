//===-- AccelPacketizer.cpp - Form VLIW bundles ---------------------------===//
//
// Groups consecutive instructions into bundles, the last code generation
// step. The functional-unit rule (two ALUs of which only ALU0 branches, one
// each of LSU, VPU, MXU and DMA) comes from the itineraries through the DFA
// that TableGen generates; the issue width (four) from the scheduling model.
//
// Within a bundle every instruction reads its operands before any writes
// its result (docs/isa.md), so an instruction may join a bundle unless it
// depends on one already there through a register it reads or writes or
// through memory; an anti-dependence (a write of a register that an
// earlier member reads) is fine. Control transfers and `sys` close their
// bundle, so nothing that followed them in program order runs with them.
// The post-RA scheduler runs first and orders instructions so that
// independent ones are adjacent.
//
//===----------------------------------------------------------------------===//

#include "Accel.h"
#include "AccelInstrInfo.h"
#include "AccelSubtarget.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/CodeGen/DFAPacketizer.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/ScheduleDAG.h"
#include "llvm/InitializePasses.h"

using namespace llvm;

#define DEBUG_TYPE "accel-packetizer"

namespace {

class AccelPacketizerList : public VLIWPacketizerList {
  unsigned IssueWidth;

public:
  AccelPacketizerList(MachineFunction &MF, MachineLoopInfo &MLI,
                      AAResults *AA)
      : VLIWPacketizerList(MF, MLI, AA),
        IssueWidth(MF.getSubtarget().getSchedModel().IssueWidth) {}

  /// Instructions that emit nothing (debug values, kills, implicit defs)
  /// neither occupy a slot nor end a bundle.
  bool ignorePseudoInstruction(const MachineInstr &MI,
                               const MachineBasicBlock *) override {
    return MI.isMetaInstruction();
  }

  /// Inline assembly may hold several instructions or bundles of its own.
  bool isSoloInstruction(const MachineInstr &MI) override {
    return MI.isInlineAsm();
  }

  bool isLegalToPacketizeTogether(SUnit *SUI, SUnit *SUJ) override;
};

class AccelPacketizer : public MachineFunctionPass {
public:
  static char ID;
  AccelPacketizer() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override { return "Accel VLIW packetizer"; }

  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesCFG();
    AU.addRequired<AAResultsWrapperPass>();
    AU.addRequired<MachineLoopInfoWrapperPass>();
    AU.addPreserved<MachineLoopInfoWrapperPass>();
    MachineFunctionPass::getAnalysisUsage(AU);
  }

  MachineFunctionProperties getRequiredProperties() const override {
    return MachineFunctionProperties().set(
        MachineFunctionProperties::Property::NoVRegs);
  }

  bool runOnMachineFunction(MachineFunction &MF) override;
};

} // namespace

char AccelPacketizer::ID = 0;
INITIALIZE_PASS_BEGIN(AccelPacketizer, DEBUG_TYPE, "Accel VLIW packetizer",
                      false, false)
INITIALIZE_PASS_DEPENDENCY(AAResultsWrapperPass)
INITIALIZE_PASS_DEPENDENCY(MachineLoopInfoWrapperPass)
INITIALIZE_PASS_END(AccelPacketizer, DEBUG_TYPE, "Accel VLIW packetizer",
                    false, false)

FunctionPass *llvm::createAccelPacketizerPass() {
  return new AccelPacketizer();
}

/// Whether nothing may follow \p MI in its bundle.
static bool closesBundle(const MachineInstr &MI) {
  return MI.isCall() || MI.isBranch() || MI.isReturn() ||
         MI.getOpcode() == Accel::SYS || MI.getOpcode() == Accel::TRAP;
}

/// Whether \p Dep, from an instruction in the bundle to \p Later, allows
/// both in one bundle.
static bool allowsSameBundle(const SDep &Dep, const MachineInstr &Later) {
  // Reads happen before writes: a later write of a register an earlier
  // member reads is fine.
  if (Dep.getKind() == SDep::Anti)
    return true;
  // A direct call reads nothing when it issues (the callee reads the
  // argument registers and memory after the bundle), but it writes the
  // link register.
  if (Later.getOpcode() == Accel::CALL)
    return Dep.getKind() != SDep::Output || Dep.getReg() != Accel::R31;
  return false;
}

/// SUJ is in the current bundle; may SUI, which follows it, join?
bool AccelPacketizerList::isLegalToPacketizeTogether(SUnit *SUI, SUnit *SUJ) {
  if (CurrentPacketMIs.size() >= IssueWidth || closesBundle(*SUJ->getInstr()))
    return false;
  const MachineInstr &Later = *SUI->getInstr();
  return all_of(SUJ->Succs, [&](const SDep &Dep) {
    return Dep.getSUnit() != SUI || allowsSameBundle(Dep, Later);
  });
}

bool AccelPacketizer::runOnMachineFunction(MachineFunction &MF) {
  if (skipFunction(MF.getFunction()))
    return false;
  const TargetInstrInfo *TII = MF.getSubtarget().getInstrInfo();
  AAResults *AA = &getAnalysis<AAResultsWrapperPass>().getAAResults();
  MachineLoopInfo &MLI = getAnalysis<MachineLoopInfoWrapperPass>().getLI();
  AccelPacketizerList Packetizer(MF, MLI, AA);

  // Packetize each scheduling region; a region's closing boundary (a
  // terminator, a label, a stack pointer update) may still join the bundle
  // before it.
  for (MachineBasicBlock &MBB : MF) {
    MachineBasicBlock::iterator Begin = MBB.begin(), End = MBB.end();
    while (Begin != End) {
      MachineBasicBlock::iterator RB = Begin;
      while (RB != End && TII->isSchedulingBoundary(*RB, &MBB, MF))
        ++RB;
      MachineBasicBlock::iterator RE = RB;
      while (RE != End && !TII->isSchedulingBoundary(*RE, &MBB, MF))
        ++RE;
      if (RE != End)
        ++RE;
      if (RB != End)
        Packetizer.PacketizeMIs(&MBB, RB, RE);
      Begin = RE;
    }
  }
  return true;
}
