//===-- GcSections.cpp - --gc-sections ------------------------------------===//
//
// Marks sections reachable through relocations from the entry symbol and
// from sections that must be kept (constructor and destructor tables, and
// anything named .keep*), and drops the rest. A reference to __start_X or
// __stop_X keeps the sections named X. Debug sections are always kept
// but keep nothing alive: their references to dropped code are resolved to a
// tombstone (see Relocate.cpp).
//
//===----------------------------------------------------------------------===//

#include "Linker.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;
using namespace accel_ld;

static bool isRoot(const InputSection &Sec) {
  StringRef Name = Sec.Name;
  return Name.starts_with(".init_array") || Name.starts_with(".fini_array") ||
         Name.starts_with(".keep");
}

void Linker::collectGarbage() {
  std::vector<InputSection *> Work;
  auto Mark = [&](InputSection *Sec) {
    if (Sec && !Sec->Live) {
      Sec->Live = true;
      Work.push_back(Sec);
    }
  };
  for (auto &File : Files)
    for (auto &Sec : File->Sections)
      if (Sec)
        Sec->Live = false;
  for (auto &Sec : SyntheticSections)
    Sec->Live = false;

  if (EntrySymbol)
    Mark(EntrySymbol->Section);
  for (auto &File : Files)
    for (auto &Sec : File->Sections)
      if (Sec && isRoot(*Sec))
        Mark(Sec.get());

  // __start_X and __stop_X keep every section named X (each X once).
  StringSet<> KeptByBounds;
  while (!Work.empty()) {
    InputSection *Sec = Work.back();
    Work.pop_back();
    for (const Relocation &R : Sec->Relocs) {
      Mark(R.Target->Section);
      StringRef Encapsulated = encapsulatedSection(*R.Target);
      if (!Encapsulated.empty() && R.Target->LinkerDefined &&
          KeptByBounds.insert(Encapsulated).second)
        for (auto &File : Files)
          for (auto &Other : File->Sections)
            if (Other && Other->Name == Encapsulated)
              Mark(Other.get());
    }
  }

  for (auto &File : Files)
    for (auto &Sec : File->Sections)
      if (Sec && Sec->Debug)
        Sec->Live = true;
}
