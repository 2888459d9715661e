//===-- accel-objdump.cpp - Accel object file dumper ----------------------===//
//
// Dumps Accel ELF objects and executables in llvm-objdump's layout:
// -d (disassembly with bundles, addresses and symbols), -l and -S (source
// lines and source text from DWARF, with -d), -r (relocations), -h (section
// headers), -t (symbol table). Words that do not decode print as "<invalid>"
// and disassembly carries on with the next word.
//
//===----------------------------------------------------------------------===//

#include "AccelMCObjects.h"
#include "MCTargetDesc/AccelBaseInfo.h"
#include "SourceLines.h"
#include "TargetInfo/AccelTargetInfo.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include <map>

using namespace llvm;
using namespace llvm::object;

static cl::OptionCategory DumpCategory("accel-objdump options");
static cl::list<std::string> InputFiles(cl::Positional, cl::desc("<file...>"),
                                        cl::OneOrMore, cl::cat(DumpCategory));
static cl::opt<bool> Disassemble("d", cl::desc("Disassemble code sections"),
                                 cl::cat(DumpCategory));
static cl::opt<bool> Relocs("r", cl::desc("Show relocations"),
                            cl::cat(DumpCategory));
static cl::opt<bool> Headers("h", cl::desc("Show section headers"),
                             cl::cat(DumpCategory));
static cl::opt<bool> Syms("t", cl::desc("Show the symbol table"),
                          cl::cat(DumpCategory));
static cl::opt<bool> LineNumbers(
    "l", cl::desc("With -d, show the source file and line of the code"),
    cl::cat(DumpCategory));
static cl::alias LineNumbersLong("line-numbers", cl::aliasopt(LineNumbers));
static cl::opt<bool> Source(
    "S", cl::desc("Disassemble (-d) with the source lines interleaved"),
    cl::cat(DumpCategory));
static cl::alias SourceLong("source", cl::aliasopt(Source));

static const char *ToolName = "accel-objdump";
static bool HadError = false;

static void reportError(StringRef File, const Twine &Msg) {
  WithColor::error(errs(), ToolName) << "'" << File << "': " << Msg << "\n";
  HadError = true;
}

static void reportWarning(StringRef File, const Twine &Msg) {
  WithColor::warning(errs(), ToolName) << "'" << File << "': " << Msg << "\n";
}

/// A malformed file is reported and ends the run.
template <typename T> static T unwrapOrError(Expected<T> V, StringRef File) {
  if (V)
    return std::move(*V);
  reportError(File, toString(V.takeError()));
  exit(1);
}

namespace {
/// The MC objects needed to decode and print Accel code.
struct AccelMC : AccelMCObjects {
  std::unique_ptr<MCDisassembler> Dis = createDisassembler();
  std::unique_ptr<MCInstPrinter> Printer = createInstPrinter();
  std::unique_ptr<MCInstrAnalysis> MIA{
      TheTarget->createMCInstrAnalysis(MII.get())};

  AccelMC() { Printer->setPrintBranchImmAsAddress(true); }
};
} // namespace

static StringRef relocName(uint32_t Type) {
  if (const char *Name = Accel::getRelocTypeName(Type))
    return Name;
  return "<unknown>";
}

static std::string relocValue(const RelocationRef &R) {
  std::string S;
  symbol_iterator Sym = R.getSymbol();
  if (Sym != R.getObject()->symbol_end()) {
    Expected<StringRef> Name = Sym->getName();
    if (Name && !Name->empty())
      S = Name->str();
    else if (Expected<section_iterator> Sec = Sym->getSection())
      if (*Sec != R.getObject()->section_end())
        if (Expected<StringRef> SecName = (*Sec)->getName())
          S = SecName->str();
  }
  int64_t Addend = 0;
  if (Expected<int64_t> A = ELFRelocationRef(R).getAddend())
    Addend = *A;
  if (Addend > 0)
    S += "+0x" + utohexstr(Addend);
  else if (Addend < 0)
    S += "-0x" + utohexstr(-uint64_t(Addend));
  return S;
}

static void printSectionHeaders(const ELFObjectFileBase &Obj) {
  outs() << "\nSections:\nIdx Name            Size     VMA              Type\n";
  unsigned Idx = 0;
  for (const SectionRef &Sec : Obj.sections()) {
    StringRef Name = unwrapOrError(Sec.getName(), Obj.getFileName());
    std::string Type;
    if (Sec.isText())
      Type = "TEXT";
    else if (Sec.isBSS())
      Type = "BSS";
    else if (Sec.isData())
      Type = "DATA";
    outs() << format("%3u %-15s %08" PRIx64 " %016" PRIx64 " %s\n", Idx++,
                     Name.str().c_str(), Sec.getSize(), Sec.getAddress(),
                     Type.c_str());
  }
}

