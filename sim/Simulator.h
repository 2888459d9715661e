//===-- Simulator.h - the Accel instruction-set simulator -------*- C++ -*-===//
//
// Executes pre-decoded bundles with exact architectural semantics and, unless
// in fast (functional) mode, a cycle model: one bundle issues per cycle, an
// issuing bundle waits for its source registers (latencies from the
// itineraries), the matrix unit's occupancy and the DMA channels.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_SIM_SIMULATOR_H
#define ACCEL_SIM_SIMULATOR_H

#include "BundleDecoder.h"
#include "Fault.h"
#include "Memory.h"
#include "ProgramLoader.h"
#include "RaceChecker.h"
#include "Stats.h"
#include <array>
#include <cstdio>
#include <memory>
#include <vector>

namespace accel_sim {

class HostFiles;
class Timeline;

/// The fastest simulated clock --clock-hz accepts (1 THz).
constexpr uint64_t MaxClockHz = 1000000000000;

struct SimOptions {
  bool Timed = true;          ///< Run the cycle model (off: --fast).
  bool Trace = false;         ///< One line per bundle on stderr.
  bool Profile = false;       ///< Count stall cycles per bundle.
  uint64_t MaxCycles = uint64_t(1) << 32; ///< Bundles in fast mode.
  Timeline *TimelineOut = nullptr;
  /// The program's files (the sys file services); null: the simulator's
  /// own, with the console only.
  HostFiles *Files = nullptr;
  /// The simulated clock's rate: the time services convert cycles with it.
  uint64_t ClockHz = 1000000000;
  /// Stop at an access that races with work in flight (off:
  /// --no-race-check).
  bool RaceCheck = true;
};

using VecReg = std::array<uint32_t, llvm::AccelParam::VectorLanes>;
using AccTile =
    std::array<float, llvm::AccelParam::TileDim * llvm::AccelParam::TileDim>;

class Simulator {
public:
  Simulator(Memory &Mem, const LoadedProgram &Prog, const BundleDecoder &Dec,
            SimOptions Opts);
  ~Simulator();

  /// Runs to exit or fault. Returns the process exit status: the program's
  /// (0..127) or the fault's.
  int run();

  const Stats &stats() const { return St; }
  /// The region of interest, marked by the program with sys 2 (begin) and
  /// sys 3 (end); null if it marked none. Several regions add up.
  const Stats *region() const { return HasRegion ? &Region : nullptr; }
  const Fault &fault() const { return F; }
  /// Per bundle (indexed as BundleDecoder::bundles()): how often it issued,
  /// and the stall cycles it waited before issuing (cycle model with
  /// SimOptions::Profile only).
  const std::vector<uint64_t> &executions() const { return ExecCount; }
  const std::vector<uint64_t> &stallCycles() const { return StallCount; }
  /// The faulting bundle's description: pc, symbol, disassembly, cycle.
  std::string faultReport() const;

  // Running under control, bundle by bundle (the debugger, Debugger.h):
  // begin(), then resume() as often as wanted until it reports Exited or
  // Faulted, then end(). run() is the same without the stop checks.
  enum class StopReason {
    AtStop,    ///< The next bundle is one of resume()'s stops.
    StepLimit, ///< resume() ran its number of bundles.
    Exited,    ///< The program called exit (sys 0).
    Faulted,   ///< fault() says why.
  };
  /// Prepares the first bundle; false (a fault) if the entry point is not
  /// the start of a bundle.
  bool begin();
  /// Runs at most \p MaxBundles bundles, and stops before any bundle (but
  /// the first) whose index has a non-zero entry in \p StopAt (one per
  /// bundle of the decoder).
  StopReason resume(const std::vector<uint8_t> &StopAt, uint64_t MaxBundles);
  /// Completes the statistics; returns the exit status, as run() does.
  int end();
  /// The bundle that runs next; after a fault, the faulting one.
  int32_t pendingBundle() const { return Pending; }
  bool exited() const { return Halted; }
  bool timed() const { return Opts.Timed; }
  /// The earliest cycle the next bundle can issue at: the previous issue
  /// + 1 (with --fast, the bundles run so far).
  uint64_t cycle() const { return Opts.Timed ? Cycle : ExecutedBundles; }
  /// The cycle \p B would issue at now and the cause it would be charged
  /// to (NumStallCauses: none), as issueCycle() computes them, without
  /// charging anything.
  uint64_t plannedIssue(const Bundle &B, unsigned &Cause) {
    return earliestIssue(B, Cause);
  }
  /// The cycle model's state, for the debugger's `info stall`.
  uint64_t readyCycle(unsigned ScoreboardReg) const {
    return Ready[ScoreboardReg];
  }
  /// The stall cause of waiting for scoreboard register \p Reg.
  static unsigned stallCauseFor(unsigned Reg);
  /// What an instruction waits for beyond its register sources: its unit,
  /// DMA channel or accumulator tile, until cycle Until (Cause is
  /// NumStallCauses if nothing).
  struct UnitWait {
    uint64_t Until;
    unsigned Cause;
  };
  UnitWait unitWaitFor(const DecodedInst &D) const;
  uint64_t channelFreeCycle(unsigned Channel) const {
    return ChannelFree[Channel];
  }
  /// The last transfer started on a DMA channel. Kept by resume() only: the
  /// plain loop has no use for it.
  struct DmaTransfer {
    bool Started = false;
    bool TwoD = false;
    uint64_t Src = 0, Dst = 0, Bytes = 0;
    uint64_t Start = 0, End = 0; ///< Issue cycle; when the channel frees.
  };
  const DmaTransfer &lastTransfer(unsigned Channel) const {
    return Transfers[Channel];
  }

