//===-- accel-sim.cpp - Accel instruction-set simulator driver ------------===//
//
// accel-sim [options] prog.elf [args...]: runs the program; its console
// output goes to stdout/stderr, statistics and traces to stderr, and the exit
// status is the program's (0..127) or a fault's (docs/simulator.md).
//
//===----------------------------------------------------------------------===//

#include "Debugger.h"
#include "HostFiles.h"
#include "ProgramLoader.h"
#include "Profile.h"
#include "Simulator.h"
#include "Timeline.h"
#include "MCTargetDesc/AccelMachineParams.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>

using namespace llvm;
using namespace accel_sim;

namespace {
struct CommandLine {
  std::string Program;
  std::vector<std::string> ProgramArgs;
  bool Fast = false, Stats = false, Trace = false;
  unsigned ProfileRows = 0; ///< --profile: rows per table; 0 means none.
  std::string StatsJson, TimelineFile;
  uint64_t MaxCycles = uint64_t(1) << 32;
  std::string FsRoot = ".";  ///< --fs-root; empty with --no-fs.
  uint64_t ClockHz = 1000000000;
  bool Debug = false;      ///< --debug: the prompt on stdin.
  bool RaceCheck = true;   ///< Off: --no-race-check.
  std::string DebugScript; ///< --debug-script: commands from a file.
};
} // namespace

static void usage(raw_ostream &OS) {
  OS << "USAGE: accel-sim [options] <program.elf> [program arguments...]\n\n"
        "OPTIONS:\n"
        "  --fast               Functional mode: no cycle model; cycles then "
        "count bundles\n"
        "  --stats              Print statistics to stderr at exit\n"
        "  --stats-json=<file>  Write statistics as JSON\n"
        "  --trace              One line per bundle on stderr: cycle, pc, "
        "disassembly,\n"
        "                       registers written\n"
        "  --timeline=<file>    Write a Chrome trace-event timeline (Perfetto)\n"
        "  --profile[=<n>]      Print to stderr at exit the n (default 20) "
        "symbols and\n"
        "                       source lines with the most cycles\n"
        "  --max-cycles=<n>     Stop with a fault after n cycles (default "
        "4294967296)\n"
        "  --fs-root=<dir>      The program's files are those under dir "
        "(default: the\n"
        "                       current directory)\n"
        "  --no-fs              No file access: only stdin, stdout and "
        "stderr\n"
        "  --no-race-check      Do not stop at accesses that race with DMA "
        "transfers,\n"
        "                       mmacs or stream operations in flight\n"
        "  --clock-hz=<n>       The simulated clock rate for the time "
        "functions\n"
        "                       (default 1000000000)\n"
        "  --debug              Stop at the entry point and read debugger "
        "commands\n"
        "                       from stdin (docs/debugger.md)\n"
        "  --debug-script=<file>  Run debugger commands from a file, then "
        "the\n"
        "                       program to its end (or, with --debug, the "
        "prompt)\n";
}

