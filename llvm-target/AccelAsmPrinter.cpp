//===-- AccelAsmPrinter.cpp - Accel assembly and object emission ----------===//
//
// Every instruction reaches the streamer inside a BUNDLE MCInst: a
// MachineInstr bundle made by the packetizer becomes one, any other
// instruction a bundle of one. The streamer's encoder sets the end bits.
//
//===----------------------------------------------------------------------===//

#include "AccelMCInstLower.h"
#include "AccelTargetMachine.h"
#include "MCTargetDesc/AccelInstPrinter.h"
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
  bool PrintAsmOperand(const MachineInstr *MI, unsigned OpNo,
                       const char *ExtraCode, raw_ostream &OS) override;
  bool PrintAsmMemoryOperand(const MachineInstr *MI, unsigned OpNo,
                             const char *ExtraCode, raw_ostream &OS) override;
};
} // namespace

void AccelAsmPrinter::emitInstruction(const MachineInstr *MI) {
  // Only the control-flow graph needs it (AccelPatterns.td).
  if (MI->getOpcode() == Accel::PseudoSetJmpSetup)
    return;
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

/// Inline asm operands: registers by name, immediates and symbols as
/// expressions; %a of a register is the address 0(reg). Returning true
/// makes the caller report an invalid operand.
bool AccelAsmPrinter::PrintAsmOperand(const MachineInstr *MI, unsigned OpNo,
                                      const char *ExtraCode, raw_ostream &OS) {
  const MachineOperand &MO = MI->getOperand(OpNo);
  if (ExtraCode && ExtraCode[0]) {
    if (ExtraCode[0] == 'a' && !ExtraCode[1] && MO.isReg()) {
      OS << "0(" << AccelInstPrinter::getRegisterName(MO.getReg()) << ')';
      return false;
    }
    return AsmPrinter::PrintAsmOperand(MI, OpNo, ExtraCode, OS);
  }
  switch (MO.getType()) {
  case MachineOperand::MO_Register:
    OS << AccelInstPrinter::getRegisterName(MO.getReg());
    return false;
  case MachineOperand::MO_Immediate:
    OS << MO.getImm();
    return false;
  case MachineOperand::MO_GlobalAddress:
    PrintSymbolOperand(MO, OS);
    return false;
  case MachineOperand::MO_ExternalSymbol:
    OS << *GetExternalSymbolSymbol(MO.getSymbolName());
    return false;
  default:
    return true;
  }
}

/// A memory operand is the (base register, offset) pair made by
/// AccelDAGToDAGISel::SelectInlineAsmMemoryOperand.
bool AccelAsmPrinter::PrintAsmMemoryOperand(const MachineInstr *MI,
                                            unsigned OpNo,
                                            const char *ExtraCode,
                                            raw_ostream &OS) {
  if (ExtraCode && ExtraCode[0])
    return true;
  const MachineOperand &Base = MI->getOperand(OpNo);
  const MachineOperand &Offset = MI->getOperand(OpNo + 1);
  if (!Base.isReg())
    return true;
  if (Offset.isImm())
    OS << Offset.getImm();
  else if (Offset.isGlobal())
    PrintSymbolOperand(Offset, OS);
  else
    return true;
  OS << '(' << AccelInstPrinter::getRegisterName(Base.getReg()) << ')';
  return false;
}

extern "C" LLVM_EXTERNAL_VISIBILITY void LLVMInitializeAccelAsmPrinter() {
  RegisterAsmPrinter<AccelAsmPrinter> X(getTheAccelTarget());
}
