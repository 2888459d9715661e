//===-- CycleModel.cpp - issue timing, occupancy and statistics -----------===//
//
// A bundle issues at the first cycle, not before the previous bundle's issue
// plus one, at which every register it reads is ready and every unit it
// needs is free. Stall cycles are charged to the cause that waited longest.
// Result latencies come from the itineraries (DecodedInst::Latency); the
// dynamic parts (DRAM accesses and their port, matrix and stream engine
// occupancy, DMA duration in bursts and beats: DmaCost.h) use the machine
// parameters of isa/AccelMachine.td.
//
//===----------------------------------------------------------------------===//

#include "DmaCost.h"
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

/// A stream-engine instruction that moves data (not vs.shape or vs.stride,
/// which set the engine's state and take no time of it).
static bool isStreamOperation(const DecodedInst &D) {
  return D.Unit == A::VSE && D.Opcode != A::VS_SHAPE &&
         D.Opcode != A::VS_STRIDE;
}

uint64_t Simulator::vectorDramBursts(uint64_t Addr, uint64_t Step) const {
  if (!Mem.isDram(Addr))
    return 0;
  if (Step == 4)
    return dramBursts(Addr, P::VectorLanes * 4);
  return unitsTouched(Addr, P::VectorLanes, 4, Step, P::DramBurstBytes);
}

uint64_t Simulator::streamDoneFor(const Span &S) const {
  uint64_t Done = 0;
  for (const StreamOperation &Op : StreamInFlight)
    for (unsigned I = 0; I != Op.NumSpans; ++I)
      if (Op.Spans[I].overlaps(S))
        Done = std::max(Done, Op.Done);
  return Done;
}

Simulator::UnitWait Simulator::unitWaitFor(const DecodedInst &D) const {
  auto Later = [](UnitWait W, uint64_t Until, unsigned Cause) {
    return Until > W.Until ? UnitWait{Until, Cause} : W;
  };
  // A load or store waits for the stream operations in flight whose
  // operands overlap the 64 bytes from its address (the widest access's;
  // a strided vector access, for all of them), and one to DRAM for the
  // core's DRAM port.
  if (D.Unit == A::LSU0) {
    bool Strided = D.Opcode == A::VLD_S || D.Opcode == A::VST_S;
    uint64_t Addr = X[D.Reg[A::OpName::rs1]] + (Strided ? 0 : D.Imm);
    UnitWait W = {Strided ? StreamDone
                          : streamDoneFor({Addr, Addr > ~uint64_t(0) - 64
                                                     ? ~uint64_t(0)
                                                     : Addr + 64}),
                  StallStreamBusy};
    return Mem.isDram(Addr) ? Later(W, CoreDramFree, StallDramPort) : W;
  }
  unsigned Tile = D.Reg[A::OpName::ra];
  switch (D.Opcode) {
  // Back-to-back mmacs on one tile accumulate inside the unit: they wait
  // for the unit, not for the tile's result (Bundle::Reads omits it). A
  // tile the move port is loading or storing is not written before the
  // move ends.
  case A::MMAC:
  case A::MMAC_4X64:
  case A::MMAC_8X32:
  case A::MZERO:
    return Later({MxuFree, StallMatrixBusy}, TileMoveEnd[Tile], StallAccDep);
  // mst reads its tile (Bundle::Reads waits for it); mld overwrites its
  // tile only after an mmac in flight has finished writing it.
  case A::MLD:
    return Later({MxmFree, StallTileMoveBusy}, Ready[FirstAcc + Tile],
                 StallAccDep);
  case A::MST:
  case A::MST_RELU:
  case A::MST_T:
    return {MxmFree, StallTileMoveBusy};
  case A::DMA_1D:
  case A::DMA_2D:
    return {QueueEnd[D.Imm][QueueNext[D.Imm]], StallDmaBusy};
  case A::DMA_WAIT:
    return {ChannelFree[D.Imm], StallDmaWait};
  // The second newest transfer's end: the ring's slot before the newest.
  static_assert(P::DmaQueueDepth >= 2, "dma.wait.older needs a queue");
  case A::DMA_WAIT_OLDER:
    return {QueueEnd[D.Imm][(QueueNext[D.Imm] + P::DmaQueueDepth - 2) %
                            P::DmaQueueDepth],
            StallDmaWait};
  default:
    if (isStreamOperation(D))
      return {StreamStart[StreamNext], StallStreamBusy};
    return {0, NumStallCauses};
  }
}

