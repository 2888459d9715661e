//===-- Resolver.cpp - archives, undefined, common and --defsym symbols ---===//

#include "Linker.h"
#include "llvm/BinaryFormat/ELF.h"
#include <functional>

using namespace llvm;
using namespace llvm::object;
using namespace accel_ld;

/// Loads archive members that define a still-undefined symbol, in any
/// archive and in any order, until no member is added (like lld).
void Linker::resolveArchives() {
  bool Changed = true;
  while (Changed && !hadError()) {
    Changed = false;
    for (ArchiveInput &A : Archives) {
      for (const Archive::Symbol &ASym : A.Archive->symbols()) {
        auto It = Globals.find(ASym.getName());
        if (It == Globals.end() || It->second->Kind != Symbol::Undefined ||
            It->second->Weak)
          continue;
        Expected<Archive::Child> Child = ASym.getMember();
        if (!Child) {
          error(A.Name + ": " + toString(Child.takeError()));
          return;
        }
        uint64_t Offset = Child->getChildOffset();
        if (A.LoadedMembers[Offset])
          continue;
        A.LoadedMembers[Offset] = true;
        Expected<MemoryBufferRef> Ref = Child->getMemoryBufferRef();
        if (!Ref) {
          error(A.Name + ": " + toString(Ref.takeError()));
          return;
        }
        addBuffer(MemoryBuffer::getMemBuffer(*Ref, false),
                  A.Name + "(" + Ref->getBufferIdentifier().str() + ")");
        Changed = true;
      }
    }
  }
}

Symbol *Linker::defineGlobal(const std::string &Name, uint64_t Value) {
  auto &Slot = Globals[Name];
  if (!Slot)
    Slot = std::make_unique<Symbol>();
  else if (Slot->isDefined())
    return Slot.get(); // A user definition wins.
  Slot->Name = Name;
  Slot->Kind = Symbol::Absolute;
  Slot->Value = Value;
  Slot->Weak = false;
  Slot->LinkerDefined = true;
  return Slot.get();
}

/// Reports each undefined strong symbol once, with the places that use it.
void Linker::checkUndefined() {
  std::map<std::string, std::vector<std::string>> Uses;
  for (const auto &File : Files)
    for (const auto &Sec : File->Sections)
      if (Sec && Sec->Live)
        for (const Relocation &R : Sec->Relocs)
          if (R.Target->Kind == Symbol::Undefined && !R.Target->Weak)
            Uses[R.Target->Name].push_back(Sec->location(R.Offset));
  for (const auto &[Name, Where] : Uses) {
    std::string Msg = "undefined symbol: " + Name;
    for (size_t I = 0; I != Where.size() && I != 3; ++I)
      Msg += "\n>>> referenced by " + Where[I];
    if (Where.size() > 3)
      Msg += "\n>>> referenced " + std::to_string(Where.size() - 3) +
             " more times";
    error(Msg);
  }
}

/// Gives each common symbol space in a synthetic .bss section.
void Linker::allocateCommons() {
  for (auto &Entry : Globals) {
    Symbol &S = *Entry.second;
    if (S.Kind != Symbol::Common)
      continue;
    auto Sec = std::make_unique<InputSection>();
    Sec->File = S.File;
    Sec->Name = ".bss";
    Sec->Size = S.Size;
    Sec->Align = S.CommonAlign;
    Sec->NoBits = true;
    Sec->Flags = ELF::SHF_ALLOC | ELF::SHF_WRITE;
    S.Kind = Symbol::Defined;
    S.Section = Sec.get();
    S.Value = 0;
    SyntheticSections.push_back(std::move(Sec));
  }
}

/// --defsym names are defined before any input is read, so that they
/// override inputs' definitions and archives are not searched for them;
/// the symbols they name are references that archives may resolve.
void Linker::declareDefsyms() {
  for (const Defsym &D : Opts.Defsyms)
    defineGlobal(D.Name, 0);
  for (const Defsym &D : Opts.Defsyms)
    if (!D.Target.empty()) {
      Symbol Ref;
      Ref.Name = D.Target;
      addGlobal(Ref);
      UsedByObjects.insert(D.Target); // LTO must keep it.
    }
}

/// Gives each --defsym its value: a number, or another symbol's place plus
/// an offset. The last --defsym of a name wins; one may name another, but
/// not itself. Runs once every input symbol is final, before
/// --gc-sections (an alias keeps its target's section alive), and again
/// after layout(), which gives the runtime bounds their values.
void Linker::resolveDefsyms() {
  StringMap<const Defsym *> ByName;
  for (const Defsym &D : Opts.Defsyms)
    ByName[D.Name] = &D;
  StringMap<bool> Resolved; // Name -> whether it got a value.
  StringSet<> Active;
  std::function<bool(StringRef)> Resolve = [&](StringRef Name) {
    if (auto It = Resolved.find(Name); It != Resolved.end())
      return It->second;
    if (!Active.insert(Name).second) {
      error("--defsym: symbol '" + Name + "' is defined in terms of itself");
      return Resolved[Name] = false;
    }
    const Defsym &D = *ByName[Name];
    Symbol &S = *Globals[Name];
    if (D.Target.empty()) {
      S.Kind = Symbol::Absolute;
      S.Value = D.Offset;
    } else {
      if (ByName.count(D.Target) && !Resolve(D.Target))
        return Resolved[Name] = false;
      const Symbol &T = *Globals[D.Target];
      if (!T.isDefined()) {
        error("--defsym: undefined symbol: " + D.Target);
        return Resolved[Name] = false;
      }
      S.Kind = T.Kind;
      S.Section = T.Section;
      S.Type = T.Type;
      S.Value = T.Value + D.Offset;
    }
    // From here on an ordinary definition, which layout() leaves alone.
    S.LinkerDefined = false;
    return Resolved[Name] = true;
  };
  for (const Defsym &D : Opts.Defsyms)
    Resolve(D.Name);
}
