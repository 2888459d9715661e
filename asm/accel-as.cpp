//===-- accel-as.cpp - Accel assembler ------------------------------------===//
//
// Assembles Accel assembly into an ELF relocatable object, or with
// --show-encoding prints each bundle with its encoding and fixups (like
// llvm-mc -show-encoding). Diagnostics are file:line:col; on any error the
// exit status is 1 and no output file is left behind.
//
//===----------------------------------------------------------------------===//

#include "AccelMCObjects.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormattedStream.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

static cl::OptionCategory AsCategory("accel-as options");

static cl::opt<std::string> InputFilename(cl::Positional, cl::desc("<input.s>"),
                                          cl::init("-"), cl::cat(AsCategory));
static cl::opt<std::string> OutputFilename("o", cl::desc("Output file"),
                                           cl::value_desc("file"),
                                           cl::cat(AsCategory));
static cl::opt<bool>
    ShowEncoding("show-encoding",
                 cl::desc("Print assembly with each bundle's encoding and "
                          "fixups instead of writing an object (default off)"),
                 cl::cat(AsCategory));
static cl::list<std::string> IncludeDirs("I",
                                         cl::desc("Directory for .include"),
                                         cl::value_desc("dir"), cl::Prefix,
                                         cl::cat(AsCategory));
static cl::opt<std::string> CPU("mcpu", cl::desc("CPU (default: generic)"),
                                cl::init("generic"), cl::cat(AsCategory));
static cl::opt<bool> GenDwarf("g",
                              cl::desc("Emit DWARF line tables and a "
                                       "compile unit for the assembly source"),
                              cl::cat(AsCategory));
// GNU as spells these --gdwarf-N; each implies -g.
enum DwarfVersionTy : unsigned { Dwarf2 = 2, Dwarf3, Dwarf4, Dwarf5 };
static cl::opt<DwarfVersionTy> DwarfVersion(
    cl::desc("DWARF version (default 5):"),
    cl::values(clEnumValN(Dwarf2, "gdwarf-2", "DWARF 2 (implies -g)"),
               clEnumValN(Dwarf3, "gdwarf-3", "DWARF 3 (implies -g)"),
               clEnumValN(Dwarf4, "gdwarf-4", "DWARF 4 (implies -g)"),
               clEnumValN(Dwarf5, "gdwarf-5", "DWARF 5 (implies -g)")),
    cl::init(Dwarf5), cl::cat(AsCategory));

static const char *ToolName = "accel-as";

static int fail(const Twine &Msg) {
  WithColor::error(errs(), ToolName) << Msg << "\n";
  return 1;
}

/// Prints each diagnostic as SourceMgr would, counting the errors up to
/// AccelAsmErrorLimit.
static void handleDiagnostic(const SMDiagnostic &Diag, void *) {
  static unsigned Errors = 0;
  Diag.print(nullptr, errs());
  if (Diag.getKind() != SourceMgr::DK_Error || ++Errors < AccelAsmErrorLimit)
    return;
  WithColor::error(errs(), ToolName)
      << "too many errors (" << AccelAsmErrorLimit << "), stopping now\n";
  // The output is open and incomplete; no destructor runs after exit().
  if (OutputFilename != "-")
    sys::fs::remove(OutputFilename);
  std::exit(1);
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  ToolName = argv[0];
  cl::HideUnrelatedOptions(AsCategory);
  cl::ParseCommandLineOptions(argc, argv, "Accel assembler\n");
  ErrorOr<std::unique_ptr<MemoryBuffer>> BufferOrErr =
      MemoryBuffer::getFileOrSTDIN(InputFilename, /*IsText=*/true);
  if (std::error_code EC = BufferOrErr.getError())
    return fail(InputFilename + ": " + EC.message());

  SourceMgr SrcMgr;
  SrcMgr.AddNewSourceBuffer(std::move(*BufferOrErr), SMLoc());
  SrcMgr.setIncludeDirs(IncludeDirs);
  SrcMgr.setDiagHandler(handleDiagnostic);

  MCTargetOptions MCOptions;
  MCOptions.AsmVerbose = true;
  MCOptions.ShowMCEncoding = ShowEncoding;
  AccelMCObjects MC(CPU, &SrcMgr, MCOptions);
  if (!MC.STI->isCPUStringValid(CPU))
    return fail("unknown CPU '" + CPU + "'");
  // Source comments are not echoed into the --show-encoding listing.
  MC.MAI->setPreserveAsmComments(false);
  const Target *T = MC.TheTarget;
  const Triple &TheTriple = MC.TT;
  MCContext &Ctx = *MC.Ctx;
  MCAsmInfo *MAI = MC.MAI.get();
  MCRegisterInfo *MRI = MC.MRI.get();
  MCSubtargetInfo *STI = MC.STI.get();
  MCInstrInfo *MCII = MC.MII.get();
  std::unique_ptr<MCObjectFileInfo> MOFI(
      T->createMCObjectFileInfo(Ctx, /*PIC=*/false));
  Ctx.setObjectFileInfo(MOFI.get());
  if (GenDwarf || DwarfVersion.getNumOccurrences()) {
    Ctx.setGenDwarfForAssembly(true);
    Ctx.setDwarfVersion(DwarfVersion);
    SmallString<128> CWD;
    if (!sys::fs::current_path(CWD))
      Ctx.setCompilationDir(CWD);
    Ctx.setGenDwarfRootFile(InputFilename,
                            SrcMgr.getMemoryBuffer(1)->getBuffer());
  }

  if (OutputFilename.empty())
    OutputFilename = ShowEncoding ? "-" : "a.out";
  std::error_code EC;
  auto Out = std::make_unique<ToolOutputFile>(
      OutputFilename, EC, ShowEncoding ? sys::fs::OF_Text : sys::fs::OF_None);
  if (EC)
    return fail(OutputFilename + ": " + EC.message());

  std::unique_ptr<MCStreamer> Str;
  MCCodeEmitter *CE = T->createMCCodeEmitter(*MCII, Ctx);
  MCAsmBackend *MAB = T->createMCAsmBackend(*STI, *MRI, MCOptions);
  if (ShowEncoding) {
    MCInstPrinter *IP =
        T->createMCInstPrinter(TheTriple, 0, *MAI, *MCII, *MRI);
    Str.reset(T->createAsmStreamer(
        Ctx, std::make_unique<formatted_raw_ostream>(Out->os()), IP,
        std::unique_ptr<MCCodeEmitter>(CE), std::unique_ptr<MCAsmBackend>(MAB)));
  } else {
    Str.reset(T->createMCObjectStreamer(
        TheTriple, Ctx, std::unique_ptr<MCAsmBackend>(MAB),
        MAB->createObjectWriter(Out->os()), std::unique_ptr<MCCodeEmitter>(CE),
        *STI));
  }

  std::unique_ptr<MCAsmParser> Parser(
      createMCAsmParser(SrcMgr, Ctx, *Str, *MAI));
  std::unique_ptr<MCTargetAsmParser> TAP(
      T->createMCAsmParser(*STI, *Parser, *MCII, MCOptions));
  Parser->setTargetParser(*TAP);
  int Res = Parser->Run(/*NoInitialTextSection=*/false);
  Str.reset(); // Finish the object before deciding whether to keep it.
  if (Res || Ctx.hadError())
    return 1;
  Out->keep();
  return 0;
}
