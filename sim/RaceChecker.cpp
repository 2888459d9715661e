//===-- RaceChecker.cpp - accesses against the work still in flight -------===//

#include "RaceChecker.h"
#include <algorithm>

using namespace accel_sim;

Footprint Footprint::rows(uint64_t Addr, uint64_t Rows, uint64_t RowBytes,
                          uint64_t Stride) {
  Footprint F;
  F.Base = Addr;
  if (!Rows || !RowBytes)
    return F;
  // Rows that touch or overlap cover their hull without gaps.
  if (Rows == 1 || Stride <= RowBytes) {
    F.Rows = 1;
    F.RowBytes = (Rows - 1) * Stride + RowBytes;
    return F;
  }
  F.Rows = Rows;
  F.RowBytes = RowBytes;
  F.Stride = Stride;
  return F;
}

ByteSpan Footprint::firstOverlap(const ByteSpan &S) const {
  if (empty() || S.empty())
    return {};
  // The first row that ends after S begins.
  uint64_t Row = 0;
  if (S.Begin >= Base + RowBytes)
    Row = Rows == 1 ? 1 : (S.Begin - Base - RowBytes) / Stride + 1;
  if (Row >= Rows)
    return {};
  uint64_t RowBegin = Base + Row * Stride;
  if (RowBegin >= S.End)
    return {};
  return {std::max(RowBegin, S.Begin), std::min(RowBegin + RowBytes, S.End)};
}

ByteSpan Footprint::firstOverlap(const Footprint &O) const {
  if (empty() || O.empty())
    return {};
  if (O.Rows == 1)
    return firstOverlap(O.hull());
  if (Rows == 1)
    return O.firstOverlap(hull());
  // Both have gaps: this footprint's rows inside O's hull, lowest first.
  ByteSpan Within = O.hull();
  uint64_t Row = 0;
  if (Within.Begin >= Base + RowBytes)
    Row = (Within.Begin - Base - RowBytes) / Stride + 1;
  for (; Row < Rows; ++Row) {
    uint64_t RowBegin = Base + Row * Stride;
    if (RowBegin >= Within.End)
      break;
    ByteSpan Overlap = O.firstOverlap(ByteSpan{RowBegin, RowBegin + RowBytes});
    if (!Overlap.empty())
      return Overlap;
  }
  return {};
}

RaceConflict RaceChecker::find(const Footprint &Bytes, bool Writes,
                               unsigned Kinds, uint64_t Now,
                               int SameChannel) {
  expire(Now);
  for (const InFlightWork &W : Work) {
    if (!(W.What & Kinds) ||
        (W.What == InFlightWork::Transfer && int(W.Channel) == SameChannel))
      continue;
    for (unsigned I = 0; I != W.NumWrites; ++I) {
      ByteSpan Overlap = Bytes.firstOverlap(W.Writes[I]);
      if (!Overlap.empty())
        return {&W, true, Overlap};
    }
    if (!Writes)
      continue;
    for (unsigned I = 0; I != W.NumReads; ++I) {
      ByteSpan Overlap = Bytes.firstOverlap(W.Reads[I]);
      if (!Overlap.empty())
        return {&W, false, Overlap};
    }
  }
  return {};
}

/// Widens \p Hull to cover \p F.
static void cover(ByteSpan &Hull, const Footprint &F) {
  ByteSpan S = F.hull();
  if (Hull.empty()) {
    Hull = S;
    return;
  }
  Hull.Begin = std::min(Hull.Begin, S.Begin);
  Hull.End = std::max(Hull.End, S.End);
}

/// The work loads and stores are checked against: the stream engine's is
/// interlocked with them.
static bool checkedByLoadsAndStores(const InFlightWork &W) {
  return W.What != InFlightWork::Stream;
}

void RaceChecker::start(const InFlightWork &W) {
  if (W.What == InFlightWork::Transfer) {
    auto OnChannel = [&](const InFlightWork &O) {
      return O.What == InFlightWork::Transfer && O.Channel == W.Channel;
    };
    if (std::count_if(Work.begin(), Work.end(), OnChannel) ==
        llvm::AccelParam::DmaQueueDepth) {
      Work.erase(std::find_if(Work.begin(), Work.end(), OnChannel));
      recomputeHulls();
    }
  }
  Work.push_back(W);
  if (!checkedByLoadsAndStores(W))
    return;
  for (unsigned I = 0; I != W.NumReads; ++I)
    cover(ReadHull, W.Reads[I]);
  for (unsigned I = 0; I != W.NumWrites; ++I)
    cover(WriteHull, W.Writes[I]);
}

void RaceChecker::waitChannel(unsigned Channel, bool KeepNewest) {
  auto OnChannel = [&](const InFlightWork &O) {
    return O.What == InFlightWork::Transfer && O.Channel == Channel;
  };
  bool Kept = !KeepNewest;
  bool Erased = false;
  // Newest first, so that the first one met is the newest.
  for (size_t I = Work.size(); I-- != 0;) {
    if (!OnChannel(Work[I]))
      continue;
    if (!Kept) {
      Kept = true;
      continue;
    }
    Work.erase(Work.begin() + I);
    Erased = true;
  }
  if (Erased)
    recomputeHulls();
}

void RaceChecker::expire(uint64_t Now) {
  size_t Before = Work.size();
  Work.erase(std::remove_if(Work.begin(), Work.end(),
                            [&](const InFlightWork &O) {
                              return O.Done <= Now;
                            }),
             Work.end());
  if (Work.size() != Before)
    recomputeHulls();
}

const InFlightWork *RaceChecker::firstInFlight(uint64_t Now) {
  expire(Now);
  return Work.empty() ? nullptr : &Work.front();
}

void RaceChecker::recomputeHulls() {
  ReadHull = WriteHull = {};
  for (const InFlightWork &W : Work) {
    if (!checkedByLoadsAndStores(W))
      continue;
    for (unsigned I = 0; I != W.NumReads; ++I)
      cover(ReadHull, W.Reads[I]);
    for (unsigned I = 0; I != W.NumWrites; ++I)
      cover(WriteHull, W.Writes[I]);
  }
}
