//===-- Layout.cpp - place output sections in the memory map --------------===//
//
// DRAM (from DramBase): .text .rodata .init_array .fini_array .data .bss,
// then the heap up to the stack; the stack is the top StackSize bytes of
// DRAM. SPM (from SpmBase): .spm and .spm.bss, from input sections named
// .spm*. Debug sections follow, unplaced (address 0). The linker defines the
// symbols the runtime needs (see defineLinkerSymbols), and, as GNU ld and
// lld do, __start_X and __stop_X around the input sections named X when X
// is a C identifier (libc++ finds its replaceable operator new that way).
//
//===----------------------------------------------------------------------===//

#include "Linker.h"
#include "MCTargetDesc/AccelMachineParams.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"
#include <optional>

using namespace llvm;
using namespace accel_ld;

/// Bytes between the heap's end and the stack limit that no program may
/// touch (the simulator reports accesses there as stack overflow).
static constexpr uint64_t StackGuardSize = 4096;

/// Output section order within each region.
static const char *const DramOrder[] = {".text", ".rodata", ".init_array",
                                        ".fini_array", ".data", ".bss"};
static const char *const SpmOrder[] = {".spm", ".spm.bss"};

/// The output section an input section belongs to.
static std::string outputNameFor(const InputSection &Sec) {
  StringRef N = Sec.Name;
  if (Sec.Debug)
    return Sec.Name;
  if (N.starts_with(".spm"))
    return Sec.NoBits ? ".spm.bss" : ".spm";
  if (N.starts_with(".init_array"))
    return ".init_array";
  if (N.starts_with(".fini_array"))
    return ".fini_array";
  if (Sec.NoBits)
    return ".bss";
  if (Sec.Flags & ELF::SHF_EXECINSTR)
    return ".text";
  if (Sec.Flags & ELF::SHF_WRITE)
    return ".data";
  return ".rodata";
}

static uint64_t outputFlags(StringRef Name) {
  if (Name == ".text")
    return ELF::SHF_ALLOC | ELF::SHF_EXECINSTR;
  if (Name == ".rodata")
    return ELF::SHF_ALLOC;
  return ELF::SHF_ALLOC | ELF::SHF_WRITE;
}

static bool isCIdentifier(StringRef Name) {
  auto Alpha = [](char C) { return isAlpha(C) || C == '_'; };
  return !Name.empty() && Alpha(Name[0]) &&
         all_of(Name, [&](char C) { return Alpha(C) || isDigit(C); });
}

/// Places \p Names' sections one after another from \p Base; returns the end.
static uint64_t placeRegion(std::vector<std::unique_ptr<OutputSection>> &Outputs,
                     ArrayRef<const char *> Names, uint64_t Base) {
  uint64_t Cursor = Base;
  for (const char *Name : Names)
    for (auto &Out : Outputs) {
      if (Out->Name != Name)
        continue;
      Cursor = alignTo(Cursor, Out->Align);
      Out->Addr = Cursor;
      Cursor += Out->Size;
    }
  return Cursor;
}

/// The live input sections, in the order they are placed. Constructors run
/// in priority order: .init_array.N by N, then plain .init_array (priority
/// 65536, as in GNU ld and lld). Sections named X for __start_X/__stop_X
/// follow the rest of their output section, together. Other sections keep
/// their order.
static std::vector<InputSection *> liveSectionsInOrder(const Linker &L) {
  std::vector<InputSection *> All;
  for (auto &File : L.Files)
    for (auto &Sec : File->Sections)
      if (Sec && Sec->Live)
        All.push_back(Sec.get());
  for (auto &Sec : L.SyntheticSections)
    if (Sec->Live)
      All.push_back(Sec.get());
  auto Priority = [](const InputSection *S) -> uint64_t {
    StringRef Name = S->Name;
    if (!Name.consume_front(".init_array"))
      return 0;
    uint64_t N = 65536;
    if (Name.consume_front("."))
      Name.getAsInteger(10, N);
    return N;
  };
  auto Group = [](const InputSection *S) {
    return isCIdentifier(S->Name) ? StringRef(S->Name) : StringRef();
  };
  std::stable_sort(All.begin(), All.end(),
                   [&](const InputSection *A, const InputSection *B) {
                     return std::make_pair(Priority(A), Group(A)) <
                            std::make_pair(Priority(B), Group(B));
                   });
  return All;
}

