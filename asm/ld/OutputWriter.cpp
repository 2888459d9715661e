//===-- OutputWriter.cpp - write the ELF executable -----------------------===//
//
// File layout: ELF header, one PT_LOAD program header per non-empty loaded
// output section, section contents, .symtab/.strtab (unless --strip-all),
// .shstrtab, section headers. The file is written through FileOutputBuffer,
// so a failed link leaves nothing.
//
//===----------------------------------------------------------------------===//

#include "Linker.h"
#include "MCTargetDesc/AccelBaseInfo.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELFTypes.h"
#include "llvm/Support/FileOutputBuffer.h"
#include "llvm/Support/MathExtras.h"
#include <cstring>

using namespace llvm;
using namespace llvm::object;
using namespace accel_ld;

using ELFT = ELF64LE;

namespace {
/// A growing string table.
struct StringTable {
  std::string Data{'\0'};
  uint32_t add(StringRef S) {
    if (S.empty())
      return 0;
    uint32_t Off = Data.size();
    Data += S;
    Data += '\0';
    return Off;
  }
};
} // namespace

/// The output's symbol table, locals first (ELF requires it), then
/// globals; returns the index of the first global.
static unsigned
buildSymbolTable(const Linker &L,
                 const std::map<const OutputSection *, unsigned> &Index,
                 std::vector<ELFT::Sym> &Syms, StringTable &Strtab) {
  Syms.resize(1);
  std::memset(&Syms[0], 0, sizeof(ELFT::Sym));
  auto AddSym = [&](const Symbol &S, uint8_t Bind) {
    ELFT::Sym E;
    std::memset(&E, 0, sizeof(E));
    E.st_name = Strtab.add(S.Name);
    E.setBindingAndType(Bind, S.Type);
    E.st_size = S.Size;
    E.st_value = S.address();
    if (S.Kind == Symbol::Defined && S.Section && S.Section->Out) {
      auto It = Index.find(S.Section->Out);
      E.st_shndx = It != Index.end() ? It->second : ELF::SHN_ABS;
    } else {
      E.st_shndx = S.isDefined() ? ELF::SHN_ABS : ELF::SHN_UNDEF;
    }
    Syms.push_back(E);
  };
  for (auto &File : L.Files)
    for (auto &S : File->LocalSymbols)
      if (S->Kind == Symbol::Defined && !S->Name.empty() &&
          S->Type != ELF::STT_SECTION && S->Type != ELF::STT_FILE &&
          S->Section && S->Section->Live && S->Section->Out)
        AddSym(*S, ELF::STB_LOCAL);
  unsigned FirstGlobal = Syms.size();
  for (auto &Entry : L.Globals) {
    const Symbol &S = *Entry.second;
    if (S.Kind == Symbol::Defined && S.Section && !S.Section->Live)
      continue;
    if (S.Kind == Symbol::Undefined)
      continue;
    AddSym(S, S.Weak ? ELF::STB_WEAK : ELF::STB_GLOBAL);
  }
  return FirstGlobal;
}

