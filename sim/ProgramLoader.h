//===-- ProgramLoader.h - load an Accel ELF executable ----------*- C++ -*-===//

#ifndef ACCEL_SIM_PROGRAMLOADER_H
#define ACCEL_SIM_PROGRAMLOADER_H

#include "Memory.h"
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class DWARFContext;
class MemoryBuffer;
namespace object {
class ObjectFile;
}
} // namespace llvm

namespace accel_sim {

/// Source locations of addresses, from an executable's DWARF line table
/// (linked from -g objects).
class SourceLines {
public:
  /// Reads \p Path; without a readable file or line table every lookup
  /// answers "", and so it does for malformed DWARF, which problem() then
  /// describes.
  explicit SourceLines(const std::string &Path);
  ~SourceLines();
  /// "malformed DWARF: ..." if the line tables could not be read, else "".
  const std::string &problem() const { return Problem; }
  /// "file.c:12:5" for \p Addr, or "" if the line table does not cover it.
  /// With \p WithColumn false, "file.c:12".
  std::string lookup(uint64_t Addr, bool WithColumn = true) const;

  /// A source position. File is the name the line table records (what
  /// lookup() prints), Path the same joined to the compilation directory
  /// (to read the text); Line is 0 where the table does not cover Addr.
  struct Position {
    std::string File, Path;
    unsigned Line = 0, Column = 0;
  };
  Position position(uint64_t Addr) const;

  /// Where the code of \p File:\p Line starts: in each line-table sequence,
  /// the lowest address of the line's is_stmt rows. \p File matches a
  /// table's file name whole or as its trailing path components. A line
  /// without code moves \p Line on to the next line of the file that has
  /// some. Empty if there is none; \p FileKnown says whether a table names
  /// the file at all.
  std::vector<uint64_t> addressesOf(const std::string &File, unsigned &Line,
                                    bool &FileKnown) const;
  /// Whether the executable has no line table (was not linked from -g
  /// objects).
  bool empty() const;

private:
  std::unique_ptr<llvm::object::ObjectFile> Obj;
  std::unique_ptr<llvm::MemoryBuffer> Buffer;
  std::unique_ptr<llvm::DWARFContext> Ctx;
  std::string Problem;
};

struct TextSegment {
  uint64_t Addr;
  std::vector<uint8_t> Bytes;
};

struct LoadedProgram {
  std::string Path;
  uint64_t Entry = 0;
  std::vector<TextSegment> Text;
  std::map<uint64_t, std::string> Symbols; ///< Function and label addresses.
  /// Where functions start: symbols typed as functions, and global symbols
  /// (assembly's untyped local labels are branch targets).
  std::set<uint64_t> Functions;
  uint64_t StackTop = 0;                   ///< Initial r30.
  uint64_t Argc = 0, Argv = 0;
  /// The C library's `int errno`, where failing sys services store the
  /// error number; 0 if the program has none.
  uint64_t ErrnoAddr = 0;

  /// The nearest symbol at or before \p Addr, or null if none precedes it.
  const std::pair<const uint64_t, std::string> *symbolAt(uint64_t Addr) const;
  /// "name+0x10" for an address, or "" if no symbol precedes it.
  std::string symbolize(uint64_t Addr) const;
  /// "file.c:12:5" for an address, from the executable's DWARF line table
  /// (linked from -g objects); "" if it has none for the address. Reads the
  /// file again: meant for fault reports; SourceLines serves many lookups.
  std::string sourceLocation(uint64_t Addr) const;
};

/// Loads \p Path's PT_LOAD segments into \p Mem, protects the text, sets the
/// stack guard from __heap_end/__stack_limit, and writes argv (Args[0] is
/// the program path) at the top of DRAM. Returns false with \p Error set for
/// a truncated, foreign or inconsistent ELF.
bool loadProgram(const std::string &Path, const std::vector<std::string> &Args,
                 Memory &Mem, LoadedProgram &Prog, std::string &Error);

} // namespace accel_sim

#endif
