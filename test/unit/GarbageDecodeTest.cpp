//===-- GarbageDecodeTest.cpp - the disassembler on arbitrary bytes -------===//
//
// Random words must never crash the decoder, and any word that decodes must
// re-encode to exactly the same bits: every valid encoding is canonical.
//
//===----------------------------------------------------------------------===//

#include "AccelMCFixture.h"
#include "MCTargetDesc/AccelBaseInfo.h"
#include "llvm/Support/Endian.h"
#include <random>

using namespace llvm;

namespace {

class GarbageDecode : public AccelMCTest {};

TEST_F(GarbageDecode, RandomWordsDecodeCanonicallyOrFail) {
  std::mt19937_64 Rng(12345);
  unsigned Valid = 0;
  const unsigned Trials = 200000;
  for (unsigned Trial = 0; Trial != Trials; ++Trial) {
    uint64_t Word = Rng();
    // Bias toward plausible words: clear unused fields half of the time so
    // that the decoder's deeper paths are exercised too.
    if (Trial % 2)
      Word &= 0xffe0000100000000ULL | (Rng() & 0x1ffffe00000000ULL) |
              (Rng() % 64);
    Word |= Accel::EndOfBundleBit;
    uint8_t Bytes[8];
    support::endian::write64le(Bytes, Word);

    MCInst Bundle;
    uint64_t Size = 0;
    if (Dis->getInstruction(Bundle, Size, Bytes, 0, nulls()) !=
        MCDisassembler::Success) {
      EXPECT_EQ(Size, 8u);
      continue;
    }
    ++Valid;
    SmallVector<char, 32> Again = encode(Bundle);
    ASSERT_EQ(Again.size(), 8u);
    ASSERT_EQ(support::endian::read64le(Again.data()), Word)
        << "word " << Word << " is not canonical";
  }
  EXPECT_GT(Valid, 0u);
}

TEST_F(GarbageDecode, UnterminatedAndTruncatedBundlesFail) {
  // Four words without an end bit: longer than a bundle may be.
  MCInst Nop;
  Nop.setOpcode(Accel::NOP);
  SmallVector<char, 32> Word = encode(Nop);
  uint64_t Open = support::endian::read64le(Word.data()) &
                  ~Accel::EndOfBundleBit;
  uint8_t Bytes[40];
  for (unsigned I = 0; I != 5; ++I)
    support::endian::write64le(Bytes + 8 * I, Open);
  MCInst Bundle;
  uint64_t Size = 0;
  EXPECT_EQ(Dis->getInstruction(Bundle, Size, Bytes, 0, nulls()),
            MCDisassembler::Fail);
  EXPECT_EQ(Size, 8u);
  // Bytes end before the end-of-bundle word.
  EXPECT_EQ(Dis->getInstruction(Bundle, Size, ArrayRef<uint8_t>(Bytes, 12), 0,
                                nulls()),
            MCDisassembler::Fail);
  EXPECT_EQ(Size, 8u);
}

TEST_F(GarbageDecode, NopPaddingIsANopBundle) {
  std::unique_ptr<MCAsmBackend> MAB(
      T->createMCAsmBackend(*STI, *MRI, Options));
  std::string Padding;
  raw_string_ostream OS(Padding);
  // 20 bytes after data: 4 zero bytes reach the word boundary, then nops.
  ASSERT_TRUE(MAB->writeNopData(OS, 20, STI));
  ASSERT_EQ(Padding.size(), 20u);
  EXPECT_EQ(Padding.substr(0, 4), std::string(4, '\0'));
  for (unsigned Off = 4; Off != 20; Off += 8) {
    MCInst Bundle;
    uint64_t Size = 0;
    ArrayRef<uint8_t> Data(
        reinterpret_cast<const uint8_t *>(Padding.data()) + Off, 8);
    ASSERT_EQ(Dis->getInstruction(Bundle, Size, Data, 0, nulls()),
              MCDisassembler::Success);
    EXPECT_EQ(Bundle.getOperand(0).getInst()->getOpcode(), Accel::NOP);
  }
}

} // namespace
