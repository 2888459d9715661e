//===-- AccelInstPrinter.h - Accel MCInst to assembly -----------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELINSTPRINTER_H
#define LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELINSTPRINTER_H

#include "llvm/MC/MCInstPrinter.h"

namespace llvm {

/// Prints instructions in the syntax the assembler reads. A BUNDLE of two or
/// more instructions prints as "{ a ; b }"; a one-instruction bundle prints
/// as the bare instruction.
class AccelInstPrinter : public MCInstPrinter {
public:
  AccelInstPrinter(const MCAsmInfo &MAI, const MCInstrInfo &MII,
                   const MCRegisterInfo &MRI)
      : MCInstPrinter(MAI, MII, MRI) {}

  void printInst(const MCInst *MI, uint64_t Address, StringRef Annot,
                 const MCSubtargetInfo &STI, raw_ostream &O) override;
  void printRegName(raw_ostream &O, MCRegister Reg) const override;

  // Used by the generated printInstruction.
  std::pair<const char *, uint64_t> getMnemonic(const MCInst *MI) override;
  void printInstruction(const MCInst *MI, uint64_t Address, raw_ostream &O);
  static const char *getRegisterName(MCRegister Reg);
  void printOperand(const MCInst *MI, unsigned OpNo, raw_ostream &O);
  void printHexImm(const MCInst *MI, unsigned OpNo, raw_ostream &O);
  /// Branch offsets print as ".+N" (bundle relative, re-assemblable), or as
  /// the absolute target when the printer is told to print addresses.
  void printBranchTarget(const MCInst *MI, uint64_t Address, unsigned OpNo,
                         raw_ostream &O);
};
} // namespace llvm

#endif