bool Linker::writeOutput() {
  std::vector<OutputSection *> Secs;
  unsigned NumLoaded = 0;
  for (auto &Out : Outputs)
    if (Out->Size) {
      Secs.push_back(Out.get());
      NumLoaded += !Out->Debug;
    }

  // Section indices: 0 null, 1..N outputs, then symtab and strtab (unless
  // stripped), shstrtab.
  std::map<const OutputSection *, unsigned> Index;
  for (unsigned I = 0; I != Secs.size(); ++I)
    Index[Secs[I]] = I + 1;
  bool HasSymtab = !Opts.StripAll;
  unsigned SymtabIdx = Secs.size() + 1, StrtabIdx = SymtabIdx + 1,
           ShstrtabIdx = HasSymtab ? StrtabIdx + 1 : SymtabIdx,
           NumSections = ShstrtabIdx + 1;

  StringTable Strtab;
  std::vector<ELFT::Sym> Syms;
  unsigned FirstGlobal = 0;
  if (HasSymtab)
    FirstGlobal = buildSymbolTable(*this, Index, Syms, Strtab);

  StringTable Shstrtab;
  std::vector<uint32_t> SecNames;
  for (OutputSection *Out : Secs)
    SecNames.push_back(Shstrtab.add(Out->Name));
  uint32_t SymtabName = HasSymtab ? Shstrtab.add(".symtab") : 0;
  uint32_t StrtabName = HasSymtab ? Shstrtab.add(".strtab") : 0;
  uint32_t ShstrtabName = Shstrtab.add(".shstrtab");

  // File offsets.
  uint64_t Off = sizeof(ELFT::Ehdr) + NumLoaded * sizeof(ELFT::Phdr);
  std::vector<uint64_t> SecOffset;
  for (OutputSection *Out : Secs) {
    Off = alignTo(Off, Out->Align);
    SecOffset.push_back(Off);
    if (!Out->NoBits)
      Off += Out->Size;
  }
  Off = alignTo(Off, 8);
  uint64_t SymtabOff = Off;
  Off += Syms.size() * sizeof(ELFT::Sym);
  uint64_t StrtabOff = Off;
  Off += HasSymtab ? Strtab.Data.size() : 0;
  uint64_t ShstrtabOff = Off;
  Off += Shstrtab.Data.size();
  Off = alignTo(Off, 8);
  uint64_t ShOff = Off;
  Off += NumSections * sizeof(ELFT::Shdr);

  Expected<std::unique_ptr<FileOutputBuffer>> BufOrErr =
      FileOutputBuffer::create(Opts.Output, Off, FileOutputBuffer::F_executable);
  if (!BufOrErr) {
    error("cannot open " + Opts.Output + ": " +
          toString(BufOrErr.takeError()));
    return false;
  }
  std::unique_ptr<FileOutputBuffer> Buf = std::move(*BufOrErr);
  uint8_t *Base = Buf->getBufferStart();
  std::memset(Base, 0, Off);

  auto *Eh = reinterpret_cast<ELFT::Ehdr *>(Base);
  std::memcpy(Eh->e_ident, ELF::ElfMagic, 4);
  Eh->e_ident[ELF::EI_CLASS] = ELF::ELFCLASS64;
  Eh->e_ident[ELF::EI_DATA] = ELF::ELFDATA2LSB;
  Eh->e_ident[ELF::EI_VERSION] = ELF::EV_CURRENT;
  Eh->e_type = ELF::ET_EXEC;
  Eh->e_machine = Accel::EM_ACCEL;
  Eh->e_version = ELF::EV_CURRENT;
  Eh->e_entry = EntrySymbol->address();
  Eh->e_phoff = sizeof(ELFT::Ehdr);
  Eh->e_shoff = ShOff;
  Eh->e_ehsize = sizeof(ELFT::Ehdr);
  Eh->e_phentsize = sizeof(ELFT::Phdr);
  Eh->e_phnum = NumLoaded;
  Eh->e_shentsize = sizeof(ELFT::Shdr);
  Eh->e_shnum = NumSections;
  Eh->e_shstrndx = ShstrtabIdx;

  auto *Ph = reinterpret_cast<ELFT::Phdr *>(Base + Eh->e_phoff);
  auto *Sh = reinterpret_cast<ELFT::Shdr *>(Base + ShOff);
  ELFT::Phdr *NextPh = Ph;
  for (unsigned I = 0; I != Secs.size(); ++I) {
    OutputSection *Out = Secs[I];
    if (!Out->Debug) {
      ELFT::Phdr &P = *NextPh++;
      P.p_type = ELF::PT_LOAD;
      P.p_flags = ELF::PF_R | ((Out->Flags & ELF::SHF_WRITE) ? ELF::PF_W : 0) |
                  ((Out->Flags & ELF::SHF_EXECINSTR) ? ELF::PF_X : 0);
      P.p_offset = SecOffset[I];
      P.p_vaddr = Out->Addr;
      P.p_paddr = Out->Addr;
      P.p_filesz = Out->NoBits ? 0 : Out->Size;
      P.p_memsz = Out->Size;
      P.p_align = Out->Align;
    }

    ELFT::Shdr &S = Sh[I + 1];
    S.sh_name = SecNames[I];
    S.sh_type = Out->NoBits ? ELF::SHT_NOBITS
                : Out->Name == ".init_array" ? ELF::SHT_INIT_ARRAY
                : Out->Name == ".fini_array" ? ELF::SHT_FINI_ARRAY
                                             : ELF::SHT_PROGBITS;
    S.sh_flags = Out->Flags;
    S.sh_addr = Out->Addr;
    S.sh_offset = SecOffset[I];
    S.sh_size = Out->Size;
    S.sh_addralign = Out->Align;

    if (Out->NoBits)
      continue;
    for (InputSection *In : Out->Inputs)
      if (!In->NoBits)
        std::memcpy(Base + SecOffset[I] + In->OutOffset, In->Patched.data(),
                    In->Patched.size());
  }

  auto SetTable = [&](unsigned Idx, uint32_t Name, uint32_t Type,
                      uint64_t Offset, uint64_t Size) {
    Sh[Idx].sh_name = Name;
    Sh[Idx].sh_type = Type;
    Sh[Idx].sh_offset = Offset;
    Sh[Idx].sh_size = Size;
    Sh[Idx].sh_addralign = 1;
  };
  if (HasSymtab) {
    std::memcpy(Base + SymtabOff, Syms.data(),
                Syms.size() * sizeof(ELFT::Sym));
    std::memcpy(Base + StrtabOff, Strtab.Data.data(), Strtab.Data.size());
    SetTable(SymtabIdx, SymtabName, ELF::SHT_SYMTAB, SymtabOff,
             Syms.size() * sizeof(ELFT::Sym));
    Sh[SymtabIdx].sh_link = StrtabIdx;
    Sh[SymtabIdx].sh_info = FirstGlobal;
    Sh[SymtabIdx].sh_entsize = sizeof(ELFT::Sym);
    Sh[SymtabIdx].sh_addralign = 8;
    SetTable(StrtabIdx, StrtabName, ELF::SHT_STRTAB, StrtabOff,
             Strtab.Data.size());
  }
  std::memcpy(Base + ShstrtabOff, Shstrtab.Data.data(), Shstrtab.Data.size());
  SetTable(ShstrtabIdx, ShstrtabName, ELF::SHT_STRTAB, ShstrtabOff,
           Shstrtab.Data.size());

  if (Error E = Buf->commit()) {
    error("cannot write " + Opts.Output + ": " + toString(std::move(E)));
    return false;
  }
  return true;
}
