//===-- InputReader.cpp - read objects and archives into the Linker -------===//

#include "Linker.h"
#include "ContainedRead.h"
#include "MCTargetDesc/AccelBaseInfo.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace llvm::object;
using namespace accel_ld;

using ELFT = ELF64LE;

/// The value, or (after reporting the error) T's default.
template <typename T>
static T orReport(Linker &L, const std::string &File, Expected<T> V) {
  if (V)
    return std::move(*V);
  L.error(File + ": " + toString(V.takeError()));
  return T();
}

static bool isLoadedSection(const ELFT::Shdr &Sec) {
  return (Sec.sh_flags & ELF::SHF_ALLOC) &&
         (Sec.sh_type == ELF::SHT_PROGBITS || Sec.sh_type == ELF::SHT_NOBITS ||
          Sec.sh_type == ELF::SHT_INIT_ARRAY ||
          Sec.sh_type == ELF::SHT_FINI_ARRAY);
}

/// DWARF sections, which the output keeps (unless --strip-debug) so that
/// accel-objdump -l and the simulator can map addresses to source lines.
static bool isDebugSection(const ELFT::Shdr &Sec, StringRef Name) {
  return !(Sec.sh_flags & ELF::SHF_ALLOC) &&
         Sec.sh_type == ELF::SHT_PROGBITS && Name.starts_with(".debug_");
}

/// Merges a global symbol definition or reference into the symbol table.
static void mergeGlobal(Linker &L, Symbol &Existing, const Symbol &New) {
  if (New.Kind == Symbol::Undefined) {
    if (Existing.Kind == Symbol::Undefined && !New.Weak)
      Existing.Weak = false;
    return;
  }
  if (New.Kind == Symbol::Common) {
    if (Existing.Kind == Symbol::Undefined) {
      Existing = New;
    } else if (Existing.Kind == Symbol::Common) {
      Existing.Size = std::max(Existing.Size, New.Size);
      Existing.CommonAlign = std::max(Existing.CommonAlign, New.CommonAlign);
    }
    return;
  }
  // New is a definition. Linker-defined symbols exist while inputs are read
  // only for --defsym, which overrides inputs as a linker script would.
  if (Existing.LinkerDefined)
    return;
  bool ExistingStrongDef = Existing.isDefined() && !Existing.Weak;
  if (ExistingStrongDef && !New.Weak) {
    L.error("duplicate symbol: " + New.Name + "\n>>> defined in " +
            Existing.File->Name + "\n>>> defined in " + New.File->Name);
    return;
  }
  if (ExistingStrongDef || (Existing.isDefined() && New.Weak))
    return; // Keep the first definition.
  Existing = New;
}

Symbol *Linker::addGlobal(const Symbol &New) {
  auto &Slot = Globals[New.Name];
  if (!Slot) {
    Slot = std::make_unique<Symbol>(New);
    if (New.Kind == Symbol::Undefined)
      Slot->File = nullptr;
  } else {
    mergeGlobal(*this, *Slot, New);
  }
  return Slot.get();
}

