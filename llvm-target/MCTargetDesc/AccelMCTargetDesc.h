//===-- AccelMCTargetDesc.h - Accel target descriptions ---------*- C++ -*-===//

#ifndef LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELMCTARGETDESC_H
#define LLVM_LIB_TARGET_ACCEL_MCTARGETDESC_ACCELMCTARGETDESC_H

#include "llvm/Support/Compiler.h"
#include <cstdint>
#include <memory>

namespace llvm {
class MCAsmBackend;
class MCCodeEmitter;
class MCContext;
class MCInstrInfo;
class MCObjectTargetWriter;
class MCRegisterInfo;
class MCStreamer;
class MCSubtargetInfo;
class MCTargetOptions;
class Target;
class Triple;
class MCObjectWriter;

MCCodeEmitter *createAccelMCCodeEmitter(const MCInstrInfo &MCII,
                                        MCContext &Ctx);
MCAsmBackend *createAccelAsmBackend(const Target &T,
                                    const MCSubtargetInfo &STI,
                                    const MCRegisterInfo &MRI,
                                    const MCTargetOptions &Options);
std::unique_ptr<MCObjectTargetWriter> createAccelELFObjectWriter();
MCStreamer *createAccelELFStreamer(const Triple &T, MCContext &Ctx,
                                   std::unique_ptr<MCAsmBackend> &&TAB,
                                   std::unique_ptr<MCObjectWriter> &&OW,
                                   std::unique_ptr<MCCodeEmitter> &&CE);
} // namespace llvm

// Register and instruction enums (Accel::R0, Accel::ADD, ...) and the
// operand names of the .td definitions (Accel::OpName::rd, ...).
#define GET_REGINFO_ENUM
#include "AccelGenRegisterInfo.inc"

#define GET_INSTRINFO_ENUM
#define GET_INSTRINFO_OPERAND_ENUM
#define GET_INSTRINFO_MC_HELPER_DECLS
#include "AccelGenInstrInfo.inc"

namespace llvm {
namespace Accel {
/// The index of the operand named \p Name (an OpName) in an \p Opcode
/// instruction, or -1 if it has none. Generated (GET_INSTRINFO_NAMED_OPS).
LLVM_READONLY int16_t getNamedOperandIdx(uint16_t Opcode, uint16_t Name);
} // namespace Accel
} // namespace llvm

#define GET_SUBTARGETINFO_ENUM
#include "AccelGenSubtargetInfo.inc"

#endif
