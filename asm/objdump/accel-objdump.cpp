//===-- accel-objdump.cpp - Accel object file dumper ----------------------===//
//
// Dumps Accel ELF objects and executables as llvm-objdump does, with its
// option spellings: -f, -p, -h, -t, -r, -s, -x (headers, symbols,
// relocations, contents; Tables.cpp) and -d/-D with -l, -S, -C,
// --disassemble-symbols=, --start-address=/--stop-address=,
// --no-show-raw-insn and --no-leading-addr (Disassemble.cpp); -j selects
// sections.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/AccelBaseInfo.h"
#include "Objdump.h"
#include "ContainedRead.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::object;
using namespace accel_objdump;

static cl::OptionCategory DumpCategory("accel-objdump options");
static cl::list<std::string> InputFiles(cl::Positional, cl::desc("<file...>"),
                                        cl::OneOrMore, cl::cat(DumpCategory));

// Actions.
static cl::opt<bool> FileHeaders("f", cl::desc("Show the file header"),
                                 cl::cat(DumpCategory));
static cl::alias FileHeadersLong("file-headers", cl::aliasopt(FileHeaders));
static cl::opt<bool> PrivateHeaders("p", cl::desc("Show the program headers"),
                                    cl::cat(DumpCategory));
static cl::alias PrivateHeadersLong("private-headers",
                                    cl::aliasopt(PrivateHeaders));
static cl::opt<bool> Headers("h", cl::desc("Show section headers"),
                             cl::cat(DumpCategory));
static cl::alias HeadersLong("section-headers", cl::aliasopt(Headers));
static cl::alias HeadersLong2("headers", cl::aliasopt(Headers));
static cl::opt<bool> Syms("t", cl::desc("Show the symbol table"),
                          cl::cat(DumpCategory));
static cl::alias SymsLong("syms", cl::aliasopt(Syms));
static cl::opt<bool> Relocs("r", cl::desc("Show relocations"),
                            cl::cat(DumpCategory));
static cl::alias RelocsLong("reloc", cl::aliasopt(Relocs));
static cl::opt<bool> FullContents("s",
                                  cl::desc("Show each section's contents"),
                                  cl::cat(DumpCategory));
static cl::alias FullContentsLong("full-contents", cl::aliasopt(FullContents));
static cl::opt<bool> AllHeaders("x", cl::desc("Same as -f -p -h -r -t"),
                                cl::cat(DumpCategory));
static cl::alias AllHeadersLong("all-headers", cl::aliasopt(AllHeaders));
static cl::opt<bool> Disassemble("d", cl::desc("Disassemble code sections"),
                                 cl::cat(DumpCategory));
static cl::opt<bool>
    DisassembleAll("D", cl::desc("Disassemble every loaded section"),
                   cl::cat(DumpCategory));
static cl::alias DisassembleAllLong("disassemble-all",
                                    cl::aliasopt(DisassembleAll));
static cl::list<std::string> DisassembleSymbols(
    "disassemble-symbols", cl::CommaSeparated,
    cl::desc("Disassemble only the code of these symbols (implies -d)"),
    cl::value_desc("sym1,sym2,..."), cl::cat(DumpCategory));
/// --disassemble is -d; GNU objdump's --disassemble=<sym> is
/// --disassemble-symbols=<sym>.
static cl::list<std::string> DisassembleSymbol(
    "disassemble", cl::ValueOptional,
    cl::desc("-d; with =<sym>, as --disassemble-symbols=<sym>"),
    cl::value_desc("sym"), cl::cat(DumpCategory));

// How.
static cl::opt<bool> LineNumbers(
    "l", cl::desc("With -d, show the source file and line of the code"),
    cl::cat(DumpCategory));
static cl::alias LineNumbersLong("line-numbers", cl::aliasopt(LineNumbers));
static cl::opt<bool> Source(
    "S", cl::desc("Disassemble (-d) with the source lines interleaved"),
    cl::cat(DumpCategory));
static cl::alias SourceLong("source", cl::aliasopt(Source));
static cl::opt<bool> Demangle("C", cl::desc("Demangle C++ symbol names"),
                              cl::cat(DumpCategory));
static cl::alias DemangleLong("demangle", cl::aliasopt(Demangle));
static cl::list<std::string>
    Sections("j", cl::desc("Only these sections (repeatable)"),
             cl::value_desc("section"), cl::Prefix, cl::cat(DumpCategory));
static cl::alias SectionsLong("section", cl::aliasopt(Sections));
static cl::opt<uint64_t>
    StartAddress("start-address", cl::init(0),
                 cl::desc("Disassemble from this address"),
                 cl::value_desc("address"), cl::cat(DumpCategory));
static cl::opt<uint64_t>
    StopAddress("stop-address", cl::init(UINT64_MAX),
                cl::desc("Disassemble up to (not including) this address"),
                cl::value_desc("address"), cl::cat(DumpCategory));
static cl::opt<bool>
    NoShowRawInsn("no-show-raw-insn",
                  cl::desc("Do not print the instruction words in hex"),
                  cl::cat(DumpCategory));
