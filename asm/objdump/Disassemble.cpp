//===-- Disassemble.cpp - accel-objdump -d --------------------------------===//
//
// Disassembly bundle by bundle, in llvm-objdump's layout: an address, the
// raw word and one instruction per line, a bundle's lines between { and },
// labels and branch targets named by the symbol table, with -r the
// relocations under the word they patch, with -l/-S the source lines above
// their code. Words that do not decode print as "<invalid>" and
// disassembly carries on with the next word.
//
//===----------------------------------------------------------------------===//

#include "AccelMCObjects.h"
#include "Objdump.h"
#include "SourceLines.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <optional>

using namespace llvm;
using namespace llvm::object;
using namespace accel_objdump;

namespace {
/// The MC objects needed to decode and print Accel code.
struct AccelMC : AccelMCObjects {
  std::unique_ptr<MCDisassembler> Dis = createDisassembler();
  std::unique_ptr<MCInstPrinter> Printer = createInstPrinter();
  std::unique_ptr<MCInstrAnalysis> MIA{
      TheTarget->createMCInstrAnalysis(MII.get())};

  AccelMC() { Printer->setPrintBranchImmAsAddress(true); }
};

/// Prints, before the code at an offset, what changed since the code before
/// it: "; function():" and "; file:line" with -l, the source text with -S.
class SourcePrinter {
public:
  SourcePrinter(SourceLines &Lines, const DumpOptions &Opts)
      : Lines(Lines), Opts(Opts) {}

  void printBefore(const SectionRef &Sec, uint64_t Offset) {
    DILineInfo Info = Lines.lookup(Sec, Offset);
    if (Info.FileName == DILineInfo::BadString || Info.Line == 0)
      return;
    if (Opts.LineNumbers && Info.FunctionName != Prev.FunctionName &&
        Info.FunctionName != DILineInfo::BadString)
      outs() << "; " << Info.FunctionName << "():\n";
    if (Info.Line != Prev.Line || Info.FileName != Prev.FileName) {
      if (Opts.LineNumbers)
        outs() << "; " << Info.FileName << ":" << Info.Line << "\n";
      if (Opts.Source)
        if (std::optional<StringRef> Text = Lines.text(Info.FileName, Info.Line))
          outs() << "; " << *Text << "\n";
    }
    Prev = Info;
  }

  /// After a label: the next code shows its function and line again.
  void reset() { Prev = DILineInfo(); }

private:
  SourceLines &Lines;
  const DumpOptions &Opts;
  DILineInfo Prev;
};

/// One section's disassembly.
class SectionDisassembler {
public:
  SectionDisassembler(const ELFObjectFileBase &Obj, const SectionRef &Sec,
                      const DumpOptions &Opts, AccelMC &MC,
                      SourcePrinter *Src, StringSet<> &FoundSymbols)
      : Obj(Obj), Sec(Sec), Opts(Opts), MC(MC), Src(Src),
        FoundSymbols(FoundSymbols), File(Obj.getFileName()),
        Bytes(unwrapOrError(Sec.getContents(), File)),
        Base(Sec.getAddress()) {}

  void run();

private:
  void collectSymbols();
  bool wanted(const std::string &Label) const;
  bool inRange(uint64_t Offset) const;
  void printHeader();
  void printWord(uint64_t Offset, StringRef Marker, StringRef Text);
  std::string branchTarget(const MCInst &Inst, uint64_t Addr) const;

  const ELFObjectFileBase &Obj;
  const SectionRef &Sec;
  const DumpOptions &Opts;
  AccelMC &MC;
  SourcePrinter *Src;
  StringSet<> &FoundSymbols;
  StringRef File;
  StringRef Bytes;
  uint64_t Base;
  bool HeaderPrinted = false;
  /// Symbol names by address: the labels, and what branches land in.
  std::multimap<uint64_t, std::string> Labels;
  std::map<uint64_t, std::string> Functions;
  /// Relocations applied to this section, by offset (with -r).
  std::multimap<uint64_t, RelocationRef> Relocs;
};
} // namespace

void SectionDisassembler::collectSymbols() {
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
    Functions[Addr] = Name;
  }
  if (Opts.Relocs)
    for (const SectionRef &RelSec : Obj.sections()) {
      Expected<section_iterator> Target = RelSec.getRelocatedSection();
      if (Target && *Target == Sec)
        for (const RelocationRef &R : RelSec.relocations())
          Relocs.emplace(R.getOffset(), R);
    }
}

/// Whether --disassemble-symbols= asks for the code after \p Label (by its
/// name or, with -C, its demangled name); all code if it names none.
bool SectionDisassembler::wanted(const std::string &Label) const {
  if (Opts.DisassembleSymbols.empty())
    return true;
  return is_contained(Opts.DisassembleSymbols, Label) ||
         is_contained(Opts.DisassembleSymbols, Opts.symbolName(Label));
}

void SectionDisassembler::printHeader() {
  if (HeaderPrinted)
    return;
  outs() << "\nDisassembly of section " << unwrapOrError(Sec.getName(), File)
         << ":\n";
  HeaderPrinted = true;
}

