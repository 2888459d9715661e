//===-- SourceLines.h - code addresses to source lines ----------*- C++ -*-===//
//
// The DWARF line tables of one Accel object or executable, for
// accel-objdump's -l and -S. LLVM's DWARF reader relocates only the machines
// it knows, so the debug sections of a relocatable object are relocated
// here, with the R_ACCEL_32/64 formulas, before the reader sees them.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_ASM_OBJDUMP_SOURCELINES_H
#define ACCEL_ASM_OBJDUMP_SOURCELINES_H

#include "llvm/ADT/StringMap.h"
#include "llvm/DebugInfo/DIContext.h"
#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/Object/ELFObjectFile.h"
#include <memory>
#include <optional>
#include <vector>

namespace accel_objdump {

class SourceLines {
public:
  /// Reads \p Obj's debug sections; problems are reported through \p Warn.
  SourceLines(const llvm::object::ELFObjectFileBase &Obj,
              std::function<void(const llvm::Twine &)> Warn);

  /// True if the file has a line table.
  bool hasLineTable() const;

  /// The source position of the code at \p Offset in \p Sec; FileName is
  /// DILineInfo::BadString if the line table does not cover it.
  llvm::DILineInfo lookup(const llvm::object::SectionRef &Sec,
                          uint64_t Offset) const;

  /// Line \p Line (from 1) of \p Path, without its newline; std::nullopt,
  /// after one warning per file, if the file cannot be read.
  std::optional<llvm::StringRef> text(llvm::StringRef Path, uint32_t Line);

private:
  uint64_t base(const llvm::object::SectionRef &Sec) const;
  void relocate(const llvm::object::SectionRef &RelocSec,
                llvm::MutableArrayRef<char> Data);

  const llvm::object::ELFObjectFileBase &Obj;
  std::function<void(const llvm::Twine &)> Warn;
  /// Relocated debug sections by name without the leading dot, as
  /// DWARFContext::create wants them.
  llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> Sections;
  std::unique_ptr<llvm::DWARFContext> Context;

  struct SourceFile {
    std::unique_ptr<llvm::MemoryBuffer> Buffer; ///< Null: unreadable.
    std::vector<llvm::StringRef> Lines;
  };
  llvm::StringMap<SourceFile> Files;
};

} // namespace accel_objdump

#endif
