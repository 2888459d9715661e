//===-- AccelSectionSizeCheck.cpp - Reject sections no memory holds -------===//
//
// Before layout only a lower bound of a section's size is known: contents,
// fills with a constant count and '.org' to a constant offset. Alignment
// padding and fills counted by label differences are left out, so the check
// never rejects a section that would fit.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/AccelSectionSizeCheck.h"
#include "MCTargetDesc/AccelMachineParams.h"
#include "llvm/ADT/Twine.h"
#include "llvm/MC/MCAssembler.h"
#include "llvm/MC/MCFragment.h"
#include "llvm/MC/MCSection.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SMLoc.h"

using namespace llvm;

/// No section can be larger than Accel's largest memory.
static constexpr uint64_t MaxSectionSize = AccelParam::DramSize;

bool llvm::reportIfLargerThanMemory(ReportSizeErrorFn Report, SMLoc Loc,
                                    const Twine &What, uint64_t Size) {
  if (Size <= MaxSectionSize)
    return false;
  Report(Loc, What + " " + Twine(Size) + " bytes, more than the " +
                  Twine(MaxSectionSize >> 20) +
                  " MiB of Accel's largest memory (DRAM)");
  return true;
}

namespace {

struct SizeStep {
  uint64_t SizeAfter;
  SMLoc Loc; // The directive's location, when the fragment records one.
};

SizeStep grow(uint64_t Size, const MCFragment &F) {
  int64_t Value;
  switch (F.getKind()) {
  case MCFragment::FT_Data:
    return {Size + cast<MCDataFragment>(F).getContents().size(), SMLoc()};
  case MCFragment::FT_Relaxable:
    return {Size + cast<MCRelaxableFragment>(F).getContents().size(), SMLoc()};
  case MCFragment::FT_Fill: {
    const auto &Fill = cast<MCFillFragment>(F);
    if (!Fill.getNumValues().evaluateAsAbsolute(Value) || Value <= 0)
      return {Size, Fill.getLoc()};
    return {
        SaturatingAdd(Size, SaturatingMultiply(uint64_t(Value),
                                               uint64_t(Fill.getValueSize()))),
        Fill.getLoc()};
  }
  case MCFragment::FT_Org: {
    const auto &Org = cast<MCOrgFragment>(F);
    if (!Org.getOffset().evaluateAsAbsolute(Value) || Value < 0)
      return {Size, Org.getLoc()};
    return {std::max(Size, uint64_t(Value)), Org.getLoc()};
  }
  default:
    return {Size, SMLoc()};
  }
}

} // namespace

void llvm::reportOversizedSections(ReportSizeErrorFn Report,
                                   const MCAssembler &Asm) {
  for (const MCSection &Sec : Asm) {
    uint64_t Size = 0;
    for (const MCFragment &F : Sec) {
      SizeStep Step = grow(Size, F);
      Size = Step.SizeAfter;
      if (reportIfLargerThanMemory(
              Report, Step.Loc,
              "section '" + Sec.getName() + "' grows to at least", Size))
        break;
    }
  }
}