void SectionDisassembler::printWord(uint64_t Offset, StringRef Marker,
                                    StringRef Text) {
  uint64_t Word = Offset + 8 <= Bytes.size()
                      ? support::endian::read64le(Bytes.data() + Offset)
                      : 0;
  if (Opts.LeadingAddr)
    outs() << format("%8" PRIx64 ": ", Base + Offset);
  if (Opts.ShowRawInsn)
    outs() << format("%016" PRIx64 "  ", Word);
  outs() << Marker << Text << "\n";
  auto Range = Relocs.equal_range(Offset);
  for (auto It = Range.first; It != Range.second; ++It)
    outs() << format("\t\t%016" PRIx64 ":  ", Base + Offset)
           << relocName(It->second.getType()) << "\t"
           << relocValue(It->second, Opts) << "\n";
}

/// " <function+0x10>" for a branch, call or jump; "" for other code.
std::string SectionDisassembler::branchTarget(const MCInst &Inst,
                                              uint64_t Addr) const {
  uint64_t Target;
  if (!MC.MIA->evaluateBranch(Inst, Addr, 8, Target))
    return "";
  auto F = Functions.upper_bound(Target);
  if (F == Functions.begin())
    return "";
  --F;
  std::string Text = " <" + Opts.symbolName(F->second);
  if (Target != F->first)
    Text += "+0x" + utohexstr(Target - F->first);
  return Text + ">";
}

bool SectionDisassembler::inRange(uint64_t Offset) const {
  return Base + Offset >= Opts.StartAddress && Base + Offset < Opts.StopAddress;
}

void SectionDisassembler::run() {
  collectSymbols();
  // Before the first label, code belongs to no symbol.
  bool InWantedSymbol = Opts.DisassembleSymbols.empty();
  uint64_t Offset = 0;
  while (Offset < Bytes.size()) {
    uint64_t Addr = Base + Offset;
    auto L = Labels.equal_range(Addr);
    if (L.first != L.second) {
      InWantedSymbol = false;
      for (auto It = L.first; It != L.second; ++It)
        if (wanted(It->second)) {
          InWantedSymbol = true;
          FoundSymbols.insert(It->second);
          FoundSymbols.insert(Opts.symbolName(It->second));
        }
    }
    // Word by word: --start-address may fall inside a bundle.
    auto Print = [&](uint64_t WordOffset) {
      return InWantedSymbol && inRange(WordOffset);
    };
    if (Print(Offset)) {
      printHeader();
      for (auto It = L.first; It != L.second; ++It) {
        outs() << "\n";
        if (Opts.LeadingAddr)
          outs() << format("%016" PRIx64 " ", Addr);
        outs() << "<" << Opts.symbolName(It->second) << ">:\n";
      }
      if (Src && L.first != L.second)
        Src->reset();
      if (Src)
        Src->printBefore(Sec, Offset);
    }
    if (Bytes.size() - Offset < 8) {
      if (Print(Offset))
        printWord(Offset, "  ", "<invalid: truncated word>");
      break;
    }
    MCInst Bundle;
    uint64_t Size = 0;
    ArrayRef<uint8_t> Data(
        reinterpret_cast<const uint8_t *>(Bytes.data()) + Offset,
        Bytes.size() - Offset);
    if (MC.Dis->getInstruction(Bundle, Size, Data, Addr, nulls()) !=
        MCDisassembler::Success) {
      if (Print(Offset))
        printWord(Offset, "  ", "<invalid>");
      Offset += 8;
      continue;
    }
    unsigned N = Bundle.getNumOperands();
    for (unsigned I = 0; I != N; ++I) {
      if (!Print(Offset + 8 * I))
        continue;
      printHeader();
      const MCInst &Inst = *Bundle.getOperand(I).getInst();
      std::string Text;
      raw_string_ostream OS(Text);
      MC.Printer->printInst(&Inst, Addr, "", *MC.STI, OS);
      Text = StringRef(Text).ltrim('\t').str() + branchTarget(Inst, Addr);
      StringRef Marker = N == 1 ? "  " : I == 0 ? "{ " : "  ";
      if (N > 1 && I + 1 == N)
        Text += " }";
      printWord(Offset + 8 * I, Marker, Text);
    }
    Offset += Size;
  }
}

void accel_objdump::disassemble(const ELFObjectFileBase &Obj,
                                const DumpOptions &Opts) {
  static AccelMC MC;
  StringRef File = Obj.getFileName();
  std::optional<SourceLines> Lines;
  std::optional<SourcePrinter> Src;
  if (Opts.LineNumbers || Opts.Source) {
    Lines.emplace(Obj, [&](const Twine &Msg) { reportWarning(File, Msg); });
    if (Lines->hasLineTable())
      Src.emplace(*Lines, Opts);
    else
      reportWarning(File, "no line table (.debug_line): compile with -g for "
                          "-l and -S");
  }
  StringSet<> FoundSymbols;
  for (const SectionRef &Sec : Obj.sections()) {
    // -d: code; -D: whatever is loaded with contents.
    bool Code = Opts.DisassembleAll
                    ? (ELFSectionRef(Sec).getFlags() & ELF::SHF_ALLOC) &&
                          !Sec.isBSS()
                    : Sec.isText();
    if (!Code || !Sec.getSize() ||
        !Opts.selects(unwrapOrError(Sec.getName(), File)))
      continue;
    SectionDisassembler(Obj, Sec, Opts, MC, Src ? &*Src : nullptr,
                        FoundSymbols)
        .run();
  }
  for (const std::string &Name : Opts.DisassembleSymbols)
    if (!FoundSymbols.contains(Name))
      reportWarning(File, "failed to disassemble missing symbol " + Name);
}