void Linker::addObject(std::unique_ptr<MemoryBuffer> Buffer,
                       const std::string &Name) {
  Expected<ELFFile<ELFT>> ObjOrErr = ELFFile<ELFT>::create(Buffer->getBuffer());
  if (!ObjOrErr) {
    error(Name + ": not a valid ELF object: " +
          toString(ObjOrErr.takeError()));
    return;
  }
  const ELFFile<ELFT> &Obj = *ObjOrErr;
  const ELFT::Ehdr &Hdr = Obj.getHeader();
  if (Hdr.e_ident[ELF::EI_CLASS] != ELF::ELFCLASS64 ||
      Hdr.e_ident[ELF::EI_DATA] != ELF::ELFDATA2LSB) {
    error(Name + ": not a 64-bit little-endian ELF object");
    return;
  }
  if (Hdr.e_machine != Accel::EM_ACCEL) {
    error(Name + ": is for machine " + Twine(Hdr.e_machine) +
          ", not Accel (" + Twine(Accel::EM_ACCEL) + ")");
    return;
  }

  auto File = std::make_unique<InputFile>();
  File->Name = Name;
  File->Buffer = std::move(Buffer);
  // Re-create over the owned buffer: ELFFile refers into it.
  ELFFile<ELFT> Elf = cantFail(ELFFile<ELFT>::create(File->Buffer->getBuffer()));

  auto SectionsOrErr = Elf.sections();
  if (!SectionsOrErr) {
    error(Name + ": " + toString(SectionsOrErr.takeError()));
    return;
  }
  ArrayRef<ELFT::Shdr> Shdrs = *SectionsOrErr;
  File->Sections.resize(Shdrs.size());
  const ELFT::Shdr *SymtabSec = nullptr;

  for (unsigned I = 0; I != Shdrs.size(); ++I) {
    const ELFT::Shdr &Sec = Shdrs[I];
    if (Sec.sh_type == ELF::SHT_SYMTAB)
      SymtabSec = &Sec;
    Expected<StringRef> SecNameOrErr = Elf.getSectionName(Sec);
    if (!SecNameOrErr) { // A bad e_shstrndx fails every section: say it once.
      error(Name + ": " + toString(SecNameOrErr.takeError()));
      return;
    }
    StringRef SecName = *SecNameOrErr;
    bool Debug = !Opts.StripDebug && isDebugSection(Sec, SecName);
    if (!isLoadedSection(Sec) && !Debug)
      continue;
    auto IS = std::make_unique<InputSection>();
    IS->File = File.get();
    IS->Name = SecName.str();
    IS->Debug = Debug;
    IS->Size = Sec.sh_size;
    IS->Align = std::max<uint64_t>(1, Sec.sh_addralign);
    IS->NoBits = Sec.sh_type == ELF::SHT_NOBITS;
    IS->Flags = Sec.sh_flags;
    if (!IS->NoBits) {
      auto Contents = Elf.getSectionContents(Sec);
      if (!Contents) {
        error(Name + ": " + toString(Contents.takeError()));
        return;
      }
      IS->Data = *Contents;
    }
    File->Sections[I] = std::move(IS);
  }

  // Symbols.
  if (SymtabSec) {
    auto SymsOrErr = Elf.symbols(SymtabSec);
    auto StrTabOrErr = Elf.getStringTableForSymtab(*SymtabSec, Shdrs);
    if (!SymsOrErr || !StrTabOrErr) {
      Error E = joinErrors(SymsOrErr.takeError(), StrTabOrErr.takeError());
      error(Name + ": malformed symbol table: " + toString(std::move(E)));
      return;
    }
    for (const ELFT::Sym &ESym : *SymsOrErr) {
      Symbol New;
      New.Name = orReport(*this, Name, ESym.getName(*StrTabOrErr)).str();
      New.File = File.get();
      New.Type = ESym.getType();
      New.Size = ESym.st_size;
      New.Value = ESym.st_value;
      New.Weak = ESym.getBinding() == ELF::STB_WEAK;
      New.Local = ESym.getBinding() == ELF::STB_LOCAL;
      unsigned Shndx = ESym.st_shndx;
      if (Shndx == ELF::SHN_UNDEF) {
        New.Kind = Symbol::Undefined;
      } else if (Shndx == ELF::SHN_ABS) {
        New.Kind = Symbol::Absolute;
      } else if (Shndx == ELF::SHN_COMMON) {
        New.Kind = Symbol::Common;
        New.CommonAlign = std::max<uint64_t>(1, ESym.st_value);
        New.Value = 0;
      } else if (Shndx < File->Sections.size()) {
        New.Kind = Symbol::Defined;
        New.Section = File->Sections[Shndx].get(); // null: not linked
      } else {
        error(Name + ": symbol '" + New.Name + "' has a bad section index");
        continue;
      }

      if (New.Local || New.Name.empty()) {
        File->LocalSymbols.push_back(std::make_unique<Symbol>(New));
        File->Symbols.push_back(File->LocalSymbols.back().get());
        continue;
      }
      UsedByObjects.insert(New.Name);
      File->Symbols.push_back(addGlobal(New));
    }
  }

  // Relocations, attached to the sections they patch.
  for (const ELFT::Shdr &Sec : Shdrs) {
    if (Sec.sh_type == ELF::SHT_REL) {
      error(Name + ": REL relocations are not supported (Accel uses RELA)");
      continue;
    }
    if (Sec.sh_type != ELF::SHT_RELA || Sec.sh_info >= File->Sections.size())
      continue;
    InputSection *Target = File->Sections[Sec.sh_info].get();
    if (!Target)
      continue; // Relocations of a section we do not link.
    auto RelasOrErr = Elf.relas(Sec);
    if (!RelasOrErr) {
      error(Name + ": " + toString(RelasOrErr.takeError()));
      continue;
    }
    for (const ELFT::Rela &R : *RelasOrErr) {
      uint32_t SymIdx = R.getSymbol(false);
      if (SymIdx >= File->Symbols.size()) {
        error(Target->location(R.r_offset) + ": bad symbol index " +
              Twine(SymIdx) + " in relocation");
        continue;
      }
      // (Not r_offset + 4 > Size: a huge offset would wrap around.)
      if (R.r_offset > Target->Size || Target->Size - R.r_offset < 4) {
        error(Target->location(R.r_offset) + ": relocation outside section");
        continue;
      }
      Target->Relocs.push_back(
          {R.r_offset, R.getType(false), R.r_addend, File->Symbols[SymIdx]});
    }
  }
  Files.push_back(std::move(File));
}

