//===-- RaceCheckTest.cpp - the race checker's footprints and retirement --===//
//
// Footprint overlaps against a brute-force byte set, and the checker's
// bookkeeping of work in flight: waits, dma.wait.older, a full channel's
// start, the same channel's order, timed work's end (RaceChecker.h).
// Programs that race: test/sim/race-*.s.
//
//===----------------------------------------------------------------------===//

#include "RaceChecker.h"
#include "gtest/gtest.h"
#include <random>
#include <set>

using namespace accel_sim;

namespace {

std::set<uint64_t> bytesOf(const Footprint &F) {
  std::set<uint64_t> S;
  for (uint64_t R = 0; R != F.rowCount(); ++R)
    for (uint64_t B = 0; B != F.rowBytes(); ++B)
      S.insert(F.base() + R * F.stride() + B);
  return S;
}

/// The lowest run of bytes both sets hold, by brute force.
ByteSpan firstCommonRun(const std::set<uint64_t> &A,
                        const std::set<uint64_t> &B) {
  for (uint64_t X : A)
    if (B.count(X)) {
      uint64_t End = X + 1;
      while (A.count(End) && B.count(End))
        ++End;
      return {X, End};
    }
  return {};
}

TEST(Footprint, RowsThatTouchAreOneRow) {
  Footprint F = Footprint::rows(0x1000, 8, 64, 64);
  EXPECT_EQ(F.rowCount(), 1u);
  EXPECT_EQ(F.hull().End, 0x1000u + 8 * 64);
  // Overlapping rows (stride below the row) and a stride of 0 likewise.
  EXPECT_EQ(Footprint::rows(0x1000, 4, 64, 16).hull().End, 0x1000u + 112);
  EXPECT_EQ(Footprint::rows(0x1000, 4, 64, 0).hull().End, 0x1000u + 64);
  EXPECT_TRUE(Footprint::rows(0x1000, 0, 64, 128).empty());
  EXPECT_TRUE(Footprint::bytes(0x1000, 0).empty());
}

TEST(Footprint, FirstOverlapMatchesTheBytes) {
  std::mt19937_64 Rng(2026);
  auto Random = [&]() {
    uint64_t Rows = 1 + Rng() % 6, RowBytes = 1 + Rng() % 12;
    uint64_t Stride = Rng() % 20;
    return Footprint::rows(Rng() % 64, Rows, RowBytes, Stride);
  };
  for (int I = 0; I != 20000; ++I) {
    Footprint A = Random(), B = Random();
    ByteSpan Want = firstCommonRun(bytesOf(A), bytesOf(B));
    ByteSpan Got = A.firstOverlap(B);
    ASSERT_EQ(Got.empty(), Want.empty())
        << I << ": " << A.base() << "+" << A.rowCount() << "x" << A.rowBytes()
        << "/" << A.stride() << " vs " << B.base() << "+" << B.rowCount()
        << "x" << B.rowBytes() << "/" << B.stride();
    if (Want.empty())
      continue;
    EXPECT_EQ(Got.Begin, Want.Begin) << I;
    EXPECT_EQ(Got.End, Want.End) << I;
  }
}

InFlightWork transfer(unsigned Channel, Footprint Reads, Footprint Writes) {
  InFlightWork W;
  W.What = InFlightWork::Transfer;
  W.Channel = Channel;
  W.addRead(Reads);
  W.addWrite(Writes);
  return W;
}

constexpr unsigned AllKinds =
    InFlightWork::Transfer | InFlightWork::Matmul | InFlightWork::Stream;

TEST(RaceChecker, ReadsOfWhatIsReadAreNoRace) {
  RaceChecker C;
  C.start(transfer(0, Footprint::bytes(0x1000, 256),
                   Footprint::bytes(0x8000, 256)));
  // Another read of the source; a write of the source, a read of the
  // destination.
  EXPECT_FALSE(C.find(Footprint::bytes(0x1010, 4), false, AllKinds, 0));
  RaceConflict W = C.find(Footprint::bytes(0x1010, 4), true, AllKinds, 0);
  ASSERT_TRUE(W);
  EXPECT_FALSE(W.WorkWrites);
  RaceConflict R = C.find(Footprint::bytes(0x80fe, 4), false, AllKinds, 0);
  ASSERT_TRUE(R);
  EXPECT_TRUE(R.WorkWrites);
  EXPECT_EQ(R.Overlap.Begin, 0x80feu);
  EXPECT_EQ(R.Overlap.End, 0x8100u);
  // The inline test agrees, and a transfer's channel is its own order.
  EXPECT_TRUE(C.mayConflict(0x80fe, 4, false));
  EXPECT_FALSE(C.mayConflict(0x9000, 4, true));
  EXPECT_FALSE(C.find(Footprint::bytes(0x8000, 4), false, AllKinds, 0, 0));
  EXPECT_TRUE(C.find(Footprint::bytes(0x8000, 4), false, AllKinds, 0, 1));
}

TEST(RaceChecker, WaitsRetireTheirChannel) {
  RaceChecker C;
  C.start(transfer(2, Footprint::bytes(0x1000, 64),
                   Footprint::bytes(0x8000, 64)));
  C.start(transfer(2, Footprint::bytes(0x1000, 64),
                   Footprint::bytes(0x9000, 64)));
  C.start(transfer(3, Footprint::bytes(0x1000, 64),
                   Footprint::bytes(0xa000, 64)));
  C.waitChannel(2, /*KeepNewest=*/true);
  EXPECT_FALSE(C.find(Footprint::bytes(0x8000, 4), false, AllKinds, 0));
  EXPECT_TRUE(C.find(Footprint::bytes(0x9000, 4), false, AllKinds, 0));
  EXPECT_TRUE(C.find(Footprint::bytes(0xa000, 4), false, AllKinds, 0));
  C.waitChannel(2, false);
  EXPECT_FALSE(C.find(Footprint::bytes(0x9000, 4), false, AllKinds, 0));
  EXPECT_FALSE(C.mayConflict(0x9000, 4, false));
  ASSERT_NE(C.firstInFlight(0), nullptr);
  EXPECT_EQ(C.firstInFlight(0)->Channel, 3u);
  C.waitChannel(3, true); // the newest stays
  EXPECT_NE(C.firstInFlight(0), nullptr);
  C.waitChannel(3, false);
  EXPECT_EQ(C.firstInFlight(0), nullptr);
}

TEST(RaceChecker, AFullChannelsStartRetiresItsOldest) {
  RaceChecker C;
  const unsigned Depth = llvm::AccelParam::DmaQueueDepth;
  for (unsigned I = 0; I != Depth; ++I)
    C.start(transfer(1, Footprint::bytes(0x1000, 64),
                     Footprint::bytes(0x8000 + 0x100 * I, 64)));
  EXPECT_TRUE(C.find(Footprint::bytes(0x8000, 4), false, AllKinds, 0));
  C.start(transfer(1, Footprint::bytes(0x1000, 64),
                   Footprint::bytes(0x8000 + 0x100 * Depth, 64)));
  EXPECT_FALSE(C.find(Footprint::bytes(0x8000, 4), false, AllKinds, 0));
  EXPECT_TRUE(C.find(Footprint::bytes(0x8100, 4), false, AllKinds, 0));
}

TEST(RaceChecker, TimedWorkEndsAtItsCycle) {
  RaceChecker C;
  InFlightWork M;
  M.What = InFlightWork::Matmul;
  M.Done = 100;
  M.addRead(Footprint::bytes(0x2000, 1024));
  C.start(M);
  EXPECT_TRUE(C.find(Footprint::bytes(0x2000, 4), true, AllKinds, 99));
  EXPECT_FALSE(C.find(Footprint::bytes(0x2000, 4), true,
                      InFlightWork::Transfer, 99));
  EXPECT_FALSE(C.find(Footprint::bytes(0x2000, 4), true, AllKinds, 100));
  EXPECT_FALSE(C.mayConflict(0x2000, 4, true));
  // Stream work is not in the loads' and stores' inline test.
  InFlightWork S;
  S.What = InFlightWork::Stream;
  S.Done = 200;
  S.addWrite(Footprint::rows(0x4000, 4, 16, 64));
  C.start(S);
  EXPECT_FALSE(C.mayConflict(0x4000, 4, false));
  EXPECT_TRUE(C.find(Footprint::bytes(0x4000, 4), false, AllKinds, 150));
  EXPECT_FALSE(C.find(Footprint::bytes(0x4010, 48), false, AllKinds, 150));
  EXPECT_EQ(C.firstInFlight(200), nullptr);
}

} // namespace
