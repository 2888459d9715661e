//===-- AccelMCInstLower.cpp - MachineInstr to MCInst ---------------------===//
//
// Symbol operands become plain symbol-reference expressions; the code
// emitter turns them into imm32 (absolute) or pc-relative fixups by the
// operand they occupy.
//
//===----------------------------------------------------------------------===//

#include "AccelMCInstLower.h"
#include "llvm/CodeGen/AsmPrinter.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/IR/Constants.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

bool AccelMCInstLower::lowerOperand(const MachineOperand &MO,
                                    MCOperand &Out) const {
  const MCSymbol *Sym = nullptr;
  int64_t Offset = 0;
  switch (MO.getType()) {
  case MachineOperand::MO_Register:
    if (MO.isImplicit())
      return false;
    Out = MCOperand::createReg(MO.getReg());
    return true;
  case MachineOperand::MO_Immediate:
    Out = MCOperand::createImm(MO.getImm());
    return true;
  case MachineOperand::MO_RegisterMask:
    return false;
  case MachineOperand::MO_MachineBasicBlock:
    Sym = MO.getMBB()->getSymbol();
    break;
  case MachineOperand::MO_GlobalAddress:
    Sym = Printer.getSymbol(MO.getGlobal());
    Offset = MO.getOffset();
    break;
  case MachineOperand::MO_ExternalSymbol:
    Sym = Printer.GetExternalSymbolSymbol(MO.getSymbolName());
    Offset = MO.getOffset();
    break;
  case MachineOperand::MO_JumpTableIndex:
    Sym = Printer.GetJTISymbol(MO.getIndex());
    break;
  case MachineOperand::MO_ConstantPoolIndex:
    Sym = Printer.GetCPISymbol(MO.getIndex());
    Offset = MO.getOffset();
    break;
  case MachineOperand::MO_BlockAddress:
    Sym = Printer.GetBlockAddressSymbol(MO.getBlockAddress());
    Offset = MO.getOffset();
    break;
  default:
    report_fatal_error("unexpected operand kind in an Accel instruction");
  }
  const MCExpr *E = MCSymbolRefExpr::create(Sym, Ctx);
  if (Offset)
    E = MCBinaryExpr::createAdd(E, MCConstantExpr::create(Offset, Ctx), Ctx);
  Out = MCOperand::createExpr(E);
  return true;
}

void AccelMCInstLower::lower(const MachineInstr &MI, MCInst &Out) const {
  Out.setOpcode(MI.getOpcode());
  for (const MachineOperand &MO : MI.operands()) {
    MCOperand Op;
    if (lowerOperand(MO, Op))
      Out.addOperand(Op);
  }
}
