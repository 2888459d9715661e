//===-- AccelMCTargetDesc.cpp - Accel target descriptions -----------------===//

#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "MCTargetDesc/AccelInstPrinter.h"
#include "MCTargetDesc/AccelMCAsmInfo.h"
#include "MCTargetDesc/AccelUnits.h"
#include "TargetInfo/AccelTargetInfo.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"

using namespace llvm;

#define GET_INSTRINFO_MC_DESC
#define GET_INSTRINFO_NAMED_OPS
#define ENABLE_INSTR_PREDICATE_VERIFIER
#include "AccelGenInstrInfo.inc"

#define GET_REGINFO_MC_DESC
#include "AccelGenRegisterInfo.inc"

#define GET_SUBTARGETINFO_MC_DESC
#include "AccelGenSubtargetInfo.inc"

// Accel::Unit numbers the units as the itineraries' unit masks do
// (AccelSchedule.td's ProcessorItineraries list): the build stops here if
// the two disagree.
#define CHECK_UNIT(U)                                                          \
  static_assert(AccelItinerariesFU::U == uint64_t(1) << Accel::U,             \
                "Accel::Unit disagrees with AccelSchedule.td: " #U);
CHECK_UNIT(ALU0)
CHECK_UNIT(ALU1)
CHECK_UNIT(LSU0)
CHECK_UNIT(LSU1)
CHECK_UNIT(VPU)
CHECK_UNIT(MXU)
CHECK_UNIT(MXM)
CHECK_UNIT(DMA)
CHECK_UNIT(VSE)
#undef CHECK_UNIT

static MCInstrInfo *createAccelMCInstrInfo() {
  auto *X = new MCInstrInfo();
  InitAccelMCInstrInfo(X);
  return X;
}

static MCRegisterInfo *createAccelMCRegisterInfo(const Triple &TT) {
  auto *X = new MCRegisterInfo();
  InitAccelMCRegisterInfo(X, Accel::R31);
  return X;
}

static MCSubtargetInfo *createAccelMCSubtargetInfo(const Triple &TT,
                                                   StringRef CPU,
                                                   StringRef FS) {
  return createAccelMCSubtargetInfoImpl(TT, CPU.empty() ? "generic" : CPU,
                                        /*TuneCPU=*/CPU, FS);
}

static MCAsmInfo *createAccelMCAsmInfo(const MCRegisterInfo &MRI,
                                       const Triple &TT,
                                       const MCTargetOptions &Options) {
  return new AccelMCAsmInfo(TT);
}

static MCInstPrinter *createAccelMCInstPrinter(const Triple &T,
                                               unsigned SyntaxVariant,
                                               const MCAsmInfo &MAI,
                                               const MCInstrInfo &MII,
                                               const MCRegisterInfo &MRI) {
  return new AccelInstPrinter(MAI, MII, MRI);
}

namespace {
/// Resolves bundle-relative branch targets for disassemblers and tools.
class AccelMCInstrAnalysis : public MCInstrAnalysis {
public:
  explicit AccelMCInstrAnalysis(const MCInstrInfo *Info)
      : MCInstrAnalysis(Info) {}

  /// \p Addr must be the address of the bundle holding \p Inst.
  bool evaluateBranch(const MCInst &Inst, uint64_t Addr, uint64_t Size,
                      uint64_t &Target) const override {
    const MCInstrDesc &Desc = Info->get(Inst.getOpcode());
    for (unsigned I = 0, E = Inst.getNumOperands(); I != E; ++I) {
      if (Desc.operands()[I].OperandType != MCOI::OPERAND_PCREL)
        continue;
      if (!Inst.getOperand(I).isImm())
        return false;
      Target = Addr + Inst.getOperand(I).getImm();
      return true;
    }
    return false;
  }
};
} // namespace

static MCInstrAnalysis *createAccelMCInstrAnalysis(const MCInstrInfo *Info) {
  return new AccelMCInstrAnalysis(Info);
}

extern "C" LLVM_EXTERNAL_VISIBILITY void LLVMInitializeAccelTargetMC() {
  Target &T = getTheAccelTarget();
  TargetRegistry::RegisterMCAsmInfo(T, createAccelMCAsmInfo);
  TargetRegistry::RegisterMCInstrInfo(T, createAccelMCInstrInfo);
  TargetRegistry::RegisterMCRegInfo(T, createAccelMCRegisterInfo);
  TargetRegistry::RegisterMCSubtargetInfo(T, createAccelMCSubtargetInfo);
  TargetRegistry::RegisterMCInstPrinter(T, createAccelMCInstPrinter);
  TargetRegistry::RegisterMCCodeEmitter(T, createAccelMCCodeEmitter);
  TargetRegistry::RegisterMCAsmBackend(T, createAccelAsmBackend);
  TargetRegistry::RegisterMCInstrAnalysis(T, createAccelMCInstrAnalysis);
  TargetRegistry::RegisterELFStreamer(T, createAccelELFStreamer);
}
