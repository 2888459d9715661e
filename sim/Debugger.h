//===-- Debugger.h - accel-sim's interactive debugger -----------*- C++ -*-===//
//
// --debug and --debug-script=FILE (docs/debugger.md): the program stops at
// its entry point, and commands set breakpoints (symbol, address,
// file:line), run it bundle by bundle or to a place, and inspect the
// machine at every stop. This class reads and runs the commands and drives
// the simulator through Simulator::resume(); DebugInspector shows state.
// Without --debug none of this runs: Simulator::run() keeps its own loop.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_SIM_DEBUGGER_H
#define ACCEL_SIM_DEBUGGER_H

#include "DebugInspector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace accel_sim {

class Debugger {
public:
  /// The exit status when the session ends before the program does (quit,
  /// kill, end of input): the program's own status is unknown. The next
  /// after the faults' 129..137 (docs/simulator.md).
  static constexpr int KilledStatus = 138;

  Debugger(Simulator &Sim, const LoadedProgram &Prog, const BundleDecoder &Dec,
           Memory &Mem, const SourceLines &Lines);

  /// Stops the program at its entry point and runs \p Script's commands
  /// (each echoed after the prompt); then, if \p Interactive, reads
  /// commands from stdin, else runs the program to its end. Returns the
  /// exit status: the program's, a fault's or KilledStatus.
  int run(llvm::StringRef Script, bool Interactive);

private:
  /// Why a run of bundles ended.
  enum class Stop {
    Breakpoint, ///< At a user breakpoint (HitBreakpoint says which).
    Temporary,  ///< At one of the command's own stops.
    Steps,      ///< The number of bundles asked for ran.
    Exited,
    Faulted,
    Interrupted, ///< Ctrl-C at the prompt's terminal.
  };

  struct Breakpoint {
    unsigned Id;
    std::string Where;
    std::vector<int32_t> Bundles;
    uint64_t Hits = 0;
  };

  /// Runs one command line; false once the session is to end.
  bool execute(llvm::StringRef Line);
  void help();
  void breakAt(llvm::StringRef Args);
  void deleteBreakpoints(llvm::StringRef Args);
  void info(llvm::StringRef Args);
  void step(llvm::StringRef Args);
  void next(llvm::StringRef Args);
  void continueRun();
  void until(llvm::StringRef Args);
  void finish();
  void print(llvm::StringRef Args);
  void examine(llvm::StringRef Format, llvm::StringRef Args);
  void disassemble(llvm::StringRef Args);

  /// Runs up to \p MaxBundles bundles, stopping at the user's breakpoints
  /// (unless \p UseBreakpoints is false) and at \p Temporary.
  Stop runUntil(const std::vector<int32_t> &Temporary, uint64_t MaxBundles,
                bool UseBreakpoints = true);
  /// Prints a stop: \p Why for Temporary and Steps, else the breakpoint,
  /// the exit or the fault.
  void report(Stop S, const std::string &Why);
  /// Whether the program can run; if not, says why.
  bool canRun();
  /// The simulator's end(), once: statistics and exit status.
  void conclude();
  /// Marks in StopAt the bundles some breakpoint names.
  void refreshStops(const std::vector<int32_t> &Bundles);
  void error(const llvm::Twine &Message);
  /// A count argument: empty is \p Default; false (with a message) if it
  /// is not a positive number.
  bool parseCount(llvm::StringRef Arg, uint64_t Default, uint64_t &Count);

  Simulator &Sim;
  const BundleDecoder &Dec;
  DebugInspector Inspect;
  llvm::raw_ostream &OS;
  bool Interactive = false;

  std::vector<Breakpoint> Breakpoints;
  unsigned NextBreakpointId = 1;
  unsigned HitBreakpoint = 0;
  /// Per bundle: 1 where a breakpoint is; resume() stops before those.
  std::vector<uint8_t> StopAt;

  bool Ended = false; ///< The program exited or faulted.
  bool Concluded = false;
  int Status = 0; ///< Its exit status, once Ended.
  std::string LastCommand;
};

} // namespace accel_sim

#endif
