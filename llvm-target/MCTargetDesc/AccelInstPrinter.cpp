//===-- AccelInstPrinter.cpp - Accel MCInst to assembly -------------------===//

#include "MCTargetDesc/AccelInstPrinter.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegister.h"
#include "llvm/CodeGen/TargetOpcodes.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

#define DEBUG_TYPE "asm-printer"

#include "AccelGenAsmWriter.inc"

void AccelInstPrinter::printInst(const MCInst *MI, uint64_t Address,
                                 StringRef Annot, const MCSubtargetInfo &STI,
                                 raw_ostream &O) {
  if (MI->getOpcode() != TargetOpcode::BUNDLE) {
    printInstruction(MI, Address, O);
    printAnnotation(O, Annot);
    return;
  }
  bool Multi = MI->getNumOperands() > 1;
  if (Multi)
    O << "\t{ ";
  for (unsigned I = 0, E = MI->getNumOperands(); I != E; ++I) {
    if (I)
      O << " ; ";
    // The generated printer starts each instruction with a tab; inside a
    // bundle only the bundle itself is indented.
    std::string Text;
    raw_string_ostream TextOS(Text);
    printInstruction(MI->getOperand(I).getInst(), Address, TextOS);
    O << (Multi ? StringRef(Text).ltrim('\t') : StringRef(Text));
  }
  if (Multi)
    O << " }";
  printAnnotation(O, Annot);
}

void AccelInstPrinter::printRegName(raw_ostream &O, MCRegister Reg) const {
  O << getRegisterName(Reg);
}

void AccelInstPrinter::printOperand(const MCInst *MI, unsigned OpNo,
                                    raw_ostream &O) {
  const MCOperand &Op = MI->getOperand(OpNo);
  if (Op.isReg())
    printRegName(O, Op.getReg());
  else if (Op.isImm())
    O << Op.getImm();
  else
    Op.getExpr()->print(O, &MAI);
}

void AccelInstPrinter::printHexImm(const MCInst *MI, unsigned OpNo,
                                   raw_ostream &O) {
  const MCOperand &Op = MI->getOperand(OpNo);
  if (!Op.isImm())
    return printOperand(MI, OpNo, O);
  O << format("0x%" PRIx64, uint64_t(Op.getImm()) & 0xffffffffu);
}

void AccelInstPrinter::printBranchTarget(const MCInst *MI, uint64_t Address,
                                         unsigned OpNo, raw_ostream &O) {
  const MCOperand &Op = MI->getOperand(OpNo);
  if (!Op.isImm())
    return printOperand(MI, OpNo, O);
  int64_t Offset = Op.getImm();
  if (PrintBranchImmAsAddress) {
    O << format("0x%" PRIx64, Address + Offset);
    return;
  }
  O << ".";
  if (Offset >= 0)
    O << "+";
  O << Offset;
}
