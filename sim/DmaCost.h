//===-- DmaCost.h - the cycles a transfer's data takes ---------*- C++ -*-===//
//
// docs/isa.md §7.12: DRAM moves whole bursts of DramBurstBytes, so a
// transfer's DRAM side costs every burst its rows touch at DmaBytesPerCycle;
// its SPM side costs the DmaBytesPerCycle-byte beats its rows touch, one a
// cycle. A channel reads one side while it writes the other, so a transfer
// between DRAM and the SPM (or within the SPM) takes its slower side; one
// within DRAM pays both, the bursts it reads and the bursts it writes.
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_SIM_DMACOST_H
#define ACCEL_SIM_DMACOST_H

#include "MCTargetDesc/AccelMachineParams.h"
#include <algorithm>
#include <cstdint>
#include <numeric>

namespace accel_sim {

/// One side of a transfer: Rows rows of RowBytes, Stride bytes apart.
struct DmaSide {
  uint64_t Addr = 0, Stride = 0;
  bool Dram = false;
};

/// The Unit-byte units (bursts, beats) that Rows rows of RowBytes at Addr,
/// Stride apart, touch: a row's count depends on its address modulo Unit,
/// which repeats every Unit / gcd(Stride, Unit) rows.
inline uint64_t unitsTouched(uint64_t Addr, uint64_t Rows, uint64_t RowBytes,
                             uint64_t Stride, uint64_t Unit) {
  auto Row = [&](uint64_t A) {
    return (A % Unit + RowBytes + Unit - 1) / Unit;
  };
  uint64_t Period = Unit / std::gcd(Stride % Unit, Unit);
  uint64_t Rem = Rows % Period, PeriodUnits = 0, RemUnits = 0;
  for (uint64_t R = 0; R != std::min(Rows, Period); ++R) {
    uint64_t U = Row(Addr + R * (Stride % Unit));
    PeriodUnits += U;
    RemUnits += R < Rem ? U : 0;
  }
  return Rows / Period * PeriodUnits + RemUnits;
}

/// The cycles one side's rows take on a channel.
inline uint64_t dmaSideCycles(const DmaSide &S, uint64_t Rows,
                              uint64_t RowBytes) {
  namespace P = llvm::AccelParam;
  static_assert(P::DramBurstBytes % P::DmaBytesPerCycle == 0,
                "a burst is whole beats");
  if (S.Dram)
    return unitsTouched(S.Addr, Rows, RowBytes, S.Stride, P::DramBurstBytes) *
           (P::DramBurstBytes / P::DmaBytesPerCycle);
  return unitsTouched(S.Addr, Rows, RowBytes, S.Stride, P::DmaBytesPerCycle);
}

/// The cycles a transfer's data takes once it moves (after its start-up).
inline uint64_t dmaDataCycles(const DmaSide &Src, const DmaSide &Dst,
                              uint64_t Rows, uint64_t RowBytes) {
  if (!Rows || !RowBytes)
    return 0;
  uint64_t Read = dmaSideCycles(Src, Rows, RowBytes);
  uint64_t Write = dmaSideCycles(Dst, Rows, RowBytes);
  return Src.Dram && Dst.Dram ? Read + Write : std::max(Read, Write);
}

} // namespace accel_sim

#endif
