//===-- IntegerTest.cpp - integer instruction semantics -------------------===//

#include "SimHarness.h"
#include <climits>

using namespace accel_test;

namespace {

class Integer : public SimTest {
protected:
  /// rd = op(rs1 = A, rs2 = B), for a register-register instruction.
  uint64_t binary(unsigned Opcode, uint64_t A, uint64_t B) {
    InitX[2] = A;
    InitX[3] = B;
    EXPECT_EQ(run({inst(Opcode, {reg(r(4)), reg(r(2)), reg(r(3))}),
                   inst(A::LI, {reg(r(1)), imm(0)})}),
              0);
    return x(4);
  }
};

TEST_F(Integer, AddSubWrapAround) {
  EXPECT_EQ(binary(A::ADD, UINT64_MAX, 2), 1u);
  EXPECT_EQ(binary(A::SUB, 0, 1), UINT64_MAX);
  // 32-bit forms sign-extend their 32-bit result.
  EXPECT_EQ(binary(A::ADD_W, 0x7fffffff, 1), uint64_t(int64_t(INT32_MIN)));
  EXPECT_EQ(binary(A::SUB_W, 0x100000000ull, 1), UINT64_MAX);
}

TEST_F(Integer, DivisionByZeroAndOverflow) {
  EXPECT_EQ(binary(A::DIV, 7, 0), UINT64_MAX);
  EXPECT_EQ(binary(A::DIVU, 7, 0), UINT64_MAX);
  EXPECT_EQ(binary(A::REM, 7, 0), 7u);
  EXPECT_EQ(binary(A::REMU, 7, 0), 7u);
  EXPECT_EQ(binary(A::DIV, uint64_t(INT64_MIN), uint64_t(-1)),
            uint64_t(INT64_MIN));
  EXPECT_EQ(binary(A::REM, uint64_t(INT64_MIN), uint64_t(-1)), 0u);
  EXPECT_EQ(binary(A::DIV_W, uint64_t(int64_t(INT32_MIN)), uint64_t(-1)),
            uint64_t(int64_t(INT32_MIN)));
  EXPECT_EQ(binary(A::REM_W, uint64_t(int64_t(INT32_MIN)), uint64_t(-1)), 0u);
  EXPECT_EQ(binary(A::DIVU_W, 5, 0), UINT64_MAX); // 0xffffffff sign-extended
  EXPECT_EQ(binary(A::DIV, uint64_t(-7), 2), uint64_t(-3)); // toward zero
  EXPECT_EQ(binary(A::REM, uint64_t(-7), 2), uint64_t(-1));
}

TEST_F(Integer, ShiftAmountsAtOrAboveWidth) {
  EXPECT_EQ(binary(A::SHL, 1, 64), 1u);  // amount mod 64
  EXPECT_EQ(binary(A::SHL, 1, 65), 2u);
  EXPECT_EQ(binary(A::SRA, uint64_t(-8), 66), uint64_t(-2));
  EXPECT_EQ(binary(A::SHL_W, 1, 32), 1u); // amount mod 32
  EXPECT_EQ(binary(A::SHL_W, 1, 31), uint64_t(int64_t(INT32_MIN)));
  EXPECT_EQ(binary(A::SRL_W, 0xffffffff80000000ull, 31), 1u);
  EXPECT_EQ(binary(A::SRA_W, 0x80000000ull, 31), UINT64_MAX);
}

TEST_F(Integer, MultiplyHighAndCompares) {
  EXPECT_EQ(binary(A::MULH, uint64_t(-1), uint64_t(-1)), 0u);
  EXPECT_EQ(binary(A::MULHU, uint64_t(-1), uint64_t(-1)), UINT64_MAX - 1);
  EXPECT_EQ(binary(A::SLT, uint64_t(-1), 0), 1u);
  EXPECT_EQ(binary(A::SLTU, uint64_t(-1), 0), 0u);
  EXPECT_EQ(binary(A::SLT_W, 0xffffffffull, 0), 1u); // low half is -1
  EXPECT_EQ(binary(A::SEQ_W, 0x100000005ull, 5), 1u);
}

TEST_F(Integer, ImmediatesAndConstants) {
  EXPECT_EQ(run({inst(A::LI, {reg(r(5)), imm(-5)}),
                 inst(A::LIH, {reg(r(5)), reg(r(5)), imm(0x12345678)}),
                 inst(A::ADDI_W, {reg(r(6)), reg(r(0)), imm(INT32_MAX)}),
                 inst(A::ADDI_W, {reg(r(6)), reg(r(6)), imm(1)}),
                 inst(A::LI, {reg(r(1)), imm(0)})}),
            0);
  EXPECT_EQ(x(5), 0x12345678fffffffbull);
  EXPECT_EQ(x(6), uint64_t(int64_t(INT32_MIN)));
}

TEST_F(Integer, LoadsExtend) {
  poke<uint64_t>(DramData, 0x8081828384858687ull);
  InitX[2] = DramData;
  EXPECT_EQ(run({inst(A::LD_I8, {reg(r(3)), reg(r(2)), imm(0)}),
                 inst(A::LD_U8, {reg(r(4)), reg(r(2)), imm(0)}),
                 inst(A::LD_I16, {reg(r(5)), reg(r(2)), imm(6)}),
                 inst(A::LD_U32, {reg(r(6)), reg(r(2)), imm(4)}),
                 inst(A::LD_I32, {reg(r(7)), reg(r(2)), imm(4)}),
                 inst(A::LI, {reg(r(1)), imm(0)})}),
            0);
  EXPECT_EQ(x(3), 0xffffffffffffff87ull);
  EXPECT_EQ(x(4), 0x87u);
  EXPECT_EQ(x(5), 0xffffffffffff8081ull);
  EXPECT_EQ(x(6), 0x80818283u);
  EXPECT_EQ(x(7), 0xffffffff80818283ull);
}

TEST_F(Integer, BundleReadsRegistersBeforeWrites) {
  // A swap in one bundle: both slots read the old values.
  InitX[2] = 10;
  InitX[3] = 20;
  EXPECT_EQ(runBundles({{inst(A::ADDI, {reg(r(2)), reg(r(3)), imm(0)}),
                         inst(A::ADDI, {reg(r(3)), reg(r(2)), imm(0)})},
                        {inst(A::LI, {reg(r(1)), imm(0)})}}),
            0);
  EXPECT_EQ(x(2), 20u);
  EXPECT_EQ(x(3), 10u);
}

TEST_F(Integer, R0StaysZero) {
  EXPECT_EQ(run({inst(A::LI, {reg(r(0)), imm(99)}),
                 inst(A::ADDI, {reg(r(1)), reg(r(0)), imm(0)})}),
            0);
  EXPECT_EQ(x(0), 0u);
}

TEST_F(Integer, ExitStatusSaturates) {
  EXPECT_EQ(run({inst(A::LI, {reg(r(1)), imm(42)})}), 42);
  EXPECT_EQ(run({inst(A::LI, {reg(r(1)), imm(-1)})}), 127);
  EXPECT_EQ(run({inst(A::LI, {reg(r(1)), imm(128)})}), 127);
}

} // namespace
