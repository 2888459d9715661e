//===-- AccelBundleChecker.cpp - Accel bundle issue rules -----------------===//

#include "MCTargetDesc/AccelBundleChecker.h"
#include "MCTargetDesc/AccelBaseInfo.h"
#include "MCTargetDesc/AccelInstPrinter.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "MCTargetDesc/AccelUnits.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCInstrItineraries.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"

using namespace llvm;

/// Names the functional units in \p Units for diagnostics.
static std::string unitNames(InstrStage::FuncUnits Units) {
  std::string S;
  for (unsigned U = 0; U != Accel::NumUnits; ++U) {
    if (!(Units & (InstrStage::FuncUnits(1) << U)))
      continue;
    if (!S.empty())
      S += " or ";
    S += Accel::getUnitName(U);
  }
  return S;
}

/// Assigns each instruction from \p Next on a distinct unit of its mask;
/// returns whether that is possible. Bundles are tiny, so search is cheap.
static bool assignUnits(ArrayRef<InstrStage::FuncUnits> Needs, unsigned Next,
                        InstrStage::FuncUnits Taken) {
  if (Next == Needs.size())
    return true;
  InstrStage::FuncUnits Free = Needs[Next] & ~Taken;
  for (unsigned Bit = 0; Bit != 64; ++Bit) {
    InstrStage::FuncUnits U = InstrStage::FuncUnits(1) << Bit;
    if ((Free & U) && assignUnits(Needs, Next + 1, Taken | U))
      return true;
  }
  return false;
}

std::optional<Accel::BundleViolation>
Accel::checkBundle(ArrayRef<const MCInst *> Insts, const MCInstrInfo &MII,
                   const MCRegisterInfo &MRI, const MCSubtargetInfo &STI) {
  if (Insts.size() > MaxBundleSize)
    return BundleViolation{MaxBundleSize,
                           "a bundle holds at most " + std::to_string(
                               MaxBundleSize) + " instructions"};

  const InstrItineraryData Itins = STI.getInstrItineraryForCPU(STI.getCPU());
  SmallVector<InstrStage::FuncUnits, 4> Needs;
  SmallVector<MCRegister, 8> Written;
  SmallVector<MCRegister, 2> Tiles;
  const MCRegisterClass &ACC = MRI.getRegClass(Accel::ACCRegClassID);
  for (unsigned I = 0; I != Insts.size(); ++I) {
    const MCInst &MI = *Insts[I];
    const MCInstrDesc &Desc = MII.get(MI.getOpcode());

    Needs.push_back(Itins.beginStage(Desc.getSchedClass())->getUnits());
    if (!assignUnits(Needs, 0, 0))
      return BundleViolation{
          I, "bundle has no free issue slot for this instruction: it needs " +
                 unitNames(Needs.back()) +
                 ", taken by other instructions of the bundle"};

    SmallVector<MCRegister, 4> Defs;
    for (unsigned D = 0; D != Desc.getNumDefs(); ++D)
      Defs.push_back(MI.getOperand(D).getReg());
    for (MCPhysReg R : Desc.implicit_defs())
      Defs.push_back(R);
    for (MCRegister R : Defs) {
      if (R == Accel::R0)
        continue;
      if (is_contained(Written, R))
        return BundleViolation{I, std::string("register ") +
                                      AccelInstPrinter::getRegisterName(R) +
                                      " is written twice in this bundle"};
      Written.push_back(R);
    }

    // The MAC array and the tile-move port run side by side, so one of
    // their instructions reading a tile as the other writes it would race.
    SmallVector<MCRegister, 2> Named;
    for (const MCOperand &Op : MI)
      if (Op.isReg() && ACC.contains(Op.getReg()) &&
          !is_contained(Named, Op.getReg()))
        Named.push_back(Op.getReg());
    for (MCRegister R : Named) {
      if (is_contained(Tiles, R))
        return BundleViolation{
            I, std::string("accumulator tile ") +
                   AccelInstPrinter::getRegisterName(R) +
                   " is named by two matrix instructions of this bundle"};
      Tiles.push_back(R);
    }
  }
  return std::nullopt;
}
