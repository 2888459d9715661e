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

unsigned Simulator::stallCauseFor(unsigned Reg) {
  return Reg >= FirstAcc    ? StallAccDep
         : Reg >= FirstVReg ? StallVectorDep
                            : StallScalarDep;
}

/// Matrix and DMA instructions also wait for their unit or channel.
uint64_t Simulator::unitsFreeCycle(const Bundle &B, uint64_t Issue,
                                   unsigned &Cause) {
  for (unsigned I = 0; I != B.Size; ++I) {
    const DecodedInst &D = B.Insts[I];
    uint64_t When = 0;
    unsigned Why = NumStallCauses;
    // Back-to-back mmacs on one tile accumulate inside the unit: they wait
    // for the unit, not for the tile's result (Bundle::Reads omits it).
    if (D.Unit == A::MXU) {
      When = MxuFree;
      Why = StallMatrixBusy;
    } else if (D.Opcode == A::DMA_1D || D.Opcode == A::DMA_2D) {
      When = ChannelFree[D.Imm];
      Why = StallDmaBusy;
    } else if (D.Opcode == A::DMA_WAIT) {
      When = ChannelFree[D.Imm];
      Why = StallDmaWait;
    }
    if (When > Issue) {
      Issue = When;
      Cause = Why;
    }
  }
  return Issue;
}

void Simulator::chargeStall(unsigned Cause, uint64_t Issue) {
  // A stall cut short by --max-cycles counts only up to the limit, so that
  // bundles + stall cycles == cycles holds for every run.
  uint64_t Stall = std::min(Issue, Opts.MaxCycles) - Cycle;
  St.Stalls[Cause] += Stall;
  if (Opts.Profile)
    StallCount[Current] += Stall;
  if (Opts.TimelineOut)
    Opts.TimelineOut->add(TrackStalls, getStallName(Cause), Cycle, Stall);
}

void Simulator::recordVectorOps(const Bundle &B, uint64_t Issue) {
  for (unsigned I = 0; I != B.Size; ++I)
    if (B.Insts[I].Unit == A::VPU)
      Opts.TimelineOut->add(TrackVector, "vector", Issue, 1);
}

/// Timing that depends on operands: DRAM loads, matrix occupancy and tile
/// readiness, DMA duration.
void Simulator::retireDynamic(const Bundle &B, uint64_t Issue) {
  Timeline *TL = Opts.TimelineOut;
  for (unsigned I = 0; I != B.Size; ++I) {
    const DecodedInst &D = B.Insts[I];
    if (D.Unit == A::LSU && D.NumDsts && LastLoadFromDram)
      Ready[D.Dsts[0]] =
          Issue + std::max<uint64_t>(D.Latency, P::DramLoadLatency);

    uint64_t Busy = 0;
    switch (D.Opcode) {
    case A::MMAC:
      Busy = LastMatmulK;
      Ready[FirstAcc + D.Reg[A::OpName::ra]] =
          Issue + Busy + P::MatmulLatency;
      break;
    case A::MZERO:
      Busy = 1;
      break;
    case A::MLD:
      Busy = P::TileDim / P::AccRowsPerCycle;
      Ready[FirstAcc + D.Reg[A::OpName::ra]] = Issue + Busy;
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
}
