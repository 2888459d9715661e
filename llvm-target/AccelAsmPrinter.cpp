//===-- AccelAsmPrinter.cpp - Accel assembly and object emission ----------===//
//
// Every instruction reaches the streamer inside a BUNDLE MCInst: a
// MachineInstr bundle made by the packetizer becomes one, any other
// instruction a bundle of one. The streamer's encoder sets the end bits.
//
//===----------------------------------------------------------------------===//

#include "AccelMCInstLower.h"
#include "AccelTargetMachine.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "TargetInfo/AccelTargetInfo.h"
#include "llvm/CodeGen/AsmPrinter.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetOpcodes.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/TargetRegistry.h"

using namespace llvm;

#define DEBUG_TYPE "asm-printer"

namespace {
class AccelAsmPrinter : public AsmPrinter {
public:
  AccelAsmPrinter(TargetMachine &TM, std::unique_ptr<MCStreamer> Streamer)
      : AsmPrinter(TM, std::move(Streamer)) {}

  StringRef getPassName() const override { return "Accel Assembly Printer"; }
  void emitInstruction(const MachineInstr *MI) override;
};
} // namespace

void AccelAsmPrinter::emitInstruction(const MachineInstr *MI) {
  AccelMCInstLower Lower(OutContext, *this);
  MCInst Bundle;
  Bundle.setOpcode(TargetOpcode::BUNDLE);
  SmallVector<MCInst, 4> Insts;
  if (MI->isBundle()) {
    for (auto I = std::next(MI->getIterator()),
              E = MI->getParent()->instr_end();
         I != E && I->isInsideBundle(); ++I)
      if (!I->isDebugInstr() && !I->isPseudo())
        Lower.lower(*I, Insts.emplace_back());
  } else {
    Lower.lower(*MI, Insts.emplace_back());
  }
  for (MCInst &I : Insts)
    Bundle.addOperand(MCOperand::createInst(&I));
  if (!Insts.empty())
    EmitToStreamer(*OutStreamer, Bundle);
}

extern "C" LLVM_EXTERNAL_VISIBILITY void LLVMInitializeAccelAsmPrinter() {
  RegisterAsmPrinter<AccelAsmPrinter> X(getTheAccelTarget());
}