/// Options come before the program; everything after it is the program's.
/// (LLVM's own command line is not used: it has an unrelated -stats.)
static bool parseCommandLine(int Argc, char **Argv, CommandLine &CL) {
  for (int I = 1; I < Argc; ++I) {
    StringRef Arg = Argv[I];
    if (!CL.Program.empty()) {
      CL.ProgramArgs.push_back(Arg.str());
    } else if (Arg == "--help" || Arg == "-help" || Arg == "-h") {
      usage(outs());
      exit(0);
    } else if (Arg == "--fast") {
      CL.Fast = true;
    } else if (Arg == "--stats") {
      CL.Stats = true;
    } else if (Arg == "--trace") {
      CL.Trace = true;
    } else if (Arg.consume_front("--stats-json=")) {
      CL.StatsJson = Arg.str();
    } else if (Arg.consume_front("--timeline=")) {
      CL.TimelineFile = Arg.str();
    } else if (Arg == "--profile") {
      CL.ProfileRows = 20;
    } else if (Arg.consume_front("--profile=")) {
      if (Arg.getAsInteger(10, CL.ProfileRows) || CL.ProfileRows == 0) {
        WithColor::error(errs(), "accel-sim")
            << "--profile= needs a positive number of rows, not '" << Arg
            << "'\n";
        return false;
      }
    } else if (Arg.consume_front("--max-cycles=")) {
      if (Arg.getAsInteger(0, CL.MaxCycles)) {
        WithColor::error(errs(), "accel-sim")
            << "--max-cycles needs a number, not '" << Arg << "'\n";
        return false;
      }
    } else if (Arg.consume_front("--fs-root=")) {
      if (Arg.empty()) {
        WithColor::error(errs(), "accel-sim") << "--fs-root= needs a directory\n";
        return false;
      }
      CL.FsRoot = Arg.str();
    } else if (Arg == "--debug") {
      CL.Debug = true;
    } else if (Arg.consume_front("--debug-script=")) {
      if (Arg.empty()) {
        WithColor::error(errs(), "accel-sim")
            << "--debug-script= needs a file\n";
        return false;
      }
      CL.DebugScript = Arg.str();
    } else if (Arg == "--no-fs") {
      CL.FsRoot.clear();
    } else if (Arg == "--no-race-check") {
      CL.RaceCheck = false;
    } else if (Arg.consume_front("--clock-hz=")) {
      if (Arg.getAsInteger(0, CL.ClockHz) || CL.ClockHz == 0 ||
          CL.ClockHz > MaxClockHz) {
        WithColor::error(errs(), "accel-sim")
            << "--clock-hz needs a rate from 1 to " << MaxClockHz
            << " Hz, not '" << Arg << "'\n";
        return false;
      }
    } else if (Arg.starts_with("-")) {
      WithColor::error(errs(), "accel-sim") << "unknown option '" << Arg
                                            << "' (see --help)\n";
      return false;
    } else {
      CL.Program = Arg.str();
    }
  }
  if (CL.Program.empty()) {
    WithColor::error(errs(), "accel-sim") << "no program given\n";
    usage(errs());
    return false;
  }
  return true;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  CommandLine CL;
  if (!parseCommandLine(argc, argv, CL))
    return LoadFailureStatus;

  Memory Mem;
  LoadedProgram Prog;
  std::vector<std::string> Args{CL.Program};
  Args.insert(Args.end(), CL.ProgramArgs.begin(), CL.ProgramArgs.end());
  std::string Error;
  if (!loadProgram(CL.Program, Args, Mem, Prog, Error)) {
    WithColor::error(errs(), "accel-sim") << Error << "\n";
    return LoadFailureStatus;
  }
  // A profile's source lines are read, and the output files opened, before
  // the run: malformed DWARF or an unwritable path fails at once, not after
  // a long simulation.
  bool Debugging = CL.Debug || !CL.DebugScript.empty();
  std::optional<SourceLines> Lines;
  if (CL.ProfileRows || Debugging) {
    Lines.emplace(CL.Program);
    if (!Lines->problem().empty()) {
      if (CL.ProfileRows) {
        WithColor::error(errs(), "accel-sim")
            << CL.Program << ": " << Lines->problem() << "\n";
        return LoadFailureStatus;
      }
      // The debugger still works by symbol and address.
      WithColor::warning(errs(), "accel-sim")
          << CL.Program << ": " << Lines->problem() << ": no source lines\n";
    }
  }
  std::unique_ptr<MemoryBuffer> DebugScript;
  if (!CL.DebugScript.empty()) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
        MemoryBuffer::getFile(CL.DebugScript, /*IsText=*/true);
    if (!Buf) {
      WithColor::error(errs(), "accel-sim")
          << CL.DebugScript << ": " << Buf.getError().message() << "\n";
      return LoadFailureStatus;
    }
    DebugScript = std::move(*Buf);
  }
  std::unique_ptr<raw_fd_ostream> StatsJsonOut, TimelineOut;
  auto Open = [](const std::string &Path,
                 std::unique_ptr<raw_fd_ostream> &OS) {
    if (Path.empty())
      return true;
    std::error_code EC;
    OS = std::make_unique<raw_fd_ostream>(Path, EC, sys::fs::OF_Text);
    if (!EC)
      return true;
    WithColor::error(errs(), "accel-sim") << Path << ": " << EC.message()
                                          << "\n";
    return false;
  };
  if (!Open(CL.StatsJson, StatsJsonOut) || !Open(CL.TimelineFile, TimelineOut))
    return LoadFailureStatus;

  HostFiles Files;
  if (!Files.init(CL.FsRoot, Error)) {
    WithColor::error(errs(), "accel-sim") << Error << "\n";
    return LoadFailureStatus;
  }

  BundleDecoder Decoder;
  Decoder.decode(Prog);

  Timeline TL;
  SimOptions Opts;
  Opts.Timed = !CL.Fast;
  Opts.Trace = CL.Trace;
  Opts.Profile = CL.ProfileRows != 0;
  Opts.MaxCycles = CL.MaxCycles;
  Opts.TimelineOut = TimelineOut ? &TL : nullptr;
  Opts.Files = &Files;
  Opts.ClockHz = CL.ClockHz;
  Opts.RaceCheck = CL.RaceCheck;
  Simulator Sim(Mem, Prog, Decoder, Opts);
  int Status;
  if (Debugging)
    Status = Debugger(Sim, Prog, Decoder, Mem, *Lines)
                 .run(DebugScript ? DebugScript->getBuffer() : "", CL.Debug);
  else
    Status = Sim.run();
  std::fflush(stdout);

  // The debugger has shown the fault where it stopped.
  if (Sim.fault() && !Debugging)
    errs() << Sim.faultReport();
  if (CL.Stats) {
    Sim.stats().print(errs());
    if (const Stats *Region = Sim.region())
      Region->print(errs(), "region of interest (sys 2 .. sys 3)");
  }
  if (CL.ProfileRows)
    printProfile(errs(), Prog, *Lines, Decoder,
                 {Sim.executions(), Sim.stallCycles()}, !CL.Fast,
                 CL.ProfileRows);
  // A write error (a full disk) is reported when the file is closed.
  auto Close = [](const std::string &Path, raw_fd_ostream &OS) {
    OS.close();
    if (!OS.has_error())
      return true;
    WithColor::error(errs(), "accel-sim") << Path << ": "
                                          << OS.error().message() << "\n";
    OS.clear_error();
    return false;
  };
  if (StatsJsonOut) {
    Sim.stats().printJson(*StatsJsonOut, Sim.region());
    *StatsJsonOut << "\n";
    if (!Close(CL.StatsJson, *StatsJsonOut))
      return LoadFailureStatus;
  }
  if (TimelineOut) {
    TL.write(*TimelineOut, AccelParam::DmaChannels);
    if (!Close(CL.TimelineFile, *TimelineOut))
      return LoadFailureStatus;
  }
  return Status;
}
