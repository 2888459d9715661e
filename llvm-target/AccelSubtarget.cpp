//===-- AccelSubtarget.cpp - Accel subtarget ------------------------------===//

#include "AccelSubtarget.h"
#include "AccelTargetMachine.h"
#include "MCTargetDesc/AccelMachineParams.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/PseudoSourceValue.h"
#include "llvm/CodeGen/ScheduleDAG.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

#define DEBUG_TYPE "accel-subtarget"

static cl::opt<unsigned> DramLoadSchedLatency(
    "accel-dram-load-sched-latency", cl::Hidden, cl::init(40),
    cl::desc("Latency the schedulers assume for a scalar load known to read "
             "DRAM (default 40, DRAM's; the scratchpad's is 3)"));
static cl::opt<unsigned> DramVectorLoadSchedLatency(
    "accel-dram-vector-load-sched-latency", cl::Hidden, cl::init(12),
    cl::desc("Latency the schedulers assume for a vector load known to read "
             "DRAM (default 12)"));

#define GET_SUBTARGETINFO_TARGET_DESC
#define GET_SUBTARGETINFO_CTOR
#include "AccelGenSubtargetInfo.inc"

AccelSubtarget::AccelSubtarget(const Triple &TT, StringRef CPU, StringRef FS,
                               const AccelTargetMachine &TM)
    : AccelGenSubtargetInfo(TT, CPU.empty() ? "generic" : CPU,
                            CPU.empty() ? "generic" : CPU, FS),
      TLInfo(TM, *this),
      InstrItins(getInstrItineraryForCPU(CPU.empty() ? "generic" : CPU)) {
  ParseSubtargetFeatures(CPU.empty() ? "generic" : CPU,
                         CPU.empty() ? "generic" : CPU, FS);
}

/// True if Object lies in DRAM: a global variable outside the scratchpad's
/// sections (.spm*), or a stack object (the stack is at the top of DRAM).
static bool isDramObject(const Value *Object) {
  if (const auto *GV = dyn_cast<GlobalVariable>(Object))
    return !GV->getSection().starts_with(".spm");
  return isa<AllocaInst>(Object);
}

// Pointers of unknown provenance (arguments, say) are left with the
// schedule model's scratchpad latency: kernels point into the scratchpad.
bool AccelSubtarget::readsDram(const MachineInstr &MI) {
  if (!MI.mayLoad() || MI.memoperands_empty())
    return false;
  for (const MachineMemOperand *MMO : MI.memoperands()) {
    if (const PseudoSourceValue *PSV = MMO->getPseudoValue()) {
      // Spill slots, the constant pool and jump tables are all in DRAM.
      if (!PSV->isStack() && !PSV->isConstantPool() && !PSV->isJumpTable())
        return false;
      continue;
    }
    const Value *V = MMO->getValue();
    if (!V)
      return false;
    // Through phis too: a loop's pointer is often one (after LSR).
    SmallVector<const Value *, 4> Objects;
    getUnderlyingObjects(V, Objects);
    if (!all_of(Objects, isDramObject))
      return false;
  }
  return true;
}

void AccelSubtarget::adjustSchedDependency(
    SUnit *Def, int DefOpIdx, SUnit *Use, int UseOpIdx, SDep &Dep,
    const TargetSchedModel *SchedModel) const {
  if (Dep.getKind() != SDep::Data || !Def->isInstr() ||
      !readsDram(*Def->getInstr()))
    return;
  Register Reg = Dep.getReg();
  const MachineRegisterInfo &MRI = Def->getInstr()->getMF()->getRegInfo();
  bool Vector = Reg.isVirtual() ? MRI.getRegClass(Reg) == &Accel::VRRegClass
                                : Accel::VRRegClass.contains(Reg);
  unsigned Latency =
      Vector ? DramVectorLoadSchedLatency : DramLoadSchedLatency;
  Dep.setLatency(std::max(Dep.getLatency(), Latency));
}
