//===-- Debugger.cpp - accel-sim's interactive debugger -------------------===//
//
// Commands and the control of execution. Every way of running (step, next,
// continue, until, finish) is one runUntil(): Simulator::resume() with the
// breakpoints and the command's own stops marked in a per-bundle table, so
// the simulator checks one byte per bundle and never calls back.
//
//===----------------------------------------------------------------------===//

#include "Debugger.h"
#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"
#include <csignal>
#include <unistd.h>

using namespace llvm;
using namespace accel_sim;
namespace A = llvm::Accel;

/// Bundles run between checks for Ctrl-C: a few milliseconds.
static constexpr uint64_t ChunkBundles = uint64_t(1) << 20;
static constexpr uint64_t NoLimit = ~uint64_t(0);

static volatile std::sig_atomic_t InterruptRequested = 0;
static void onInterrupt(int) { InterruptRequested = 1; }

Debugger::Debugger(Simulator &Sim, const LoadedProgram &Prog,
                   const BundleDecoder &Dec, Memory &Mem,
                   const SourceLines &Lines)
    : Sim(Sim), Dec(Dec), Inspect(Sim, Prog, Dec, Mem, Lines), OS(errs()),
      StopAt(Dec.bundles().size(), 0) {}

void Debugger::error(const Twine &Message) {
  OS << "error: " << Message << "\n";
}

void Debugger::conclude() {
  if (Concluded)
    return;
  Concluded = true;
  Status = Sim.end();
}

bool Debugger::canRun() {
  if (!Ended)
    return true;
  if (Sim.fault())
    error("the program stopped at a fault (status " + Twine(Status) +
          "); only inspection is possible");
  else
    error("the program has exited (status " + Twine(Status) + ")");
  return false;
}

/// A line from stdin, read byte by byte: whatever follows the line stays
/// there for the program's own reads of stdin.
static bool readLine(std::string &Line) {
  Line.clear();
  for (;;) {
    char C;
    ssize_t N = ::read(0, &C, 1);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return !Line.empty();
    if (C == '\n')
      return true;
    Line += C;
  }
}

int Debugger::run(StringRef Script, bool IsInteractive) {
  Interactive = IsInteractive;
  if (!Sim.begin()) {
    Ended = true;
    conclude();
    OS << Sim.faultReport();
    return Status;
  }
  report(Stop::Temporary, "Entry point");

  bool Quit = false;
  SmallVector<StringRef, 0> ScriptLines;
  Script.split(ScriptLines, '\n');
  for (StringRef Line : ScriptLines) {
    Line = Line.trim();
    if (Line.empty() || Line.starts_with("#"))
      continue;
    OS << "(accel-sim) " << Line << "\n";
    if (!execute(Line)) {
      Quit = true;
      break;
    }
  }

  if (!Quit && Interactive) {
    // Commands piped in are echoed, as a script's are; a terminal has.
    bool Echo = !::isatty(0);
    std::string Line;
    for (;;) {
      OS << "(accel-sim) ";
      if (!readLine(Line)) {
        OS << "\n";
        break; // End of input: as quit.
      }
      if (Echo)
        OS << Line << "\n";
      StringRef Command = StringRef(Line).trim();
      // An empty line repeats a step or next, as in gdb.
      if (Command.empty()) {
        StringRef Last = LastCommand;
        StringRef Verb = Last.split(' ').first;
        if (!is_contained(
                {"step", "s", "stepi", "si", "next", "n", "nexti", "ni"}, Verb))
          continue;
        Command = Last;
      }
      LastCommand = Command.str();
      if (!execute(Command))
        break;
    }
  } else if (!Quit && !Ended) {
    // The end of a script: the program runs to its end, breakpoints off.
    OS << "(end of script: running to the end without stopping)\n";
    report(runUntil({}, NoLimit, /*UseBreakpoints=*/false), "Stopped");
  }

  if (!Ended) {
    conclude();
    OS << "The program did not finish: exit status " << KilledStatus << "\n";
    return KilledStatus;
  }
  return Status;
}

