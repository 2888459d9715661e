//===-- ProgramLoader.cpp - load an Accel ELF executable ------------------===//

#include "ProgramLoader.h"
#include "ContainedRead.h"
#include "MCTargetDesc/AccelBaseInfo.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/Object/ELF.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;
using namespace llvm::object;
using namespace accel_sim;

using ELFT = ELF64LE;

const std::pair<const uint64_t, std::string> *
LoadedProgram::symbolAt(uint64_t Addr) const {
  auto It = Symbols.upper_bound(Addr);
  return It == Symbols.begin() ? nullptr : &*std::prev(It);
}

std::string LoadedProgram::symbolize(uint64_t Addr) const {
  const auto *Sym = symbolAt(Addr);
  if (!Sym)
    return "";
  std::string S = Sym->second;
  if (Addr != Sym->first)
    S += "+" + hex(Addr - Sym->first);
  return S;
}

/// Everything lookup() reads: each unit's DIEs and line table, and a lookup
/// of every row's address (the address ranges, the file names).
static void readLineTables(DWARFContext &Ctx) {
  for (const std::unique_ptr<DWARFUnit> &CU : Ctx.compile_units()) {
    CU->getUnitDIE(/*ExtractUnitDIEOnly=*/false);
    if (const DWARFDebugLine::LineTable *Table = Ctx.getLineTableForUnit(&*CU))
      for (const DWARFDebugLine::Row &Row : Table->Rows)
        Ctx.getLineInfoForAddress(
            {Row.Address.Address, SectionedAddress::UndefSection});
  }
}

SourceLines::SourceLines(const std::string &Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return;
  Expected<std::unique_ptr<ObjectFile>> File =
      ObjectFile::createObjectFile((*Buf)->getMemBufferRef());
  if (!File) {
    consumeError(File.takeError());
    return;
  }
  Buffer = std::move(*Buf);
  Obj = std::move(*File);
  // An executable has no relocations left for the DWARF reader to apply.
  Ctx = DWARFContext::create(
      *Obj, DWARFContext::ProcessDebugRelocations::Ignore, nullptr, "",
      [](Error E) { consumeError(std::move(E)); },
      [](Error E) { consumeError(std::move(E)); });
  // LLVM's DWARF reader trusts the lengths it reads: a child reads the
  // tables first (ContainedRead.h), and only then does this process.
  if (Error E = accel::readContained("DWARF", [&] {
        readLineTables(*Ctx);
        return Error::success();
      })) {
    Problem = toString(std::move(E));
    Ctx.reset();
  }
}

SourceLines::~SourceLines() = default;

std::string SourceLines::lookup(uint64_t Addr, bool WithColumn) const {
  if (!Ctx)
    return "";
  DILineInfo Info = Ctx->getLineInfoForAddress(
      {Addr, SectionedAddress::UndefSection},
      DILineInfoSpecifier(
          DILineInfoSpecifier::FileLineInfoKind::RelativeFilePath,
          DILineInfoSpecifier::FunctionNameKind::None));
  if (Info.FileName == DILineInfo::BadString || Info.Line == 0)
    return "";
  std::string S = Info.FileName + ":" + std::to_string(Info.Line);
  if (WithColumn && Info.Column)
    S += ":" + std::to_string(Info.Column);
  return S;
}

SourceLines::Position SourceLines::position(uint64_t Addr) const {
  Position P;
  if (!Ctx)
    return P;
  auto Lookup = [&](DILineInfoSpecifier::FileLineInfoKind Kind) {
    return Ctx->getLineInfoForAddress(
        {Addr, SectionedAddress::UndefSection},
        DILineInfoSpecifier(Kind, DILineInfoSpecifier::FunctionNameKind::None));
  };
  DILineInfo Info =
      Lookup(DILineInfoSpecifier::FileLineInfoKind::RelativeFilePath);
  if (Info.FileName == DILineInfo::BadString || Info.Line == 0)
    return P;
  P.File = Info.FileName;
  P.Line = Info.Line;
  P.Column = Info.Column;
  P.Path =
      Lookup(DILineInfoSpecifier::FileLineInfoKind::AbsoluteFilePath).FileName;
  return P;
}

bool SourceLines::empty() const {
  if (Ctx)
    for (const std::unique_ptr<DWARFUnit> &CU : Ctx->compile_units())
      if (const DWARFDebugLine::LineTable *Table =
              Ctx->getLineTableForUnit(&*CU))
        if (!Table->Rows.empty())
          return false;
  return true;
}

