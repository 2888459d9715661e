//===-- BundleCheckerTest.cpp - bundle issue rules ------------------------===//

#include "AccelMCFixture.h"
#include "MCTargetDesc/AccelBundleChecker.h"

using namespace llvm;

namespace {

class BundleChecker : public AccelMCTest {
protected:
  std::vector<std::unique_ptr<MCInst>> Pool;

  const MCInst *inst(unsigned Opcode, std::initializer_list<MCOperand> Ops) {
    auto MI = std::make_unique<MCInst>();
    MI->setOpcode(Opcode);
    for (const MCOperand &Op : Ops)
      MI->addOperand(Op);
    Pool.push_back(std::move(MI));
    return Pool.back().get();
  }
  static MCOperand reg(unsigned R) { return MCOperand::createReg(R); }
  static MCOperand imm(int64_t V) { return MCOperand::createImm(V); }

  const MCInst *add(unsigned Rd) {
    return inst(Accel::ADD, {reg(Rd), reg(Accel::R2), reg(Accel::R3)});
  }
  const MCInst *beq() {
    return inst(Accel::BEQ, {reg(Accel::R1), reg(Accel::R2), imm(8)});
  }

  std::optional<Accel::BundleViolation>
  check(std::initializer_list<const MCInst *> Insts) {
    return Accel::checkBundle(Insts, *MII, *MRI, *STI);
  }
};

TEST_F(BundleChecker, OneInstructionPerUnit) {
  EXPECT_FALSE(check({add(Accel::R1), add(Accel::R4)}));
  auto V = check({add(Accel::R1), add(Accel::R4), add(Accel::R5)});
  ASSERT_TRUE(V);
  EXPECT_EQ(V->Index, 2u);
}

TEST_F(BundleChecker, OnlyALU0Branches) {
  EXPECT_FALSE(check({beq(), add(Accel::R4)}));
  EXPECT_TRUE(check({beq(), inst(Accel::JMP, {imm(8)})}));
  // The branch needs ALU0, so two more ALU operations do not fit.
  EXPECT_TRUE(check({add(Accel::R4), add(Accel::R5), beq()}));
}

TEST_F(BundleChecker, FourUnitsFitFiveDoNot) {
  const MCInst *Ld =
      inst(Accel::LD_I64, {reg(Accel::R6), reg(Accel::R7), imm(0)});
  const MCInst *VAdd =
      inst(Accel::VADD_F32, {reg(Accel::V1), reg(Accel::V2), reg(Accel::V3)});
  const MCInst *Wait = inst(Accel::DMA_WAIT, {imm(0)});
  EXPECT_FALSE(check({add(Accel::R1), Ld, VAdd, Wait}));
  auto V = check({add(Accel::R1), Ld, VAdd, Wait, add(Accel::R4)});
  ASSERT_TRUE(V);
  EXPECT_EQ(V->Index, 4u);
}

TEST_F(BundleChecker, RegisterWrittenTwice) {
  auto V = check({add(Accel::R1), add(Accel::R1)});
  ASSERT_TRUE(V);
  EXPECT_NE(V->Message.find("r1"), std::string::npos) << V->Message;
  // r0 discards writes, so it may be written by several slots.
  EXPECT_FALSE(check({add(Accel::R0), add(Accel::R0)}));
  // call writes r31 implicitly.
  EXPECT_TRUE(check({inst(Accel::CALL, {imm(64)}), add(Accel::R31)}));
}

} // namespace
