//===-- Tables.cpp - accel-objdump's headers, symbols, relocations --------===//
//
// Everything accel-objdump prints but code, in llvm-objdump's layout: -f, -p,
// -h, -t, -r (on their own, without -d) and -s.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/AccelBaseInfo.h"
#include "Objdump.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::object;

namespace accel_objdump {

bool DumpOptions::selects(StringRef Name) const {
  return Sections.empty() || is_contained(Sections, Name);
}

std::string DumpOptions::symbolName(StringRef Name) const {
  return Demangle ? demangle(Name) : Name.str();
}

StringRef relocName(uint32_t Type) {
  if (const char *Name = Accel::getRelocTypeName(Type))
    return Name;
  return "<unknown>";
}

std::string relocValue(const RelocationRef &R, const DumpOptions &Opts) {
  std::string S;
  symbol_iterator Sym = R.getSymbol();
  if (Sym != R.getObject()->symbol_end()) {
    Expected<StringRef> Name = Sym->getName();
    if (Name && !Name->empty())
      S = Opts.symbolName(*Name);
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

void printFileHeaders(const ELFObjectFileBase &Obj) {
  Expected<uint64_t> Start = Obj.getStartAddress();
  outs() << "architecture: accel\n"
         << "start address: 0x"
         << format("%016" PRIx64, Start ? *Start : 0) << "\n";
  if (!Start)
    consumeError(Start.takeError());
}

void printProgramHeaders(const ELFObjectFileBase &Obj) {
  const auto &Elf = cast<ELF64LEObjectFile>(Obj).getELFFile();
  auto Phdrs = unwrapOrError(Elf.program_headers(), Obj.getFileName());
  outs() << "\nProgram Header:\n";
  for (const auto &P : Phdrs) {
    StringRef Type = P.p_type == ELF::PT_LOAD ? "LOAD" : "UNKNOWN";
    outs() << format("%8s ", Type.str().c_str())
           << format("off    0x%016" PRIx64 " ", uint64_t(P.p_offset))
           << format("vaddr 0x%016" PRIx64 " ", uint64_t(P.p_vaddr))
           << format("paddr 0x%016" PRIx64 " ", uint64_t(P.p_paddr))
           << format("align 2**%u\n", unsigned(countr_zero(
                                          std::max<uint64_t>(P.p_align, 1))))
           << format("         filesz 0x%016" PRIx64 " ", uint64_t(P.p_filesz))
           << format("memsz 0x%016" PRIx64 " ", uint64_t(P.p_memsz))
           << "flags " << ((P.p_flags & ELF::PF_R) ? 'r' : '-')
           << ((P.p_flags & ELF::PF_W) ? 'w' : '-')
           << ((P.p_flags & ELF::PF_X) ? 'x' : '-') << "\n";
  }
}

void printSectionHeaders(const ELFObjectFileBase &Obj,
                         const DumpOptions &Opts) {
  outs() << "\nSections:\nIdx Name            Size     VMA              Type\n";
  unsigned Idx = 0;
  for (const SectionRef &Sec : Obj.sections()) {
    StringRef Name = unwrapOrError(Sec.getName(), Obj.getFileName());
    unsigned ThisIdx = Idx++;
    if (!Opts.selects(Name))
      continue;
    std::string Type;
    if (Sec.isText())
      Type = "TEXT";
    else if (Sec.isBSS())
      Type = "BSS";
    else if (Sec.isData())
      Type = "DATA";
    outs() << format("%3u %-15s %08" PRIx64 " %016" PRIx64 " %s\n", ThisIdx,
                     Name.str().c_str(), Sec.getSize(), Sec.getAddress(),
                     Type.c_str());
  }
}

void printSymbolTable(const ELFObjectFileBase &Obj, const DumpOptions &Opts) {
  outs() << "\nSYMBOL TABLE:\n";
  for (const ELFSymbolRef &Sym : Obj.symbols()) {
    StringRef File = Obj.getFileName();
    uint64_t Addr = unwrapOrError(Sym.getAddress(), File);
    uint32_t Flags = unwrapOrError(Sym.getFlags(), File);
    SymbolRef::Type Type = unwrapOrError(Sym.getType(), File);
    section_iterator Sec = unwrapOrError(Sym.getSection(), File);
    std::string Name = Opts.symbolName(unwrapOrError(Sym.getName(), File));
    if (Type == SymbolRef::ST_Debug && Sec != Obj.section_end())
      Name = unwrapOrError(Sec->getName(), File).str();
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
                     Sym.getSize(), Name.c_str());
  }
}

void printRelocations(const ELFObjectFileBase &Obj, const DumpOptions &Opts) {
  for (const SectionRef &Sec : Obj.sections()) {
    Expected<section_iterator> Target = Sec.getRelocatedSection();
    if (!Target || *Target == Obj.section_end() || Sec.relocations().empty())
      continue;
    StringRef Name = unwrapOrError((*Target)->getName(), Obj.getFileName());
    if (!Opts.selects(Name))
      continue;
    outs() << "\nRELOCATION RECORDS FOR [" << Name << "]:\n"
           << "OFFSET           TYPE                     VALUE\n";
    for (const RelocationRef &R : Sec.relocations())
      outs() << format("%016" PRIx64 " %-24s ", R.getOffset(),
                       relocName(R.getType()).str().c_str())
             << relocValue(R, Opts) << "\n";
  }
}

/// -s: each section's bytes, 16 a line in groups of 4, then as text.
void printSectionContents(const ELFObjectFileBase &Obj,
                          const DumpOptions &Opts) {
  StringRef File = Obj.getFileName();
  for (const SectionRef &Sec : Obj.sections()) {
    StringRef Name = unwrapOrError(Sec.getName(), File);
    if (Name.empty() || !Opts.selects(Name) || !Sec.getSize())
      continue;
    outs() << "Contents of section " << Name << ":\n";
    uint64_t Base = Sec.getAddress();
    if (Sec.isBSS()) {
      outs() << format("<skipping contents of bss section at [%04" PRIx64
                       ", %04" PRIx64 ")>\n",
                       Base, Base + Sec.getSize());
      continue;
    }
    StringRef Bytes = unwrapOrError(Sec.getContents(), File);
    // The addresses' column is as wide as the last one needs, at least 4.
    int Width = std::max<int>(4, utohexstr(Base + Bytes.size()).size());
    for (size_t Line = 0; Line < Bytes.size(); Line += 16) {
      outs() << format(" %0*" PRIx64 " ", Width, Base + Line);
      for (size_t I = 0; I != 16; ++I) {
        if (I && I % 4 == 0)
          outs() << ' ';
        if (Line + I < Bytes.size())
          outs() << format_hex_no_prefix(uint8_t(Bytes[Line + I]), 2);
        else
          outs() << "  ";
      }
      outs() << "  ";
      for (size_t I = 0; I != 16 && Line + I < Bytes.size(); ++I)
        outs() << (isPrint(Bytes[Line + I]) ? Bytes[Line + I] : '.');
      outs() << "\n";
    }
  }
}

} // namespace accel_objdump
