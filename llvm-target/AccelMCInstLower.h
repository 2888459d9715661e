//===-- AccelMCInstLower.h - MachineInstr to MCInst -------------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_ACCEL_ACCELMCINSTLOWER_H
#define LLVM_LIB_TARGET_ACCEL_ACCELMCINSTLOWER_H

namespace llvm {
class AsmPrinter;
class MCContext;
class MCInst;
class MCOperand;
class MachineInstr;
class MachineOperand;

class AccelMCInstLower {
  MCContext &Ctx;
  AsmPrinter &Printer;

public:
  AccelMCInstLower(MCContext &Ctx, AsmPrinter &Printer)
      : Ctx(Ctx), Printer(Printer) {}

  void lower(const MachineInstr &MI, MCInst &Out) const;

private:
  /// False for operands that have no MC form (implicit registers, masks).
  bool lowerOperand(const MachineOperand &MO, MCOperand &Out) const;
};

} // namespace llvm

#endif
