//===-- ResumeTest.cpp - running under the debugger's control -------------===//
//
// Simulator::resume(), the loop the debugger drives (sim/Debugger.h), must
// take a program to the same state and the same statistics as run(),
// however the run is cut into pieces; stop before exactly the bundles its
// table marks; stop at a fault with the faulting bundle pending; and
// plannedIssue() (info stall) must predict the issue cycle without
// charging anything.
//
//===----------------------------------------------------------------------===//

#include "SimHarness.h"

using namespace accel_test;
using namespace accel_sim;

namespace {

constexpr uint64_t NoLimit = ~uint64_t(0);
constexpr uint64_t MulLatency = 3; // IIMul, docs/isa.md §6

class Resume : public SimTest {
protected:
  static constexpr int32_t MulBundle = 2, AddBundle = 3;

  /// Four times round a loop whose add waits for a mul.
  static std::vector<std::vector<MCInst>> program() {
    return {{inst(A::LI, {reg(r(5)), imm(4)})},
            {inst(A::LI, {reg(r(6)), imm(7)})},
            {inst(A::MUL, {reg(r(7)), reg(r(6)), reg(r(6))})}, // MulBundle
            {inst(A::ADD, {reg(r(8)), reg(r(7)), reg(r(8))})}, // AddBundle
            {inst(A::ADDI, {reg(r(5)), reg(r(5)), imm(-1)})},
            {inst(A::BNE, {reg(r(5)), reg(r(0)), imm(-3 * 8)})},
            {inst(A::LI, {reg(r(1)), imm(0)})}};
  }
  std::vector<uint8_t> noStops() const {
    return std::vector<uint8_t>(Dec.bundles().size(), 0);
  }
};

TEST_F(Resume, BundleByBundleIsRun) {
  for (bool Timed : {true, false}) {
    SCOPED_TRACE(Timed ? "timed" : "fast");
    ASSERT_EQ(runBundles(program(), Timed), 0);
    Stats Ref = Sim->stats();
    uint64_t RefX[32];
    std::memcpy(RefX, Sim->X, sizeof(RefX));

    load(program(), Timed);
    ASSERT_TRUE(Sim->begin());
    std::vector<uint8_t> Stops = noStops();
    uint64_t Steps = 0;
    Simulator::StopReason Why;
    while ((Why = Sim->resume(Stops, 1)) == Simulator::StopReason::StepLimit)
      ++Steps;
    EXPECT_EQ(Why, Simulator::StopReason::Exited);
    EXPECT_EQ(Sim->end(), 0);
    const Stats &S = Sim->stats();
    EXPECT_EQ(Steps + 1, Ref.Bundles); // The last bundle exits.
    EXPECT_EQ(S.Bundles, Ref.Bundles);
    EXPECT_EQ(S.Instructions, Ref.Instructions);
    EXPECT_EQ(S.Cycles, Ref.Cycles);
    EXPECT_EQ(S.stallCycles(), Ref.stallCycles());
    EXPECT_EQ(std::memcmp(Sim->X, RefX, sizeof(RefX)), 0);
    EXPECT_EQ(x(8), 4 * 49u); // r8 += 7 * 7, four times
  }
}

TEST_F(Resume, StopsBeforeMarkedBundles) {
  load(program());
  ASSERT_TRUE(Sim->begin());
  std::vector<uint8_t> Stops = noStops();
  Stops[MulBundle] = 1;
  // Once on the way in, then after each of the three branches back; a
  // resume runs its first bundle even when that one is marked.
  for (unsigned Arrival = 0; Arrival != 4; ++Arrival) {
    ASSERT_EQ(Sim->resume(Stops, NoLimit), Simulator::StopReason::AtStop);
    EXPECT_EQ(Sim->pendingBundle(), MulBundle);
    EXPECT_EQ(x(5), 4u - Arrival);
  }
  EXPECT_EQ(Sim->resume(Stops, NoLimit), Simulator::StopReason::Exited);
  EXPECT_EQ(Sim->end(), 0);
  // Nothing runs once the program has exited.
  EXPECT_EQ(Sim->resume(Stops, 1), Simulator::StopReason::Exited);
}

TEST_F(Resume, PlannedIssueChargesNothing) {
  load(program());
  ASSERT_TRUE(Sim->begin());
  std::vector<uint8_t> Stops = noStops();
  Stops[AddBundle] = 1;
  ASSERT_EQ(Sim->resume(Stops, NoLimit), Simulator::StopReason::AtStop);
  const Bundle &Add = Dec.bundles()[AddBundle];
  // The mul issued at cycle() - 1; its result is ready MulLatency later.
  uint64_t MulIssue = Sim->cycle() - 1;
  uint64_t Stalls = Sim->stats().stallCycles();
  for (unsigned Ask = 0; Ask != 2; ++Ask) {
    unsigned Cause;
    EXPECT_EQ(Sim->plannedIssue(Add, Cause), MulIssue + MulLatency);
    EXPECT_EQ(Cause, unsigned(StallScalarDep));
    EXPECT_EQ(Sim->readyCycle(7), MulIssue + MulLatency);
    EXPECT_EQ(Sim->stats().stallCycles(), Stalls);
  }
  ASSERT_EQ(Sim->resume(Stops, 1), Simulator::StopReason::StepLimit);
  EXPECT_EQ(Sim->cycle(), MulIssue + MulLatency + 1);
  EXPECT_EQ(Sim->stats().stallCycles(), Stalls + MulLatency - 1);
}

TEST_F(Resume, FaultLeavesTheFaultingBundlePending) {
  load({{inst(A::LI, {reg(r(6)), imm(int64_t(DramData + 4))})},
        {inst(A::LD_I64, {reg(r(3)), reg(r(6)), imm(0)})}});
  ASSERT_TRUE(Sim->begin());
  std::vector<uint8_t> Stops = noStops();
  EXPECT_EQ(Sim->resume(Stops, NoLimit), Simulator::StopReason::Faulted);
  EXPECT_EQ(Sim->pendingBundle(), 1);
  EXPECT_EQ(Sim->fault().Kind, FaultKind::MisalignedAccess);
  EXPECT_EQ(Sim->resume(Stops, 1), Simulator::StopReason::Faulted);
  EXPECT_EQ(Sim->end(), int(FaultKind::MisalignedAccess));
}

} // namespace