/// "gemm.c" names "/src/kernels/gemm.c" and "kernels/gemm.c"; "/src/x.c"
/// only itself.
static bool sameFile(StringRef Wanted, StringRef Name) {
  return Name == Wanted || (Name.ends_with(Wanted) &&
                            Name[Name.size() - Wanted.size() - 1] == '/');
}

std::vector<uint64_t> SourceLines::addressesOf(const std::string &File,
                                               unsigned &Line,
                                               bool &FileKnown) const {
  FileKnown = false;
  if (!Ctx || File.empty())
    return {};
  // The lowest address per sequence, for the wanted line and every later
  // one (in case the wanted line has no code).
  std::map<unsigned, std::vector<uint64_t>> ByLine;
  for (const std::unique_ptr<DWARFUnit> &CU : Ctx->compile_units()) {
    const DWARFDebugLine::LineTable *Table = Ctx->getLineTableForUnit(&*CU);
    if (!Table)
      continue;
    const char *CompDir = CU->getCompilationDir();
    std::map<uint64_t, bool> Matches; // By file index.
    auto IsWanted = [&](uint64_t FileIndex) {
      auto [It, New] = Matches.try_emplace(FileIndex, false);
      if (New) {
        std::string Name, Path;
        using Kind = DILineInfoSpecifier::FileLineInfoKind;
        if (Table->getFileNameByIndex(FileIndex, "", Kind::RelativeFilePath,
                                      Name) &&
            Table->getFileNameByIndex(FileIndex, CompDir ? CompDir : "",
                                      Kind::AbsoluteFilePath, Path))
          It->second = sameFile(File, Name) || sameFile(File, Path);
      }
      FileKnown |= It->second;
      return It->second;
    };
    for (const DWARFDebugLine::Sequence &Seq : Table->Sequences) {
      std::map<unsigned, uint64_t> Lowest;
      for (unsigned R = Seq.FirstRowIndex;
           R < Seq.LastRowIndex && R < Table->Rows.size(); ++R) {
        const DWARFDebugLine::Row &Row = Table->Rows[R];
        if (!Row.IsStmt || Row.EndSequence || !IsWanted(Row.File) ||
            Row.Line < Line)
          continue;
        auto [It, New] = Lowest.try_emplace(Row.Line, Row.Address.Address);
        if (!New)
          It->second = std::min(It->second, Row.Address.Address);
      }
      for (const auto &[L, Addr] : Lowest)
        ByLine[L].push_back(Addr);
    }
  }
  if (ByLine.empty())
    return {};
  Line = ByLine.begin()->first;
  std::vector<uint64_t> Addrs = std::move(ByLine.begin()->second);
  llvm::sort(Addrs);
  Addrs.erase(std::unique(Addrs.begin(), Addrs.end()), Addrs.end());
  return Addrs;
}

std::string LoadedProgram::sourceLocation(uint64_t Addr) const {
  return SourceLines(Path).lookup(Addr);
}

