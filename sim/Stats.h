//===-- Stats.h - simulator statistics --------------------------*- C++ -*-===//

#ifndef ACCEL_SIM_STATS_H
#define ACCEL_SIM_STATS_H

#include "MCTargetDesc/AccelUnits.h"
#include <cstdint>
#include <string>

namespace llvm {
class raw_ostream;
}

namespace accel_sim {

enum StallCause : unsigned {
  StallScalarDep,  ///< waiting for a general register
  StallVectorDep,  ///< waiting for a vector register
  StallAccDep,     ///< waiting for an accumulator tile
  StallMatrixBusy, ///< the matrix unit (MAC array) is occupied
  StallTileMoveBusy, ///< the tile-move port is occupied
  StallDmaBusy,    ///< a DMA start on a busy channel
  StallDmaWait,    ///< dma.wait
  StallStreamBusy, ///< the stream engine is occupied, or its results pending
  StallDramPort,   ///< a load or store to DRAM while the core's port is busy
  NumStallCauses
};

struct Stats {
  uint64_t Cycles = 0;
  uint64_t Bundles = 0;
  uint64_t Instructions = 0;
  uint64_t UnitIssues[llvm::Accel::NumUnits] = {}; ///< Per llvm::Accel::Unit.
  uint64_t MatrixBusyCycles = 0; ///< The MAC array: mmac, mzero.
  uint64_t TileMoveBusyCycles = 0; ///< The tile-move port: mld, mst.
  uint64_t DmaBusyCycles = 0;    ///< Cycles with any transfer in flight.
  uint64_t StreamBusyCycles = 0; ///< The stream engine taking elements.
  uint64_t DmaBytes = 0;
  uint64_t DmaTransfers = 0;
  uint64_t Macs = 0;             ///< Useful multiply-accumulates.
  uint64_t Stalls[NumStallCauses] = {};
  bool Timed = true;

  uint64_t stallCycles() const;
  double matrixUtilization() const;

  /// Adds what happened between \p Begin and \p End, two snapshots.
  void addInterval(const Stats &Begin, const Stats &End);

  void print(llvm::raw_ostream &OS, const char *Title = "statistics") const;
  /// One JSON object; \p Region, if given, nested in it as "region".
  void printJson(llvm::raw_ostream &OS, const Stats *Region = nullptr) const;
};

const char *getStallName(unsigned Cause);

} // namespace accel_sim

#endif
