//===-- AccelMCObjects.h - the Accel MC layer, ready to use -----*- C++ -*-===//
//
// Registers the target and creates the MC objects a tool needs to encode,
// decode or print Accel instructions, the way every Accel tool does.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_ACCEL_ACCELMCOBJECTS_H
#define LLVM_LIB_TARGET_ACCEL_ACCELMCOBJECTS_H

#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include <memory>

namespace llvm {
class MCCodeEmitter;
class MCDisassembler;
class MCInstPrinter;
class SourceMgr;
class Target;

/// accel-as stops after this many errors, as clang does past -ferror-limit:
/// a macro that expands itself on an erroneous line repeats its errors
/// exponentially (found by fuzzing; test/MC/Accel/error-limit.s). The
/// assembler's fuzzing harness stops there too.
constexpr unsigned AccelAsmErrorLimit = 1000;

struct AccelMCObjects {
  Triple TT;
  const Target *TheTarget = nullptr;
  MCTargetOptions Options;
  std::unique_ptr<MCRegisterInfo> MRI;
  std::unique_ptr<MCAsmInfo> MAI;
  std::unique_ptr<MCSubtargetInfo> STI;
  std::unique_ptr<MCInstrInfo> MII;
  std::unique_ptr<MCContext> Ctx;

  /// Creates everything for \p CPU; \p SrcMgr, if given, is the context's
  /// source of locations for diagnostics. Never fails: the target is linked
  /// in.
  explicit AccelMCObjects(StringRef CPU = "generic",
                          const SourceMgr *SrcMgr = nullptr,
                          MCTargetOptions Opts = MCTargetOptions());
  ~AccelMCObjects();

  std::unique_ptr<MCDisassembler> createDisassembler() const;
  std::unique_ptr<MCInstPrinter> createInstPrinter() const;
  std::unique_ptr<MCCodeEmitter> createCodeEmitter() const;
};

} // namespace llvm

#endif
