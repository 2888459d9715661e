//===-- AccelELFStreamer.cpp - Accel object streamer ----------------------===//
//
// Instructions always reach the streamer as BUNDLE MCInsts (from the
// assembler and, later, the AsmPrinter). The generic streamer registers the
// symbols of an instruction's own expression operands only, so this one also
// visits the expressions of the bundled instructions; it also keeps code
// sections aligned to the instruction size, and refuses a fill larger than
// any Accel memory.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/AccelBaseInfo.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "MCTargetDesc/AccelSectionSizeCheck.h"
#include "llvm/CodeGen/TargetOpcodes.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCELFStreamer.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCSection.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace {
class AccelELFStreamer : public MCELFStreamer {
public:
  using MCELFStreamer::MCELFStreamer;

  void emitInstruction(const MCInst &Inst,
                       const MCSubtargetInfo &STI) override {
    if (Inst.getOpcode() == TargetOpcode::BUNDLE)
      for (const MCOperand &Op : Inst)
        for (const MCOperand &SubOp : *Op.getInst())
          if (SubOp.isExpr())
            visitUsedExpr(*SubOp.getExpr());
    getCurrentSectionOnly()->ensureMinAlignment(Align(Accel::InstrBytes));
    MCELFStreamer::emitInstruction(Inst, STI);
  }

  // One directive asking for more bytes than any memory holds is refused
  // here, in every path (assembler, inline asm, codegen): the generic
  // '.fill' expands a constant count value by value, and '.zero' or '.org'
  // would make the writer emit the bytes, exhausting host memory, disk or
  // time first. A section that grows past it in several steps is caught by
  // the assembly parser at the end of its input.
  void emitFill(const MCExpr &NumValues, int64_t Size, int64_t Expr,
                SMLoc Loc) override {
    if (Size > 0 &&
        rejectIfLargerThanMemory(NumValues, std::min<int64_t>(Size, 8), Loc,
                                 "'.fill' emits"))
      return;
    MCELFStreamer::emitFill(NumValues, Size, Expr, Loc);
  }

  void emitFill(const MCExpr &NumBytes, uint64_t FillValue,
                SMLoc Loc) override {
    if (rejectIfLargerThanMemory(NumBytes, 1, Loc, "the directive emits"))
      return;
    MCELFStreamer::emitFill(NumBytes, FillValue, Loc);
  }

  void emitValueToOffset(const MCExpr *Offset, unsigned char Value,
                         SMLoc Loc) override {
    if (rejectIfLargerThanMemory(*Offset, 1, Loc,
                                 "'.org' grows the section to"))
      return;
    MCELFStreamer::emitValueToOffset(Offset, Value, Loc);
  }

private:
  /// Reports, and returns true for, Count units of UnitSize bytes: more
  /// than any memory holds.
  bool rejectIfLargerThanMemory(const MCExpr &Count, uint64_t UnitSize,
                                SMLoc Loc, const Twine &What) {
    int64_t N;
    if (!Count.evaluateAsAbsolute(N, getAssemblerPtr()) || N <= 0)
      return false;
    return reportIfLargerThanMemory(
        [&](SMLoc L, const Twine &Msg) { getContext().reportError(L, Msg); },
        Loc, What, SaturatingMultiply(uint64_t(N), UnitSize));
  }
};
} // namespace

MCStreamer *llvm::createAccelELFStreamer(const Triple &T, MCContext &Ctx,
                                         std::unique_ptr<MCAsmBackend> &&TAB,
                                         std::unique_ptr<MCObjectWriter> &&OW,
                                         std::unique_ptr<MCCodeEmitter> &&CE) {
  return new AccelELFStreamer(Ctx, std::move(TAB), std::move(OW),
                              std::move(CE));
}
