//===-- AccelMCObjects.cpp - the Accel MC layer, ready to use -------------===//

#include "AccelMCObjects.h"
#include "AccelTargetInit.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/TargetRegistry.h"

using namespace llvm;

AccelMCObjects::AccelMCObjects(StringRef CPU, const SourceMgr *SrcMgr,
                               MCTargetOptions Opts)
    : TT(Triple::normalize("accel")), Options(Opts) {
  initializeAccelMC();
  std::string Error;
  TheTarget = TargetRegistry::lookupTarget("accel", TT, Error);
  MRI.reset(TheTarget->createMCRegInfo(TT.str()));
  MAI.reset(TheTarget->createMCAsmInfo(*MRI, TT.str(), Options));
  STI.reset(TheTarget->createMCSubtargetInfo(TT.str(), CPU, ""));
  MII.reset(TheTarget->createMCInstrInfo());
  Ctx = std::make_unique<MCContext>(TT, MAI.get(), MRI.get(), STI.get(),
                                    SrcMgr, &Options);
}

AccelMCObjects::~AccelMCObjects() = default;

std::unique_ptr<MCDisassembler> AccelMCObjects::createDisassembler() const {
  return std::unique_ptr<MCDisassembler>(
      TheTarget->createMCDisassembler(*STI, *Ctx));
}

std::unique_ptr<MCInstPrinter> AccelMCObjects::createInstPrinter() const {
  return std::unique_ptr<MCInstPrinter>(
      TheTarget->createMCInstPrinter(TT, 0, *MAI, *MII, *MRI));
}

std::unique_ptr<MCCodeEmitter> AccelMCObjects::createCodeEmitter() const {
  return std::unique_ptr<MCCodeEmitter>(
      TheTarget->createMCCodeEmitter(*MII, *Ctx));
}
