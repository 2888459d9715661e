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
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
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

namespace {
/// What the output file holds and where: all of it is known before the
/// file is created, as its size depends on all of it.
struct ElfImage {
  /// The non-empty output sections, as section headers 1..N.
  std::vector<OutputSection *> Secs;
  std::vector<uint32_t> SecNames;   ///< Offsets in Shstrtab.
  std::vector<uint64_t> SecOffsets; ///< File offsets.
  unsigned NumLoaded = 0;           ///< Program headers: Secs not Debug.
  bool HasSymtab = false;           ///< Not --strip-all.
  // Section indices: 0 null, 1..N outputs, then symtab and strtab (unless
  // stripped), shstrtab.
  unsigned SymtabIdx = 0, StrtabIdx = 0, ShstrtabIdx = 0, NumSections = 0;
  std::vector<ELFT::Sym> Syms;
  unsigned FirstGlobal = 0;
  StringTable Strtab, Shstrtab;
  uint32_t SymtabName = 0, StrtabName = 0, ShstrtabName = 0;
  uint64_t SymtabOff = 0, StrtabOff = 0, ShstrtabOff = 0, ShOff = 0;
  uint64_t FileSize = 0;
};
} // namespace

/// Chooses the sections to write, their indices and names, and builds the
/// symbol table.
static void planSections(const Linker &L, ElfImage &Image) {
  for (auto &Out : L.Outputs)
    if (Out->Size) {
      Image.Secs.push_back(Out.get());
      Image.NumLoaded += !Out->Debug;
    }

  std::map<const OutputSection *, unsigned> Index;
  for (unsigned I = 0; I != Image.Secs.size(); ++I)
    Index[Image.Secs[I]] = I + 1;
  Image.HasSymtab = !L.Opts.StripAll;
  Image.SymtabIdx = Image.Secs.size() + 1;
  Image.StrtabIdx = Image.SymtabIdx + 1;
  Image.ShstrtabIdx = Image.HasSymtab ? Image.StrtabIdx + 1 : Image.SymtabIdx;
  Image.NumSections = Image.ShstrtabIdx + 1;

  if (Image.HasSymtab)
    Image.FirstGlobal = buildSymbolTable(L, Index, Image.Syms, Image.Strtab);

  for (OutputSection *Out : Image.Secs)
    Image.SecNames.push_back(Image.Shstrtab.add(Out->Name));
  Image.SymtabName = Image.HasSymtab ? Image.Shstrtab.add(".symtab") : 0;
  Image.StrtabName = Image.HasSymtab ? Image.Shstrtab.add(".strtab") : 0;
  Image.ShstrtabName = Image.Shstrtab.add(".shstrtab");
}

/// Lays out the file: headers, section contents, tables, section headers.
static void assignFileOffsets(ElfImage &Image) {
  uint64_t Off = sizeof(ELFT::Ehdr) + Image.NumLoaded * sizeof(ELFT::Phdr);
  for (OutputSection *Out : Image.Secs) {
    Off = alignTo(Off, Out->Align);
    Image.SecOffsets.push_back(Off);
    if (!Out->NoBits)
      Off += Out->Size;
  }
  Off = alignTo(Off, 8);
  Image.SymtabOff = Off;
  Off += Image.Syms.size() * sizeof(ELFT::Sym);
  Image.StrtabOff = Off;
  Off += Image.HasSymtab ? Image.Strtab.Data.size() : 0;
  Image.ShstrtabOff = Off;
  Off += Image.Shstrtab.Data.size();
  Off = alignTo(Off, 8);
  Image.ShOff = Off;
  Off += Image.NumSections * sizeof(ELFT::Shdr);
  Image.FileSize = Off;
}

