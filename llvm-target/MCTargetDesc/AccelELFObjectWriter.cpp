//===-- AccelELFObjectWriter.cpp - Accel ELF relocations ------------------===//

#include "MCTargetDesc/AccelBaseInfo.h"
#include "MCTargetDesc/AccelFixupKinds.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCELFObjectWriter.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCValue.h"

using namespace llvm;

namespace {
class AccelELFObjectWriter : public MCELFObjectTargetWriter {
public:
  AccelELFObjectWriter()
      : MCELFObjectTargetWriter(/*Is64Bit=*/true, /*OSABI=*/0,
                                Accel::EM_ACCEL, /*HasRelocationAddend=*/true) {
  }

protected:
  unsigned getRelocType(MCContext &Ctx, const MCValue &Target,
                        const MCFixup &Fixup, bool IsPCRel) const override {
    switch (static_cast<unsigned>(Fixup.getKind())) {
    case FK_Data_8:
      if (!IsPCRel)
        return Accel::R_ACCEL_64;
      break;
    case FK_Data_4:
      return IsPCRel ? Accel::R_ACCEL_PCREL32 : Accel::R_ACCEL_32;
    case FK_PCRel_4:
      return Accel::R_ACCEL_PCREL32;
    case Accel::fixup_accel_imm32:
      return Accel::R_ACCEL_IMM32;
    case Accel::fixup_accel_pcrel_imm32:
      return Accel::R_ACCEL_PCREL_IMM32;
    default:
      break;
    }
    Ctx.reportError(Fixup.getLoc(),
                    "expression cannot be represented by an Accel relocation");
    return Accel::R_ACCEL_NONE;
  }
};
} // namespace

std::unique_ptr<MCObjectTargetWriter> llvm::createAccelELFObjectWriter() {
  return std::make_unique<AccelELFObjectWriter>();
}

const char *llvm::Accel::getRelocTypeName(uint32_t Type) {
  switch (Type) {
#define ELF_RELOC(Name, Value)                                                 \
  case Value:                                                                  \
    return #Name;
#include "MCTargetDesc/AccelELFRelocs.def"
#undef ELF_RELOC
  default:
    return nullptr;
  }
}
