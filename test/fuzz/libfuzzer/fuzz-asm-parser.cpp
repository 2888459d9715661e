//===-- fuzz-asm-parser.cpp - libFuzzer entry point: the assembler --------===//
//
// Assembles each input as accel-as does (the generic assembly parser with
// Accel's target parser, into an object file in memory), with diagnostics
// dropped: a parse error is a fine outcome, a crash, a sanitizer report or a
// timeout is a finding. Like accel-as, it stops after 1000 errors: the tool
// exits, this jumps back out of the parser (what it leaks is not a finding:
// run.sh passes -detect_leaks=0). Built by run.sh with clang's
// -fsanitize=fuzzer,address.
//
//===----------------------------------------------------------------------===//

#include "AccelMCObjects.h"
#include "AccelTargetInit.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <csetjmp>
#include <cstdint>

using namespace llvm;

static unsigned Errors;
static std::jmp_buf TooManyErrors;

static void countErrors(const SMDiagnostic &Diag, void *) {
  if (Diag.getKind() == SourceMgr::DK_Error && ++Errors == AccelAsmErrorLimit)
    std::longjmp(TooManyErrors, 1);
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  initializeAccelMC();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  SourceMgr SrcMgr;
  SrcMgr.AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(
          StringRef(reinterpret_cast<const char *>(Data), Size), "fuzz.s"),
      SMLoc());
  SrcMgr.setDiagHandler(countErrors);
  AccelMCObjects MC("generic", &SrcMgr);
  const Target *T = MC.TheTarget;
  MCContext &Ctx = *MC.Ctx;
  std::unique_ptr<MCObjectFileInfo> MOFI(
      T->createMCObjectFileInfo(Ctx, /*PIC=*/false));
  Ctx.setObjectFileInfo(MOFI.get());

  SmallVector<char, 0> Object;
  raw_svector_ostream OS(Object);
  MCAsmBackend *MAB = T->createMCAsmBackend(*MC.STI, *MC.MRI, MC.Options);
  std::unique_ptr<MCStreamer> Str(T->createMCObjectStreamer(
      MC.TT, Ctx, std::unique_ptr<MCAsmBackend>(MAB),
      MAB->createObjectWriter(OS),
      std::unique_ptr<MCCodeEmitter>(T->createMCCodeEmitter(*MC.MII, Ctx)),
      *MC.STI));
  std::unique_ptr<MCAsmParser> Parser(
      createMCAsmParser(SrcMgr, Ctx, *Str, *MC.MAI));
  std::unique_ptr<MCTargetAsmParser> TAP(
      T->createMCAsmParser(*MC.STI, *Parser, *MC.MII, MC.Options));
  Parser->setTargetParser(*TAP);
  Errors = 0;
  if (setjmp(TooManyErrors) == 0)
    Parser->Run(/*NoInitialTextSection=*/false);
  return 0;
}