static void printSymbolTable(const ELFObjectFileBase &Obj) {
  outs() << "\nSYMBOL TABLE:\n";
  for (const ELFSymbolRef &Sym : Obj.symbols()) {
    StringRef File = Obj.getFileName();
    uint64_t Addr = unwrapOrError(Sym.getAddress(), File);
    uint32_t Flags = unwrapOrError(Sym.getFlags(), File);
    SymbolRef::Type Type = unwrapOrError(Sym.getType(), File);
    section_iterator Sec = unwrapOrError(Sym.getSection(), File);
    StringRef Name = unwrapOrError(Sym.getName(), File);
    if (Type == SymbolRef::ST_Debug && Sec != Obj.section_end())
      Name = unwrapOrError(Sec->getName(), File);
    char Bind = (Flags & SymbolRef::SF_Global) ? 'g' : 'l';
    if (Flags & SymbolRef::SF_Weak)
      Bind = 'w';
    StringRef Kind = Type == SymbolRef::ST_Function ? "F"
                     : Type == SymbolRef::ST_Data   ? "O"
                     : Type == SymbolRef::ST_File   ? "df"
                                                    : "";
    std::string SecName = "*UND*";
    if (Flags & SymbolRef::SF_Absolute)
      SecName = "*ABS*";
    else if (Sec != Obj.section_end())
      SecName = unwrapOrError(Sec->getName(), File).str();
    outs() << format("%016" PRIx64 " %c     %-2s %s\t%016" PRIx64 " %s\n", Addr,
                     Bind, Kind.str().c_str(), SecName.c_str(),
                     Sym.getSize(), Name.str().c_str());
  }
}

static void printRelocations(const ELFObjectFileBase &Obj) {
  for (const SectionRef &Sec : Obj.sections()) {
    Expected<section_iterator> Target = Sec.getRelocatedSection();
    if (!Target || *Target == Obj.section_end() || Sec.relocations().empty())
      continue;
    outs() << "\nRELOCATION RECORDS FOR ["
           << unwrapOrError((*Target)->getName(), Obj.getFileName()) << "]:\n"
           << "OFFSET           TYPE                     VALUE\n";
    for (const RelocationRef &R : Sec.relocations())
      outs() << format("%016" PRIx64 " %-24s ", R.getOffset(),
                       relocName(R.getType()).str().c_str())
             << relocValue(R) << "\n";
  }
}

namespace {
/// Prints, before the code at an offset, what changed since the code before
/// it: "; function():" and "; file:line" with -l, the source text with -S.
class SourcePrinter {
public:
  explicit SourcePrinter(accel_objdump::SourceLines &Lines) : Lines(Lines) {}

  void printBefore(const SectionRef &Sec, uint64_t Offset) {
    DILineInfo Info = Lines.lookup(Sec, Offset);
    if (Info.FileName == DILineInfo::BadString || Info.Line == 0)
      return;
    if (LineNumbers && Info.FunctionName != Prev.FunctionName &&
        Info.FunctionName != DILineInfo::BadString)
      outs() << "; " << Info.FunctionName << "():\n";
    if (Info.Line != Prev.Line || Info.FileName != Prev.FileName) {
      if (LineNumbers)
        outs() << "; " << Info.FileName << ":" << Info.Line << "\n";
      if (Source)
        if (std::optional<StringRef> Text = Lines.text(Info.FileName, Info.Line))
          outs() << "; " << *Text << "\n";
    }
    Prev = Info;
  }

  /// After a label: the next code shows its function and line again.
  void reset() { Prev = DILineInfo(); }

private:
  accel_objdump::SourceLines &Lines;
  DILineInfo Prev;
};
} // namespace

