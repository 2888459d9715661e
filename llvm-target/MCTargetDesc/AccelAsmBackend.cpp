//===-- AccelAsmBackend.cpp - Accel fixup application ---------------------===//
//
// Resolves fixups that the assembler can compute (a branch to a label in the
// same section) and describes the rest to the ELF writer. The imm32 field is
// the low 32 bits of the little-endian word, so every fixup patches four
// bytes at the fixup offset.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/AccelBaseInfo.h"
#include "MCTargetDesc/AccelFixupKinds.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAssembler.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCELFObjectWriter.h"
#include "llvm/MC/MCFixupKindInfo.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCValue.h"
#include "llvm/Support/EndianStream.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace {
class AccelAsmBackend : public MCAsmBackend {
public:
  AccelAsmBackend() : MCAsmBackend(llvm::endianness::little) {}

  std::unique_ptr<MCObjectTargetWriter>
  createObjectTargetWriter() const override {
    return createAccelELFObjectWriter();
  }

  unsigned getNumFixupKinds() const override {
    return Accel::NumTargetFixupKinds;
  }

  const MCFixupKindInfo &getFixupKindInfo(MCFixupKind Kind) const override {
    static const MCFixupKindInfo Infos[Accel::NumTargetFixupKinds] = {
        // Name                     Offset Bits Flags
        {"fixup_accel_imm32", 0, 32, 0},
        {"fixup_accel_pcrel_imm32", 0, 32, MCFixupKindInfo::FKF_IsPCRel},
    };
    if (Kind < FirstTargetFixupKind)
      return MCAsmBackend::getFixupKindInfo(Kind);
    return Infos[Kind - FirstTargetFixupKind];
  }

  void applyFixup(const MCAssembler &Asm, const MCFixup &Fixup,
                  const MCValue &Target, MutableArrayRef<char> Data,
                  uint64_t Value, bool IsResolved,
                  const MCSubtargetInfo *STI) const override;

  /// Padding in code: zero bytes up to the next word boundary (after data),
  /// then one-instruction `nop` bundles. The unit test NopPaddingIsANopBundle
  /// checks this word against the generated encoding of nop.
  bool writeNopData(raw_ostream &OS, uint64_t Count,
                    const MCSubtargetInfo *STI) const override {
    OS.write_zeros(Count % Accel::InstrBytes);
    uint64_t Nop = (uint64_t(4) << 59) | (uint64_t(18) << 53) |
                   Accel::EndOfBundleBit; // group Ctrl, func 18: nop
    for (uint64_t I = 0; I < Count / Accel::InstrBytes; ++I)
      support::endian::write<uint64_t>(OS, Nop, llvm::endianness::little);
    return true;
  }
};
} // namespace

/// Checks that \p Value fits the field of fixup \p Kind.
static bool fitsField(unsigned Kind, int64_t Value) {
  switch (Kind) {
  case FK_Data_1:
    return isUIntN(8, Value) || isIntN(8, Value);
  case FK_Data_2:
    return isUIntN(16, Value) || isIntN(16, Value);
  case FK_Data_4:
    return isUIntN(32, Value) || isIntN(32, Value);
  case FK_PCRel_4:
  case Accel::fixup_accel_imm32:
  case Accel::fixup_accel_pcrel_imm32:
    return isIntN(32, Value);
  default:
    return true;
  }
}

void AccelAsmBackend::applyFixup(const MCAssembler &Asm, const MCFixup &Fixup,
                                 const MCValue &Target,
                                 MutableArrayRef<char> Data, uint64_t Value,
                                 bool IsResolved,
                                 const MCSubtargetInfo *STI) const {
  unsigned Kind = Fixup.getKind();
  unsigned Bytes = getFixupKindInfo(Fixup.getKind()).TargetSize / 8;
  if (IsResolved && !fitsField(Kind, static_cast<int64_t>(Value)))
    Asm.getContext().reportError(Fixup.getLoc(),
                                 "fixup value " + Twine(int64_t(Value)) +
                                     " is out of range for " +
                                     getFixupKindInfo(Fixup.getKind()).Name);
  unsigned Offset = Fixup.getOffset();
  assert(Offset + Bytes <= Data.size() && "fixup outside the fragment");
  for (unsigned I = 0; I != Bytes; ++I)
    Data[Offset + I] |= static_cast<char>((Value >> (8 * I)) & 0xff);
}

MCAsmBackend *llvm::createAccelAsmBackend(const Target &T,
                                          const MCSubtargetInfo &STI,
                                          const MCRegisterInfo &MRI,
                                          const MCTargetOptions &Options) {
  return new AccelAsmBackend();
}
