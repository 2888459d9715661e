//===-- Simulator.cpp - the dispatch loop ---------------------------------===//

#include "Simulator.h"
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
}

int Simulator::run() {
  int Status = Opts.Timed ? loop<true>() : loop<false>();
  if (!Opts.Timed)
    St.Cycles = St.Bundles;
  return Status;
}

template <bool Timed> int Simulator::loop() {
  const std::vector<Bundle> &Bundles = Dec.bundles();
  int32_t Idx = Dec.bundleAt(Prog.Entry);
  if (Idx < 0) {
    F.Kind = FaultKind::IllegalInstruction;
    F.Detail = "entry point 0x" + llvm::utohexstr(Prog.Entry) +
               " is not the start of a bundle";
    return int(F.Kind);
  }
  uint64_t OldX[32];
  uint64_t Limit = Opts.MaxCycles;
  for (;;) {
    const Bundle &B = Bundles[Idx];
    Current = Idx;
    if (!B.Size) [[unlikely]] {
      F.Kind = FaultKind::IllegalInstruction;
      F.Detail = "the word does not decode to an Accel instruction";
      break;
    }
    uint64_t Issue = St.Bundles;
    if constexpr (Timed)
      Issue = issueCycle(B);
    if (Issue >= Limit) [[unlikely]] {
      F.Kind = FaultKind::MaxCycles;
      F.Detail = "--max-cycles=" + std::to_string(Limit) + " reached";
      break;
    }
    Next = Idx + 1 < int32_t(Bundles.size()) &&
                   Bundles[Idx + 1].Pc == B.Pc + 8 * B.Words
               ? Idx + 1
               : -1;
    if (Opts.Trace) [[unlikely]]
      std::memcpy(OldX, X, sizeof(X));

    if (!B.ReadsEarlierWrite) [[likely]] {
      for (unsigned I = 0; I != B.Size && !F; ++I)
        execute(B.Insts[I], B, X, V);
    } else {
      // Every slot reads the registers as they were before the bundle.
      uint64_t XSnap[32];
      std::memcpy(XSnap, X, sizeof(X));
      std::unique_ptr<VecReg[]> VSnap;
      if (B.UsesVectors) {
        VSnap.reset(new VecReg[32]);
        std::copy(V, V + 32, VSnap.get());
      }
      for (unsigned I = 0; I != B.Size && !F; ++I)
        execute(B.Insts[I], B, XSnap, VSnap ? VSnap.get() : V);
    }
    X[0] = 0;
    ++St.Bundles;
    St.Instructions += B.Size;
    if constexpr (Timed)
      retire(B, Issue);
    if (Opts.Trace) [[unlikely]]
      trace(B, Issue, OldX);
    if (F || Halted) [[unlikely]]
      break;
    if (Next < 0) [[unlikely]] {
      F.Kind = FaultKind::IllegalInstruction;
      F.Detail = "execution ran past the end of the program text";
      break;
    }
    Idx = Next;
  }
  if constexpr (Timed)
    St.Cycles = Cycle;
  return F ? int(F.Kind) : ExitStatus;
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
        OS << "r" << R << "=0x" << llvm::utohexstr(X[R]);
      else if (R < FirstAcc)
        OS << "v" << R - FirstVReg << "=[0x"
           << llvm::utohexstr(V[R - FirstVReg][0]) << ",...]";
      else
        OS << "acc" << R - FirstAcc;
    }
  }
  OS << "\n";
  std::fputs(Line.c_str(), stderr);
}

std::string Simulator::faultReport() const {
  const Bundle &B = Dec.bundles()[Current];
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "accel-sim: fault: " << getFaultName(F.Kind) << ": " << F.Detail
     << "\n  pc 0x" << llvm::utohexstr(B.Pc);
  std::string Sym = Prog.symbolize(B.Pc);
  if (!Sym.empty())
    OS << " <" << Sym << ">";
  OS << "\n  bundle: " << Dec.disassemble(B) << "\n  cycle "
     << (St.Timed ? Cycle : St.Bundles) << "\n";
  return S;
}
