//===-- MatrixDmaTest.cpp - matrix unit and DMA semantics -----------------===//
//
// docs/isa.md §7.11 (mzero, mmac and its wide forms, mld, mst, mst.relu,
// mst.t) and §7.12 (dma.1d, dma.2d, dma.wait), and the DMA and matrix
// faults of §8. Expected tiles are computed on the host with the documented
// mmac loops (k outer, one f32 fma per step).
//
//===----------------------------------------------------------------------===//

#include "SimHarness.h"
#include <cmath>
#include <cstdint>
#include <vector>

using namespace accel_test;
using accel_sim::AccTile;
using accel_sim::FaultKind;

namespace {

uint32_t bits(float F) {
  uint32_t B;
  std::memcpy(&B, &F, 4);
  return B;
}
float flt(uint32_t B) {
  float F;
  std::memcpy(&F, &B, 4);
  return F;
}

/// A small deterministic generator.
struct Lcg {
  uint32_t State;
  explicit Lcg(uint32_t Seed) : State(Seed) {}
  uint32_t next() {
    State = State * 1664525u + 1013904223u;
    return State >> 8;
  }
  /// An integer-valued float in [-4, 4].
  float smallInt() { return float(int(next() % 9) - 4); }
  /// A float in (-2, 2) with a fractional part.
  float fraction() { return (float(next() % 4001) - 2000.0f) / 1024.0f; }
};

/// acc[i][j] = fma(A[i][k], B[k][j], acc[i][j]) for k = 0..K-1, i, j in
/// 0..15: the documented mmac, A 16xK row-major, B Kx16 row-major.
void refMmac(AccTile &C, const std::vector<float> &Am,
             const std::vector<float> &Bm, unsigned K) {
  for (unsigned Kk = 0; Kk != K; ++Kk)
    for (unsigned I = 0; I != 16; ++I)
      for (unsigned J = 0; J != 16; ++J)
        C[I * 16 + J] = std::fma(Am[I * K + Kk], Bm[Kk * 16 + J], C[I * 16 + J]);
}

class MatrixDma : public SimTest {
protected:
  void pokeFloats(uint64_t Addr, const std::vector<float> &Fs) {
    for (size_t I = 0; I != Fs.size(); ++I)
      poke<float>(Addr + 4 * I, Fs[I]);
  }
  void pokeBits(uint64_t Addr, const std::vector<uint32_t> &Bs) {
    for (size_t I = 0; I != Bs.size(); ++I)
      poke<uint32_t>(Addr + 4 * I, Bs[I]);
  }
  void fill(uint64_t Addr, uint64_t Size, uint8_t Byte) {
    std::memset(Mem.hostRange(Addr, Size), Byte, Size);
  }
  /// Checks the tile in the simulator and its image at \p Addr against
  /// \p Want, bit for bit.
  void expectTile(unsigned Tile, uint64_t Addr, const AccTile &Want) {
    for (unsigned E = 0; E != 256; ++E) {
      SCOPED_TRACE(testing::Message() << "element [" << E / 16 << "]["
                                      << E % 16 << "]");
      EXPECT_EQ(bits(Sim->Acc[Tile][E]), bits(Want[E]));
      EXPECT_EQ(peek<uint32_t>(Addr + 4 * E), bits(Want[E]));
    }
  }

