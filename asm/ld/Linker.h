//===-- Linker.h - accel-ld data model --------------------------*- C++ -*-===//
//
// The linker's model: input files with their sections and symbols, the
// global symbol table, and output sections placed in the memory regions of
// isa/AccelMachine.td. Each phase (read, resolve, gc, layout, relocate,
// write) lives in its own file and works on a Linker.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_LD_LINKER_H
#define ACCEL_LD_LINKER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/LTO/LTO.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace accel_ld {

struct InputFile;
struct OutputSection;
struct Symbol;

struct Relocation {
  uint64_t Offset;  ///< Within the input section.
  uint32_t Type;    ///< llvm::Accel::RelocType.
  int64_t Addend;
  Symbol *Target;
};

struct InputSection {
  InputFile *File = nullptr;
  std::string Name;
  uint64_t Size = 0;
  uint64_t Align = 1;
  bool NoBits = false;
  uint64_t Flags = 0;
  /// A non-allocated .debug_* section: copied to the output at address 0,
  /// never a reason to keep code alive under --gc-sections.
  bool Debug = false;
  llvm::ArrayRef<uint8_t> Data;
  std::vector<Relocation> Relocs;
  /// Data with relocations applied (filled by applyRelocations).
  std::vector<uint8_t> Patched;

  bool Live = true;
  OutputSection *Out = nullptr;
  uint64_t OutOffset = 0;

  uint64_t address() const;
  /// "file.o:(.text+0x18)", for diagnostics.
  std::string location(uint64_t Offset) const;
};

struct Symbol {
  enum KindTy { Undefined, Defined, Absolute, Common } Kind = Undefined;
  std::string Name;
  bool Weak = false;
  bool Local = false;
  uint8_t Type = 0;            ///< ELF STT_*.
  InputSection *Section = nullptr;
  uint64_t Value = 0;          ///< Offset in Section, or absolute value.
  uint64_t Size = 0;
  uint64_t CommonAlign = 1;
  InputFile *File = nullptr;   ///< The defining file.
  /// Defined by the linker: a --defsym, which beats any input's
  /// definition, or a runtime bound (defineLinkerSymbols), which does not.
  bool LinkerDefined = false;

  bool isDefined() const { return Kind == Defined || Kind == Absolute; }
  uint64_t address() const;
};

struct InputFile {
  std::string Name; ///< "a.o" or "libm.a(sin.o)".
  llvm::object::OwningBinary<llvm::object::Binary> Owner;
  std::unique_ptr<llvm::MemoryBuffer> Buffer;
  /// By ELF section index; null for sections not linked.
  std::vector<std::unique_ptr<InputSection>> Sections;
  /// By symbol table index.
  std::vector<Symbol *> Symbols;
  std::vector<std::unique_ptr<Symbol>> LocalSymbols;
  /// A bitcode object: no sections, its symbols defined by LTO (LTO.cpp).
  bool IsBitcode = false;
  std::unique_ptr<llvm::lto::InputFile> Bitcode; ///< Until LTO takes it.
};

struct OutputSection {
  std::string Name;
  bool InSpm = false;
  bool NoBits = false;
  bool Debug = false; ///< Not loaded: no program header, address 0.
  uint64_t Flags = 0;
  uint64_t Addr = 0;
  uint64_t Size = 0;
  uint64_t Align = 1;
  std::vector<InputSection *> Inputs;
};

/// --defsym=Name=Expr, where Expr is a number, a symbol, or a symbol plus or
/// minus a number.
struct Defsym {
  std::string Name;
  std::string Target; ///< Empty for a number.
  int64_t Offset = 0;
};