/// Disassembles one code section, bundle by bundle.
static void disassembleSection(const ELFObjectFileBase &Obj,
                               const SectionRef &Sec, AccelMC &MC,
                               SourcePrinter *Src) {
  StringRef File = Obj.getFileName();
  StringRef Bytes = unwrapOrError(Sec.getContents(), File);
  uint64_t Base = Sec.getAddress();

  // Symbols by address, for labels and branch-target annotations.
  std::multimap<uint64_t, std::string> Labels;
  std::map<uint64_t, std::string> AllFuncs;
  for (const SymbolRef &Sym : Obj.symbols()) {
    Expected<section_iterator> SymSec = Sym.getSection();
    if (!SymSec || *SymSec != Sec ||
        ELFSymbolRef(Sym).getELFType() == ELF::STT_SECTION)
      continue;
    std::string Name = unwrapOrError(Sym.getName(), File).str();
    uint64_t Addr = unwrapOrError(Sym.getAddress(), File);
    if (Name.empty())
      continue;
    Labels.emplace(Addr, Name);
    AllFuncs[Addr] = Name;
  }

  // Relocations applied to this section, by offset.
  std::multimap<uint64_t, RelocationRef> SecRelocs;
  if (Relocs)
    for (const SectionRef &RelSec : Obj.sections()) {
      Expected<section_iterator> Target = RelSec.getRelocatedSection();
      if (Target && *Target == Sec)
        for (const RelocationRef &R : RelSec.relocations())
          SecRelocs.emplace(R.getOffset(), R);
    }

  outs() << "\nDisassembly of section "
         << unwrapOrError(Sec.getName(), File) << ":\n";
  auto PrintWord = [&](uint64_t Offset, StringRef Marker, StringRef Text) {
    uint64_t Word =
        Offset + 8 <= Bytes.size()
            ? support::endian::read64le(Bytes.data() + Offset)
            : 0;
    outs() << format("%8" PRIx64 ": %016" PRIx64 "  ", Base + Offset, Word)
           << Marker << Text << "\n";
    auto Range = SecRelocs.equal_range(Offset);
    for (auto It = Range.first; It != Range.second; ++It)
      outs() << format("\t\t%016" PRIx64 ":  ", Base + Offset)
             << relocName(It->second.getType()) << "\t"
             << relocValue(It->second) << "\n";
  };

  uint64_t Offset = 0;
  while (Offset < Bytes.size()) {
    auto L = Labels.equal_range(Base + Offset);
    for (auto It = L.first; It != L.second; ++It)
      outs() << "\n" << format("%016" PRIx64, Base + Offset) << " <"
             << It->second << ">:\n";
    if (Src && L.first != L.second)
      Src->reset();

    if (Src)
      Src->printBefore(Sec, Offset);
    if (Bytes.size() - Offset < 8) {
      PrintWord(Offset, "  ", "<invalid: truncated word>");
      break;
    }
    MCInst Bundle;
    uint64_t Size = 0;
    ArrayRef<uint8_t> Data(
        reinterpret_cast<const uint8_t *>(Bytes.data()) + Offset,
        Bytes.size() - Offset);
    if (MC.Dis->getInstruction(Bundle, Size, Data, Base + Offset, nulls()) !=
        MCDisassembler::Success) {
      PrintWord(Offset, "  ", "<invalid>");
      Offset += 8;
      continue;
    }
    unsigned N = Bundle.getNumOperands();
    for (unsigned I = 0; I != N; ++I) {
      const MCInst &Inst = *Bundle.getOperand(I).getInst();
      std::string Text;
      raw_string_ostream OS(Text);
      MC.Printer->printInst(&Inst, Base + Offset, "", *MC.STI, OS);
      Text = StringRef(Text).ltrim('\t').str();
      uint64_t Target;
      if (MC.MIA->evaluateBranch(Inst, Base + Offset, 8, Target)) {
        auto F = AllFuncs.upper_bound(Target);
        if (F != AllFuncs.begin()) {
          --F;
          Text += " <" + F->second;
          if (Target != F->first)
            Text += "+0x" + utohexstr(Target - F->first);
          Text += ">";
        }
      }
      StringRef Marker = N == 1 ? "  " : I == 0 ? "{ " : "  ";
      if (N > 1 && I + 1 == N)
        Text += " }";
      PrintWord(Offset + 8 * I, Marker, Text);
    }
    Offset += Size;
  }
}

static void dumpFile(StringRef Path, AccelMC &MC) {
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
  outs() << "\n" << Path << ":\tfile format elf64-accel\n";
  if (Headers)
    printSectionHeaders(*Obj);
  if (Syms)
    printSymbolTable(*Obj);
  if (Relocs && !Disassemble)
    printRelocations(*Obj);
  if (!Disassemble)
    return;
  std::optional<accel_objdump::SourceLines> Lines;
  std::optional<SourcePrinter> Src;
  if (LineNumbers || Source) {
    Lines.emplace(*Obj, [&](const Twine &Msg) { reportWarning(Path, Msg); });
    if (Lines->hasLineTable())
      Src.emplace(*Lines);
    else
      reportWarning(Path, "no line table (.debug_line): compile with -g for "
                          "-l and -S");
  }
  for (const SectionRef &Sec : Obj->sections())
    if (Sec.isText() && Sec.getSize())
      disassembleSection(*Obj, Sec, MC, Src ? &*Src : nullptr);
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  ToolName = argv[0];
  cl::HideUnrelatedOptions(DumpCategory);
  cl::ParseCommandLineOptions(argc, argv, "Accel object file dumper\n");
  if (Source)
    Disassemble = true;
  if (!Disassemble && !Relocs && !Headers && !Syms) {
    WithColor::error(errs(), ToolName)
        << "no action given: use at least one of -d, -S, -r, -h, -t\n";
    return 2;
  }
  AccelMC MC;
  for (const std::string &Path : InputFiles)
    dumpFile(Path, MC);
  return HadError ? 1 : 0;
}