/// Matrix and DMA instructions also wait for their unit, channel or tile.
uint64_t Simulator::unitsFreeCycle(const Bundle &B, uint64_t Issue,
                                   unsigned &Cause) {
  for (unsigned I = 0; I != B.Size; ++I) {
    UnitWait W = unitWaitFor(B.Insts[I]);
    if (W.Until > Issue) {
      Issue = W.Until;
      Cause = W.Cause;
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

/// Timing that depends on operands: DRAM loads, matrix and tile-move port
/// occupancy and tile readiness, DMA duration.
void Simulator::retireDynamic(const Bundle &B, uint64_t Issue) {
  Timeline *TL = Opts.TimelineOut;
  for (unsigned I = 0; I != B.Size; ++I) {
    const DecodedInst &D = B.Insts[I];
    if (D.Unit == A::LSU0 && DramBursts[D.Port]) {
      // The port takes a bundle's two accesses one after the other.
      uint64_t Start = std::max(Issue, CoreDramFree);
      CoreDramFree = Start + DramBursts[D.Port] * (P::DramBurstBytes /
                                                   P::DmaBytesPerCycle);
      if (D.NumDsts)
        Ready[D.Dsts[0]] =
            Start + std::max<uint64_t>(D.Latency, P::DramLoadLatency);
    }

    unsigned Tile = D.Reg[A::OpName::ra];
    uint64_t Busy = 0, Move = 0;
    switch (D.Opcode) {
    case A::MMAC:
    case A::MMAC_4X64:
    case A::MMAC_8X32:
      Busy = LastMatmulK;
      Ready[FirstAcc + Tile] = Issue + Busy + P::MatmulLatency;
      break;
    case A::MZERO:
      Busy = 1;
      break;
    case A::MLD:
      Move = P::TileDim / P::AccRowsPerCycle;
      Ready[FirstAcc + Tile] = Issue + Move;
      break;
    case A::MST:
    case A::MST_RELU:
    case A::MST_T:
      Move = P::TileDim / P::AccRowsPerCycle;
      break;
    case A::DMA_1D:
    case A::DMA_2D: {
      // The start-up runs from issue; the data moves once the transfer
      // ahead in the channel's queue has finished.
      unsigned Ch = D.Imm;
      uint64_t Prev = ChannelFree[Ch];
      // Its data moves once the stream operations in flight that touch
      // its source or destination have written their results.
      uint64_t Engine = std::max(streamDoneFor(LastDmaReads),
                                 streamDoneFor(LastDmaWrites));
      uint64_t End =
          std::max({Issue + P::DmaLatency, Prev, Engine}) + LastDmaCycles;
      ChannelFree[Ch] = End;
      QueueEnd[Ch][QueueNext[Ch]] = End;
      QueueNext[Ch] = (QueueNext[Ch] + 1) % P::DmaQueueDepth;
      // Cycles with any transfer in flight: starts come in issue order.
      St.DmaBusyCycles += End - std::min(End, std::max(Issue, DmaCoveredUntil));
      DmaCoveredUntil = std::max(DmaCoveredUntil, End);
      if (TL) {
        // From when the channel takes it up, so a track's slices do not
        // overlap.
        uint64_t From = std::max(Issue, Prev);
        TL->add(TrackDma0 + Ch, D.Opcode == A::DMA_1D ? "dma.1d" : "dma.2d",
                From, End - From);
      }
      break;
    }
    default:
      if (isStreamOperation(D))
        retireStream(D, Issue);
      break;
    }
    if (Busy) {
      MxuFree = Issue + Busy;
      St.MatrixBusyCycles += Busy;
      if (TL)
        TL->add(TrackMatrix, D.Opcode == A::MZERO ? "mzero" : "mmac", Issue,
                Busy);
    }
    if (Move) {
      MxmFree = TileMoveEnd[Tile] = Issue + Move;
      St.TileMoveBusyCycles += Move;
      if (TL)
        TL->add(TrackTileMoves, D.Opcode == A::MLD ? "mld" : "mst", Issue,
                Move);
    }
  }
}

/// A stream operation takes StreamLanes elements a cycle. Element-wise
/// operations follow each other back to back (element i of the next one
/// reads after element i of this one is written, given StreamLatency
/// cycles); a reduction's results exist only once its pipeline has drained,
/// so the next operation waits for that.
void Simulator::retireStream(const DecodedInst &D, uint64_t Issue) {
  uint64_t Busy = std::max<uint64_t>(
      1, (LastStreamElements + P::StreamLanes - 1) / P::StreamLanes);
  uint64_t Start = std::max(Issue, StreamFree);
  uint64_t Done = Start + Busy + P::StreamLatency;
  StreamFree = LastStreamReduces
                   ? Done
                   : Start + std::max<uint64_t>(Busy, P::StreamLatency);
  StreamDone = std::max(StreamDone, Done);
  StreamStart[StreamNext] = Start;
  StreamNext = (StreamNext + 1) % P::StreamQueueDepth;
  StreamInFlight[StreamInFlightNext] = LastStream;
  StreamInFlight[StreamInFlightNext].Done = Done;
  StreamInFlightNext = (StreamInFlightNext + 1) % StreamTracked;
  if (StreamWork.NumReads || StreamWork.NumWrites) {
    StreamWork.Done = Done;
    startWork(StreamWork);
  }
  St.StreamBusyCycles += Busy;
  if (Opts.TimelineOut)
    Opts.TimelineOut->add(TrackStream, Dec.opcodeName(D.Opcode), Start, Busy);
}