struct Options {
  std::vector<std::string> Inputs; ///< Files and "-lname" in order.
  std::vector<std::string> LibDirs;
  std::string Output = "a.out";
  std::string Entry = "_start";
  std::string MapFile;
  bool GcSections = false;
  bool StripDebug = false;
  bool StripAll = false;     ///< -s: no symbol table either.
  bool PrintMemoryUsage = false;
  std::vector<Defsym> Defsyms;
  uint64_t StackSize = 1 << 20;
  unsigned LTOOptLevel = 2;  ///< --lto-O<n>, -plugin-opt=O<n>.
  unsigned ThinLTOJobs = 0;  ///< --thinlto-jobs=<n>; 0: one per core.
  /// --opt-remarks-filename/-passes/-format: LTO's optimization remarks.
  std::string RemarksFile, RemarksPasses, RemarksFormat = "yaml";
};

class Linker {
public:
  explicit Linker(Options Opts) : Opts(std::move(Opts)) {}

  /// Runs every phase; returns false after reporting errors. No output file
  /// exists unless it returns true.
  bool link();

  // Diagnostics.
  void error(const llvm::Twine &Msg);
  void warning(const llvm::Twine &Msg);
  bool hadError() const { return Errors != 0; }

  Options Opts;
  std::vector<std::unique_ptr<InputFile>> Files;
  llvm::StringMap<std::unique_ptr<Symbol>> Globals;
  std::vector<std::unique_ptr<OutputSection>> Outputs;
  std::vector<std::unique_ptr<InputSection>> SyntheticSections;
  Symbol *EntrySymbol = nullptr;
  /// Global names an ELF object defines or references: LTO keeps them.
  llvm::StringSet<> UsedByObjects;

  // Phases, each in its own file.
  bool readInputs();                                         // InputReader
  void addBuffer(std::unique_ptr<llvm::MemoryBuffer> Buffer,
                 const std::string &Name);                   // InputReader
  void addObject(std::unique_ptr<llvm::MemoryBuffer> Buffer,
                 const std::string &Name);                   // InputReader
  Symbol *addGlobal(const Symbol &New);                      // InputReader
  void addBitcode(std::unique_ptr<llvm::MemoryBuffer> Buffer,
                  const std::string &Name);                  // LTO
  bool compileBitcode();                                     // LTO
  void resolveArchives();                                    // Resolver
  void checkUndefined();                                     // Resolver
  void allocateCommons();                                    // Resolver
  void collectGarbage();                                     // GcSections
  void declareDefsyms();                                     // Resolver
  void resolveDefsyms();                                     // Resolver
  void defineLinkerSymbols();                                // Layout
  void layout();                                             // Layout
  void printMemoryUsage(llvm::raw_ostream &OS) const;        // Layout
  void applyRelocations();                                   // Relocate
  bool writeOutput();                                        // OutputWriter
  void writeMapFile();                                       // MapFile

  Symbol *defineGlobal(const std::string &Name, uint64_t Value);
  /// For __start_X and __stop_X, a symbol the linker defines when some
  /// input section is named X: X's name; else empty.
  llvm::StringRef encapsulatedSection(const Symbol &S) const;

private:
  unsigned Errors = 0;
  struct ArchiveInput {
    std::string Name;
    std::unique_ptr<llvm::MemoryBuffer> Buffer;
    std::unique_ptr<llvm::object::Archive> Archive;
    std::map<uint64_t, bool> LoadedMembers; // by member offset
  };
  std::vector<ArchiveInput> Archives;
  /// Input sections named as C identifiers, which __start_ and __stop_
  /// symbols may delimit.
  llvm::StringSet<> CIdentSections;
  void addFile(const std::string &Path);
  /// LTO proper, in compileBitcode's child process: compiles the bitcode
  /// inputs into objects in \p Dir.
  bool runLTO(llvm::ArrayRef<InputFile *> BitcodeFiles, llvm::StringRef Dir);
  std::vector<llvm::lto::SymbolResolution>
  resolutionsFor(const InputFile &File,
                 const llvm::StringSet<> &RuntimeCalls) const;
};

} // namespace accel_ld

#endif