static void writeElfHeader(const ElfImage &Image, uint64_t Entry,
                           uint8_t *Base) {
  auto *Eh = reinterpret_cast<ELFT::Ehdr *>(Base);
  std::memcpy(Eh->e_ident, ELF::ElfMagic, 4);
  Eh->e_ident[ELF::EI_CLASS] = ELF::ELFCLASS64;
  Eh->e_ident[ELF::EI_DATA] = ELF::ELFDATA2LSB;
  Eh->e_ident[ELF::EI_VERSION] = ELF::EV_CURRENT;
  Eh->e_type = ELF::ET_EXEC;
  Eh->e_machine = Accel::EM_ACCEL;
  Eh->e_version = ELF::EV_CURRENT;
  Eh->e_entry = Entry;
  Eh->e_phoff = sizeof(ELFT::Ehdr);
  Eh->e_shoff = Image.ShOff;
  Eh->e_ehsize = sizeof(ELFT::Ehdr);
  Eh->e_phentsize = sizeof(ELFT::Phdr);
  Eh->e_phnum = Image.NumLoaded;
  Eh->e_shentsize = sizeof(ELFT::Shdr);
  Eh->e_shnum = Image.NumSections;
  Eh->e_shstrndx = Image.ShstrtabIdx;
}

/// A PT_LOAD program header per loaded section, right after the ELF header.
static void writeProgramHeaders(const ElfImage &Image, uint8_t *Base) {
  auto *NextPh = reinterpret_cast<ELFT::Phdr *>(Base + sizeof(ELFT::Ehdr));
  for (unsigned I = 0; I != Image.Secs.size(); ++I) {
    const OutputSection *Out = Image.Secs[I];
    if (Out->Debug)
      continue;
    ELFT::Phdr &P = *NextPh++;
    P.p_type = ELF::PT_LOAD;
    P.p_flags = ELF::PF_R | ((Out->Flags & ELF::SHF_WRITE) ? ELF::PF_W : 0) |
                ((Out->Flags & ELF::SHF_EXECINSTR) ? ELF::PF_X : 0);
    P.p_offset = Image.SecOffsets[I];
    P.p_vaddr = Out->Addr;
    P.p_paddr = Out->Addr;
    P.p_filesz = Out->NoBits ? 0 : Out->Size;
    P.p_memsz = Out->Size;
    P.p_align = Out->Align;
  }
}

/// The output sections' contents: their input sections, relocated.
static void writeSectionContents(const ElfImage &Image, uint8_t *Base) {
  for (unsigned I = 0; I != Image.Secs.size(); ++I) {
    const OutputSection *Out = Image.Secs[I];
    if (Out->NoBits)
      continue;
    for (InputSection *In : Out->Inputs)
      if (!In->NoBits)
        std::memcpy(Base + Image.SecOffsets[I] + In->OutOffset,
                    In->Patched.data(), In->Patched.size());
  }
}

/// .symtab and .strtab (unless stripped) and .shstrtab.
static void writeTables(const ElfImage &Image, uint8_t *Base) {
  if (Image.HasSymtab) {
    std::memcpy(Base + Image.SymtabOff, Image.Syms.data(),
                Image.Syms.size() * sizeof(ELFT::Sym));
    std::memcpy(Base + Image.StrtabOff, Image.Strtab.Data.data(),
                Image.Strtab.Data.size());
  }
  std::memcpy(Base + Image.ShstrtabOff, Image.Shstrtab.Data.data(),
              Image.Shstrtab.Data.size());
}

