//===-- RaceReport.cpp - the simulator's side of race checking ------------===//
//
// Starts and retires the work the race checker holds, checks accesses
// against it, and reports a race as a fault of kind Race whose detail is
// the whole report (docs/simulator.md, "Races").
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "Simulator.h"
#include "llvm/Support/raw_ostream.h"

using namespace accel_sim;
namespace A = llvm::Accel;

void Simulator::startWork(InFlightWork W) {
  if (!Opts.RaceCheck)
    return;
  W.Bundle = Current;
  W.Start = Now;
  Races.start(W);
}

void Simulator::waitForTransfers(const Bundle &B) {
  for (unsigned I = 0; I != B.Size; ++I) {
    const DecodedInst &D = B.Insts[I];
    if (D.Opcode == A::DMA_WAIT || D.Opcode == A::DMA_WAIT_OLDER)
      Races.waitChannel(D.Imm, D.Opcode == A::DMA_WAIT_OLDER);
  }
}

/// "[0x100000, 0x100400)", or for rows with gaps "16 rows of 64 bytes,
/// 256 apart, in [0x100000, 0x100f40)".
static std::string describeBytes(const Footprint &F) {
  ByteSpan H = F.hull();
  std::string Span = "[" + hex(H.Begin) + ", " + hex(H.End) + ")";
  if (F.rowCount() == 1)
    return Span;
  return std::to_string(F.rowCount()) + " rows of " +
         std::to_string(F.rowBytes()) + " bytes, " +
         std::to_string(F.stride()) + " apart, in " + Span;
}

std::string Simulator::describeBundle(int32_t Index) const {
  const Bundle &B = Dec.bundles()[Index];
  std::string S = "pc " + hex(B.Pc);
  std::string Sym = Prog.symbolize(B.Pc);
  if (!Sym.empty())
    S += " <" + Sym + ">";
  std::string Source = Prog.sourceLocation(B.Pc);
  if (!Source.empty())
    S += " at " + Source;
  return S + "\n    bundle: " + Dec.disassemble(B);
}

static const char *workName(const InFlightWork &W) {
  switch (W.What) {
  case InFlightWork::Transfer:
    return "a DMA transfer";
  case InFlightWork::Matmul:
    return "an mmac";
  case InFlightWork::Stream:
    return "a stream operation";
  }
  return "work";
}

std::string Simulator::describeWork(const InFlightWork &W) const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  const char *Clock = Opts.Timed ? "cycle " : "bundle ";
  switch (W.What) {
  case InFlightWork::Transfer:
    OS << "  the DMA transfer on channel " << W.Channel << ", started at "
       << Clock << W.Start << " and covered by no dma.wait " << W.Channel
       << " since: ";
    break;
  case InFlightWork::Matmul:
    OS << "  the mmac issued at cycle " << W.Start
       << ", reading its operands until cycle " << W.Done << ": ";
    break;
  case InFlightWork::Stream:
    OS << "  the stream operation issued at cycle " << W.Start
       << ", in flight until cycle " << W.Done << ": ";
    break;
  }
  OS << describeBundle(W.Bundle);
  for (unsigned I = 0; I != W.NumReads; ++I)
    OS << "\n    reads " << describeBytes(W.Reads[I]);
  for (unsigned I = 0; I != W.NumWrites; ++I)
    OS << "\n    writes " << describeBytes(W.Writes[I]);
  return S;
}

bool Simulator::checkAccess(const Footprint &Bytes, bool Writes,
                            unsigned Kinds, const char *What,
                            int SameChannel) {
  RaceConflict C = Races.find(Bytes, Writes, Kinds, Now, SameChannel);
  if (!C)
    return true;
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "race: " << What << " " << (Writes ? "writes" : "reads")
     << " bytes that " << workName(*C.Work) << " in flight "
     << (C.WorkWrites ? "writes" : "reads") << "\n  the " << What << ": "
     << describeBundle(Current) << "\n    " << (Writes ? "writes " : "reads ")
     << describeBytes(Bytes) << "\n"
     << describeWork(*C.Work) << "\n  overlapping bytes: [" << hex(C.Overlap.Begin)
     << ", " << hex(C.Overlap.End) << "), "
     << C.Overlap.End - C.Overlap.Begin << " bytes\n  "
     << (Opts.Timed ? "cycle " : "bundle ") << Now << "\n";
  F.Kind = FaultKind::Race;
  F.Detail = std::move(S);
  return false;
}

void Simulator::checkNothingInFlight(const char *When) {
  const InFlightWork *W = Races.firstInFlight(Now);
  if (!W)
    return;
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "race: " << workName(*W) << " is still in flight at " << When
     << "\n" << describeWork(*W) << "\n  at " << describeBundle(Current)
     << "\n  " << (Opts.Timed ? "cycle " : "bundle ") << Now << "\n";
  F.Kind = FaultKind::Race;
  F.Detail = std::move(S);
}