  /// The stream engine's element-wise operations and activation functions.
  enum class StreamBinaryOp { Add, Sub, Mul, Div, Max, Min };
  enum class StreamFunction {
    None, Relu, Exp, Log, Square, Sqrt, Rsqrt, Rcp,
    Sigmoid, Tanh, Erf, Gelu, GeluTanh
  };

  // Architectural state, public for tests.
  uint64_t X[32] = {};
  VecReg V[32] = {};
  AccTile Acc[llvm::AccelParam::AccTiles] = {};
  /// The stream engine's block shape (vs.shape): rows of len elements,
  /// and the row strides of its destination and its first and second
  /// sources (vs.stride).
  uint64_t StreamRows = 0, StreamLen = 0;
  uint64_t StreamStrideD = 0, StreamStrideA = 0, StreamStrideB = 0;

private:
  template <bool Timed, bool Traced, bool Debugged>
  StopReason loop(const uint8_t *StopAt, uint64_t MaxBundles);
  void recordTransfers(const Bundle &B, uint64_t Issue);
  /// Executes one instruction; register sources come from XR/VR (a snapshot
  /// for bundles that read a register an earlier slot writes).
  void execute(const DecodedInst &D, const Bundle &B, const uint64_t *XR,
               const VecReg *VR);
  void executeVectorMatrixDma(const DecodedInst &D, const uint64_t *XR,
                              const VecReg *VR);
  uint8_t *scratchpadBlock(uint64_t Addr, uint64_t Size, bool IsWrite,
                           const char *What, const char *Where);
  void copyDma(unsigned Channel, uint64_t Dst, uint64_t Src, uint64_t Rows,
               uint64_t RowBytes, uint64_t DstStride, uint64_t SrcStride);

  // Race checking (RaceReport.cpp): accesses against the work in flight.
  /// A load or store of [Addr, Addr + Size): the inline test, then the
  /// whole check if a transfer or an mmac in flight may conflict.
  void checkLoadStore(uint64_t Addr, uint64_t Size, bool Writes,
                      const char *What) {
    if (Races.mayConflict(Addr, Size, Writes)) [[unlikely]]
      checkAccess(Footprint::bytes(Addr, Size), Writes,
                  InFlightWork::Transfer | InFlightWork::Matmul, What);
  }
  /// Stops with a race if \p Bytes conflicts with work in flight of the
  /// \p Kinds (InFlightWork::Kind bits); false then.
  bool checkAccess(const Footprint &Bytes, bool Writes, unsigned Kinds,
                   const char *What, int SameChannel = -1);
  /// Work the current bundle started, in flight from now on.
  void startWork(InFlightWork W);
  /// The transfers \p B's dma.wait and dma.wait.older cover end before
  /// any of its instructions issues.
  void waitForTransfers(const Bundle &B);
  /// Stops with a race if work is still in flight at \p When (the
  /// program's exit, a region's end).
  void checkNothingInFlight(const char *When);
  std::string describeWork(const InFlightWork &W) const;
  std::string describeBundle(int32_t BundleIndex) const;
  // The stream engine's operations (StreamEngine.cpp).
  /// The block's element count, recorded with whether the operation
  /// reduces for the cycle model (0: nothing to do).
  uint64_t beginStreamOperation(bool Reduces);
  void streamBinary(StreamBinaryOp Op, uint64_t Dst, uint64_t A, uint64_t B);
  void streamFma(uint64_t Dst, uint64_t A, uint64_t G, uint64_t B);
  void streamRowMax(uint64_t Dst, uint64_t Src);
  void streamMoments(uint64_t Dst, uint64_t Src);
  void streamActivation(StreamFunction Fn, uint64_t Dst, uint64_t Src,
                        uint64_t Params, uint64_t Sums);
  /// The scratchpad block of \p Count floats at \p Addr, or null after a
  /// stream fault naming \p What.
  float *streamBlock(uint64_t Addr, uint64_t Count, bool IsWrite,
                     const char *What) {
    return streamRows(Addr, 1, Count, 0, IsWrite, What);
  }
  /// The same for \p Rows rows of \p Len floats, \p Stride floats apart,
  /// at \p Addr (a pointer to the first); the operand is recorded for the
  /// cycle model and the race checker, and checked against the transfers
  /// and the mmac in flight.
  float *streamRows(uint64_t Addr, uint64_t Rows, uint64_t Len,
                    uint64_t Stride, bool IsWrite, const char *What);
  /// A source of the block's rows \p Stride floats apart, checked over its
  /// whole footprint; the destination's (StreamStrideD apart), and the
  /// packed rows of a result written to it.
  const float *streamSource(uint64_t Addr, uint64_t Stride, const char *What);
  float *streamDestination(uint64_t Addr, const char *What);
  void storeStreamRows(float *Dst, const std::vector<float> &Out);
  void executeSys(const DecodedInst &D, const uint64_t *XR);
  void executeFileService(unsigned Service, const uint64_t *XR);
  /// The service's result in r1: \p Result, or for a negative Accel errno
  /// -1 (\p FailureValue) with the number stored in the program's errno.
  void serviceResult(int64_t Result, int64_t FailureValue = -1);
  void branchTo(const DecodedInst &D, const Bundle &B, uint64_t Target);

