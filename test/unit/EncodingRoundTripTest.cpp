//===-- EncodingRoundTripTest.cpp - every opcode encodes and decodes ------===//
//
// For every instruction in the generated tables: build an instance with
// varied register and immediate operands, encode it, decode it, and require
// the same opcode and operands back. This also proves no two instructions
// share an encoding (decode would return the other opcode).
//
//===----------------------------------------------------------------------===//

#include "AccelMCFixture.h"
#include "MCTargetDesc/AccelBaseInfo.h"
#include "llvm/Support/Endian.h"

using namespace llvm;

namespace {

/// Fills \p Inst with operands for \p Desc; \p Seed varies the choice.
void buildOperands(MCInst &Inst, const MCInstrDesc &Desc,
                   const MCRegisterInfo &MRI, unsigned Seed) {
  for (unsigned I = 0, E = Desc.getNumOperands(); I != E; ++I) {
    int Tied = Desc.getOperandConstraint(I, MCOI::TIED_TO);
    if (Tied >= 0) {
      Inst.addOperand(Inst.getOperand(Tied));
      continue;
    }
    const MCOperandInfo &Info = Desc.operands()[I];
    if (Info.RegClass >= 0) {
      const MCRegisterClass &RC = MRI.getRegClass(Info.RegClass);
      Inst.addOperand(MCOperand::createReg(
          RC.getRegister((Seed * 7 + I * 5 + 1) % RC.getNumRegs())));
    } else if (Info.OperandType == MCOI::OPERAND_PCREL) {
      Inst.addOperand(MCOperand::createImm(Seed % 2 ? -16 : 4096));
    } else {
      // Every immediate operand accepts [0, 3] (the DMA channel is the
      // narrowest range).
      Inst.addOperand(MCOperand::createImm(Seed % 4));
    }
  }
}

class EncodingRoundTrip : public AccelMCTest {};

TEST_F(EncodingRoundTrip, EveryInstructionDecodesToItself) {
  unsigned Tested = 0;
  for (unsigned Opcode = 0; Opcode != MII->getNumOpcodes(); ++Opcode) {
    if (!isAccelInstruction(Opcode))
      continue;
    for (unsigned Seed = 0; Seed != 4; ++Seed) {
      MCInst Inst;
      Inst.setOpcode(Opcode);
      buildOperands(Inst, MII->get(Opcode), *MRI, Seed);

      SmallVector<char, 32> Bytes = encode(Inst);
      ASSERT_EQ(Bytes.size(), 8u) << MII->getName(Opcode).str();
      uint64_t Word = support::endian::read64le(Bytes.data());
      EXPECT_TRUE(Word & Accel::EndOfBundleBit)
          << "a lone instruction ends its bundle: " << MII->getName(Opcode).str();

      MCInst Bundle;
      uint64_t Size = 0;
      ArrayRef<uint8_t> Data(reinterpret_cast<const uint8_t *>(Bytes.data()),
                             Bytes.size());
      ASSERT_EQ(Dis->getInstruction(Bundle, Size, Data, 0, nulls()),
                MCDisassembler::Success)
          << MII->getName(Opcode).str();
      EXPECT_EQ(Size, 8u);
      ASSERT_EQ(Bundle.getNumOperands(), 1u);
      const MCInst &Back = *Bundle.getOperand(0).getInst();
      ASSERT_EQ(Back.getOpcode(), Opcode)
          << MII->getName(Opcode).str() << " decoded as "
          << MII->getName(Back.getOpcode()).str();
      ASSERT_EQ(Back.getNumOperands(), Inst.getNumOperands());
      for (unsigned I = 0; I != Inst.getNumOperands(); ++I)
        EXPECT_TRUE(Back.getOperand(I).isReg()
                        ? Back.getOperand(I).getReg() ==
                              Inst.getOperand(I).getReg()
                        : Back.getOperand(I).getImm() ==
                              Inst.getOperand(I).getImm())
            << MII->getName(Opcode).str() << " operand " << I;
    }
    ++Tested;
  }
  // The ISA has well over a hundred instructions; an empty loop would pass.
  EXPECT_GT(Tested, 130u);
}

TEST_F(EncodingRoundTrip, BundleSetsEndBitOnLastWordOnly) {
  MCInst Add, Sub;
  Add.setOpcode(Accel::ADD);
  Sub.setOpcode(Accel::SUB);
  for (MCInst *I : {&Add, &Sub})
    for (unsigned R : {Accel::R1, Accel::R2, Accel::R3})
      I->addOperand(MCOperand::createReg(R));
  Sub.getOperand(0).setReg(Accel::R4);
  MCInst Bundle;
  Bundle.setOpcode(TargetOpcode::BUNDLE);
  Bundle.addOperand(MCOperand::createInst(&Add));
  Bundle.addOperand(MCOperand::createInst(&Sub));

  SmallVector<char, 32> Bytes = encode(Bundle);
  ASSERT_EQ(Bytes.size(), 16u);
  EXPECT_FALSE(support::endian::read64le(Bytes.data()) & Accel::EndOfBundleBit);
  EXPECT_TRUE(support::endian::read64le(Bytes.data() + 8) &
              Accel::EndOfBundleBit);
}

} // namespace
