//===-- Relocate.cpp - apply relocations ----------------------------------===//
//
// Patches every live input section's copy in place (InputSection::Patched)
// with the relocation formulas of llvm-target/MCTargetDesc/AccelELFRelocs.def.
//
//===----------------------------------------------------------------------===//

#include "Linker.h"
#include "MCTargetDesc/AccelBaseInfo.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;
using namespace accel_ld;

uint64_t InputSection::address() const { return Out->Addr + OutOffset; }

std::string InputSection::location(uint64_t Offset) const {
  return File->Name + ":(" + Name + "+0x" +
         utohexstr(Offset, /*LowerCase=*/true) + ")";
}

uint64_t Symbol::address() const {
  switch (Kind) {
  case Defined:
    return Section && Section->Out ? Section->address() + Value : Value;
  case Absolute:
    return Value;
  default:
    return 0; // Undefined weak.
  }
}

/// What a debug section's reference to code removed by --gc-sections reads:
/// 0, as in lld, except in the DWARF 4 range and location lists, where a
/// (0, 0) pair ends the list; those get 1.
static uint64_t tombstoneFor(const InputSection &DebugSec) {
  return DebugSec.Name == ".debug_ranges" || DebugSec.Name == ".debug_loc" ? 1
                                                                           : 0;
}

static bool isInDeadSection(const Symbol &S) {
  return S.Kind == Symbol::Defined && S.Section && !S.Section->Live;
}

void Linker::applyRelocations() {
  auto Apply = [&](InputSection &Sec) {
    for (const Relocation &R : Sec.Relocs) {
      uint64_t S = R.Target->address();
      uint64_t P = Sec.address() + R.Offset;
      int64_t Value = 0;
      unsigned Bytes = 4;
      bool Fits = true;
      switch (R.Type) {
      case Accel::R_ACCEL_NONE:
        continue;
      case Accel::R_ACCEL_64:
        Value = S + R.Addend;
        Bytes = 8;
        break;
      case Accel::R_ACCEL_32:
        Value = S + R.Addend;
        Fits = isUInt<32>(Value) || isInt<32>(Value);
        break;
      case Accel::R_ACCEL_IMM32:
        Value = S + R.Addend;
        Fits = isInt<32>(Value);
        break;
      case Accel::R_ACCEL_PCREL32:
      case Accel::R_ACCEL_PCREL_IMM32:
        Value = S + R.Addend - P;
        Fits = isInt<32>(Value);
        break;
      default:
        error(Sec.location(R.Offset) + ": unknown relocation type " +
              Twine(R.Type));
        continue;
      }
      if (Sec.Debug && isInDeadSection(*R.Target)) {
        Value = tombstoneFor(Sec);
        Fits = true;
      }
      if (!Fits) {
        error(Sec.location(R.Offset) + ": relocation " +
              Accel::getRelocTypeName(R.Type) + " out of range: " +
              Twine(Value) + " does not fit in 32 bits; references '" +
              R.Target->Name + "'");
        continue;
      }
      if (R.Offset > Sec.Size || Sec.Size - R.Offset < Bytes) {
        error(Sec.location(R.Offset) + ": relocation outside section");
        continue;
      }
      uint8_t *Loc = Sec.Patched.data() + R.Offset;
      if (Bytes == 8)
        support::endian::write64le(Loc, Value);
      else
        support::endian::write32le(Loc, static_cast<uint32_t>(Value));
    }
  };
  for (auto &Out : Outputs)
    for (InputSection *Sec : Out->Inputs) {
      if (Sec->NoBits) {
        if (!Sec->Relocs.empty())
          error(Sec->location(Sec->Relocs.front().Offset) +
                ": relocations in a section without data");
        continue;
      }
      Sec->Patched.assign(Sec->Data.begin(), Sec->Data.end());
      Apply(*Sec);
    }
}
