//===-- FaultTest.cpp - faults stop the program with their status ---------===//

#include "SimHarness.h"

using namespace accel_test;
using accel_sim::FaultKind;

namespace {

class Faults : public SimTest {};

TEST_F(Faults, MisalignedAndOutOfRange) {
  InitX[2] = DramData + 1;
  EXPECT_EQ(run({inst(A::LD_I32, {reg(r(3)), reg(r(2)), imm(0)})}),
            int(FaultKind::MisalignedAccess));
}

TEST_F(Faults, AccessOutsideMemory) {
  EXPECT_EQ(run({inst(A::LD_I64, {reg(r(3)), reg(r(0)), imm(0)})}),
            int(FaultKind::OutOfRangeAccess));
}

TEST_F(Faults, WriteToText) {
  InitX[2] = TextBase;
  EXPECT_EQ(run({inst(A::ST_I64, {reg(r(0)), reg(r(2)), imm(0)})}),
            int(FaultKind::TextWrite));
}

TEST_F(Faults, DmaOutOfRange) {
  InitX[2] = SpmData + accel_sim::Memory::SpmSize - 8; // 16 bytes overrun
  InitX[3] = DramData;
  InitX[4] = 16;
  EXPECT_EQ(run({inst(A::DMA_1D, {imm(0), reg(r(2)), reg(r(3)), reg(r(4))})}),
            int(FaultKind::DmaFault));
}

TEST_F(Faults, MatmulOperandsOutsideScratchpad) {
  InitX[2] = DramData;
  InitX[3] = SpmData;
  InitX[4] = 4;
  EXPECT_EQ(run({inst(A::MMAC, {reg(acc(0)), reg(acc(0)), reg(r(2)),
                                reg(r(3)), reg(r(4))})}),
            int(FaultKind::MatrixFault));
  InitX[4] = 0; // K out of range
  InitX[2] = SpmData;
  EXPECT_EQ(run({inst(A::MMAC, {reg(acc(0)), reg(acc(0)), reg(r(2)),
                                reg(r(3)), reg(r(4))})}),
            int(FaultKind::MatrixFault));
}

TEST_F(Faults, TrapAndUnknownService) {
  EXPECT_EQ(run({inst(A::TRAP, {})}), int(FaultKind::Trap));
  EXPECT_EQ(run({inst(A::SYS, {imm(255)})}),
            int(FaultKind::IllegalInstruction));
}

TEST_F(Faults, JumpIntoTheMiddleOfABundle) {
  // The bundle at +8 has two words; +16 is its second word.
  EXPECT_EQ(runBundles({{inst(A::JMP, {imm(16)})},
                        {inst(A::NOP, {}), inst(A::NOP, {})}}),
            int(FaultKind::IllegalInstruction));
}

TEST_F(Faults, CycleLimit) {
  // jmp to itself.
  EXPECT_EQ(run({inst(A::JMP, {imm(0)})}), int(FaultKind::MaxCycles));
  EXPECT_EQ(run({inst(A::JMP, {imm(0)})}, /*Timed=*/false),
            int(FaultKind::MaxCycles));
}

} // namespace