void Linker::addFile(const std::string &Path) {
  auto BufOrErr = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                        /*RequiresNullTerminator=*/false);
  if (!BufOrErr) {
    error("cannot open " + Path + ": " + BufOrErr.getError().message());
    return;
  }
  std::unique_ptr<MemoryBuffer> Buf = std::move(*BufOrErr);
  if (identify_magic(Buf->getBuffer()) != file_magic::archive) {
    addBuffer(std::move(Buf), Path);
    return;
  }
  // LLVM's archive reader trusts the symbol table's member offsets and
  // name lengths: a child reads all of it first. Its errors are reported
  // below, a member's when the link needs that member.
  if (Error E = accel::readContained("archive", [&]() -> Error {
        Error Err = Error::success();
        Archive Ar(Buf->getMemBufferRef(), Err);
        if (Err) {
          consumeError(std::move(Err));
          return Error::success();
        }
        for (const Archive::Symbol &Sym : Ar.symbols()) {
          (void)Sym.getName();
          Expected<Archive::Child> Child = Sym.getMember();
          if (!Child) {
            consumeError(Child.takeError());
            continue;
          }
          if (Expected<MemoryBufferRef> Ref = Child->getMemoryBufferRef(); !Ref)
            consumeError(Ref.takeError());
        }
        return Error::success();
      })) {
    error(Path + ": " + toString(std::move(E)));
    return;
  }
  ArchiveInput A;
  A.Name = Path;
  Error Err = Error::success();
  A.Archive = std::make_unique<Archive>(Buf->getMemBufferRef(), Err);
  if (Err) {
    error(Path + ": bad archive: " + toString(std::move(Err)));
    return;
  }
  A.Buffer = std::move(Buf);
  Archives.push_back(std::move(A));
}

/// An object file or an archive member: ELF or (for LTO) bitcode.
void Linker::addBuffer(std::unique_ptr<MemoryBuffer> Buffer,
                       const std::string &Name) {
  file_magic Magic = identify_magic(Buffer->getBuffer());
  if (Magic == file_magic::elf_relocatable)
    addObject(std::move(Buffer), Name);
  else if (Magic == file_magic::bitcode)
    addBitcode(std::move(Buffer), Name);
  else
    error(Name + ": not an Accel relocatable object, bitcode or archive");
}

bool Linker::readInputs() {
  for (const std::string &In : Opts.Inputs) {
    if (StringRef(In).starts_with("-l")) {
      std::string Lib = "lib" + In.substr(2) + ".a";
      std::string Found;
      for (const std::string &Dir : Opts.LibDirs) {
        SmallString<256> P(Dir);
        sys::path::append(P, Lib);
        if (sys::fs::exists(P)) {
          Found = std::string(P);
          break;
        }
      }
      if (Found.empty()) {
        error("unable to find library " + In);
        continue;
      }
      addFile(Found);
      continue;
    }
    addFile(In);
  }
  if (Files.empty() && Archives.empty() && !hadError())
    error("no input files");
  if (hadError())
    return false;
  resolveArchives();
  return !hadError();
}
