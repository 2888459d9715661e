//===-- Simulator.cpp - the dispatch loop ---------------------------------===//

#include "Simulator.h"
#include "HostFiles.h"
#include "Timeline.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>

using namespace accel_sim;

const char *accel_sim::getFaultName(FaultKind K) {
  switch (K) {
  case FaultKind::None:
    return "none";
  case FaultKind::IllegalInstruction:
    return "illegal instruction";
  case FaultKind::MisalignedAccess:
    return "misaligned access";
  case FaultKind::OutOfRangeAccess:
    return "access outside memory";
  case FaultKind::TextWrite:
    return "write to program text";
  case FaultKind::DmaFault:
    return "DMA out of range";
  case FaultKind::MatrixFault:
    return "matrix unit fault";
  case FaultKind::StackOverflow:
    return "stack overflow";
  case FaultKind::Trap:
    return "trap";
  case FaultKind::MaxCycles:
    return "cycle limit exceeded";
  case FaultKind::StreamFault:
    return "stream engine fault";
  case FaultKind::Race:
    return "race";
  }
  return "?";
}

Simulator::Simulator(Memory &Mem, const LoadedProgram &Prog,
                     const BundleDecoder &Dec, SimOptions Opts)
    : Mem(Mem), Prog(Prog), Dec(Dec), Opts(Opts) {
  X[1] = Prog.Argc;
  X[2] = Prog.Argv;
  X[30] = Prog.StackTop;
  St.Timed = Opts.Timed;
  if (!this->Opts.Files) {
    ConsoleOnly = std::make_unique<HostFiles>();
    this->Opts.Files = ConsoleOnly.get();
  }
}

Simulator::~Simulator() = default;

int Simulator::run() {
  if (!begin())
    return end();
  if (Opts.Trace)
    Opts.Timed ? loop<true, true, false>(nullptr, 0)
               : loop<false, true, false>(nullptr, 0);
  else
    Opts.Timed ? loop<true, false, false>(nullptr, 0)
               : loop<false, false, false>(nullptr, 0);
  return end();
}

bool Simulator::begin() {
  size_t NumBundles = Dec.bundles().size();
  ExecCount.assign(NumBundles, 0);
  StallCount.assign(NumBundles, 0);
  ExecutedBundles = 0;
  Pending = Dec.bundleAt(Prog.Entry);
  if (Pending >= 0)
    return true;
  F.Kind = FaultKind::IllegalInstruction;
  F.Detail = "entry point " + hex(Prog.Entry) + " is not the start of a bundle";
  return false;
}

int Simulator::end() {
  St.Cycles = cycle();
  countExecutions(ExecCount, St);
  return F ? int(F.Kind) : ExitStatus;
}

/// Bundle, instruction and per-unit counts from how often each bundle ran:
/// cheaper than counting in the dispatch loop.
void Simulator::countExecutions(const std::vector<uint64_t> &Counts,
                                Stats &Into) const {
  const std::vector<Bundle> &All = Dec.bundles();
  for (size_t I = 0; I != All.size(); ++I) {
    uint64_t N = Counts[I];
    if (!N)
      continue;
    Into.Bundles += N;
    Into.Instructions += N * All[I].Size;
    for (unsigned S = 0; S != All[I].Size; ++S)
      Into.UnitIssues[All[I].Insts[S].Unit] += N;
  }
}

/// The statistics so far, for a region boundary.
Stats Simulator::snapshot() const {
  Stats Now = St;
  countExecutions(ExecCount, Now);
  Now.Cycles = Opts.Timed ? Cycle : Now.Bundles;
  return Now;
}

void Simulator::trace(const Bundle &B, uint64_t Issue, const uint64_t *OldX) {
  std::string Line;
  llvm::raw_string_ostream OS(Line);
  OS << llvm::format("%10llu %08llx: ", (unsigned long long)Issue,
                     (unsigned long long)B.Pc)
     << Dec.disassemble(B);
  bool First = true;
  for (unsigned I = 0; I != B.Size; ++I) {
    const DecodedInst &D = B.Insts[I];
    for (unsigned S = 0; S != D.NumDsts; ++S) {
      unsigned R = D.Dsts[S];
      OS << (First ? "    # " : ", ");
      First = false;
      if (R < FirstVReg)
        OS << "r" << R << "=" << hex(X[R]);
      else if (R < FirstAcc)
        OS << "v" << R - FirstVReg << "=[" << hex(V[R - FirstVReg][0])
           << ",...]";
      else
        OS << "acc" << R - FirstAcc;
    }
  }
  OS << "\n";
  std::fputs(Line.c_str(), stderr);
}

std::string Simulator::faultReport() const {
  // A race's detail is its whole report, which names both parties.
  if (F.Kind == FaultKind::Race)
    return F.Detail;
  const Bundle *B = Current >= 0 ? &Dec.bundles()[Current] : nullptr;
  uint64_t Pc = B ? B->Pc : Prog.Entry;
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "accel-sim: fault: " << getFaultName(F.Kind) << ": " << F.Detail
     << "\n  pc " << hex(Pc);
  std::string Sym = Prog.symbolize(Pc);
  if (!Sym.empty())
    OS << " <" << Sym << ">";
  std::string Source = Prog.sourceLocation(Pc);
  if (!Source.empty())
    OS << " at " << Source;
  if (B)
    OS << "\n  bundle: " << Dec.disassemble(*B);
  OS << "\n  cycle " << St.Cycles << "\n";
  return S;
}
