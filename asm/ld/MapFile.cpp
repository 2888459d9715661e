//===-- MapFile.cpp - -Map=file -------------------------------------------===//
//
// lld's layout: output sections, the input sections in them, and the symbols
// defined in each input section.
//
//===----------------------------------------------------------------------===//

#include "Linker.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace accel_ld;

void Linker::writeMapFile() {
  std::error_code EC;
  raw_fd_ostream OS(Opts.MapFile, EC, sys::fs::OF_Text);
  if (EC) {
    error("cannot open map file " + Opts.MapFile + ": " + EC.message());
    return;
  }
  std::multimap<const InputSection *, const Symbol *> SymsBySection;
  auto Collect = [&](const Symbol *S) {
    if (S->Kind == Symbol::Defined && S->Section && S->Section->Live &&
        !S->Name.empty() && S->Type != ELF::STT_SECTION)
      SymsBySection.emplace(S->Section, S);
  };
  for (auto &File : Files)
    for (auto &S : File->LocalSymbols)
      Collect(S.get());
  for (auto &Entry : Globals)
    Collect(Entry.second.get());

  OS << "             VMA     Size Align Out     In      Symbol\n";
  for (auto &Out : Outputs) {
    OS << format("%16llx %8llx %5llu ", (unsigned long long)Out->Addr,
                 (unsigned long long)Out->Size,
                 (unsigned long long)Out->Align)
       << Out->Name << "\n";
    for (const InputSection *In : Out->Inputs) {
      OS << format("%16llx %8llx %5llu         ",
                   (unsigned long long)In->address(),
                   (unsigned long long)In->Size, (unsigned long long)In->Align)
         << In->File->Name << ":(" << In->Name << ")\n";
      auto Range = SymsBySection.equal_range(In);
      for (auto It = Range.first; It != Range.second; ++It)
        OS << format("%16llx %8llx %5u                 ",
                     (unsigned long long)It->second->address(),
                     (unsigned long long)It->second->Size, 1)
           << It->second->Name << "\n";
    }
  }
  OS << "\nLinker-defined symbols:\n";
  for (auto &Entry : Globals)
    if (Entry.second->LinkerDefined)
      OS << format("%16llx ", (unsigned long long)Entry.second->Value)
         << Entry.second->Name << "\n";
}