static cl::opt<bool>
    NoLeadingAddr("no-leading-addr",
                  cl::desc("Do not print the instructions' addresses"),
                  cl::cat(DumpCategory));

static const char *ToolName = "accel-objdump";
static bool HadError = false;

void accel_objdump::reportError(StringRef File, const Twine &Msg) {
  WithColor::error(errs(), ToolName) << "'" << File << "': " << Msg << "\n";
  HadError = true;
}

void accel_objdump::reportWarning(StringRef File, const Twine &Msg) {
  WithColor::warning(errs(), ToolName) << "'" << File << "': " << Msg << "\n";
}

static DumpOptions optionsFromCommandLine() {
  DumpOptions O;
  O.FileHeaders = FileHeaders || AllHeaders;
  O.PrivateHeaders = PrivateHeaders || AllHeaders;
  O.SectionHeaders = Headers || AllHeaders;
  O.Syms = Syms || AllHeaders;
  O.Relocs = Relocs || AllHeaders;
  O.FullContents = FullContents;
  O.DisassembleSymbols = DisassembleSymbols;
  for (const std::string &Sym : DisassembleSymbol)
    if (!Sym.empty())
      O.DisassembleSymbols.push_back(Sym);
  O.DisassembleAll = DisassembleAll;
  O.Disassemble = Disassemble || DisassembleAll || Source ||
                  DisassembleSymbol.getNumOccurrences() ||
                  !O.DisassembleSymbols.empty();
  O.LineNumbers = LineNumbers;
  O.Source = Source;
  O.ShowRawInsn = !NoShowRawInsn;
  O.LeadingAddr = !NoLeadingAddr;
  O.Demangle = Demangle;
  O.Sections = Sections;
  O.StartAddress = StartAddress;
  O.StopAddress = StopAddress;
  return O;
}

/// Section names seen in any input, for -j's warning.
static StringSet<> FoundSections;

static void dumpFile(StringRef Path, const DumpOptions &Opts) {
  Expected<OwningBinary<ObjectFile>> BinOrErr =
      ObjectFile::createObjectFile(Path);
  if (!BinOrErr) {
    reportError(Path, toString(BinOrErr.takeError()));
    return;
  }
  const auto *Obj = dyn_cast<ELFObjectFileBase>(BinOrErr->getBinary());
  if (!Obj || !Obj->is64Bit() || !Obj->isLittleEndian() ||
      Obj->getEMachine() != Accel::EM_ACCEL) {
    reportError(Path, "not an Accel ELF file");
    return;
  }
  for (const SectionRef &Sec : Obj->sections())
    if (Expected<StringRef> Name = Sec.getName())
      FoundSections.insert(*Name);
    else
      consumeError(Name.takeError());
  // The dump runs in a child process: LLVM's DWARF reader, and the ELF
  // accessors under it, can crash on a damaged file.
  Expected<int> Status = accel::runContained("ELF or DWARF", [&] {
    outs() << "\n" << Path << ":\tfile format elf64-accel\n";
    if (Opts.FileHeaders)
      printFileHeaders(*Obj);
    if (Opts.PrivateHeaders)
      printProgramHeaders(*Obj);
    if (Opts.SectionHeaders)
      printSectionHeaders(*Obj, Opts);
    if (Opts.Syms)
      printSymbolTable(*Obj, Opts);
    if (Opts.Relocs && !Opts.Disassemble)
      printRelocations(*Obj, Opts);
    if (Opts.FullContents)
      printSectionContents(*Obj, Opts);
    if (Opts.Disassemble)
      disassemble(*Obj, Opts);
    return HadError ? 1 : 0;
  });
  if (!Status)
    reportError(Path, toString(Status.takeError()));
  else if (*Status)
    HadError = true;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  ToolName = argv[0];
  cl::HideUnrelatedOptions(DumpCategory);
  cl::ParseCommandLineOptions(argc, argv, "Accel object file dumper\n");
  DumpOptions Opts = optionsFromCommandLine();
  if (!Opts.Disassemble && !Opts.Relocs && !Opts.SectionHeaders &&
      !Opts.Syms && !Opts.FileHeaders && !Opts.PrivateHeaders &&
      !Opts.FullContents) {
    WithColor::error(errs(), ToolName)
        << "no action given: use at least one of -d, -D, -S, -r, -h, -t, "
           "-s, -f, -p, -x\n";
    return 2;
  }
  if (Opts.StartAddress >= Opts.StopAddress) {
    WithColor::error(errs(), ToolName)
        << "start address should be less than stop address\n";
    return 2;
  }
  for (const std::string &Path : InputFiles)
    dumpFile(Path, Opts);
  for (const std::string &Name : Opts.Sections)
    if (!FoundSections.contains(Name))
      WithColor::warning(errs(), ToolName)
          << "section '" << Name
          << "' mentioned in a -j/--section option, but not found in any "
             "input file\n";
  return HadError ? 1 : 0;
}