  void countExecutions(const std::vector<uint64_t> &Counts, Stats &Into) const;

  // Cycle model: the common path inline here, the rest in CycleModel.cpp.
  /// The cycle \p B issues at: when its source registers are ready and, for
  /// matrix and DMA instructions, their unit or channel is free.
  uint64_t issueCycle(const Bundle &B) {
    unsigned Cause;
    uint64_t Issue = earliestIssue(B, Cause);
    if (Issue != Cycle) [[unlikely]]
      chargeStall(Cause, Issue);
    return Issue;
  }
  /// issueCycle() without the accounting; \p Cause is what waited longest.
  uint64_t earliestIssue(const Bundle &B, unsigned &Cause) {
    uint64_t Issue = Cycle;
    unsigned Waited = NumScoreboardRegs;
    for (unsigned R = 0; R != B.NumReads; ++R)
      if (Ready[B.Reads[R]] > Issue) {
        Issue = Ready[B.Reads[R]];
        Waited = B.Reads[R];
      }
    Cause = Waited == NumScoreboardRegs ? unsigned(NumStallCauses)
                                        : stallCauseFor(Waited);
    if (B.DynamicTiming)
      Issue = unitsFreeCycle(B, Issue, Cause);
    return Issue;
  }
  /// Records when \p B's results are ready and advances the clock.
  void retire(const Bundle &B, uint64_t Issue) {
    for (unsigned W = 0; W != B.NumWrites; ++W)
      Ready[B.Writes[W]] = Issue + B.WriteLatency[W];
    if (B.DynamicTiming)
      retireDynamic(B, Issue);
    if (Opts.TimelineOut) [[unlikely]]
      recordVectorOps(B, Issue);
    Cycle = Issue + 1;
  }
  uint64_t unitsFreeCycle(const Bundle &B, uint64_t Issue, unsigned &Cause);
  void chargeStall(unsigned Cause, uint64_t Issue);
  void retireDynamic(const Bundle &B, uint64_t Issue);
  void retireStream(const DecodedInst &D, uint64_t Issue);
  void recordVectorOps(const Bundle &B, uint64_t Issue);
  void trace(const Bundle &B, uint64_t Issue, const uint64_t *OldX);

  Memory &Mem;
  const LoadedProgram &Prog;
  const BundleDecoder &Dec;
  SimOptions Opts;
  std::unique_ptr<HostFiles> ConsoleOnly; ///< Without SimOptions::Files.
  Fault F;
  Stats St;

  // Control flow of the bundle being executed.
  int32_t Next = 0;
  bool Halted = false;
  int ExitStatus = 0;
  int32_t Current = -1; ///< The bundle executing; -1 before the first.
  int32_t Pending = -1; ///< The next bundle, between resume()s.
  uint64_t ExecutedBundles = 0; ///< Bundles run: --fast's clock.
  uint64_t Now = 0;     ///< Its issue cycle (bundles before it in --fast).
  std::vector<uint64_t> ExecCount; ///< Executions per bundle.

