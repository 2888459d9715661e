//===-- AccelPacketizer.cpp - Form VLIW bundles ---------------------------===//
//
// Groups consecutive instructions into bundles, the last code generation
// step. The functional-unit rule (two ALUs of which only ALU0 branches, two
// load/store ports, one each of VPU, MXU, MXM and DMA) comes from the
// itineraries through the DFA that TableGen generates; the issue width
// (four) from the scheduling model.
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
// A bundle issues when the last of its operands is ready, so an instruction
// that would wait for an earlier result starts a new bundle instead of
// holding back the independent ones already gathered: a load issued a cycle
// late delays its own consumers by its whole latency. The packetizer keeps
// the cycle in which each bundle of the region can issue, estimated from
// the scheduling graph's latencies.
//
//===----------------------------------------------------------------------===//

#include "Accel.h"
#include "AccelInstrInfo.h"
#include "AccelSubtarget.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "MCTargetDesc/AccelMachineParams.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/CodeGen/DFAPacketizer.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/ScheduleDAG.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

#define DEBUG_TYPE "accel-packetizer"

static cl::opt<bool> AvoidStalls(
    "accel-packetizer-avoid-stalls", cl::Hidden, cl::init(true),
    cl::desc("Start a new bundle rather than let an instruction waiting for "
             "an operand hold back the bundle it would join"));

namespace {

class AccelPacketizerList : public VLIWPacketizerList {
  unsigned IssueWidth;
  /// Estimated issue cycle of each instruction in the region's finished
  /// bundles, counted from the region's start.
  DenseMap<const SUnit *, unsigned> IssueCycle;
  /// The earliest cycle the current bundle can issue in.
  unsigned BundleCycle = 0;

  /// The cycle from which every operand \p SU reads from an earlier bundle
  /// is ready.
  unsigned operandsReadyCycle(const SUnit &SU) const;

public:
  AccelPacketizerList(MachineFunction &MF, MachineLoopInfo &MLI,
                      AAResults *AA)
      : VLIWPacketizerList(MF, MLI, AA),
        IssueWidth(MF.getSubtarget().getSchedModel().IssueWidth) {}

  /// Instructions that emit nothing (debug values, kills, implicit defs,
  /// a setjmp's edge to its resume block) neither occupy a slot nor end a
  /// bundle.
  bool ignorePseudoInstruction(const MachineInstr &MI,
                               const MachineBasicBlock *) override {
    return MI.isMetaInstruction() ||
           MI.getOpcode() == Accel::PseudoSetJmpSetup;
  }

  /// Inline assembly may hold several instructions or bundles of its own.
  bool isSoloInstruction(const MachineInstr &MI) override {
    return MI.isInlineAsm();
  }

  bool isLegalToPacketizeTogether(SUnit *SUI, SUnit *SUJ) override;
  bool shouldAddToPacket(const MachineInstr &MI) override;
  MachineBasicBlock::iterator addToPacket(MachineInstr &MI) override;
  void endPacket(MachineBasicBlock *MBB,
                 MachineBasicBlock::iterator MI) override;

  /// Bundles \p Begin up to \p End, a scheduling region of \p MBB.
  void packetizeRegion(MachineBasicBlock &MBB,
                       MachineBasicBlock::iterator Begin,
                       MachineBasicBlock::iterator End) {
    IssueCycle.clear();
    BundleCycle = 0;
    PacketizeMIs(&MBB, Begin, End);
  }
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

unsigned AccelPacketizerList::operandsReadyCycle(const SUnit &SU) const {
  unsigned Ready = 0;
  for (const SDep &Dep : SU.Preds) {
    if (Dep.getKind() != SDep::Data)
      continue;
    auto It = IssueCycle.find(Dep.getSUnit());
    if (It == IssueCycle.end())
      continue;
    // The schedulers may assume less than DRAM's latency for a load (to
    // bound register pressure); a stall is measured against the real one.
    unsigned Latency = Dep.getLatency();
    if (AccelSubtarget::readsDram(*Dep.getSUnit()->getInstr()))
      Latency = std::max<unsigned>(Latency, AccelParam::DramLoadLatency);
    Ready = std::max(Ready, It->second + Latency);
  }
  return Ready;
}

bool AccelPacketizerList::shouldAddToPacket(const MachineInstr &MI) {
  if (!AvoidStalls || CurrentPacketMIs.empty())
    return true;
  const SUnit *SU = MIToSUnit.at(const_cast<MachineInstr *>(&MI));
  return operandsReadyCycle(*SU) <= BundleCycle;
}

MachineBasicBlock::iterator
AccelPacketizerList::addToPacket(MachineInstr &MI) {
  BundleCycle = std::max(BundleCycle, operandsReadyCycle(*MIToSUnit.at(&MI)));
  return VLIWPacketizerList::addToPacket(MI);
}

void AccelPacketizerList::endPacket(MachineBasicBlock *MBB,
                                    MachineBasicBlock::iterator MI) {
  if (!CurrentPacketMIs.empty()) {
    for (MachineInstr *Member : CurrentPacketMIs)
      IssueCycle[MIToSUnit.at(Member)] = BundleCycle;
    ++BundleCycle;
  }
  VLIWPacketizerList::endPacket(MBB, MI);
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
        Packetizer.packetizeRegion(MBB, RB, RE);
      Begin = RE;
    }
  }
  return true;
}