  static constexpr uint64_t ABase = SpmData + 0x10000;
  static constexpr uint64_t BBase = SpmData + 0x30000;
  static constexpr uint64_t CBase = SpmData + 0x50000; // tile images
  static constexpr uint64_t OutBase = SpmData + 0x60000;
};

//===----------------------------------------------------------------------===//
// Matrix unit
//===----------------------------------------------------------------------===//

TEST_F(MatrixDma, MzeroWritesPositiveZero) {
  // Load a tile of nonzero values and -0.0, then zero it.
  std::vector<uint32_t> Init(256);
  for (unsigned E = 0; E != 256; ++E)
    Init[E] = E % 2 ? bits(-0.0f) : bits(float(E) + 0.5f);
  pokeBits(CBase, Init);
  fill(OutBase, 1024, 0xff);
  InitX[5] = CBase;
  InitX[6] = OutBase;
  EXPECT_EQ(run({inst(A::MLD, {reg(acc(5)), reg(r(5))}),
                  inst(A::MZERO, {reg(acc(5))}),
                  inst(A::MST, {reg(acc(5)), reg(r(6))})}),
            0);
  AccTile Zero;
  Zero.fill(0.0f);
  expectTile(5, OutBase, Zero);
}

TEST_F(MatrixDma, MmacMatchesHostReference) {
  for (unsigned K : {1u, 3u, 17u}) {
    SCOPED_TRACE(testing::Message() << "K = " << K);
    Lcg G(K * 7919u);
    std::vector<float> Am(16 * K), Bm(K * 16);
    for (float &F : Am)
      F = G.smallInt();
    for (float &F : Bm)
      F = G.smallInt();
    pokeFloats(ABase, Am);
    pokeFloats(BBase, Bm);
    fill(OutBase, 1024, 0xcd);
    InitX[5] = ABase;
    InitX[6] = BBase;
    InitX[7] = K;
    InitX[8] = OutBase;
    EXPECT_EQ(run({inst(A::MZERO, {reg(acc(1))}),
                    inst(A::MMAC, {reg(acc(1)), reg(acc(1)), reg(r(5)),
                                   reg(r(6)), reg(r(7))}),
                    inst(A::MST, {reg(acc(1)), reg(r(8))})}),
              0);
    AccTile Want;
    Want.fill(0.0f);
    refMmac(Want, Am, Bm, K);
    // Integer-valued data: the reference is the exact product.
    for (unsigned I = 0; I != 16; ++I)
      for (unsigned J = 0; J != 16; ++J) {
        double Exact = 0;
        for (unsigned Kk = 0; Kk != K; ++Kk)
          Exact += double(Am[I * K + Kk]) * Bm[Kk * 16 + J];
        ASSERT_EQ(double(Want[I * 16 + J]), Exact);
      }
    expectTile(1, OutBase, Want);
  }
}

/// The wide forms (docs/isa.md, mmac.4x64 and mmac.8x32): for \p Cols
/// columns, R = 256 / Cols rows; A R x K and B K x Cols row-major, and the
/// tile's 256 elements the R x Cols result row-major.
void refWideMmac(AccTile &C, const std::vector<float> &Am,
                 const std::vector<float> &Bm, unsigned K, unsigned Cols) {
  unsigned Rows = 256 / Cols;
  for (unsigned Kk = 0; Kk != K; ++Kk)
    for (unsigned I = 0; I != Rows; ++I)
      for (unsigned J = 0; J != Cols; ++J)
        C[I * Cols + J] =
            std::fma(Am[I * K + Kk], Bm[Kk * Cols + J], C[I * Cols + J]);
}

TEST_F(MatrixDma, WideMmacsMatchHostReference) {
  struct Form {
    unsigned Opcode, Cols;
  };
  for (Form F : {Form{A::MMAC_4X64, 64}, Form{A::MMAC_8X32, 32}})
    for (unsigned K : {1u, 5u, 33u}) {
      SCOPED_TRACE(testing::Message() << "columns " << F.Cols << ", K = " << K);
      unsigned Rows = 256 / F.Cols;
      Lcg G(K * 104729u + F.Cols);
      std::vector<float> Am(Rows * K), Bm(K * F.Cols), Init(256);
      for (float &X : Am)
        X = G.fraction();
      for (float &X : Bm)
        X = G.fraction();
      for (float &X : Init)
        X = G.fraction();
      pokeFloats(ABase, Am);
      pokeFloats(BBase, Bm);
      pokeFloats(CBase, Init);
      fill(OutBase, 1024, 0xcd);
      InitX[4] = CBase;
      InitX[5] = ABase;
      InitX[6] = BBase;
      InitX[7] = K;
      InitX[8] = OutBase;
      // Accumulated onto a loaded tile, twice: the second adds to the
      // first inside the unit.
      EXPECT_EQ(run({inst(A::MLD, {reg(acc(3)), reg(r(4))}),
                      inst(F.Opcode, {reg(acc(3)), reg(acc(3)), reg(r(5)),
                                      reg(r(6)), reg(r(7))}),
                      inst(F.Opcode, {reg(acc(3)), reg(acc(3)), reg(r(5)),
                                      reg(r(6)), reg(r(7))}),
                      inst(A::MST, {reg(acc(3)), reg(r(8))})}),
                0);
      AccTile Want;
      std::copy(Init.begin(), Init.end(), Want.begin());
      refWideMmac(Want, Am, Bm, K, F.Cols);
      refWideMmac(Want, Am, Bm, K, F.Cols);
      // Row I of the result is column-block data, not mmac's 16 x 16: an
      // element at I * Cols + J, so the 4 x 64 form's row 1 starts at 64.
      ASSERT_NE(bits(Want[F.Cols]), bits(Init[F.Cols]));
      expectTile(3, OutBase, Want);
    }
}

TEST_F(MatrixDma, WideMmacOperandFaults) {
  // K past 4096, and A (R x K) or B (K x C) crossing the end of the SPM:
  // the sizes are the form's, not mmac's 16 x K.
  for (unsigned Opcode : {unsigned(A::MMAC_4X64), unsigned(A::MMAC_8X32)}) {
    unsigned Cols = Opcode == A::MMAC_4X64 ? 64 : 32, Rows = 256 / Cols;
    // Untimed: a timed program must not exit with the mmac in flight.
    auto Mac = [&] {
      return run({inst(Opcode, {reg(acc(0)), reg(acc(0)), reg(r(5)),
                                reg(r(6)), reg(r(7))})},
                 /*Timed=*/false);
    };
    InitX[5] = SpmData;
    InitX[6] = SpmData;
    InitX[7] = 4097;
    EXPECT_EQ(Mac(), int(FaultKind::MatrixFault));
    InitX[7] = 4;
    uint64_t End = SpmData + accel_sim::Memory::SpmSize;
    InitX[6] = End - 4 * Cols * 4; // B fits exactly
    EXPECT_EQ(Mac(), 0);
    InitX[6] = End - 4 * Cols * 4 + 4;
    EXPECT_EQ(Mac(), int(FaultKind::MatrixFault));
    InitX[6] = SpmData;
    InitX[5] = End - 4 * Rows * 4; // A fits exactly
    EXPECT_EQ(Mac(), 0);
    InitX[5] = End - 4 * Rows * 4 + 4;
    EXPECT_EQ(Mac(), int(FaultKind::MatrixFault));
  }
}

TEST_F(MatrixDma, MmacRoundsEachStepInOrder) {
  // Fractional data onto a nonzero tile: the result depends on the order of
  // the k steps and on one rounding per step, as documented.
  const unsigned K = 9;
  Lcg G(12345);
  std::vector<float> Am(16 * K), Bm(K * 16), Cm(256);
  for (float &F : Am)
    F = G.fraction();
  for (float &F : Bm)
    F = G.fraction() * 1000.0f;
  for (float &F : Cm)
    F = G.fraction() * 1.0e6f;
  pokeFloats(ABase, Am);
  pokeFloats(BBase, Bm);
  pokeFloats(CBase, Cm);
  InitX[5] = ABase;
  InitX[6] = BBase;
  InitX[7] = K;
  InitX[8] = OutBase;
  InitX[9] = CBase;
  EXPECT_EQ(run({inst(A::MLD, {reg(acc(9)), reg(r(9))}),
                  inst(A::MMAC, {reg(acc(9)), reg(acc(9)), reg(r(5)),
                                 reg(r(6)), reg(r(7))}),
                  inst(A::MST, {reg(acc(9)), reg(r(8))})}),
            0);
  AccTile Want;
  std::copy(Cm.begin(), Cm.end(), Want.begin());
  refMmac(Want, Am, Bm, K);
  expectTile(9, OutBase, Want);
}

TEST_F(MatrixDma, TwoMmacsAccumulate) {
  const unsigned K1 = 3, K2 = 17;
  Lcg G(99);
  std::vector<float> A1(16 * K1), B1(K1 * 16), A2(16 * K2), B2(K2 * 16),
      Cm(256);
  for (auto *V : {&A1, &B1, &A2, &B2, &Cm})
    for (float &F : *V)
      F = G.smallInt();
  const uint64_t A2Base = ABase + 0x8000, B2Base = BBase + 0x8000;
  pokeFloats(ABase, A1);
  pokeFloats(BBase, B1);
  pokeFloats(A2Base, A2);
  pokeFloats(B2Base, B2);
  pokeFloats(CBase, Cm);
  InitX[5] = ABase;
  InitX[6] = BBase;
  InitX[7] = K1;
  InitX[8] = OutBase;
  InitX[9] = CBase;
  InitX[10] = A2Base;
  InitX[11] = B2Base;
  InitX[12] = K2;
  EXPECT_EQ(run({inst(A::MLD, {reg(acc(15)), reg(r(9))}),
                  inst(A::MMAC, {reg(acc(15)), reg(acc(15)), reg(r(5)),
                                 reg(r(6)), reg(r(7))}),
                  inst(A::MMAC, {reg(acc(15)), reg(acc(15)), reg(r(10)),
                                 reg(r(11)), reg(r(12))}),
                  inst(A::MST, {reg(acc(15)), reg(r(8))})}),
            0);
  AccTile Want;
  std::copy(Cm.begin(), Cm.end(), Want.begin());
  refMmac(Want, A1, B1, K1);
  refMmac(Want, A2, B2, K2);
  expectTile(15, OutBase, Want);
}

TEST_F(MatrixDma, MldMstRoundTripAndRelu) {
  std::vector<uint32_t> Init(256);
  Lcg G(7);
  for (unsigned E = 0; E != 256; ++E)
    Init[E] = bits(G.fraction() * 100.0f);
  // Special elements: negative, -0.0, NaNs (quiet, signalling, negative),
  // infinities, subnormals, +0.0, a positive value.
  const uint32_t Specials[] = {bits(-3.5f), bits(-0.0f), 0x7fc00000u,
                               0x7fa12345u, 0xffc00001u, bits(INFINITY),
                               bits(-INFINITY), bits(1.0e-40f),
                               bits(-1.0e-40f), bits(0.0f), bits(42.0f),
                               bits(-1.0e30f)};
  for (unsigned I = 0; I != sizeof(Specials) / 4; ++I)
    Init[I * 19] = Specials[I];
  pokeBits(CBase, Init);
  const uint64_t Out1 = OutBase, Out2 = OutBase + 0x1000;
  fill(OutBase, 0x1000 + 1024 + 64, 0xcc);
  InitX[5] = CBase;
  InitX[6] = Out1;
  InitX[7] = Out2;
  EXPECT_EQ(run({inst(A::MLD, {reg(acc(3)), reg(r(5))}),
                  inst(A::MST, {reg(acc(3)), reg(r(6))}),
                  inst(A::MST_RELU, {reg(acc(3)), reg(r(7))})}),
            0);
  for (unsigned E = 0; E != 256; ++E) {
    SCOPED_TRACE(testing::Message() << "element " << E << " = 0x" << std::hex
                                    << Init[E]);
    // mld/mst move the 32-bit elements unchanged.
    EXPECT_EQ(bits(Sim->Acc[3][E]), Init[E]);
    EXPECT_EQ(peek<uint32_t>(Out1 + 4 * E), Init[E]);
    // relu: x > 0 ? x : +0.0 (NaN, -0.0 and negatives give +0.0).
    float X = flt(Init[E]);
    uint32_t Relu = X > 0.0f ? Init[E] : 0u;
    EXPECT_EQ(peek<uint32_t>(Out2 + 4 * E), Relu);
  }
  EXPECT_EQ(peek<uint32_t>(Out2 + 4 * 19), 0u);      // -0.0 -> +0.0
  EXPECT_EQ(peek<uint32_t>(Out2 + 4 * 38), 0u);      // NaN -> +0.0
  EXPECT_EQ(peek<uint32_t>(Out2 + 4 * 7 * 19), bits(1.0e-40f));
  // Nothing around the two 1024-byte images is written.
  EXPECT_EQ(peek<uint32_t>(Out1 + 1024), 0xccccccccu);
  EXPECT_EQ(peek<uint32_t>(Out2 - 4), 0xccccccccu);
  EXPECT_EQ(peek<uint32_t>(Out2 + 1024), 0xccccccccu);
}

TEST_F(MatrixDma, MstTransposes) {
  std::vector<uint32_t> Init(256);
  Lcg G(11);
  for (unsigned E = 0; E != 256; ++E)
    Init[E] = bits(G.fraction() * 100.0f);
  // The elements move unchanged: a NaN's payload, -0.0, a subnormal.
  Init[1] = 0x7fa12345u;
  Init[16] = bits(-0.0f);
  Init[35] = bits(-1.0e-40f);
  pokeBits(CBase, Init);
  const uint64_t Out1 = OutBase + 64, Out2 = OutBase + 0x1000;
  fill(OutBase, 0x1000 + 1024 + 64, 0xcc);
  InitX[5] = CBase;
  InitX[6] = Out1;
  InitX[7] = Out2;
  // mld + mst.t transposes a block of the SPM; twice gives it back.
  EXPECT_EQ(run({inst(A::MLD, {reg(acc(3)), reg(r(5))}),
                  inst(A::MST_T, {reg(acc(3)), reg(r(6))}),
                  inst(A::MLD, {reg(acc(4)), reg(r(6))}),
                  inst(A::MST_T, {reg(acc(4)), reg(r(7))})}),
            0);
  for (unsigned I = 0; I != 16; ++I)
    for (unsigned J = 0; J != 16; ++J) {
      SCOPED_TRACE(testing::Message() << "element [" << I << "][" << J << "]");
      EXPECT_EQ(bits(Sim->Acc[3][I * 16 + J]), Init[I * 16 + J]);
      EXPECT_EQ(peek<uint32_t>(Out1 + 64 * J + 4 * I), Init[I * 16 + J]);
      EXPECT_EQ(peek<uint32_t>(Out2 + 64 * I + 4 * J), Init[I * 16 + J]);
    }
  EXPECT_EQ(peek<uint32_t>(Out1 - 4), 0xccccccccu);
  EXPECT_EQ(peek<uint32_t>(Out1 + 1024), 0xccccccccu);
  EXPECT_EQ(peek<uint32_t>(Out2 + 1024), 0xccccccccu);
}

TEST_F(MatrixDma, MatrixOperandFaults) {
  // mst/mld outside the SPM, misaligned, or crossing its end.
  InitX[5] = DramData;
  EXPECT_EQ(run({inst(A::MST, {reg(acc(0)), reg(r(5))})}),
            int(FaultKind::MatrixFault));
  InitX[5] = SpmData + 2;
  EXPECT_EQ(run({inst(A::MLD, {reg(acc(0)), reg(r(5))})}),
            int(FaultKind::MatrixFault));
  InitX[5] = SpmData + accel_sim::Memory::SpmSize - 1020;
  EXPECT_EQ(run({inst(A::MLD, {reg(acc(0)), reg(r(5))})}),
            int(FaultKind::MatrixFault));
  InitX[5] = SpmData + accel_sim::Memory::SpmSize - 1024; // fits exactly
  EXPECT_EQ(run({inst(A::MST_RELU, {reg(acc(0)), reg(r(5))})}), 0);
  EXPECT_EQ(run({inst(A::MST_T, {reg(acc(0)), reg(r(5))})}), 0);
  // mst.t checks its block as mst does.
  for (uint64_t Bad : {DramData, SpmData + 2,
                       SpmData + accel_sim::Memory::SpmSize - 1020}) {
    InitX[5] = Bad;
    EXPECT_EQ(run({inst(A::MST_T, {reg(acc(0)), reg(r(5))})}),
              int(FaultKind::MatrixFault));
  }
  // mmac with K > 4096, and with B crossing the end of the SPM.
  InitX[5] = SpmData;
  InitX[6] = SpmData;
  InitX[7] = 4097;
  EXPECT_EQ(run({inst(A::MMAC, {reg(acc(0)), reg(acc(0)), reg(r(5)),
                                 reg(r(6)), reg(r(7))})}),
            int(FaultKind::MatrixFault));
  InitX[6] = SpmData + accel_sim::Memory::SpmSize - 64 * 3;
  InitX[7] = 4;
  EXPECT_EQ(run({inst(A::MMAC, {reg(acc(0)), reg(acc(0)), reg(r(5)),
                                 reg(r(6)), reg(r(7))})}),
            int(FaultKind::MatrixFault));
}

//===----------------------------------------------------------------------===//
// DMA
//===----------------------------------------------------------------------===//

TEST_F(MatrixDma, Dma1DBothDirections) {
  const uint64_t Len = 100; // not a multiple of 4 or of 32
  for (unsigned I = 0; I != Len; ++I)
    poke<uint8_t>(DramData + 0x100 + I, uint8_t(I * 7 + 3));
  const uint64_t SpmDst = SpmData + 0x2001; // byte addresses are fine
  const uint64_t DramDst = DramData + 0x5003;
  fill(SpmDst - 16, Len + 32, 0xee);
  fill(DramDst - 16, Len + 32, 0xee);
  InitX[5] = SpmDst;
  InitX[6] = DramData + 0x100;
  InitX[7] = Len;
  InitX[8] = DramDst;
  EXPECT_EQ(
      run({inst(A::DMA_1D, {imm(0), reg(r(5)), reg(r(6)), reg(r(7))}),
            inst(A::DMA_WAIT, {imm(0)}),
            inst(A::DMA_1D, {imm(3), reg(r(8)), reg(r(5)), reg(r(7))}),
            inst(A::DMA_WAIT, {imm(3)})}),
      0);
  for (unsigned I = 0; I != Len; ++I) {
    EXPECT_EQ(peek<uint8_t>(SpmDst + I), uint8_t(I * 7 + 3)) << I;
    EXPECT_EQ(peek<uint8_t>(DramDst + I), uint8_t(I * 7 + 3)) << I;
  }
  for (unsigned I = 1; I <= 16; ++I) {
    EXPECT_EQ(peek<uint8_t>(SpmDst - I), 0xee);
    EXPECT_EQ(peek<uint8_t>(SpmDst + Len - 1 + I), 0xee);
    EXPECT_EQ(peek<uint8_t>(DramDst - I), 0xee);
    EXPECT_EQ(peek<uint8_t>(DramDst + Len - 1 + I), 0xee);
  }
}

TEST_F(MatrixDma, Dma2DWithDifferentStrides) {
  // DRAM -> SPM: 5 rows of 12 bytes, source stride 20, destination 16.
  const uint64_t Src = DramData + 0x300, Dst = SpmData + 0x4000;
  for (unsigned I = 0; I != 200; ++I)
    poke<uint8_t>(Src + I, uint8_t(0x40 + I));
  fill(Dst, 256, 0xee);
  const uint64_t Rows = 5, RowBytes = 12, SrcStride = 20, DstStride = 16;
  // SPM -> DRAM: 3 rows of 8 bytes, source stride 8 (packed), destination
  // stride 40.
  const uint64_t Dst2 = DramData + 0x7000;
  fill(Dst2, 256, 0xee);
  const uint64_t Rows2 = 3, RowBytes2 = 8, SrcStride2 = 8, DstStride2 = 40;
  InitX[5] = Dst;
  InitX[6] = Src;
  InitX[7] = Rows << 32 | RowBytes;
  InitX[8] = DstStride << 32 | SrcStride;
  InitX[9] = Dst2;
  InitX[10] = Rows2 << 32 | RowBytes2;
  InitX[11] = DstStride2 << 32 | SrcStride2;
  EXPECT_EQ(run({inst(A::DMA_2D, {imm(2), reg(r(5)), reg(r(6)), reg(r(7)),
                                   reg(r(8))}),
                  inst(A::DMA_WAIT, {imm(2)}),
                  inst(A::DMA_2D, {imm(1), reg(r(9)), reg(r(5)), reg(r(10)),
                                   reg(r(11))}),
                  inst(A::DMA_WAIT, {imm(1)})}),
            0);
  // Expected images, built on the host.
  std::vector<uint8_t> Want(256, 0xee);
  for (uint64_t R = 0; R != Rows; ++R)
    for (uint64_t B = 0; B != RowBytes; ++B)
      Want[R * DstStride + B] = uint8_t(0x40 + R * SrcStride + B);
  for (unsigned I = 0; I != 256; ++I)
    EXPECT_EQ(peek<uint8_t>(Dst + I), Want[I]) << "SPM byte " << I;
  std::vector<uint8_t> Want2(256, 0xee);
  for (uint64_t R = 0; R != Rows2; ++R)
    for (uint64_t B = 0; B != RowBytes2; ++B)
      Want2[R * DstStride2 + B] = Want[R * SrcStride2 + B];
  for (unsigned I = 0; I != 256; ++I)
    EXPECT_EQ(peek<uint8_t>(Dst2 + I), Want2[I]) << "DRAM byte " << I;
}

TEST_F(MatrixDma, ZeroLengthTransfersCopyNothing) {
  const uint64_t Src = DramData + 0x100, Dst = SpmData + 0x100;
  fill(Src, 64, 0x11);
  fill(Dst, 64, 0xee);
  InitX[5] = Dst;
  InitX[6] = Src;
  InitX[7] = 0;                       // dma.1d length 0
  InitX[8] = uint64_t(0) << 32 | 16;  // dma.2d: 0 rows of 16 bytes
  InitX[9] = uint64_t(4) << 32 | 0;   // dma.2d: 4 rows of 0 bytes
  InitX[10] = uint64_t(16) << 32 | 16;
  EXPECT_EQ(run({inst(A::DMA_1D, {imm(0), reg(r(5)), reg(r(6)), reg(r(7))}),
                  inst(A::DMA_2D, {imm(1), reg(r(5)), reg(r(6)), reg(r(8)),
                                   reg(r(10))}),
                  inst(A::DMA_2D, {imm(2), reg(r(5)), reg(r(6)), reg(r(9)),
                                   reg(r(10))}),
                  inst(A::DMA_WAIT, {imm(0)}), inst(A::DMA_WAIT, {imm(1)}),
                  inst(A::DMA_WAIT, {imm(2)})}),
            0);
  for (unsigned I = 0; I != 64; ++I)
    EXPECT_EQ(peek<uint8_t>(Dst + I), 0xee) << I;
}

TEST_F(MatrixDma, DmaAcrossTheEndOfTheScratchpadFaults) {
  const uint64_t SpmEnd = SpmData + accel_sim::Memory::SpmSize;
  // Source crossing the end of the SPM.
  InitX[5] = DramData;
  InitX[6] = SpmEnd - 16;
  InitX[7] = 32;
  EXPECT_EQ(run({inst(A::DMA_1D, {imm(0), reg(r(5)), reg(r(6)), reg(r(7))})}),
            int(FaultKind::DmaFault));
  // Destination crossing it.
  InitX[5] = SpmEnd - 31;
  InitX[6] = DramData;
  EXPECT_EQ(run({inst(A::DMA_1D, {imm(1), reg(r(5)), reg(r(6)), reg(r(7))})}),
            int(FaultKind::DmaFault));
  // A 2-D transfer whose last row crosses it (rows 0..2 fit).
  InitX[5] = SpmEnd - 3 * 0x100 - 8;
  InitX[6] = DramData;
  InitX[7] = uint64_t(4) << 32 | 16;
  InitX[8] = uint64_t(0x100) << 32 | 16;
  EXPECT_EQ(run({inst(A::DMA_2D, {imm(2), reg(r(5)), reg(r(6)), reg(r(7)),
                                   reg(r(8))})}),
            int(FaultKind::DmaFault));
  // The same transfers ending exactly at the end are fine.
  fill(DramData, 64, 0x5a);
  InitX[5] = SpmEnd - 32;
  InitX[6] = DramData;
  InitX[7] = 32;
  EXPECT_EQ(run({inst(A::DMA_1D, {imm(0), reg(r(5)), reg(r(6)), reg(r(7))}),
                 inst(A::DMA_WAIT, {imm(0)})}),
            0);
  EXPECT_EQ(peek<uint8_t>(SpmEnd - 1), 0x5a);
  InitX[5] = DramData + 0x1000;
  InitX[6] = SpmEnd - 32;
  EXPECT_EQ(run({inst(A::DMA_1D, {imm(0), reg(r(5)), reg(r(6)), reg(r(7))}),
                 inst(A::DMA_WAIT, {imm(0)})}),
            0);
  EXPECT_EQ(peek<uint8_t>(DramData + 0x1000 + 31), 0x5a);
}

TEST_F(MatrixDma, DmaIntoTextFaults) {
  InitX[5] = TextBase;
  InitX[6] = SpmData;
  InitX[7] = 8;
  EXPECT_EQ(run({inst(A::DMA_1D, {imm(0), reg(r(5)), reg(r(6)), reg(r(7))})}),
            int(FaultKind::TextWrite));
}

/// Functionally the copy happens when the transfer starts, so timed and
/// functional runs give the same results; after dma.wait the data is
/// certainly there, and before it reading the destination is a race in
/// both modes (the transfer is in flight until a wait covers it).
class DmaVisibility : public MatrixDma,
                      public ::testing::WithParamInterface<bool> {};

TEST_P(DmaVisibility, DataVisibleAfterTransfer) {
  const bool Timed = GetParam();
  const uint64_t Src = DramData + 0x800, Dst = SpmData + 0x800;
  for (unsigned I = 0; I != 64; ++I)
    poke<uint8_t>(Src + I, uint8_t(0x90 + I));
  InitX[5] = Dst;
  InitX[6] = Src;
  InitX[7] = 64;
  EXPECT_EQ(run({inst(A::DMA_1D, {imm(0), reg(r(5)), reg(r(6)), reg(r(7))}),
                  inst(A::DMA_WAIT, {imm(0)}),
                  inst(A::LD_I64, {reg(r(8)), reg(r(5)), imm(56)}),
                  inst(A::VLD, {reg(v(1)), reg(r(5)), imm(0)})},
                 Timed),
            0);
  uint64_t Want8 = 0;
  for (unsigned I = 0; I != 8; ++I)
    Want8 |= uint64_t(uint8_t(0x90 + 56 + I)) << (8 * I);
  EXPECT_EQ(x(8), Want8);
  for (unsigned L = 0; L != 16; ++L) {
    uint32_t W = 0;
    for (unsigned B = 0; B != 4; ++B)
      W |= uint32_t(uint8_t(0x90 + 4 * L + B)) << (8 * B);
    EXPECT_EQ(Sim->V[1][L], W) << L;
  }
  for (unsigned I = 0; I != 64; ++I)
    EXPECT_EQ(peek<uint8_t>(Dst + I), uint8_t(0x90 + I));
  EXPECT_EQ(Sim->stats().Timed, Timed);
}

TEST_P(DmaVisibility, AReadBeforeTheWaitIsARace) {
  // §7.12: "reading the destination ... before dma.wait on the channel is
  // a race with an unspecified result". The checker stops the load in the
  // next bundle, whatever the mode; a load of the source does not race.
  const bool Timed = GetParam();
  const uint64_t Src = DramData + 0x800, Dst = SpmData + 0x800;
  InitX[5] = Dst;
  InitX[6] = Src;
  InitX[7] = 64;
  EXPECT_EQ(run({inst(A::DMA_1D, {imm(1), reg(r(5)), reg(r(6)), reg(r(7))}),
                 inst(A::LD_U32, {reg(r(8)), reg(r(6)), imm(60)}),
                 inst(A::LD_U32, {reg(r(8)), reg(r(5)), imm(60)}),
                 inst(A::DMA_WAIT, {imm(1)})},
                Timed),
            int(FaultKind::Race));
  EXPECT_EQ(Sim->fault().Kind, FaultKind::Race);
  EXPECT_NE(Sim->fault().Detail.find("race: load reads bytes that a DMA "
                                     "transfer in flight writes"),
            std::string::npos);
  EXPECT_NE(Sim->fault().Detail.find("overlapping bytes: [0x10083c, "
                                     "0x100840), 4 bytes"),
            std::string::npos)
      << Sim->fault().Detail;
  // Without the checker the copy is there (performed at the start).
  RaceCheck = false;
  EXPECT_EQ(run({inst(A::DMA_1D, {imm(1), reg(r(5)), reg(r(6)), reg(r(7))}),
                 inst(A::LD_U32, {reg(r(8)), reg(r(5)), imm(60)}),
                 inst(A::DMA_WAIT, {imm(1)})},
                Timed),
            0);
}

INSTANTIATE_TEST_SUITE_P(Modes, DmaVisibility, ::testing::Values(true, false),
                         [](const ::testing::TestParamInfo<bool> &I) {
                           return I.param ? "Timed" : "Functional";
                         });

} // namespace