/// Creates the output sections for \p All and places each input section in
/// its output section.
static void
assignOutputSections(std::vector<std::unique_ptr<OutputSection>> &Outputs,
                     ArrayRef<InputSection *> All) {
  std::map<std::string, OutputSection *> ByName;
  auto GetOutput = [&](const std::string &Name) {
    OutputSection *&Out = ByName[Name];
    if (!Out) {
      Outputs.push_back(std::make_unique<OutputSection>());
      Out = Outputs.back().get();
      Out->Name = Name;
      Out->InSpm = StringRef(Name).starts_with(".spm");
      Out->NoBits = Name == ".bss" || Name == ".spm.bss";
      Out->Debug = StringRef(Name).starts_with(".debug_");
      Out->Flags = Out->Debug ? 0 : outputFlags(Name);
      Out->Align = Out->Debug ? 1 : 8;
    }
    return Out;
  };

  for (InputSection *Sec : All) {
    OutputSection *Out = GetOutput(outputNameFor(*Sec));
    Out->Align = std::max(Out->Align, Sec->Align);
    Out->Size = alignTo(Out->Size, Sec->Align);
    Sec->Out = Out;
    Sec->OutOffset = Out->Size;
    Out->Size += Sec->Size;
    Out->Inputs.push_back(Sec);
  }
  // Zero-filled sections end on an 8-byte boundary so crt0 clears them with
  // whole 64-bit stores.
  for (auto &Out : Outputs)
    if (Out->NoBits)
      Out->Size = alignTo(Out->Size, 8);
}

/// Keeps the region order stable: sorts outputs by the tables above.
static void
sortOutputSections(std::vector<std::unique_ptr<OutputSection>> &Outputs) {
  auto Rank = [](const std::string &Name) {
    unsigned R = 0;
    for (const char *N : DramOrder) {
      if (Name == N)
        return R;
      ++R;
    }
    for (const char *N : SpmOrder) {
      if (Name == N)
        return R;
      ++R;
    }
    return R;
  };
  std::stable_sort(Outputs.begin(), Outputs.end(),
                   [&](const auto &A, const auto &B) {
                     return Rank(A->Name) < Rank(B->Name);
                   });
}

namespace {
/// The memory map once the sections are placed.
struct MemoryMap {
  uint64_t DramEnd, SpmEnd; ///< Where the placed sections end.
  uint64_t HeapStart, HeapEnd, StackLimit, StackTop;
};
} // namespace

/// Places the heap and the stack after the sections in DRAM, reporting
/// what does not fit; std::nullopt if the stack cannot be placed at all.
static std::optional<MemoryMap> planMemory(Linker &L, uint64_t DramEnd,
                                           uint64_t SpmEnd) {
  uint64_t StackTop = uint64_t(AccelParam::DramBase) + AccelParam::DramSize;
  if (L.Opts.StackSize >= AccelParam::DramSize / 2) {
    L.error("stack size " + Twine(L.Opts.StackSize) + " is too large for DRAM");
    return std::nullopt;
  }
  uint64_t StackLimit = StackTop - L.Opts.StackSize;
  uint64_t HeapStart = alignTo(DramEnd, 16);
  uint64_t HeapEnd = StackLimit - StackGuardSize;
  if (HeapStart > HeapEnd)
    L.error("program does not fit in DRAM: the image ends at 0x" +
            Twine::utohexstr(DramEnd) + " but the stack guard starts at 0x" +
            Twine::utohexstr(HeapEnd));
  if (SpmEnd > uint64_t(AccelParam::SpmBase) + AccelParam::SpmSize)
    L.error("scratchpad sections do not fit in the SPM: they need " +
            Twine(SpmEnd - AccelParam::SpmBase) + " bytes, the SPM has " +
            Twine(AccelParam::SpmSize));
  return MemoryMap{DramEnd, SpmEnd, HeapStart, HeapEnd, StackLimit, StackTop};
}

/// The values of the symbols defineLinkerSymbols defined, unless the
/// program defined them.
static void setRuntimeSymbols(Linker &L, const MemoryMap &Map) {
  auto Set = [&](const char *Name, uint64_t Value) {
    auto It = L.Globals.find(Name);
    if (It != L.Globals.end() && It->second->LinkerDefined)
      It->second->Value = Value;
  };
  auto SetBounds = [&](const char *Output, const char *Start, const char *End) {
    for (auto &Out : L.Outputs)
      if (Out->Name == Output) {
        Set(Start, Out->Addr);
        Set(End, Out->Addr + Out->Size);
        return;
      }
    Set(Start, 0);
    Set(End, 0);
  };
  SetBounds(".bss", "__bss_start", "__bss_end");
  SetBounds(".init_array", "__init_array_start", "__init_array_end");
  SetBounds(".fini_array", "__fini_array_start", "__fini_array_end");
  SetBounds(".spm.bss", "__spm_bss_start", "__spm_bss_end");
  Set("_end", Map.DramEnd);
  Set("__heap_start", Map.HeapStart);
  Set("__heap_end", Map.HeapEnd);
  Set("__stack_limit", Map.StackLimit);
  Set("__stack_top", Map.StackTop);
  Set("__spm_end", Map.SpmEnd);
}

