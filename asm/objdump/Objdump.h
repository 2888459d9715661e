//===-- Objdump.h - accel-objdump's options and dumps -----------*- C++ -*-===//
//
// What accel-objdump was asked for (DumpOptions, filled from the command
// line by accel-objdump.cpp), and the dumps: the tables of Tables.cpp and
// the disassembly of Disassemble.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_ASM_OBJDUMP_OBJDUMP_H
#define ACCEL_ASM_OBJDUMP_OBJDUMP_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Object/ELFObjectFile.h"
#include <cstdint>
#include <string>
#include <vector>

namespace accel_objdump {

struct DumpOptions {
  bool FileHeaders = false;    ///< -f
  bool PrivateHeaders = false; ///< -p: program headers
  bool SectionHeaders = false; ///< -h
  bool Syms = false;           ///< -t
  bool Relocs = false;         ///< -r (inline with -d)
  bool FullContents = false;   ///< -s
  bool Disassemble = false;    ///< -d: code sections
  bool DisassembleAll = false; ///< -D: every section with contents
  bool LineNumbers = false;    ///< -l
  bool Source = false;         ///< -S
  bool ShowRawInsn = true;     ///< --no-show-raw-insn clears it.
  bool LeadingAddr = true;     ///< --no-leading-addr clears it.
  bool Demangle = false;       ///< -C
  std::vector<std::string> Sections;           ///< -j: only these.
  std::vector<std::string> DisassembleSymbols; ///< --disassemble-symbols=
  uint64_t StartAddress = 0;                   ///< --start-address=
  uint64_t StopAddress = UINT64_MAX;           ///< --stop-address=

  /// Whether -j lets section \p Name be dumped.
  bool selects(llvm::StringRef Name) const;
  /// A symbol's name as printed: demangled with -C.
  std::string symbolName(llvm::StringRef Name) const;
};

void reportError(llvm::StringRef File, const llvm::Twine &Msg);
void reportWarning(llvm::StringRef File, const llvm::Twine &Msg);

/// The value; a malformed file is reported and ends the run.
template <typename T> T unwrapOrError(llvm::Expected<T> V, llvm::StringRef File) {
  if (V)
    return std::move(*V);
  reportError(File, llvm::toString(V.takeError()));
  exit(1);
}

// Tables.cpp
void printFileHeaders(const llvm::object::ELFObjectFileBase &Obj);
void printProgramHeaders(const llvm::object::ELFObjectFileBase &Obj);
void printSectionHeaders(const llvm::object::ELFObjectFileBase &Obj,
                         const DumpOptions &Opts);
void printSymbolTable(const llvm::object::ELFObjectFileBase &Obj,
                      const DumpOptions &Opts);
void printRelocations(const llvm::object::ELFObjectFileBase &Obj,
                      const DumpOptions &Opts);
void printSectionContents(const llvm::object::ELFObjectFileBase &Obj,
                          const DumpOptions &Opts);
/// "R_ACCEL_IMM32" and "sym+0x8", as -r prints a relocation.
llvm::StringRef relocName(uint32_t Type);
std::string relocValue(const llvm::object::RelocationRef &R,
                       const DumpOptions &Opts);

// Disassemble.cpp
void disassemble(const llvm::object::ELFObjectFileBase &Obj,
                 const DumpOptions &Opts);

} // namespace accel_objdump

#endif
