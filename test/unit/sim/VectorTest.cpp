//===-- VectorTest.cpp - vector instruction semantics ---------------------===//
//
// docs/isa.md §7.7 - §7.10: vector loads and stores (unit stride and
// strided), lane-wise f32 and i32 operations, compares and vsel, shifts,
// the approximate functions, moves and lane access, reductions and
// conversions. Expected values are computed on the host from the manual's
// rules.
//
//===----------------------------------------------------------------------===//

#include "SimHarness.h"
#include <cmath>
#include <cstdint>
#include <limits>

using namespace accel_test;
using accel_sim::VecReg;

namespace {

constexpr uint32_t CanonNaN32 = 0x7fc00000u;
const float Inf = std::numeric_limits<float>::infinity();

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
/// The lane image of an f32 result: NaNs are canonical.
uint32_t res(float F) { return std::isnan(F) ? CanonNaN32 : bits(F); }
uint64_t sx32(uint32_t V) { return uint64_t(int64_t(int32_t(V))); }

/// minNum/maxNum as the manual defines them (one NaN: the other operand;
/// two: NaN; -0 < +0).
float minNumRef(float A, float B) {
  if (std::isnan(A))
    return B;
  if (std::isnan(B))
    return A;
  if (A == 0 && B == 0)
    return std::signbit(A) ? A : B;
  return A < B ? A : B;
}
float maxNumRef(float A, float B) {
  if (std::isnan(A))
    return B;
  if (std::isnan(B))
    return A;
  if (A == 0 && B == 0)
    return std::signbit(A) ? B : A;
  return A > B ? A : B;
}

VecReg fromFloats(std::initializer_list<float> Fs) {
  VecReg R{};
  unsigned I = 0;
  for (float F : Fs)
    R[I++] = bits(F);
  return R;
}
VecReg fromInts(std::initializer_list<uint32_t> Is) {
  VecReg R{};
  unsigned I = 0;
  for (uint32_t V : Is)
    R[I++] = V;
  return R;
}

/// The documented pairwise tree of vredsum.f32, each addition in f32.
float treeSum(const VecReg &L) {
  float S[8], T[4], U[2];
  for (unsigned I = 0; I != 8; ++I) {
    volatile float X = flt(L[2 * I]) + flt(L[2 * I + 1]);
    S[I] = X;
  }
  for (unsigned I = 0; I != 4; ++I) {
    volatile float X = S[2 * I] + S[2 * I + 1];
    T[I] = X;
  }
  for (unsigned I = 0; I != 2; ++I) {
    volatile float X = T[2 * I] + T[2 * I + 1];
    U[I] = X;
  }
  volatile float X = U[0] + U[1];
  return X;
}
/// Orders the manual does not use, to show the test distinguishes them.
float sequentialSum(const VecReg &L) {
  volatile float S = 0.0f;
  for (unsigned I = 0; I != 16; ++I)
    S = S + flt(L[I]);
  return S;
}
float halvingTreeSum(const VecReg &L) {
  float E[16];
  for (unsigned I = 0; I != 16; ++I)
    E[I] = flt(L[I]);
  for (unsigned W = 8; W >= 1; W /= 2)
    for (unsigned I = 0; I != W; ++I) {
      volatile float X = E[I] + E[I + W];
      E[I] = X;
    }
  return E[0];
}

class Vector : public SimTest {};

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

TEST_F(Vector, UnitStrideLoadStore) {
  const uint64_t Src = SpmData + 0x40;
  for (unsigned I = 0; I != 16; ++I)
    poke<uint32_t>(Src + 4 * I, 0x11000000u + I * 0x00010203u);
  poke<uint32_t>(Src - 4, 0xdeadbeef); // neighbours must not be read
  poke<uint32_t>(Src + 64, 0xdeadbeef);
  const uint64_t Dst = DramData + 0x100;
  poke<uint32_t>(Dst - 4, 0x5a5a5a5a); // neighbours must not be written
  poke<uint32_t>(Dst + 64, 0x5a5a5a5a);
  InitX[5] = SpmData;
  InitX[6] = Src + 0x40;     // addressed with a negative offset below
  InitX[7] = DramData;
  EXPECT_EQ(run({inst(A::VLD, {reg(v(4)), reg(r(5)), imm(0x40)}),
                  inst(A::VLD, {reg(v(5)), reg(r(6)), imm(-0x40)}),
                  inst(A::VST, {reg(v(4)), reg(r(7)), imm(0x100)})}),
            0);
  for (unsigned I = 0; I != 16; ++I) {
    uint32_t Want = 0x11000000u + I * 0x00010203u;
    EXPECT_EQ(Sim->V[4][I], Want) << I;
    EXPECT_EQ(Sim->V[5][I], Want) << I;
    EXPECT_EQ(peek<uint32_t>(Dst + 4 * I), Want) << I;
  }
  EXPECT_EQ(peek<uint32_t>(Dst - 4), 0x5a5a5a5au);
  EXPECT_EQ(peek<uint32_t>(Dst + 64), 0x5a5a5a5au);
}

TEST_F(Vector, StridedLoadStore) {
  const uint64_t Base = SpmData + 0x1000;
  auto Word = [](unsigned K) { return 0xabc00000u + K; };
  for (unsigned K = 0; K != 256; ++K)
    poke<uint32_t>(Base + 4 * K, Word(K));

  // vld.s with strides 12, -8 (negative: descending addresses) and 0.
  InitX[5] = Base;
  InitX[6] = 12;
  InitX[7] = Base + 4 * 200;
  InitX[8] = uint64_t(-8);
  InitX[9] = 0;
  EXPECT_EQ(run({inst(A::VLD_S, {reg(v(1)), reg(r(5)), reg(r(6))}),
                  inst(A::VLD_S, {reg(v(2)), reg(r(7)), reg(r(8))}),
                  inst(A::VLD_S, {reg(v(3)), reg(r(7)), reg(r(9))})}),
            0);
  for (unsigned I = 0; I != 16; ++I) {
    EXPECT_EQ(Sim->V[1][I], Word(3 * I)) << I;
    EXPECT_EQ(Sim->V[2][I], Word(200 - 2 * I)) << I;
    EXPECT_EQ(Sim->V[3][I], Word(200)) << I;
  }

  // vst.s with stride 12 and with stride -12; the bytes in between keep
  // their old contents.
  const uint64_t Out = DramData + 0x2000;
  for (unsigned K = 0; K != 128; ++K)
    poke<uint32_t>(Out + 4 * K, 0xeeeeeeeeu);
  for (unsigned I = 0; I != 16; ++I)
    InitV[4][I] = 0x12340000u + I;
  InitX[10] = Out;
  InitX[11] = 12;
  InitX[12] = Out + 0x1f8; // lane i at Out + 0x1f8 - 12 i
  InitX[13] = uint64_t(-12);
  EXPECT_EQ(run({inst(A::VST_S, {reg(v(4)), reg(r(10)), reg(r(11))}),
                  inst(A::VST_S, {reg(v(4)), reg(r(12)), reg(r(13))})}),
            0);
  for (unsigned K = 0; K != 48; ++K) {
    uint32_t Want = K % 3 == 0 ? 0x12340000u + K / 3 : 0xeeeeeeeeu;
    EXPECT_EQ(peek<uint32_t>(Out + 4 * K), Want) << K;
  }
  for (unsigned I = 0; I != 16; ++I)
    EXPECT_EQ(peek<uint32_t>(Out + 0x1f8 - 12 * I), 0x12340000u + I) << I;
  EXPECT_EQ(peek<uint32_t>(Out + 0x1f8 - 4), 0xeeeeeeeeu);
  EXPECT_EQ(peek<uint32_t>(Out + 0x1fc), 0xeeeeeeeeu);
}

//===----------------------------------------------------------------------===//
// Lane-wise f32 and i32 operations, compares, vsel
//===----------------------------------------------------------------------===//

TEST_F(Vector, F32LaneWise) {
  const float Fa = 1.0f + 0x1p-23f, Fc = -(1.0f + 0x1p-22f); // fma case
  InitV[1] = fromFloats({1.5f, -2.25f, 0.1f, Inf, Inf, -0.0f, 0.0f, Fa,
                         1.0e30f, 3.0e38f, 1.0e-40f, 5.0f, 0.0f, -1.0f, 2.0f,
                         7.0f});
  InitV[2] = fromFloats({2.5f, 4.0f, 0.2f, -Inf, 1.0f, 0.0f, -0.0f, Fa,
                         1.0e-30f, 3.0e38f, 1.0e-40f, -5.0f, 0.0f, 3.0f,
                         2.0f, -7.5f});
  InitV[3] = fromFloats({0.5f, 1.0f, -0.03f, 1.0f, 0.0f, 0.0f, -0.0f, Fc,
                         -1.0f, 1.0f, 0.0f, 25.0f, 1.0f, Inf, -4.0f, 1.0f});
  // NaN lanes with payloads, in either operand.
  InitV[1][12] = 0x7fa00001u;
  InitV[2][13] = 0xffc12345u;
  InitV[1][14] = 0x7fc00000u;
  InitV[2][14] = 0xff800002u;

  EXPECT_EQ(run({inst(A::VADD_F32, {reg(v(10)), reg(v(1)), reg(v(2))}),
                  inst(A::VSUB_F32, {reg(v(11)), reg(v(1)), reg(v(2))}),
                  inst(A::VMUL_F32, {reg(v(12)), reg(v(1)), reg(v(2))}),
                  inst(A::VFMA_F32,
                       {reg(v(13)), reg(v(1)), reg(v(2)), reg(v(3))}),
                  inst(A::VMIN_F32, {reg(v(14)), reg(v(1)), reg(v(2))}),
                  inst(A::VMAX_F32, {reg(v(15)), reg(v(1)), reg(v(2))}),
                  inst(A::VCEQ_F32, {reg(v(16)), reg(v(1)), reg(v(2))}),
                  inst(A::VCLT_F32, {reg(v(17)), reg(v(1)), reg(v(2))}),
                  inst(A::VCLE_F32, {reg(v(18)), reg(v(1)), reg(v(2))})}),
            0);
  for (unsigned L = 0; L != 16; ++L) {
    SCOPED_TRACE(testing::Message() << "lane " << L);
    volatile float A = flt(InitV[1][L]), B = flt(InitV[2][L]),
                   C = flt(InitV[3][L]);
    EXPECT_EQ(Sim->V[10][L], res(A + B));
    EXPECT_EQ(Sim->V[11][L], res(A - B));
    EXPECT_EQ(Sim->V[12][L], res(A * B));
    EXPECT_EQ(Sim->V[13][L], res(std::fma(float(A), float(B), float(C))));
    EXPECT_EQ(Sim->V[14][L], res(minNumRef(A, B)));
    EXPECT_EQ(Sim->V[15][L], res(maxNumRef(A, B)));
    EXPECT_EQ(Sim->V[16][L], A == B ? 0xffffffffu : 0u);
    EXPECT_EQ(Sim->V[17][L], A < B ? 0xffffffffu : 0u);
    EXPECT_EQ(Sim->V[18][L], A <= B ? 0xffffffffu : 0u);
  }
  // Spot checks of the rules the loop relies on.
  {
    volatile float P = Fa * Fa;
    ASSERT_NE(bits(P + Fc), bits(std::fma(Fa, Fa, Fc))); // fused differs
  }
  EXPECT_EQ(Sim->V[13][7], bits(0x1p-46f));   // single rounding
  EXPECT_EQ(Sim->V[10][3], CanonNaN32);       // inf + -inf
  EXPECT_EQ(Sim->V[10][12], CanonNaN32);      // payload not propagated
  EXPECT_EQ(Sim->V[14][12], bits(0.0f));      // minNum(NaN, 0) = 0
  EXPECT_EQ(Sim->V[15][13], bits(-1.0f));     // maxNum(-1, NaN) = -1
  EXPECT_EQ(Sim->V[14][14], CanonNaN32);      // both NaN
  EXPECT_EQ(Sim->V[14][5], bits(-0.0f));      // min(-0, +0)
  EXPECT_EQ(Sim->V[14][6], bits(-0.0f));      // min(+0, -0)
  EXPECT_EQ(Sim->V[15][5], bits(0.0f));       // max(-0, +0)
  EXPECT_EQ(Sim->V[15][6], bits(0.0f));       // max(+0, -0)
  EXPECT_EQ(Sim->V[16][5], 0xffffffffu);      // -0 == +0
  EXPECT_EQ(Sim->V[16][14], 0u);              // NaN compares false
  EXPECT_EQ(Sim->V[18][12], 0u);
  EXPECT_EQ(Sim->V[12][9], bits(Inf));        // overflow
}

TEST_F(Vector, I32LaneWise) {
  InitV[1] = fromInts({0, 1, 0xffffffffu, 0x7fffffffu, 0x80000000u, 5,
                       0x80000000u, 0x12345678u, 100, 0xfffffff0u, 7, 0,
                       0x40000000u, 3, 0xdeadbeefu, 0x7fffffffu});
  InitV[2] = fromInts({0, 0xffffffffu, 0xffffffffu, 1, 1, 0xfffffffbu,
                       0x80000000u, 0x9abcdef0u, 0xffffff9cu, 16, 7, 1, 4,
                       0x80000000u, 0x0f0f0f0fu, 0x80000000u});
  EXPECT_EQ(run({inst(A::VADD_I32, {reg(v(10)), reg(v(1)), reg(v(2))}),
                  inst(A::VSUB_I32, {reg(v(11)), reg(v(1)), reg(v(2))}),
                  inst(A::VMUL_I32, {reg(v(12)), reg(v(1)), reg(v(2))}),
                  inst(A::VMIN_I32, {reg(v(13)), reg(v(1)), reg(v(2))}),
                  inst(A::VMAX_I32, {reg(v(14)), reg(v(1)), reg(v(2))}),
                  inst(A::VAND, {reg(v(15)), reg(v(1)), reg(v(2))}),
                  inst(A::VOR, {reg(v(16)), reg(v(1)), reg(v(2))}),
                  inst(A::VXOR, {reg(v(17)), reg(v(1)), reg(v(2))}),
                  inst(A::VCEQ_I32, {reg(v(18)), reg(v(1)), reg(v(2))}),
                  inst(A::VCLT_I32, {reg(v(19)), reg(v(1)), reg(v(2))}),
                  inst(A::VCLE_I32, {reg(v(20)), reg(v(1)), reg(v(2))}),
                  inst(A::VMOV, {reg(v(21)), reg(v(2))})}),
            0);
  for (unsigned L = 0; L != 16; ++L) {
    SCOPED_TRACE(testing::Message() << "lane " << L);
    uint32_t A = InitV[1][L], B = InitV[2][L];
    int32_t SA = int32_t(A), SB = int32_t(B);
    EXPECT_EQ(Sim->V[10][L], uint32_t(A + B));
    EXPECT_EQ(Sim->V[11][L], uint32_t(A - B));
    EXPECT_EQ(Sim->V[12][L], uint32_t(uint64_t(A) * B));
    EXPECT_EQ(Sim->V[13][L], uint32_t(SA < SB ? SA : SB));
    EXPECT_EQ(Sim->V[14][L], uint32_t(SA > SB ? SA : SB));
    EXPECT_EQ(Sim->V[15][L], A & B);
    EXPECT_EQ(Sim->V[16][L], A | B);
    EXPECT_EQ(Sim->V[17][L], A ^ B);
    EXPECT_EQ(Sim->V[18][L], A == B ? 0xffffffffu : 0u);
    EXPECT_EQ(Sim->V[19][L], SA < SB ? 0xffffffffu : 0u);
    EXPECT_EQ(Sim->V[20][L], SA <= SB ? 0xffffffffu : 0u);
    EXPECT_EQ(Sim->V[21][L], B);
  }
  // Signed, not unsigned: -1 < 1 and INT_MIN is the smallest.
  EXPECT_EQ(Sim->V[13][1], 0xffffffffu);
  EXPECT_EQ(Sim->V[19][9], 0xffffffffu); // -16 < 16
  EXPECT_EQ(Sim->V[14][15], 0x7fffffffu);
  EXPECT_EQ(Sim->V[10][3], 0x80000000u); // wraps
}

TEST_F(Vector, ComparesFeedVsel) {
  InitV[1] = fromFloats({1, 2, 3, 4, 5, 6, 7, 8, -1, -2, -3, -4, 0, 0, 0, 0});
  InitV[2] = fromFloats({2, 2, 2, 2, 9, 9, 9, 9, -2, -2, -2, -2, 0, 0, 0, 0});
  InitV[2][13] = CanonNaN32;
  InitV[1][14] = bits(-0.0f);
  for (unsigned L = 0; L != 16; ++L) {
    InitV[5][L] = 0xa0000000u + L;
    InitV[6][L] = 0xb0000000u + L;
  }
  // Masks that are neither all ones nor zero select on "nonzero".
  InitV[7] = fromInts({1, 0, 0x80000000u, 0, 0xffffffffu, 0, 0x100, 0, 2, 0,
                       0x7fffffffu, 0, 0x10000u, 0, 0xfffffffeu, 0});
  EXPECT_EQ(run({inst(A::VCLT_F32, {reg(v(3)), reg(v(1)), reg(v(2))}),
                  inst(A::VSEL, {reg(v(4)), reg(v(3)), reg(v(5)), reg(v(6))}),
                  inst(A::VSEL, {reg(v(8)), reg(v(7)), reg(v(5)), reg(v(6))}),
                  inst(A::VCLE_I32, {reg(v(9)), reg(v(5)), reg(v(6))}),
                  inst(A::VSEL,
                       {reg(v(10)), reg(v(9)), reg(v(1)), reg(v(2))})}),
            0);
  for (unsigned L = 0; L != 16; ++L) {
    SCOPED_TRACE(testing::Message() << "lane " << L);
    bool Lt = flt(InitV[1][L]) < flt(InitV[2][L]);
    EXPECT_EQ(Sim->V[3][L], Lt ? 0xffffffffu : 0u);
    EXPECT_EQ(Sim->V[4][L], Lt ? InitV[5][L] : InitV[6][L]);
    EXPECT_EQ(Sim->V[8][L], InitV[7][L] ? InitV[5][L] : InitV[6][L]);
    // 0xa0000000 + L <s 0xb0000000 + L (both negative): all true.
    EXPECT_EQ(Sim->V[9][L], 0xffffffffu);
    EXPECT_EQ(Sim->V[10][L], InitV[1][L]);
  }
}

TEST_F(Vector, ShiftsUseLaneAmountModulo32) {
  InitV[1] = fromInts({0x80000001u, 0x80000001u, 0x80000001u, 0x80000001u,
                       0x80000001u, 0x80000001u, 0x80000001u, 0x80000001u,
                       0x12345678u, 0xf0000000u, 0xf0000000u, 0x7fffffffu,
                       0xffffffffu, 0x00000003u, 0x80000000u, 0xc3c3c3c3u});
  InitV[2] = fromInts({0, 1, 31, 32, 33, 63, 64, 65, 36, 0xffffffffu,
                       0x80000004u, 100, 1000, 0x20000001u, 31, 48});
  EXPECT_EQ(run({inst(A::VSHL_I32, {reg(v(10)), reg(v(1)), reg(v(2))}),
                  inst(A::VSRL_I32, {reg(v(11)), reg(v(1)), reg(v(2))}),
                  inst(A::VSRA_I32, {reg(v(12)), reg(v(1)), reg(v(2))})}),
            0);
  for (unsigned L = 0; L != 16; ++L) {
    SCOPED_TRACE(testing::Message() << "lane " << L);
    uint32_t A = InitV[1][L], S = InitV[2][L] % 32;
    EXPECT_EQ(Sim->V[10][L], uint32_t(A << S));
    EXPECT_EQ(Sim->V[11][L], uint32_t(A >> S));
    EXPECT_EQ(Sim->V[12][L], uint32_t(int32_t(A) >> S));
  }
  // An amount of 32 shifts by 0; 33 by 1.
  EXPECT_EQ(Sim->V[10][3], 0x80000001u);
  EXPECT_EQ(Sim->V[11][4], 0x40000000u);
  EXPECT_EQ(Sim->V[12][4], 0xc0000000u);
}

//===----------------------------------------------------------------------===//
// Approximations
//===----------------------------------------------------------------------===//

/// |Got - Ref| / |Ref| < 2^-20, for a reference in the normal f32 range.
::testing::AssertionResult withinApprox(uint32_t GotBits, double Ref) {
  float Got = flt(GotBits);
  if (!(std::fabs(Ref) >= double(std::numeric_limits<float>::min()) &&
        std::fabs(Ref) <= double(std::numeric_limits<float>::max())))
    return ::testing::AssertionFailure()
           << "test bug: reference " << Ref << " not in the normal range";
  double Rel = std::fabs(double(Got) - Ref) / std::fabs(Ref);
  if (std::isfinite(Got) && Rel < 0x1p-20)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "got " << Got << " (0x" << std::hex << GotBits << std::dec
         << "), reference " << Ref << ", relative error " << Rel;
}

TEST_F(Vector, ApproximationsWithinDocumentedError) {
  InitV[1] = fromFloats({-10.0f, -1.0f, -0.5f, 0.0f, 0.1f, 1.0f, 2.5f, 10.0f,
                         20.0f, 50.0f, 88.0f, -80.0f, -87.0f, 0.693147f,
                         -3.3f, 1.0e-6f});
  InitV[2] = fromFloats({3.0f, -7.0f, 0.1f, 1.0e-30f, 1.0e30f, -1.0e-30f,
                         1.0f, -1.0f, 1.5f, 12345.678f, 8.0e37f, -3.0f,
                         1.2e-38f, 0.333f, 1024.0f, -65537.0f});
  InitV[3] = fromFloats({4.0f, 2.0f, 1.0e-30f, 1.0e30f, 3.0e38f, 1.0f, 0.25f,
                         3.0f, 1.0e-40f /* subnormal input */, 12345.678f,
                         1.2e-38f, 7.0f, 100.0f, 0.01f, 65536.0f, 1.5f});
  EXPECT_EQ(run({inst(A::VEXP_F32, {reg(v(10)), reg(v(1))}),
                  inst(A::VRCP_F32, {reg(v(11)), reg(v(2))}),
                  inst(A::VRSQRT_F32, {reg(v(12)), reg(v(3))})}),
            0);
  for (unsigned L = 0; L != 16; ++L) {
    SCOPED_TRACE(testing::Message() << "lane " << L);
    double X1 = flt(InitV[1][L]), X2 = flt(InitV[2][L]),
           X3 = flt(InitV[3][L]);
    EXPECT_TRUE(withinApprox(Sim->V[10][L], std::exp(X1))) << "vexp " << X1;
    EXPECT_TRUE(withinApprox(Sim->V[11][L], 1.0 / X2)) << "vrcp " << X2;
    EXPECT_TRUE(withinApprox(Sim->V[12][L], 1.0 / std::sqrt(X3)))
        << "vrsqrt " << X3;
  }
}

TEST_F(Vector, TanhWithinDocumentedErrorAndSpecialCases) {
  // Results in the normal range within 2^-20 of tanh in double precision.
  InitV[1] = fromFloats({-10.0f, -3.0f, -1.0f, -0.5f, -0.01f, 1.0e-6f,
                         1.0e-30f, 0.1f, 0.5f, 0.75f, 1.0f, 2.0f, 3.5f, 5.0f,
                         8.9f, -1.2e-38f});
  // +-0 -> +-0; +-inf -> +-1; |x| >= 9.02 -> +-1; NaN -> canonical NaN.
  InitV[2] = fromFloats({0.0f, -0.0f, Inf, -Inf, 9.02f, -9.02f, 20.0f,
                         -1.0e30f, 0, 0, 0, 1.0e38f, -50.0f, 0.0f, 0.0f,
                         0.0f});
  InitV[2][8] = 0x7fc12345u;
  InitV[2][9] = 0x7f800001u;
  InitV[2][10] = 0xffc00001u;
  const uint32_t Want[16] = {
      0,          bits(-0.0f), bits(1.0f), bits(-1.0f), bits(1.0f),
      bits(-1.0f), bits(1.0f), bits(-1.0f), CanonNaN32, CanonNaN32,
      CanonNaN32, bits(1.0f), bits(-1.0f), 0,          0,
      0};
  EXPECT_EQ(run({inst(A::VTANH_F32, {reg(v(10)), reg(v(1))}),
                  inst(A::VTANH_F32, {reg(v(11)), reg(v(2))})}),
            0);
  for (unsigned L = 0; L != 16; ++L) {
    SCOPED_TRACE(testing::Message() << "lane " << L);
    double X = flt(InitV[1][L]);
    EXPECT_TRUE(withinApprox(Sim->V[10][L], std::tanh(X))) << "vtanh " << X;
    EXPECT_EQ(Sim->V[11][L], Want[L]) << "vtanh " << flt(InitV[2][L]);
  }
}

TEST_F(Vector, ApproximationSpecialCases) {
  const uint32_t QNaN = 0x7fc12345u, SNaN = 0x7f800001u, NegNaN = 0xffc00001u;
  // vexp: overflow -> +inf (and +inf -> +inf); underflow -> +0; -inf -> +0;
  // NaN -> canonical NaN.
  InitV[1] = fromFloats({89.0f, 100.0f, 1.0e30f, Inf, -200.0f, -1000.0f,
                         -1.0e30f, -Inf, 0, 0, 0, 89.0f, 95.0f, -150.0f,
                         -3.0e38f, 3.0e38f});
  InitV[1][8] = QNaN;
  InitV[1][9] = SNaN;
  InitV[1][10] = NegNaN;
  const uint32_t ExpWant[16] = {
      bits(Inf), bits(Inf), bits(Inf), bits(Inf), 0, 0, 0, 0,
      CanonNaN32, CanonNaN32, CanonNaN32, bits(Inf), bits(Inf), 0, 0,
      bits(Inf)};
  InitV[1][11] = bits(88.8f); // e^88.8 > FLT_MAX
  // vrcp: +-0 -> +-inf; +-inf -> +-0; NaN -> NaN.
  InitV[2] = fromFloats({0.0f, -0.0f, Inf, -Inf, 0, 0, 0, 0.0f, -0.0f, Inf,
                         -Inf, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f});
  InitV[2][4] = QNaN;
  InitV[2][5] = SNaN;
  InitV[2][6] = NegNaN;
  const uint32_t RcpWant[16] = {
      bits(Inf), bits(-Inf), 0, bits(-0.0f), CanonNaN32, CanonNaN32,
      CanonNaN32, bits(Inf), bits(-Inf), 0, bits(-0.0f), bits(Inf),
      bits(Inf), bits(Inf), bits(Inf), bits(Inf)};
  // vrsqrt: +0 -> +inf; -0 -> -inf; +inf -> +0; x < 0 (including -inf) ->
  // NaN; NaN -> NaN.
  InitV[3] = fromFloats({0.0f, -0.0f, Inf, -1.0f, -Inf, -1.0e-30f, -1.0e30f,
                         0, 0, 0, -1.0e-40f, 0.0f, -0.0f, -4.0f, Inf, -0.5f});
  InitV[3][7] = QNaN;
  InitV[3][8] = SNaN;
  InitV[3][9] = NegNaN;
  const uint32_t RsqrtWant[16] = {
      bits(Inf),  bits(-Inf), 0,          CanonNaN32, CanonNaN32, CanonNaN32,
      CanonNaN32, CanonNaN32, CanonNaN32, CanonNaN32, CanonNaN32, bits(Inf),
      bits(-Inf), CanonNaN32, 0,          CanonNaN32};
  {
    volatile double E = std::exp(88.8);
    ASSERT_GT(E, double(std::numeric_limits<float>::max()));
  }
  EXPECT_EQ(run({inst(A::VEXP_F32, {reg(v(10)), reg(v(1))}),
                  inst(A::VRCP_F32, {reg(v(11)), reg(v(2))}),
                  inst(A::VRSQRT_F32, {reg(v(12)), reg(v(3))})}),
            0);
  for (unsigned L = 0; L != 16; ++L) {
    SCOPED_TRACE(testing::Message() << "lane " << L);
    EXPECT_EQ(Sim->V[10][L], ExpWant[L]) << "vexp " << flt(InitV[1][L]);
    EXPECT_EQ(Sim->V[11][L], RcpWant[L]) << "vrcp " << flt(InitV[2][L]);
    EXPECT_EQ(Sim->V[12][L], RsqrtWant[L]) << "vrsqrt " << flt(InitV[3][L]);
  }
}

//===----------------------------------------------------------------------===//
// Moves and lane access
//===----------------------------------------------------------------------===//

TEST_F(Vector, BroadcastExtractInsert) {
  InitX[5] = 0xdeadbeef87654321ull;
  InitV[2] = fromInts({0xfffffffeu, 1, 2, 0x80000001u, 4, 5, 6, 7, 8, 9, 10,
                       11, 12, 13, 14, 0x7fffffffu});
  for (unsigned L = 0; L != 16; ++L)
    InitV[3][L] = 0x30000000u + L;
  InitX[9] = 0xaaaabbbbccccddddull;
  InitX[10] = 0x0123456789abcdefull;
  InitX[11] = 0xffffffff00000000ull; // inserts 0
  EXPECT_EQ(run({inst(A::VBCAST, {reg(v(1)), reg(r(5))}),
                  inst(A::VEXT, {reg(r(6)), reg(v(2)), imm(3)}),
                  inst(A::VEXT, {reg(r(7)), reg(v(2)), imm(15)}),
                  inst(A::VEXT, {reg(r(8)), reg(v(2)), imm(0)}),
                  inst(A::VEXT, {reg(r(12)), reg(v(2)), imm(1)}),
                  inst(A::VINS, {reg(v(3)), reg(v(3)), reg(r(9)), imm(5)}),
                  inst(A::VINS, {reg(v(3)), reg(v(3)), reg(r(10)), imm(15)}),
                  inst(A::VINS, {reg(v(3)), reg(v(3)), reg(r(11)), imm(0)})}),
            0);
  for (unsigned L = 0; L != 16; ++L)
    EXPECT_EQ(Sim->V[1][L], 0x87654321u) << L;
  EXPECT_EQ(x(6), 0xffffffff80000001ull); // sign-extended
  EXPECT_EQ(x(7), 0x7fffffffull);
  EXPECT_EQ(x(8), 0xfffffffffffffffeull);
  EXPECT_EQ(x(12), 1u);
  for (unsigned L = 0; L != 16; ++L) {
    uint32_t Want = L == 5    ? 0xccccddddu
                    : L == 15 ? 0x89abcdefu
                    : L == 0  ? 0u
                              : 0x30000000u + L;
    EXPECT_EQ(Sim->V[3][L], Want) << L;
  }
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

TEST_F(Vector, RedsumF32UsesThePairwiseTree) {
  // 2^24 + 1 + 1 + ...: left to right every 1 is lost (ties to even); the
  // tree pairs the ones first.
  InitV[1] = fromFloats(
      {0x1p24f, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
  // Distinguishes the documented adjacent-pair tree from a tree that pairs
  // lane i with lane i + 8.
  InitV[2] = fromFloats({0x1p24f, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0});
  // Mixed magnitudes and signs, fractional values.
  InitV[3] = fromFloats({0.1f, 1.0e8f, -3.7f, 2.2e-5f, -1.0e8f, 7.0f,
                         0.333f, 123456.7f, -0.01f, 1.0e7f, 5.5f, -1.0e7f,
                         3.0e-3f, 8.0e5f, -9.25f, 0.7f});
  // Negative result: zero-extended.
  for (unsigned L = 0; L != 16; ++L)
    InitV[4][L] = bits(-1.5f);
  // A NaN lane, and inf + -inf: canonical NaN.
  InitV[5] = fromFloats({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0});
  InitV[5][6] = 0x7fa00001u;
  InitV[6] = fromFloats({Inf, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -Inf});

  ASSERT_NE(bits(treeSum(InitV[1])), bits(sequentialSum(InitV[1])));
  ASSERT_NE(bits(treeSum(InitV[2])), bits(halvingTreeSum(InitV[2])));
  EXPECT_EQ(treeSum(InitV[1]), 0x1p24f + 14);

  EXPECT_EQ(run({inst(A::VREDSUM_F32, {reg(r(5)), reg(v(1))}),
                  inst(A::VREDSUM_F32, {reg(r(6)), reg(v(2))}),
                  inst(A::VREDSUM_F32, {reg(r(7)), reg(v(3))}),
                  inst(A::VREDSUM_F32, {reg(r(8)), reg(v(4))}),
                  inst(A::VREDSUM_F32, {reg(r(9)), reg(v(5))}),
                  inst(A::VREDSUM_F32, {reg(r(10)), reg(v(6))})}),
            0);
  EXPECT_EQ(x(5), uint64_t(bits(treeSum(InitV[1]))));
  EXPECT_EQ(x(6), uint64_t(bits(treeSum(InitV[2]))));
  EXPECT_EQ(x(7), uint64_t(bits(treeSum(InitV[3]))));
  EXPECT_EQ(x(8), uint64_t(bits(-24.0f)));
  EXPECT_EQ(x(9), uint64_t(CanonNaN32));
  EXPECT_EQ(x(10), uint64_t(CanonNaN32));
}

TEST_F(Vector, RedmaxF32IgnoresNaNLanes) {
  const uint32_t QNaN = 0x7fc12345u, NegNaN = 0xffc00001u, SNaN = 0x7f800001u;
  // The largest value sits next to a NaN, in lane 15.
  InitV[1] = fromFloats({1, 2, 0, -5, 0, 3, 4, 0, 0, 0, 6.5f, 2, 0, 0, 0,
                         7.5f});
  for (unsigned L : {2u, 4u, 7u, 8u, 9u, 12u, 13u, 14u})
    InitV[1][L] = L % 3 ? QNaN : NegNaN;
  // The NaN at lane 0 is the first operand of every combine.
  InitV[2] = fromFloats({0, -3.0f, -2.0f, -8.0f, -Inf, -Inf, -Inf, -Inf,
                         -Inf, -Inf, -Inf, -Inf, -Inf, -Inf, -Inf, -Inf});
  InitV[2][0] = SNaN;
  // Every lane NaN: canonical NaN.
  for (unsigned L = 0; L != 16; ++L)
    InitV[3][L] = L % 2 ? QNaN : NegNaN;
  // +0 above -0.
  for (unsigned L = 0; L != 16; ++L)
    InitV[4][L] = bits(-0.0f);
  InitV[4][9] = bits(0.0f);
  for (unsigned L = 0; L != 16; ++L)
    InitV[5][L] = bits(-0.0f);
  // All NaN but one -inf lane.
  for (unsigned L = 0; L != 16; ++L)
    InitV[6][L] = QNaN;
  InitV[6][11] = bits(-Inf);

  EXPECT_EQ(run({inst(A::VREDMAX_F32, {reg(r(5)), reg(v(1))}),
                  inst(A::VREDMAX_F32, {reg(r(6)), reg(v(2))}),
                  inst(A::VREDMAX_F32, {reg(r(7)), reg(v(3))}),
                  inst(A::VREDMAX_F32, {reg(r(8)), reg(v(4))}),
                  inst(A::VREDMAX_F32, {reg(r(9)), reg(v(5))}),
                  inst(A::VREDMAX_F32, {reg(r(10)), reg(v(6))})}),
            0);
  EXPECT_EQ(x(5), uint64_t(bits(7.5f)));
  EXPECT_EQ(x(6), uint64_t(bits(-2.0f))); // zero-extended negative
  EXPECT_EQ(x(7), uint64_t(CanonNaN32));
  EXPECT_EQ(x(8), uint64_t(bits(0.0f)));
  EXPECT_EQ(x(9), uint64_t(bits(-0.0f)));
  EXPECT_EQ(x(10), uint64_t(bits(-Inf)));
}

TEST_F(Vector, IntegerReductions) {
  for (unsigned L = 0; L != 16; ++L)
    InitV[1][L] = 0x7fffffffu;
  for (unsigned L = 0; L != 16; ++L)
    InitV[2][L] = L == 7 ? 5u : 0x80000000u;
  InitV[3] = fromInts({0x80000000u, 0xffffffffu, 0xfffffff0u, 0x80000001u,
                       0x80000000u, 0xfffffffeu, 0x90000000u, 0xa0000000u,
                       0xb0000000u, 0xc0000000u, 0xd0000000u, 0xe0000000u,
                       0xf0000000u, 0xfffffffdu, 0x80000000u, 0x80000000u});
  InitV[4] = fromInts({0x80000000u, 3, 0x7ffffffeu, 0xffffffffu, 0, 9, 0,
                       0x7fffffffu, 1, 2, 3, 4, 5, 6, 7, 8});
  EXPECT_EQ(run({inst(A::VREDSUM_I32, {reg(r(5)), reg(v(1))}),
                  inst(A::VREDSUM_I32, {reg(r(6)), reg(v(2))}),
                  inst(A::VREDMAX_I32, {reg(r(7)), reg(v(3))}),
                  inst(A::VREDMAX_I32, {reg(r(8)), reg(v(4))}),
                  inst(A::VREDSUM_I32, {reg(r(9)), reg(v(4))})}),
            0);
  auto Sum = [](const VecReg &R) {
    uint32_t S = 0;
    for (uint32_t E : R)
      S += E; // modulo 2^32
    return sx32(S);
  };
  auto Max = [](const VecReg &R) {
    int32_t M = INT32_MIN;
    for (uint32_t E : R)
      M = std::max(M, int32_t(E));
    return sx32(uint32_t(M));
  };
  EXPECT_EQ(x(5), Sum(InitV[1]));
  EXPECT_EQ(x(5), 0xfffffffffffffff0ull); // 16 * (2^31 - 1) mod 2^32 = -16
  EXPECT_EQ(x(6), Sum(InitV[2]));
  EXPECT_EQ(x(6), 0xffffffff80000005ull);
  EXPECT_EQ(x(7), Max(InitV[3]));
  EXPECT_EQ(x(7), 0xffffffffffffffffull); // -1, sign-extended
  EXPECT_EQ(x(8), 0x7fffffffull);
  EXPECT_EQ(x(9), Sum(InitV[4]));
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

TEST_F(Vector, ConversionsRoundAndSaturate) {
  InitV[1] = fromInts({0, 1, 0xffffffffu, 16777217u, 16777219u, 0x7fffffffu,
                       0x80000000u, 123456789u, uint32_t(-123456789),
                       0x7fffffc0u, uint32_t(-16777217), 33554435u, 100,
                       uint32_t(-3), 0x40000041u, 0x40000040u});
  InitV[2] = fromFloats({1.0e10f, -1.0e10f, Inf, -Inf, 0, 0, -1.5f, 2.9f,
                         -0.0f, 2147483520.0f, -2147483648.0f,
                         2147483648.0f, 0.99f, 1.0e-40f, -2147483904.0f,
                         -7.999f});
  InitV[2][4] = 0x7fc12345u; // NaN -> 0
  InitV[2][5] = 0xff800001u;
  EXPECT_EQ(run({inst(A::VCVT_F32_I32, {reg(v(10)), reg(v(1))}),
                  inst(A::VCVT_I32_F32, {reg(v(11)), reg(v(2))})}),
            0);
  for (unsigned L = 0; L != 16; ++L) {
    SCOPED_TRACE(testing::Message() << "lane " << L);
    volatile int32_t I = int32_t(InitV[1][L]);
    EXPECT_EQ(Sim->V[10][L], bits(float(I)));
  }
  EXPECT_EQ(Sim->V[10][3], bits(16777216.0f)); // tie to even
  EXPECT_EQ(Sim->V[10][4], bits(16777220.0f));
  EXPECT_EQ(Sim->V[10][5], bits(0x1p31f));
  const uint32_t CvtWant[16] = {
      0x7fffffffu, 0x80000000u, 0x7fffffffu, 0x80000000u, 0, 0,
      0xffffffffu, 2, 0, 2147483520u, 0x80000000u, 0x7fffffffu, 0, 0,
      0x80000000u, uint32_t(-7)};
  for (unsigned L = 0; L != 16; ++L)
    EXPECT_EQ(Sim->V[11][L], CvtWant[L]) << "lane " << L;
}

// The half-precision conversions' edges, written out by hand from IEEE 754
// binary16 and bfloat16 (the exhaustive comparison with numpy is
// test/sim/half-conversions.test).
TEST_F(Vector, HalfConversionsRoundPackAndWiden) {
  // rs1 (low halves) and rs2 (high halves) of vcvt.f16.f32/vcvt.bf16.f32.
  InitV[1] = fromFloats({1.0f, 65504.0f, 65519.0f, 65520.0f, 0x1p-14f,
                         0x1p-24f, 0x1p-25f, 0x1.000002p-25f, 0x1.8p-24f,
                         1.0f + 0x1p-11f, 1.0f + 0x3p-11f, -0.0f, Inf, -Inf,
                         1.0e-40f, 3.0e38f});
  InitV[2] = fromFloats({-2.0f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                         0});
  InitV[2][1] = 0x7fc12345u;  // quiet NaN: payload's top bits kept
  InitV[2][2] = 0x7f800001u;  // signaling NaN: made quiet
  InitV[2][3] = 0xff812345u;  // negative signaling NaN
  InitV[2][4] = bits(1.0f + 0x1p-8f);  // bf16 tie, to even (down)
  InitV[2][5] = bits(1.0f + 0x3p-8f);  // bf16 tie, to even (up)
  InitV[2][6] = bits(0x1.fffffep127f); // bf16 overflow to infinity
  InitV[2][7] = bits(1.0e-40f);        // f32 subnormal
  const uint32_t F16Lo[16] = {0x3c00, 0x7bff, 0x7bff, 0x7c00, 0x0400,
                              0x0001, 0x0000, 0x0001, 0x0002, 0x3c00,
                              0x3c02, 0x8000, 0x7c00, 0xfc00, 0x0000,
                              0x7c00};
  const uint32_t F16Hi[16] = {0xc000, 0x7e09, 0x7e00, 0xfe09, 0x3c04,
                              0x3c0c, 0x7c00, 0x0000, 0, 0,
                              0,      0,      0,      0, 0,
                              0};
  const uint32_t Bf16Hi[16] = {0xc000, 0x7fc1, 0x7fc0, 0xffc1, 0x3f80,
                               0x3f82, 0x7f80, 0x0001, 0, 0,
                               0,      0,      0,      0, 0,
                               0};
  // vcvt.f32.f16.lo/.hi: every class of f16 in one vector's halves.
  InitV[3] = fromInts({0x3c00 | 0xc000u << 16, 0x0001 | 0x8001u << 16,
                       0x03ff | 0x0200u << 16, 0x7c00 | 0xfc00u << 16,
                       0x7e01 | 0x7d00u << 16, 0x7bff | 0x8000u << 16,
                       0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(run({inst(A::VCVT_F16_F32, {reg(v(10)), reg(v(1)), reg(v(2))}),
                  inst(A::VCVT_BF16_F32, {reg(v(11)), reg(v(1)), reg(v(2))}),
                  inst(A::VCVT_F32_F16_LO, {reg(v(12)), reg(v(3))}),
                  inst(A::VCVT_F32_F16_HI, {reg(v(13)), reg(v(3))})}),
            0);
  for (unsigned L = 0; L != 16; ++L) {
    SCOPED_TRACE(testing::Message() << "lane " << L);
    EXPECT_EQ(Sim->V[10][L], F16Lo[L] | F16Hi[L] << 16);
    EXPECT_EQ(Sim->V[11][L] >> 16, Bf16Hi[L]);
  }
  // bf16 of rs1: truncation plus nearest-even rounding of its low 16 bits.
  EXPECT_EQ(Sim->V[11][0] & 0xffff, 0x3f80u);
  EXPECT_EQ(Sim->V[11][1] & 0xffff, 0x4780u);  // 65504 = 0x477fe000 up
  EXPECT_EQ(Sim->V[11][12] & 0xffff, 0x7f80u); // +inf
  EXPECT_EQ(Sim->V[11][15] & 0xffff, 0x7f62u); // 3e38 = 0x7f61bf6d up
  const uint32_t WideLo[6] = {bits(1.0f), bits(0x1p-24f), bits(0x3ffp-24f),
                              bits(Inf), 0x7fc02000u, bits(65504.0f)};
  const uint32_t WideHi[6] = {bits(-2.0f), bits(-0x1p-24f), bits(0x1p-15f),
                              bits(-Inf), 0x7fa00000u, bits(-0.0f)};
  for (unsigned L = 0; L != 6; ++L) {
    SCOPED_TRACE(testing::Message() << "lane " << L);
    EXPECT_EQ(Sim->V[12][L], WideLo[L]);
    EXPECT_EQ(Sim->V[13][L], WideHi[L]);
  }
  EXPECT_EQ(Sim->V[12][6], 0u);
}

} // namespace
