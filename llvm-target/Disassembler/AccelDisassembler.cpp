//===-- AccelDisassembler.cpp - Decode Accel bundles ----------------------===//
//
// getInstruction decodes one bundle: words up to and including the first one
// with the end-of-bundle bit, at most MaxBundleSize of them, into a BUNDLE
// MCInst whose operands are the decoded instructions (a bundle of one is a
// BUNDLE too). A word that does not decode, a bundle that runs past
// MaxBundleSize words or past the end of the bytes fails with Size = 8, so a
// caller can report the word and resume at the next one.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/AccelBaseInfo.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "TargetInfo/AccelTargetInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDecoderOps.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInst.h"
#include "llvm/CodeGen/TargetOpcodes.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

typedef MCDisassembler::DecodeStatus DecodeStatus;

namespace {
class AccelDisassembler : public MCDisassembler {
public:
  AccelDisassembler(const MCSubtargetInfo &STI, MCContext &Ctx)
      : MCDisassembler(STI, Ctx) {}

  DecodeStatus getInstruction(MCInst &Instr, uint64_t &Size,
                              ArrayRef<uint8_t> Bytes, uint64_t Address,
                              raw_ostream &CStream) const override;
};
} // namespace

static DecodeStatus decodeRegister(MCInst &Inst, uint64_t RegNo,
                                   unsigned First, unsigned Count) {
  if (RegNo >= Count)
    return MCDisassembler::Fail;
  Inst.addOperand(MCOperand::createReg(First + RegNo));
  return MCDisassembler::Success;
}

static DecodeStatus DecodeGPRRegisterClass(MCInst &Inst, uint64_t RegNo,
                                           uint64_t Address,
                                           const MCDisassembler *Decoder) {
  return decodeRegister(Inst, RegNo, Accel::R0, 32);
}

static DecodeStatus DecodeVRRegisterClass(MCInst &Inst, uint64_t RegNo,
                                          uint64_t Address,
                                          const MCDisassembler *Decoder) {
  return decodeRegister(Inst, RegNo, Accel::V0, 32);
}

static DecodeStatus DecodeACCRegisterClass(MCInst &Inst, uint64_t RegNo,
                                           uint64_t Address,
                                           const MCDisassembler *Decoder) {
  return decodeRegister(Inst, RegNo, Accel::ACC0, 16);
}

/// The imm32 field, sign-extended when the operand's range is signed, and
/// rejected when outside the range the operand allows.
template <int64_t Lo, int64_t Hi>
static DecodeStatus decodeImmOperand(MCInst &Inst, uint64_t Field,
                                     uint64_t Address,
                                     const MCDisassembler *Decoder) {
  int64_t Value = Lo < 0 ? SignExtend64<32>(Field) : int64_t(Field);
  if (Value < Lo || Value > Hi)
    return MCDisassembler::Fail;
  Inst.addOperand(MCOperand::createImm(Value));
  return MCDisassembler::Success;
}

#include "AccelGenDisassemblerTables.inc"

DecodeStatus AccelDisassembler::getInstruction(MCInst &Instr, uint64_t &Size,
                                               ArrayRef<uint8_t> Bytes,
                                               uint64_t Address,
                                               raw_ostream &CStream) const {
  Size = Accel::InstrBytes;
  Instr.clear();
  Instr.setOpcode(TargetOpcode::BUNDLE);
  for (unsigned Slot = 0; Slot != Accel::MaxBundleSize; ++Slot) {
    uint64_t Offset = Slot * Accel::InstrBytes;
    if (Bytes.size() < Offset + Accel::InstrBytes)
      return Fail; // Truncated: the bundle has no end-of-bundle word.
    uint64_t Word = support::endian::read64le(Bytes.data() + Offset);
    auto *Sub = new (getContext()) MCInst;
    if (decodeInstruction(DecoderTableAccel64, *Sub,
                          Word & ~Accel::EndOfBundleBit, Address, this,
                          STI) != Success)
      return Fail;
    Instr.addOperand(MCOperand::createInst(Sub));
    if (Word & Accel::EndOfBundleBit) {
      Size = Offset + Accel::InstrBytes;
      return Success;
    }
  }
  return Fail; // More than MaxBundleSize words without an end.
}

static MCDisassembler *createAccelDisassembler(const Target &T,
                                               const MCSubtargetInfo &STI,
                                               MCContext &Ctx) {
  return new AccelDisassembler(STI, Ctx);
}

extern "C" LLVM_EXTERNAL_VISIBILITY void LLVMInitializeAccelDisassembler() {
  TargetRegistry::RegisterMCDisassembler(getTheAccelTarget(),
                                         createAccelDisassembler);
}
