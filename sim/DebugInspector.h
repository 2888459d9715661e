//===-- DebugInspector.h - what accel-sim's debugger shows ------*- C++ -*-===//
//
// The read-only half of the debugger (Debugger.h runs the commands): the
// location of a stop, registers, memory, the DMA channels, the stall of the
// next bundle, the backtrace along the frame-pointer chain, disassembly;
// and the names a command may use for code and data (symbols, addresses,
// file:line, registers). Nothing here changes the simulated machine.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_SIM_DEBUGINSPECTOR_H
#define ACCEL_SIM_DEBUGINSPECTOR_H

#include "Simulator.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace accel_sim {

/// How far the function at a pc has set up its frame record (the return
/// address at r29 - 8, the caller's r29 at r29 - 16; docs/abi.md "Frame").
enum class FrameSetup {
  AtEntry,        ///< Its first bundle: r31 is the return address.
  NotYet,         ///< In the prologue, before r29 is set.
  Ready,          ///< r29 is its frame.
  TornDown,       ///< In the epilogue, after r29 is restored.
  NoFramePointer, ///< It never sets r29 (-fomit-frame-pointer, assembly).
};

/// One step back along the chain: a return address and the stack pointer
/// the caller has once the callee returns (the callee's CFA, or a lower
/// bound of it).
struct CallerFrame {
  uint64_t ReturnAddress = 0;
  uint64_t Cfa = 0;
};

class DebugInspector {
public:
  DebugInspector(Simulator &Sim, const LoadedProgram &Prog,
                 const BundleDecoder &Dec, Memory &Mem,
                 const SourceLines &Lines);

  /// The pc a stop shows: the pending bundle's.
  uint64_t pc() const;

  /// "0x10000040 <main+0x8>".
  std::string describe(uint64_t Addr) const;
  /// The stop's location: pc, symbol, source line (and its text, if the
  /// file is readable) and the bundle's disassembly, each indented.
  void printLocation(llvm::raw_ostream &OS, uint64_t Pc);

  /// print r5 | v3 | acc2 | pc | cycle (a leading '$' is allowed).
  bool printRegister(llvm::raw_ostream &OS, llvm::StringRef Name,
                     std::string &Error) const;
  void printScalarRegisters(llvm::raw_ostream &OS) const;
  /// x/NF: \p Format is 'w' (32-bit words), 'g' (64-bit), 'b' (bytes) or
  /// 'f' (f32).
  bool examine(llvm::raw_ostream &OS, char Format, uint64_t Count,
               uint64_t Addr, std::string &Error);
  void printDma(llvm::raw_ostream &OS) const;
  void printStall(llvm::raw_ostream &OS);
  void printBacktrace(llvm::raw_ostream &OS);
  /// \p Count bundles from bundle \p Idx, the pc's marked.
  void disassemble(llvm::raw_ostream &OS, int32_t Idx, unsigned Count) const;

  /// A data address: a number, a symbol or a register, optionally + or - a
  /// number ("buf+16", "r30-8").
  bool evaluate(llvm::StringRef Expr, uint64_t &Value,
                std::string &Error) const;
  /// The bundles a code location names: a symbol (its first bundle), an
  /// address ("0x10000040", "*0x10000040", "main+0x10") or file:line of a
  /// -g program (where each line-table sequence starts the line's code).
  /// \p Where describes the result for messages ("t.c:12", "main").
  bool resolveCode(llvm::StringRef Spec, std::vector<int32_t> &Bundles,
                   std::string &Where, std::string &Error) const;
  /// The bundle containing \p Addr, or -1 outside the text.
  int32_t bundleContaining(uint64_t Addr) const;

  FrameSetup frameSetup(uint64_t Pc) const;
  /// The current function's caller: from r31 while its frame record is not
  /// set up, else from the record. False (with a reason) without a frame
  /// pointer or with a bad record.
  bool callerFrame(CallerFrame &Frame, std::string &Error) const;
  /// The name of the function \p Pc is in, or "??".
  std::string functionAt(uint64_t Pc) const;
  /// Where that function starts (LoadedProgram::Functions).
  std::optional<uint64_t> functionStart(uint64_t Pc) const;

private:
  bool readWord(uint64_t Addr, uint64_t &Value) const;
  /// The source text of \p Path's line \p Line, or "" if unreadable.
  std::string sourceText(const std::string &Path, unsigned Line);

  Simulator &Sim;
  const LoadedProgram &Prog;
  const BundleDecoder &Dec;
  Memory &Mem;
  const SourceLines &Lines;
  std::multimap<std::string, uint64_t> SymbolAddrs;
  /// Source files read so far, split into lines; empty if unreadable.
  std::map<std::string, std::vector<std::string>> Sources;
};

} // namespace accel_sim

#endif