/// The section headers: the output sections', then the tables'.
static void writeSectionHeaders(const ElfImage &Image, uint8_t *Base) {
  auto *Sh = reinterpret_cast<ELFT::Shdr *>(Base + Image.ShOff);
  for (unsigned I = 0; I != Image.Secs.size(); ++I) {
    const OutputSection *Out = Image.Secs[I];
    ELFT::Shdr &S = Sh[I + 1];
    S.sh_name = Image.SecNames[I];
    S.sh_type = Out->NoBits ? ELF::SHT_NOBITS
                : Out->Name == ".init_array" ? ELF::SHT_INIT_ARRAY
                : Out->Name == ".fini_array" ? ELF::SHT_FINI_ARRAY
                                             : ELF::SHT_PROGBITS;
    S.sh_flags = Out->Flags;
    S.sh_addr = Out->Addr;
    S.sh_offset = Image.SecOffsets[I];
    S.sh_size = Out->Size;
    S.sh_addralign = Out->Align;
  }

  auto SetTable = [&](unsigned Idx, uint32_t Name, uint32_t Type,
                      uint64_t Offset, uint64_t Size) {
    Sh[Idx].sh_name = Name;
    Sh[Idx].sh_type = Type;
    Sh[Idx].sh_offset = Offset;
    Sh[Idx].sh_size = Size;
    Sh[Idx].sh_addralign = 1;
  };
  if (Image.HasSymtab) {
    SetTable(Image.SymtabIdx, Image.SymtabName, ELF::SHT_SYMTAB,
             Image.SymtabOff, Image.Syms.size() * sizeof(ELFT::Sym));
    Sh[Image.SymtabIdx].sh_link = Image.StrtabIdx;
    Sh[Image.SymtabIdx].sh_info = Image.FirstGlobal;
    Sh[Image.SymtabIdx].sh_entsize = sizeof(ELFT::Sym);
    Sh[Image.SymtabIdx].sh_addralign = 8;
    SetTable(Image.StrtabIdx, Image.StrtabName, ELF::SHT_STRTAB,
             Image.StrtabOff, Image.Strtab.Data.size());
  }
  SetTable(Image.ShstrtabIdx, Image.ShstrtabName, ELF::SHT_STRTAB,
           Image.ShstrtabOff, Image.Shstrtab.Data.size());
}

/// Whether \p Path names an existing file that is neither a regular file
/// nor a directory: a device, a FIFO, a socket.
static bool isSpecialFile(const std::string &Path) {
  sys::fs::file_status Status;
  if (sys::fs::status(Path, Status))
    return false;
  return Status.type() != sys::fs::file_type::regular_file &&
         Status.type() != sys::fs::file_type::directory_file;
}

bool Linker::writeOutput() {
  ElfImage Image;
  planSections(*this, Image);
  assignFileOffsets(Image);

  // A regular file is written through FileOutputBuffer (a temporary file,
  // renamed when complete). It would write a device (/dev/full) through a
  // stream whose write errors it ignores, and abort later; those outputs
  // are written from memory here.
  bool Special = isSpecialFile(Opts.Output);
  std::unique_ptr<FileOutputBuffer> Buf;
  std::vector<uint8_t> InMemory;
  uint8_t *Base;
  if (Special) {
    InMemory.resize(Image.FileSize);
    Base = InMemory.data();
  } else {
    Expected<std::unique_ptr<FileOutputBuffer>> BufOrErr =
        FileOutputBuffer::create(Opts.Output, Image.FileSize,
                                 FileOutputBuffer::F_executable);
    if (!BufOrErr) {
      error("cannot open " + Opts.Output + ": " +
            toString(BufOrErr.takeError()));
      return false;
    }
    Buf = std::move(*BufOrErr);
    Base = Buf->getBufferStart();
  }
  std::memset(Base, 0, Image.FileSize);

  writeElfHeader(Image, EntrySymbol->address(), Base);
  writeProgramHeaders(Image, Base);
  writeSectionContents(Image, Base);
  writeTables(Image, Base);
  writeSectionHeaders(Image, Base);

  if (!Special) {
    if (Error E = Buf->commit()) {
      error("cannot write " + Opts.Output + ": " + toString(std::move(E)));
      return false;
    }
    return true;
  }
  std::error_code EC;
  raw_fd_ostream OS(Opts.Output, EC);
  if (EC) {
    error("cannot open " + Opts.Output + ": " + EC.message());
    return false;
  }
  OS.write(reinterpret_cast<const char *>(Base), Image.FileSize);
  OS.close();
  if (OS.has_error()) {
    error("cannot write " + Opts.Output + ": " + OS.error().message());
    OS.clear_error();
    return false;
  }
  return true;
}
