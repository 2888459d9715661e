//===-- AccelELFStreamer.cpp - Accel object streamer ----------------------===//
//
// Instructions always reach the streamer as BUNDLE MCInsts (from the
// assembler and, later, the AsmPrinter). The generic streamer registers the
// symbols of an instruction's own expression operands only, so this one also
// visits the expressions of the bundled instructions; it also keeps code
// sections aligned to the instruction size.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/AccelBaseInfo.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "llvm/CodeGen/TargetOpcodes.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCELFStreamer.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCSection.h"

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
};
} // namespace

MCStreamer *llvm::createAccelELFStreamer(const Triple &T, MCContext &Ctx,
                                         std::unique_ptr<MCAsmBackend> &&TAB,
                                         std::unique_ptr<MCObjectWriter> &&OW,
                                         std::unique_ptr<MCCodeEmitter> &&CE) {
  return new AccelELFStreamer(Ctx, std::move(TAB), std::move(OW),
                              std::move(CE));
}
