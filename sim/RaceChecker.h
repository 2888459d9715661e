//===-- RaceChecker.h - accesses against the work still in flight -*- C++ -*-===//
//
// The machine's asynchronous work (DMA transfers, an mmac reading its
// operands, stream-engine operations) reads and writes memory after the
// instruction that started it has issued. docs/isa.md makes every access
// that the hardware does not interlock with such work, while it is in
// flight, a race with an unspecified result: an access that reads bytes
// the work will write, or writes bytes it reads or writes. The checker
// keeps the work in flight with the bytes it touches and finds the first
// conflict of an access; the simulator reports it (docs/simulator.md).
//
// A transfer is in flight from its start until, in program order, a
// dma.wait or dma.wait.older covers it (or a start on its full channel
// retires it), whatever the cycle count: both simulator modes agree. An
// mmac and a stream operation are in flight until the cycle they are done,
// so the cycle model alone tracks them.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_SIM_RACECHECKER_H
#define ACCEL_SIM_RACECHECKER_H

#include "MCTargetDesc/AccelMachineParams.h"
#include <cstdint>
#include <iterator>
#include <vector>

namespace accel_sim {

/// Bytes [Begin, End).
struct ByteSpan {
  uint64_t Begin = 0, End = 0;
  bool empty() const { return Begin >= End; }
  bool overlaps(const ByteSpan &O) const {
    return Begin < O.End && O.Begin < End;
  }
};

/// Rows of RowBytes bytes, Stride bytes apart: a transfer's side, a stream
/// operand's block, or (one row) any contiguous access. Rows that touch or
/// overlap are kept as one row, so that only a footprint with gaps has
/// several.
class Footprint {
public:
  Footprint() = default;
  static Footprint bytes(uint64_t Addr, uint64_t Size) {
    return rows(Addr, 1, Size, 0);
  }
  static Footprint rows(uint64_t Addr, uint64_t Rows, uint64_t RowBytes,
                        uint64_t Stride);

  uint64_t base() const { return Base; }
  uint64_t rowCount() const { return Rows; }
  uint64_t rowBytes() const { return RowBytes; }
  uint64_t stride() const { return Stride; }
  bool empty() const { return !Rows || !RowBytes; }
  /// From the first byte to the last.
  ByteSpan hull() const {
    return {Base, Base + (Rows - 1) * Stride + RowBytes};
  }
  /// The first run of bytes this footprint shares with \p S (empty: none).
  ByteSpan firstOverlap(const ByteSpan &S) const;
  ByteSpan firstOverlap(const Footprint &O) const;

private:
  uint64_t Base = 0, Rows = 0, RowBytes = 0, Stride = 0;
};

/// Asynchronous work, which reads and writes memory until it is retired.
struct InFlightWork {
  enum Kind : uint8_t { Transfer = 1, Matmul = 2, Stream = 4 };
  Kind What = Transfer;
  unsigned Channel = 0; ///< A transfer's.
  int32_t Bundle = -1;  ///< The bundle that started it (BundleDecoder).
  uint64_t Start = 0;   ///< Its issue cycle (a bundle count with --fast).
  /// Timed work: the cycle from which it touches nothing (transfers are
  /// retired by the waits instead).
  uint64_t Done = ~uint64_t(0);
  uint8_t NumReads = 0, NumWrites = 0;
  Footprint Reads[3], Writes[2];

  void addRead(const Footprint &F) {
    if (!F.empty() && NumReads != std::size(Reads))
      Reads[NumReads++] = F;
  }
  void addWrite(const Footprint &F) {
    if (!F.empty() && NumWrites != std::size(Writes))
      Writes[NumWrites++] = F;
  }
};

/// An access that conflicts with work in flight: the work, whether the
/// work writes the bytes (else it reads them), and the first bytes both
/// touch.
struct RaceConflict {
  const InFlightWork *Work = nullptr;
  bool WorkWrites = false;
  ByteSpan Overlap;
  explicit operator bool() const { return Work; }
};

class RaceChecker {
public:
  /// The cheap test of a load or store, inline in the dispatch loop: false
  /// when no transfer or mmac in flight can conflict with [Addr, Addr +
  /// Size). (Stream operations are interlocked with loads and stores.)
  bool mayConflict(uint64_t Addr, uint64_t Size, bool Writes) const {
    uint64_t End = Addr + Size;
    return (Addr < WriteHull.End && WriteHull.Begin < End) ||
           (Writes && Addr < ReadHull.End && ReadHull.Begin < End);
  }

  /// The first conflict of an access of \p Bytes (a write if \p Writes)
  /// with the work in flight of the kinds in \p Kinds (InFlightWork::Kind
  /// bits) at cycle \p Now; \p SameChannel, if not negative, is a
  /// transfer's channel, whose earlier transfers run before it in order
  /// and so cannot conflict with it.
  RaceConflict find(const Footprint &Bytes, bool Writes, unsigned Kinds,
                    uint64_t Now, int SameChannel = -1);

  /// Work starts: from now on accesses are checked against it. A
  /// transfer's start first retires the oldest of its channel's transfers
  /// if the channel holds DmaQueueDepth (the start waits for it to end).
  void start(const InFlightWork &W);
  /// dma.wait (every transfer of \p Channel ends) or dma.wait.older (all
  /// but the newest do).
  void waitChannel(unsigned Channel, bool KeepNewest);
  /// The oldest work still in flight at \p Now, or null.
  const InFlightWork *firstInFlight(uint64_t Now);

private:
  /// Drops the timed work done by \p Now.
  void expire(uint64_t Now);
  void recomputeHulls();

  /// Oldest first. At most DmaQueueDepth transfers per channel, one mmac
  /// and a few stream operations, so a vector scanned whole.
  std::vector<InFlightWork> Work;
  /// The bytes the transfers and mmacs in flight read and write, from the
  /// first to the last (empty: nothing in flight).
  ByteSpan ReadHull, WriteHull;
};

} // namespace accel_sim

#endif
