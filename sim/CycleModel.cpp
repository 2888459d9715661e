//===-- CycleModel.cpp - issue timing, occupancy and statistics -----------===//
//
// A bundle issues at the first cycle, not before the previous bundle's issue
// plus one, at which every register it reads is ready and every unit it
// needs is free. Stall cycles are charged to the cause that waited longest.
// Result latencies come from the itineraries (DecodedInst::Latency); the
// dynamic parts (DRAM loads, matrix occupancy, DMA duration) use the machine
// parameters of isa/AccelMachine.td.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/AccelMCTargetDesc.h"
#include "MCTargetDesc/AccelUnits.h"
#include "Simulator.h"
#include "Timeline.h"

using namespace accel_sim;
namespace A = llvm::Accel;
namespace P = llvm::AccelParam;

static unsigned stallCauseFor(unsigned Reg) {
  return Reg >= FirstAcc    ? StallAccDep
         : Reg >= FirstVReg ? StallVectorDep
                            : StallScalarDep;
}

uint64_t Simulator::issueCycle(const Bundle &B) {
  uint64_t Issue = Cycle;
  unsigned Cause = NumStallCauses;
  auto Need = [&](uint64_t When, unsigned Why) {
    if (When > Issue) {
      Issue = When;
      Cause = Why;
    }
  };
  for (unsigned I = 0; I != B.Size; ++I) {
    const DecodedInst &D = B.Insts[I];
    for (unsigned S = 0; S != D.NumSrcs; ++S) {
      // Back-to-back mmacs on one tile accumulate inside the unit: they wait
      // for the unit (below), not for the tile's result.
      if (D.Opcode == A::MMAC && D.Srcs[S] >= FirstAcc)
        continue;
      Need(Ready[D.Srcs[S]], stallCauseFor(D.Srcs[S]));
    }
    if (D.Unit == A::MXU)
      Need(MxuFree, StallMatrixBusy);
    else if (D.Opcode == A::DMA_1D || D.Opcode == A::DMA_2D)
      Need(ChannelFree[D.Imm], StallDmaBusy);
    else if (D.Opcode == A::DMA_WAIT)
      Need(ChannelFree[D.Imm], StallDmaWait);
  }
  if (Cause != NumStallCauses) {
    St.Stalls[Cause] += Issue - Cycle;
    if (Opts.TimelineOut)
      Opts.TimelineOut->add(TrackStalls, getStallName(Cause), Cycle,
                            Issue - Cycle);
  }
  return Issue;
}

void Simulator::retire(const Bundle &B, uint64_t Issue) {
  Timeline *TL = Opts.TimelineOut;
  for (unsigned I = 0; I != B.Size; ++I) {
    const DecodedInst &D = B.Insts[I];
    ++St.UnitIssues[D.Unit];
    uint64_t Latency = D.Latency;
    bool IsLoad = D.Unit == A::LSU && D.NumDsts;
    if (IsLoad && LastLoadFromDram)
      Latency = std::max<uint64_t>(Latency, P::DramLoadLatency);
    for (unsigned S = 0; S != D.NumDsts; ++S)
      Ready[D.Dsts[S]] = Issue + Latency;

    uint64_t Busy = 0;
    switch (D.Opcode) {
    case A::MMAC:
      Busy = LastMatmulK;
      Ready[FirstAcc + D.Reg[0]] = Issue + Busy + P::MatmulLatency;
      break;
    case A::MZERO:
      Busy = 1;
      Ready[FirstAcc + D.Reg[0]] = Issue + 1;
      break;
    case A::MLD:
      Busy = P::TileDim / P::AccRowsPerCycle;
      Ready[FirstAcc + D.Reg[0]] = Issue + Busy;
      break;
    case A::MST:
    case A::MST_RELU:
      Busy = P::TileDim / P::AccRowsPerCycle;
      break;
    case A::DMA_1D:
    case A::DMA_2D: {
      uint64_t Duration = P::DmaLatency + (LastDmaBytes + P::DmaBytesPerCycle -
                                           1) / P::DmaBytesPerCycle;
      uint64_t End = Issue + Duration;
      ChannelFree[D.Imm] = End;
      // Cycles with any transfer in flight: starts come in issue order.
      St.DmaBusyCycles += End - std::min(End, std::max(Issue, DmaCoveredUntil));
      DmaCoveredUntil = std::max(DmaCoveredUntil, End);
      if (TL)
        TL->add(TrackDma0 + D.Imm, D.Opcode == A::DMA_1D ? "dma.1d" : "dma.2d",
                Issue, Duration);
      break;
    }
    default:
      if (TL && D.Unit == A::VPU)
        TL->add(TrackVector, "vector", Issue, 1);
      break;
    }
    if (Busy) {
      MxuFree = Issue + Busy;
      St.MatrixBusyCycles += Busy;
      if (TL)
        TL->add(TrackMatrix,
                D.Opcode == A::MMAC    ? "mmac"
                : D.Opcode == A::MZERO ? "mzero"
                : D.Opcode == A::MLD   ? "mld"
                                       : "mst",
                Issue, Busy);
    }
  }
  Cycle = Issue + 1;
}
