//===-- SourceLines.cpp - code addresses to source lines ------------------===//

#include "SourceLines.h"
#include "MCTargetDesc/AccelBaseInfo.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;
using namespace llvm::object;
using namespace accel_objdump;

SourceLines::SourceLines(const ELFObjectFileBase &Obj,
                         std::function<void(const Twine &)> Warn)
    : Obj(Obj), Warn(std::move(Warn)) {
  for (const SectionRef &Sec : Obj.sections()) {
    Expected<StringRef> Name = Sec.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (!Name->starts_with(".debug_"))
      continue;
    Expected<StringRef> Contents = Sec.getContents();
    if (!Contents) {
      this->Warn(*Name + ": " + toString(Contents.takeError()));
      continue;
    }
    std::unique_ptr<WritableMemoryBuffer> Data =
        WritableMemoryBuffer::getNewUninitMemBuffer(Contents->size(), *Name);
    std::copy(Contents->begin(), Contents->end(), Data->getBufferStart());
    for (const SectionRef &RelocSec : Obj.sections()) {
      Expected<section_iterator> Target = RelocSec.getRelocatedSection();
      if (!Target)
        consumeError(Target.takeError());
      else if (*Target == Sec)
        relocate(RelocSec, Data->getBuffer());
    }
    Sections[Name->drop_front()] = std::move(Data);
  }
  auto Report = [this](Error E) { this->Warn(toString(std::move(E))); };
  Context = DWARFContext::create(Sections, /*AddrSize=*/8,
                                 /*isLittleEndian=*/true, Report, Report);
}

bool SourceLines::hasLineTable() const { return Sections.count("debug_line"); }

/// Where the line tables place \p Sec. An object's code sections all start at
/// 0, so each is given its own 4 GiB window (by section index) to keep their
/// line tables apart; an executable's sections are at their addresses.
uint64_t SourceLines::base(const SectionRef &Sec) const {
  bool Loaded = ELFSectionRef(Sec).getFlags() & ELF::SHF_ALLOC;
  if (Obj.isRelocatableObject())
    return Loaded ? (Sec.getIndex() + 1) << 32 : 0;
  return Sec.getAddress();
}

void SourceLines::relocate(const SectionRef &RelocSec,
                           MutableArrayRef<char> Data) {
  for (const RelocationRef &R : RelocSec.relocations()) {
    uint64_t S = 0;
    symbol_iterator Sym = R.getSymbol();
    if (Sym != Obj.symbol_end()) {
      Expected<section_iterator> SymSec = Sym->getSection();
      Expected<uint64_t> Value = Sym->getValue();
      if (SymSec && Value && *SymSec != Obj.section_end())
        S = base(**SymSec) + *Value;
      if (!SymSec)
        consumeError(SymSec.takeError());
      if (!Value)
        consumeError(Value.takeError());
    }
    int64_t A = 0;
    if (Expected<int64_t> Addend = ELFRelocationRef(R).getAddend())
      A = *Addend;
    else
      consumeError(Addend.takeError());

    uint64_t Offset = R.getOffset();
    unsigned Bytes = R.getType() == Accel::R_ACCEL_64   ? 8
                     : R.getType() == Accel::R_ACCEL_32 ? 4
                                                        : 0;
    if (Bytes == 0 || Offset + Bytes > Data.size()) {
      Warn("unsupported or misplaced relocation at offset 0x" +
           Twine::utohexstr(Offset) + " in a debug section");
      continue;
    }
    if (Bytes == 8)
      support::endian::write64le(Data.data() + Offset, S + A);
    else
      support::endian::write32le(Data.data() + Offset, uint32_t(S + A));
  }
}

DILineInfo SourceLines::lookup(const SectionRef &Sec, uint64_t Offset) const {
  DILineInfoSpecifier Spec(
      DILineInfoSpecifier::FileLineInfoKind::AbsoluteFilePath,
      DILineInfoSpecifier::FunctionNameKind::ShortName);
  return Context->getLineInfoForAddress(
      {base(Sec) + Offset, SectionedAddress::UndefSection}, Spec);
}

std::optional<StringRef> SourceLines::text(StringRef Path, uint32_t Line) {
  auto [It, Inserted] = Files.try_emplace(Path);
  SourceFile &File = It->second;
  if (Inserted) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
        MemoryBuffer::getFile(Path, /*IsText=*/true);
    if (!Buf) {
      Warn("cannot read source file '" + Path + "': " +
           Buf.getError().message());
      return std::nullopt;
    }
    File.Buffer = std::move(*Buf);
    SmallVector<StringRef, 0> Lines;
    File.Buffer->getBuffer().split(Lines, '\n');
    for (StringRef L : Lines)
      File.Lines.push_back(L.rtrim('\r'));
  }
  if (!File.Buffer || Line == 0 || Line > File.Lines.size())
    return std::nullopt;
  return File.Lines[Line - 1];
}