  // Region of interest (sys 2 .. sys 3).
  Stats snapshot() const;
  Stats RegionBegin, Region;
  bool InRegion = false, HasRegion = false;

  // Per-bundle dynamic facts the cycle model needs.
  uint64_t LastDmaBytes = 0;
  /// The cycles its data takes on the channel (DmaCost.h).
  uint64_t LastDmaCycles = 0;
  uint64_t LastDmaSrc = 0, LastDmaDst = 0; ///< For the debugger's records.
  /// The DRAM bursts each load/store port's last access touched (0: the
  /// SPM), for the core's DRAM port.
  uint64_t DramBursts[NumLoadStorePorts] = {};
  /// The bursts of DramBurstBytes that \p Size bytes at \p Addr touch, if
  /// they lie in DRAM.
  uint64_t dramBursts(uint64_t Addr, uint64_t Size) const {
    constexpr uint64_t B = llvm::AccelParam::DramBurstBytes;
    return Mem.isDram(Addr) ? (Addr % B + Size + B - 1) / B : 0;
  }
  /// The same for a vector access's lanes, \p Step bytes apart.
  uint64_t vectorDramBursts(uint64_t Addr, uint64_t Step) const;
  uint64_t LastMatmulK = 0;
  /// The last stream operation's elements, and whether it reduces (its
  /// results are complete only when its pipeline has drained).
  uint64_t LastStreamElements = 0;
  bool LastStreamReduces = false;
  /// A byte range [Begin, End).
  struct Span {
    uint64_t Begin, End;
    bool overlaps(const Span &O) const {
      return Begin < O.End && O.Begin < End;
    }
  };
  /// A stream operation's operands (at most four: a block destination, two
  /// block sources or a source and its parameters, per-row sums) and when
  /// its results are all written.
  struct StreamOperation {
    uint64_t Done = 0;
    unsigned NumSpans = 0;
    Span Spans[4];
  };
  StreamOperation LastStream;
  /// The stream operation being executed: its operands, for the race
  /// checker once the cycle model knows when it is done.
  InFlightWork StreamWork;
  /// The bytes the last transfer reads and writes.
  Span LastDmaReads = {0, 0}, LastDmaWrites = {0, 0};

  // Cycle model state.
  uint64_t Cycle = 0;
  uint64_t Ready[NumScoreboardRegs] = {};
  uint64_t MxuFree = 0; ///< The MAC array (mmac, mzero).
  uint64_t MxmFree = 0; ///< The tile-move port (mld, mst, mst.relu, mst.t).
  /// When the core's port to DRAM has moved its last access's bursts.
  uint64_t CoreDramFree = 0;
  /// When the stream engine can start its next operation, and when every
  /// result of the operations it has taken is in the scratchpad.
  uint64_t StreamFree = 0, StreamDone = 0;
  /// The starts of the last StreamQueueDepth operations, a ring: an
  /// operation enters the engine's queue once the oldest has started.
  uint64_t StreamStart[llvm::AccelParam::StreamQueueDepth] = {};
  unsigned StreamNext = 0;
  /// The operations that may still be writing: those queued and the two
  /// before them. (One starts at least StreamLatency cycles after the one
  /// before, when that one's predecessor has written its results.)
  static constexpr unsigned StreamTracked =
      llvm::AccelParam::StreamQueueDepth + 2;
  StreamOperation StreamInFlight[StreamTracked];
  unsigned StreamInFlightNext = 0;
  /// When the operations in flight that touch \p S have written their
  /// results.
  uint64_t streamDoneFor(const Span &S) const;
  /// When the tile-move port has finished with each tile.
  uint64_t TileMoveEnd[llvm::AccelParam::AccTiles] = {};
  /// When each channel's last transfer ends.
  uint64_t ChannelFree[llvm::AccelParam::DmaChannels] = {};
  /// The ends of each channel's last DmaQueueDepth transfers, a ring:
  /// QueueNext[C] is the oldest, which must end before another starts.
  uint64_t QueueEnd[llvm::AccelParam::DmaChannels]
                   [llvm::AccelParam::DmaQueueDepth] = {};
  unsigned QueueNext[llvm::AccelParam::DmaChannels] = {};
  uint64_t DmaCoveredUntil = 0;
  DmaTransfer Transfers[llvm::AccelParam::DmaChannels];

  std::vector<uint64_t> StallCount; ///< Stall cycles per bundle (--profile).

  RaceChecker Races;
};

} // namespace accel_sim

#endif