/// __start_X and __stop_X: the first and the end of the sections named X
/// among \p All.
static void setEncapsulationSymbols(Linker &L, ArrayRef<InputSection *> All) {
  std::map<StringRef, std::pair<uint64_t, uint64_t>> Bounds;
  for (const InputSection *Sec : All) {
    if (!isCIdentifier(Sec->Name))
      continue;
    uint64_t Begin = Sec->address(), End = Begin + Sec->Size;
    auto It = Bounds.try_emplace(Sec->Name, Begin, End).first;
    It->second.first = std::min(It->second.first, Begin);
    It->second.second = std::max(It->second.second, End);
  }
  for (auto &Entry : L.Globals) {
    Symbol *Sym = Entry.second.get();
    StringRef Section = L.encapsulatedSection(*Sym);
    if (Section.empty() || !Sym->LinkerDefined)
      continue;
    auto It = Bounds.find(Section);
    bool Start = Entry.first().starts_with("__start_");
    Sym->Value = It == Bounds.end() ? 0
                 : Start            ? It->second.first
                                    : It->second.second;
  }
}

void Linker::layout() {
  std::vector<InputSection *> All = liveSectionsInOrder(*this);
  assignOutputSections(Outputs, All);
  sortOutputSections(Outputs);

  uint64_t DramEnd = placeRegion(Outputs, DramOrder, AccelParam::DramBase);
  uint64_t SpmEnd = placeRegion(Outputs, SpmOrder, AccelParam::SpmBase);
  std::optional<MemoryMap> Map = planMemory(*this, DramEnd, SpmEnd);
  if (!Map)
    return;
  setRuntimeSymbols(*this, *Map);
  setEncapsulationSymbols(*this, All);
}

StringRef Linker::encapsulatedSection(const Symbol &S) const {
  StringRef Name = S.Name;
  if (!Name.consume_front("__start_") && !Name.consume_front("__stop_"))
    return StringRef();
  return CIdentSections.contains(Name) ? Name : StringRef();
}

/// The symbols the linker defines (unless the program does); layout() gives
/// them their values.
void Linker::defineLinkerSymbols() {
  static const char *const Names[] = {
      "__bss_start",        "__bss_end",          "__init_array_start",
      "__init_array_end",   "__fini_array_start", "__fini_array_end",
      "__spm_bss_start",    "__spm_bss_end",      "_end",
      "__heap_start",       "__heap_end",         "__stack_limit",
      "__stack_top",        "__spm_end"};
  for (const char *Name : Names)
    defineGlobal(Name, 0);

  for (auto &File : Files)
    for (auto &Sec : File->Sections)
      if (Sec && isCIdentifier(Sec->Name))
        CIdentSections.insert(Sec->Name);
  std::vector<std::string> Encapsulating;
  for (auto &Entry : Globals)
    if (Entry.second->Kind == Symbol::Undefined &&
        !encapsulatedSection(*Entry.second).empty())
      Encapsulating.push_back(Entry.first().str());
  for (const std::string &Name : Encapsulating)
    defineGlobal(Name, 0);
}

/// lld's --print-memory-usage table, for the two regions: DRAM counts the
/// image (code and data; the heap and stack take what is left) and the SPM
/// its scratchpad sections.
void Linker::printMemoryUsage(raw_ostream &OS) const {
  uint64_t DramUsed = 0, SpmUsed = 0;
  for (const auto &Out : Outputs) {
    if (Out->Debug || !Out->Size)
      continue;
    if (Out->InSpm)
      SpmUsed = std::max(SpmUsed, Out->Addr + Out->Size - AccelParam::SpmBase);
    else
      DramUsed =
          std::max(DramUsed, Out->Addr + Out->Size - AccelParam::DramBase);
  }
  // The largest unit that divides the size; bytes for 0 (lld says "0 GB").
  auto PrintSize = [&](uint64_t Size) {
    if (Size == 0 || (Size & 0x3ff))
      OS << " " << format_decimal(Size, 10) << " B";
    else if (Size & 0xfffff)
      OS << format_decimal(Size >> 10, 10) << " KB";
    else if (Size & 0x3fffffff)
      OS << format_decimal(Size >> 20, 10) << " MB";
    else
      OS << format_decimal(Size >> 30, 10) << " GB";
  };
  OS << "Memory region         Used Size  Region Size  %age Used\n";
  auto Row = [&](StringRef Name, uint64_t Used, uint64_t Size) {
    OS << right_justify(Name, 16) << ": ";
    PrintSize(Used);
    PrintSize(Size);
    OS << "    " << format("%6.2f%%", Used * 100.0 / Size) << '\n';
  };
  Row("DRAM", DramUsed, AccelParam::DramSize);
  Row("SPM", SpmUsed, AccelParam::SpmSize);
}