bool Debugger::execute(StringRef Line) {
  auto [Verb, Args] = Line.split(' ');
  Args = Args.trim();
  if (Verb == "quit" || Verb == "q" || Verb == "kill" || Verb == "exit")
    return false;
  if (Verb == "help" || Verb == "h")
    help();
  else if (Verb == "break" || Verb == "b")
    breakAt(Args);
  else if (Verb == "delete" || Verb == "d")
    deleteBreakpoints(Args);
  else if (Verb == "info" || Verb == "i")
    info(Args);
  else if (Verb == "step" || Verb == "s" || Verb == "stepi" || Verb == "si")
    step(Args);
  else if (Verb == "next" || Verb == "n" || Verb == "nexti" || Verb == "ni")
    next(Args);
  else if (Verb == "continue" || Verb == "c")
    continueRun();
  else if (Verb == "until" || Verb == "u")
    until(Args);
  else if (Verb == "finish" || Verb == "fin")
    finish();
  else if (Verb == "print" || Verb == "p")
    print(Args);
  else if (Verb == "x" || Verb.starts_with("x/"))
    examine(Verb.drop_front(1), Args);
  else if (Verb == "backtrace" || Verb == "bt" || Verb == "where")
    Inspect.printBacktrace(OS);
  else if (Verb == "disassemble" || Verb == "disas")
    disassemble(Args);
  else
    error("unknown command '" + Verb + "' (try 'help')");
  return true;
}

void Debugger::help() {
  OS << "Running (n: a count, default 1; LOC: a symbol, an address or "
        "file:line):\n"
        "  step [n], s         run n bundles\n"
        "  next [n], n         the same, but a bundle that calls runs until "
        "the call returns\n"
        "  continue, c         run to a breakpoint or the end\n"
        "  until LOC, u        run to LOC (or a breakpoint)\n"
        "  finish              run until the current function returns\n"
        "  quit, q, kill       end the session (and the program)\n"
        "Breakpoints:\n"
        "  break LOC, b        stop before the bundle at LOC\n"
        "  delete [N...], d    delete breakpoints (all without N)\n"
        "  info breakpoints\n"
        "Inspecting:\n"
        "  print REG, p        r0..r31, v0..v31, acc0..acc15, sp, fp, ra, "
        "pc, cycle\n"
        "  info registers      every scalar register\n"
        "  x/NF ADDR           N units of memory; F: w (32-bit words), g "
        "(64-bit),\n"
        "                      b (bytes), f (f32); ADDR: a number, symbol or "
        "register,\n"
        "                      + or - a number\n"
        "  info dma            the DMA channels\n"
        "  info stall          what the next bundle waits for\n"
        "  backtrace, bt       the calls, along the frame-pointer chain\n"
        "  disassemble [LOC] [n]  n bundles (default 8) from LOC or the pc\n";
}