bool accel_sim::loadProgram(const std::string &Path,
                            const std::vector<std::string> &Args, Memory &Mem,
                            LoadedProgram &Prog, std::string &Error) {
  auto BufOrErr = MemoryBuffer::getFile(Path, false, false);
  if (!BufOrErr) {
    Error = Path + ": " + BufOrErr.getError().message();
    return false;
  }
  StringRef Data = (*BufOrErr)->getBuffer();
  Expected<ELFFile<ELFT>> ElfOrErr = ELFFile<ELFT>::create(Data);
  if (!ElfOrErr || Data.size() < sizeof(ELFT::Ehdr) ||
      Data.substr(0, 4) != "\x7f" "ELF") {
    if (!ElfOrErr)
      consumeError(ElfOrErr.takeError());
    Error = Path + ": not an ELF file, or truncated";
    return false;
  }
  const ELFFile<ELFT> &Elf = *ElfOrErr;
  const ELFT::Ehdr &Hdr = Elf.getHeader();
  if (Hdr.e_ident[ELF::EI_CLASS] != ELF::ELFCLASS64 ||
      Hdr.e_ident[ELF::EI_DATA] != ELF::ELFDATA2LSB ||
      Hdr.e_machine != Accel::EM_ACCEL) {
    Error = Path + ": not an Accel executable (e_machine " +
            std::to_string(Hdr.e_machine) + ")";
    return false;
  }
  if (Hdr.e_type != ELF::ET_EXEC) {
    Error = Path + ": not an executable (link it with accel-ld)";
    return false;
  }

  auto PhdrsOrErr = Elf.program_headers();
  if (!PhdrsOrErr) {
    Error = Path + ": " + toString(PhdrsOrErr.takeError());
    return false;
  }
  uint64_t TextStart = ~uint64_t(0), TextEnd = 0;
  for (const ELFT::Phdr &Ph : *PhdrsOrErr) {
    if (Ph.p_type != ELF::PT_LOAD || Ph.p_memsz == 0)
      continue;
    if (Ph.p_filesz > Ph.p_memsz || Ph.p_offset > Data.size() ||
        Ph.p_filesz > Data.size() - Ph.p_offset) {
      Error = Path + ": segment at " + hex(Ph.p_vaddr) +
              " lies outside the file (truncated?)";
      return false;
    }
    uint8_t *Dst = Mem.hostRange(Ph.p_vaddr, Ph.p_memsz);
    if (!Dst) {
      Error = Path + ": segment [" + hex(Ph.p_vaddr) + ", " +
              hex(Ph.p_vaddr + Ph.p_memsz) +
              ") is not inside DRAM or the SPM";
      return false;
    }
    std::memcpy(Dst, Data.data() + Ph.p_offset, Ph.p_filesz);
    if (Ph.p_flags & ELF::PF_X) {
      if (Ph.p_vaddr % Accel::InstrBytes) {
        Error = Path + ": code segment is not 8-byte aligned";
        return false;
      }
      Prog.Text.push_back(
          {Ph.p_vaddr, std::vector<uint8_t>(Dst, Dst + Ph.p_filesz)});
      TextStart = std::min<uint64_t>(TextStart, Ph.p_vaddr);
      TextEnd = std::max<uint64_t>(TextEnd, Ph.p_vaddr + Ph.p_memsz);
    }
  }
  if (Prog.Text.empty()) {
    Error = Path + ": no executable segment";
    return false;
  }
  Mem.setText(TextStart, TextEnd - TextStart);
  Prog.Entry = Hdr.e_entry;
  Prog.Path = Path;

  // Symbols: names for traces and faults, the stack guard and errno. A file whose
  // section or symbol tables do not parse is truncated or corrupt.
  uint64_t HeapEnd = 0, StackLimit = 0;
  auto Corrupt = [&](llvm::Error E) {
    Error = Path + ": corrupt or truncated section or symbol table: " +
            toString(std::move(E));
    return false;
  };
  auto SectionsOrErr = Elf.sections();
  if (!SectionsOrErr)
    return Corrupt(SectionsOrErr.takeError());
  for (const ELFT::Shdr &Sec : *SectionsOrErr) {
    if (Sec.sh_type != ELF::SHT_SYMTAB)
      continue;
    auto Syms = Elf.symbols(&Sec);
    if (!Syms)
      return Corrupt(Syms.takeError());
    auto StrTab = Elf.getStringTableForSymtab(Sec, *SectionsOrErr);
    if (!StrTab)
      return Corrupt(StrTab.takeError());
    for (const ELFT::Sym &S : *Syms) {
      Expected<StringRef> Name = S.getName(*StrTab);
      if (!Name)
        return Corrupt(Name.takeError());
      if (*Name == "__heap_end")
        HeapEnd = S.st_value;
      else if (*Name == "__stack_limit")
        StackLimit = S.st_value;
      else if (*Name == "errno" && S.getType() == ELF::STT_OBJECT &&
               S.st_size == 4 && S.getBinding() == ELF::STB_GLOBAL)
        Prog.ErrnoAddr = S.st_value;
      if (!Name->empty() && S.st_shndx != ELF::SHN_ABS &&
          S.st_shndx != ELF::SHN_UNDEF && S.getType() != ELF::STT_SECTION &&
          !Name->starts_with(".L")) {
        Prog.Symbols.emplace(S.st_value, Name->str());
        if (S.getType() == ELF::STT_FUNC || S.getBinding() == ELF::STB_GLOBAL)
          Prog.Functions.insert(S.st_value);
      }
    }
  }
  if (HeapEnd && StackLimit > HeapEnd)
    Mem.setStackGuard(HeapEnd, StackLimit - HeapEnd);

  // argv: strings, then the pointer array, at the top of DRAM.
  uint64_t Top = Memory::DramBase + Memory::DramSize;
  std::vector<uint64_t> Pointers;
  for (const std::string &A : Args) {
    Top -= A.size() + 1;
    std::memcpy(Mem.hostRange(Top, A.size() + 1), A.c_str(), A.size() + 1);
    Pointers.push_back(Top);
  }
  Pointers.push_back(0);
  Top = alignDown(Top, 8) - 8 * Pointers.size();
  std::memcpy(Mem.hostRange(Top, 8 * Pointers.size()), Pointers.data(),
              8 * Pointers.size());
  Prog.Argc = Args.size();
  Prog.Argv = Top;
  Prog.StackTop = alignDown(Top, 16);
  return true;
}