bool Debugger::parseCount(StringRef Arg, uint64_t Default, uint64_t &Count) {
  Count = Default;
  if (Arg.empty())
    return true;
  if (Arg.getAsInteger(0, Count) || Count == 0) {
    error("'" + Arg + "' is not a positive count");
    return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Breakpoints
//===----------------------------------------------------------------------===//

void Debugger::refreshStops(const std::vector<int32_t> &Bundles) {
  for (int32_t Idx : Bundles) {
    StopAt[Idx] = 0;
    for (const Breakpoint &B : Breakpoints)
      if (is_contained(B.Bundles, Idx))
        StopAt[Idx] = 1;
  }
}

void Debugger::breakAt(StringRef Args) {
  if (Args.empty()) {
    error("break needs a location: a symbol, an address or file:line");
    return;
  }
  Breakpoint B;
  std::string Error;
  if (!Inspect.resolveCode(Args, B.Bundles, B.Where, Error)) {
    error("no breakpoint: " + Error);
    return;
  }
  B.Id = NextBreakpointId++;
  OS << "Breakpoint " << B.Id;
  if (B.Bundles.size() == 1) {
    OS << " at " << Inspect.describe(Dec.bundles()[B.Bundles[0]].Pc) << ": "
       << B.Where << "\n";
  } else {
    OS << ": " << B.Where << ", " << B.Bundles.size() << " locations:";
    for (int32_t Idx : B.Bundles)
      OS << " " << Inspect.describe(Dec.bundles()[Idx].Pc);
    OS << "\n";
  }
  Breakpoints.push_back(B);
  refreshStops(B.Bundles);
}

void Debugger::deleteBreakpoints(StringRef Args) {
  if (Args.empty()) {
    Breakpoints.clear();
    std::fill(StopAt.begin(), StopAt.end(), 0);
    OS << "Deleted every breakpoint\n";
    return;
  }
  SmallVector<StringRef, 4> Ids;
  Args.split(Ids, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef Id : Ids) {
    unsigned N;
    auto It = Breakpoints.end();
    if (!Id.getAsInteger(10, N))
      It = find_if(Breakpoints, [&](const Breakpoint &B) { return B.Id == N; });
    if (It == Breakpoints.end()) {
      error("no breakpoint " + Id);
      continue;
    }
    std::vector<int32_t> Bundles = std::move(It->Bundles);
    Breakpoints.erase(It);
    refreshStops(Bundles);
    OS << "Deleted breakpoint " << N << "\n";
  }
}

void Debugger::info(StringRef Args) {
  if (Args == "breakpoints" || Args == "break" || Args == "b") {
    if (Breakpoints.empty()) {
      OS << "No breakpoints\n";
      return;
    }
    OS << "Num  Hits  Where\n";
    for (const Breakpoint &B : Breakpoints) {
      OS << format("%-4u %-5llu ", B.Id, (unsigned long long)B.Hits) << B.Where
         << "\n";
      for (int32_t Idx : B.Bundles)
        OS << "             " << Inspect.describe(Dec.bundles()[Idx].Pc)
           << "\n";
    }
  } else if (Args == "registers" || Args == "reg" || Args == "r") {
    Inspect.printScalarRegisters(OS);
  } else if (Args == "dma") {
    Inspect.printDma(OS);
  } else if (Args == "stall") {
    Inspect.printStall(OS);
  } else {
    error("info what? breakpoints, registers, dma or stall");
  }
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

Debugger::Stop Debugger::runUntil(const std::vector<int32_t> &Temporary,
                                  uint64_t MaxBundles, bool UseBreakpoints) {
  std::vector<uint8_t> NoBreakpoints;
  if (!UseBreakpoints)
    NoBreakpoints.assign(StopAt.size(), 0);
  std::vector<uint8_t> &Stops = UseBreakpoints ? StopAt : NoBreakpoints;
  for (int32_t Idx : Temporary)
    Stops[Idx] |= 2;

  // Ctrl-C stops a long run at the prompt, between chunks of bundles.
  struct sigaction Old, New = {};
  if (Interactive) {
    InterruptRequested = 0;
    New.sa_handler = onInterrupt;
    sigemptyset(&New.sa_mask);
    sigaction(SIGINT, &New, &Old);
  }
  Stop Result = Stop::Steps;
  for (uint64_t Left = MaxBundles;;) {
    uint64_t Chunk = std::min(Left, ChunkBundles);
    Simulator::StopReason R = Sim.resume(Stops, Chunk);
    if (R == Simulator::StopReason::Exited ||
        R == Simulator::StopReason::Faulted) {
      Ended = true;
      conclude();
      Result = Sim.fault() ? Stop::Faulted : Stop::Exited;
      break;
    }
    if (R == Simulator::StopReason::AtStop) {
      Result = Stop::Temporary;
      int32_t Idx = Sim.pendingBundle();
      if (Stops[Idx] & 1)
        for (Breakpoint &B : Breakpoints)
          if (is_contained(B.Bundles, Idx)) {
            ++B.Hits;
            HitBreakpoint = B.Id;
            Result = Stop::Breakpoint;
            break;
          }
      break;
    }
    if (Left != NoLimit)
      Left -= Chunk;
    if (Left == 0)
      break;
    if (InterruptRequested) {
      Result = Stop::Interrupted;
      break;
    }
  }
  if (Interactive)
    sigaction(SIGINT, &Old, nullptr);

  for (int32_t Idx : Temporary)
    Stops[Idx] &= ~2;
  return Result;
}

void Debugger::report(Stop S, const std::string &Why) {
  // The program's own output so far comes before the stop.
  std::fflush(stdout);
  switch (S) {
  case Stop::Exited:
    OS << "Program exited with status " << Status << ", cycle " << Sim.cycle()
       << "\n";
    return;
  case Stop::Faulted:
    OS << Sim.faultReport() << "Program stopped by the fault (status " << Status
       << "): inspect it, then quit\n";
    return;
  case Stop::Breakpoint:
    OS << "Breakpoint " << HitBreakpoint;
    break;
  case Stop::Interrupted:
    OS << "Interrupted";
    break;
  case Stop::Temporary:
  case Stop::Steps:
    OS << Why;
    break;
  }
  OS << ", cycle " << Sim.cycle() << "\n";
  Inspect.printLocation(OS, Inspect.pc());
}

void Debugger::step(StringRef Args) {
  uint64_t Count;
  if (!parseCount(Args, 1, Count) || !canRun())
    return;
  report(runUntil({}, Count), "Step");
}

static bool calls(const Bundle &B) {
  for (unsigned I = 0; I != B.Size; ++I)
    if (B.Insts[I].Opcode == A::CALL || B.Insts[I].Opcode == A::CALLR)
      return true;
  return false;
}

void Debugger::next(StringRef Args) {
  uint64_t Count;
  if (!parseCount(Args, 1, Count) || !canRun())
    return;
  Stop S = Stop::Steps;
  for (; Count && (S == Stop::Steps || S == Stop::Temporary); --Count) {
    const Bundle &B = Dec.bundles()[Sim.pendingBundle()];
    if (!calls(B) || B.NextSeq < 0) {
      S = runUntil({}, 1);
      continue;
    }
    // The callee returns to the next bundle with the stack pointer as it
    // is now; a deeper (recursive) return to the same bundle has a lower
    // one.
    uint64_t Sp = Sim.X[30];
    do
      S = runUntil({B.NextSeq}, NoLimit);
    while (S == Stop::Temporary && Sim.X[30] < Sp);
  }
  report(S, "Next");
}

void Debugger::continueRun() {
  if (canRun())
    report(runUntil({}, NoLimit), "Stopped");
}

void Debugger::until(StringRef Args) {
  if (Args.empty()) {
    error("until needs a location: a symbol, an address or file:line");
    return;
  }
  std::vector<int32_t> Bundles;
  std::string Where, Error;
  if (!Inspect.resolveCode(Args, Bundles, Where, Error)) {
    error(Error);
    return;
  }
  if (canRun())
    report(runUntil(Bundles, NoLimit), "Reached " + Where);
}

void Debugger::finish() {
  if (!canRun())
    return;
  CallerFrame Frame;
  std::string Error;
  std::string Fn = Inspect.functionAt(Inspect.pc());
  if (!Inspect.callerFrame(Frame, Error)) {
    error("cannot finish: " + Error + "; use until or a breakpoint");
    return;
  }
  OS << "Run till exit from " << Fn << "\n";
  int32_t Return = Dec.bundleAt(Frame.ReturnAddress);
  Stop S;
  do
    S = runUntil({Return}, NoLimit);
  while (S == Stop::Temporary && Sim.X[30] < Frame.Cfa);
  report(S, "Returned from " + Fn);
  if (S == Stop::Temporary)
    OS << "  r1 = " << hex(Sim.X[1]) << " (" << int64_t(Sim.X[1]) << ")\n";
}

//===----------------------------------------------------------------------===//
// Inspecting
//===----------------------------------------------------------------------===//

void Debugger::print(StringRef Args) {
  if (Args.empty()) {
    error("print needs a register: r0..r31, v0..v31, acc0..acc15, pc, cycle");
    return;
  }
  SmallVector<StringRef, 4> Names;
  Args.split(Names, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef Name : Names) {
    std::string Error;
    if (!Inspect.printRegister(OS, Name, Error))
      error(Error);
  }
}

void Debugger::examine(StringRef Format, StringRef Args) {
  // "/4w": a count and a format letter, both optional.
  uint64_t Count = 1;
  char Letter = 'w';
  if (!Format.empty()) {
    if (!Format.consume_front("/")) {
      error("x/NF ADDR: expected '/' after x");
      return;
    }
    size_t Digits = Format.find_first_not_of("0123456789");
    StringRef Number = Format.substr(0, Digits);
    StringRef Rest = Format.substr(Number.size());
    if ((!Number.empty() && (Number.getAsInteger(10, Count) || Count == 0)) ||
        Rest.size() > 1 ||
        (Rest.size() == 1 && !StringRef("wgbfx").contains(Rest[0]))) {
      error("x/NF ADDR: N a count, F one of w (words), g (64-bit), b "
            "(bytes), f (f32); not '/" +
            Format + "'");
      return;
    }
    if (!Rest.empty())
      Letter = Rest[0] == 'x' ? 'w' : Rest[0];
  }
  constexpr uint64_t MaxUnits = 1 << 16;
  if (Count > MaxUnits) {
    error("x: at most " + Twine(MaxUnits) + " units at a time");
    return;
  }
  if (Args.empty()) {
    error("x needs an address");
    return;
  }
  uint64_t Addr;
  std::string Error;
  if (!Inspect.evaluate(Args, Addr, Error) ||
      !Inspect.examine(OS, Letter, Count, Addr, Error))
    error(Error);
}

void Debugger::disassemble(StringRef Args) {
  uint64_t Count = 8;
  int32_t Idx = Sim.pendingBundle();
  SmallVector<StringRef, 2> Words;
  Args.split(Words, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef Word : Words) {
    // A plain decimal number is the count; anything else the location.
    if (Word.find_first_not_of("0123456789") == StringRef::npos) {
      if (!parseCount(Word, 8, Count))
        return;
      continue;
    }
    // file:line, or an address anywhere in a bundle.
    std::vector<int32_t> Bundles;
    std::string Where, Error;
    uint64_t Addr;
    if (Word.contains(':')) {
      if (!Inspect.resolveCode(Word, Bundles, Where, Error)) {
        error(Error);
        return;
      }
      Idx = Bundles.front();
    } else if (Inspect.evaluate(
                   Word.drop_while([](char C) { return C == '*'; }), Addr,
                   Error)) {
      Idx = Inspect.bundleContaining(Addr);
      if (Idx < 0) {
        error(hex(Addr) + " is not in the program text");
        return;
      }
    } else {
      error(Error);
      return;
    }
  }
  Inspect.disassemble(OS, Idx, Count);
}
