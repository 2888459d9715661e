//===-- FloatTest.cpp - scalar floating-point and conversion semantics ----===//
//
// docs/isa.md §7.5 (groups 5 and 6) and §7.6 (group 7). Every expected value
// is computed on the host from the documented rule (IEEE-754 round to nearest
// even, canonical NaN results, minNum/maxNum, sign-bit-only neg/abs,
// saturating conversions, f32 results zero-extended, 32-bit integer results
// sign-extended).
//
//===----------------------------------------------------------------------===//

#include "SimHarness.h"
#include <cmath>
#include <cstdint>
#include <limits>

using namespace accel_test;

namespace {

constexpr uint64_t CanonNaN32 = 0x7fc00000u;
constexpr uint64_t CanonNaN64 = 0x7ff8000000000000ull;

uint32_t bits(float F) {
  uint32_t B;
  std::memcpy(&B, &F, 4);
  return B;
}
uint64_t bits(double D) {
  uint64_t B;
  std::memcpy(&B, &D, 8);
  return B;
}

/// The register image an f32 result must have: the binary32 bits
/// zero-extended, NaNs replaced by the canonical NaN.
uint64_t resF32(float F) { return std::isnan(F) ? CanonNaN32 : bits(F); }
uint64_t resF64(double D) { return std::isnan(D) ? CanonNaN64 : bits(D); }
/// A 32-bit integer result, sign-extended.
uint64_t sx32(uint32_t V) { return uint64_t(int64_t(int32_t(V))); }

/// A register holding an f32 operand: garbage in the upper half, which f32
/// operands must ignore.
uint64_t f32Reg(float F) { return 0xa5a5a5a500000000ull | bits(F); }
uint64_t f32Reg(uint32_t B) { return 0x5a5a5a5a00000000ull | B; }

const float Inf32 = std::numeric_limits<float>::infinity();
const double Inf64 = std::numeric_limits<double>::infinity();

class Float : public SimTest {
protected:
  // Each helper runs a fresh one-instruction program.
  uint64_t unary(unsigned Opcode, uint64_t A) {
    InitX[5] = A;
    EXPECT_EQ(run({inst(Opcode, {reg(r(4)), reg(r(5))})}), 0);
    return x(4);
  }
  uint64_t binary(unsigned Opcode, uint64_t A, uint64_t B) {
    InitX[5] = A;
    InitX[6] = B;
    EXPECT_EQ(run({inst(Opcode, {reg(r(4)), reg(r(5)), reg(r(6))})}), 0);
    return x(4);
  }
  uint64_t ternary(unsigned Opcode, uint64_t A, uint64_t B, uint64_t C) {
    InitX[5] = A;
    InitX[6] = B;
    InitX[7] = C;
    EXPECT_EQ(run({inst(Opcode,
                        {reg(r(4)), reg(r(5)), reg(r(6)), reg(r(7))})}),
              0);
    return x(4);
  }
};

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

TEST_F(Float, F32Arithmetic) {
  const float Vals[] = {1.5f,     -2.25f,   0.1f,       3.0f,  1.0e30f,
                        -7.0e-3f, 16777216.0f, 1.0f,    -0.0f, 0.0f,
                        1.0e-40f /* subnormal */, 3.4e38f};
  for (float A : Vals)
    for (float B : Vals) {
      SCOPED_TRACE(testing::Message() << A << " op " << B);
      volatile float VA = A, VB = B;
      EXPECT_EQ(binary(A::F32_ADD, f32Reg(A), f32Reg(B)), resF32(VA + VB));
      EXPECT_EQ(binary(A::F32_SUB, f32Reg(A), f32Reg(B)), resF32(VA - VB));
      EXPECT_EQ(binary(A::F32_MUL, f32Reg(A), f32Reg(B)), resF32(VA * VB));
      EXPECT_EQ(binary(A::F32_DIV, f32Reg(A), f32Reg(B)), resF32(VA / VB));
    }
  // Round to nearest even: 1 + 2^-24 is a tie and rounds down to 1; 1 + 3 *
  // 2^-24 is a tie and rounds up to 1 + 2^-22.
  EXPECT_EQ(binary(A::F32_ADD, f32Reg(1.0f), f32Reg(0x1p-24f)),
            uint64_t(bits(1.0f)));
  EXPECT_EQ(binary(A::F32_ADD, f32Reg(1.0f), f32Reg(0x1.8p-23f)),
            uint64_t(bits(1.0f + 0x1p-22f)));
  // Overflow to infinity.
  EXPECT_EQ(binary(A::F32_MUL, f32Reg(3.0e38f), f32Reg(2.0f)),
            uint64_t(bits(Inf32)));
  // A negative result is zero-extended, not sign-extended.
  EXPECT_EQ(binary(A::F32_SUB, f32Reg(1.0f), f32Reg(3.0f)), 0xc0000000ull);
  // Division by zero gives a signed infinity.
  EXPECT_EQ(binary(A::F32_DIV, f32Reg(-1.0f), f32Reg(0.0f)),
            uint64_t(bits(-Inf32)));
}

TEST_F(Float, F32SquareRoot) {
  const float Vals[] = {4.0f, 2.0f, 0.5f, 1.0e-40f, 3.0e38f, 10.0f, 0.0f};
  for (float A : Vals) {
    volatile float VA = A;
    EXPECT_EQ(unary(A::F32_SQRT, f32Reg(A)), resF32(std::sqrt(VA))) << A;
  }
  EXPECT_EQ(unary(A::F32_SQRT, f32Reg(-0.0f)), uint64_t(bits(-0.0f)));
  EXPECT_EQ(unary(A::F32_SQRT, f32Reg(Inf32)), uint64_t(bits(Inf32)));
  EXPECT_EQ(unary(A::F32_SQRT, f32Reg(-1.0f)), CanonNaN32);
  EXPECT_EQ(unary(A::F32_SQRT, f32Reg(-Inf32)), CanonNaN32);
}

TEST_F(Float, F64Arithmetic) {
  const double Vals[] = {1.5,    -2.25,  0.1,   3.0,  1.0e300, -7.0e-3,
                         0x1p53, 1.0,    -0.0,  0.0,  4.9e-320, 1.7e308};
  for (double A : Vals)
    for (double B : Vals) {
      SCOPED_TRACE(testing::Message() << A << " op " << B);
      volatile double VA = A, VB = B;
      EXPECT_EQ(binary(A::F64_ADD, bits(A), bits(B)), resF64(VA + VB));
      EXPECT_EQ(binary(A::F64_SUB, bits(A), bits(B)), resF64(VA - VB));
      EXPECT_EQ(binary(A::F64_MUL, bits(A), bits(B)), resF64(VA * VB));
      EXPECT_EQ(binary(A::F64_DIV, bits(A), bits(B)), resF64(VA / VB));
    }
  EXPECT_EQ(binary(A::F64_ADD, bits(1.0), bits(0x1p-53)), bits(1.0));
  EXPECT_EQ(binary(A::F64_ADD, bits(1.0), bits(0x1.8p-52)),
            bits(1.0 + 0x1p-51));
  EXPECT_EQ(binary(A::F64_MUL, bits(1.0e308), bits(10.0)), bits(Inf64));
}

TEST_F(Float, F64SquareRoot) {
  const double Vals[] = {4.0, 2.0, 0.5, 4.9e-320, 1.7e308, 10.0, 0.0};
  for (double A : Vals) {
    volatile double VA = A;
    EXPECT_EQ(unary(A::F64_SQRT, bits(A)), resF64(std::sqrt(VA))) << A;
  }
  EXPECT_EQ(unary(A::F64_SQRT, bits(-0.0)), bits(-0.0));
  EXPECT_EQ(unary(A::F64_SQRT, bits(Inf64)), bits(Inf64));
  EXPECT_EQ(unary(A::F64_SQRT, bits(-1.0)), CanonNaN64);
  EXPECT_EQ(unary(A::F64_SQRT, bits(-Inf64)), CanonNaN64);
}

TEST_F(Float, FmaRoundsOnce) {
  // (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46: the product alone rounds to
  // 1 + 2^-22, so mul-then-add gives 0 while the fused result is 2^-46.
  {
    float A = 1.0f + 0x1p-23f, C = -(1.0f + 0x1p-22f);
    volatile float P = A * A;
    float Separate = P + C;
    float Fused = std::fma(A, A, C);
    ASSERT_NE(bits(Separate), bits(Fused)); // the case is meaningful
    EXPECT_EQ(ternary(A::F32_FMA, f32Reg(A), f32Reg(A), f32Reg(C)),
              resF32(Fused));
    EXPECT_EQ(Fused, 0x1p-46f);
  }
  {
    double A = 1.0 + 0x1p-52, C = -(1.0 + 0x1p-51);
    volatile double P = A * A;
    double Separate = P + C;
    double Fused = std::fma(A, A, C);
    ASSERT_NE(bits(Separate), bits(Fused));
    EXPECT_EQ(ternary(A::F64_FMA, bits(A), bits(A), bits(C)), resF64(Fused));
    EXPECT_EQ(Fused, 0x1p-104);
  }
  // A few ordinary cases, and an invalid one (inf * 0 + x is NaN).
  const float Vs[] = {0.1f, -3.5f, 7.25f, 1.0e20f};
  for (float A : Vs)
    for (float B : Vs)
      for (float C : Vs)
        EXPECT_EQ(ternary(A::F32_FMA, f32Reg(A), f32Reg(B), f32Reg(C)),
                  resF32(std::fma(A, B, C)));
  EXPECT_EQ(ternary(A::F32_FMA, f32Reg(Inf32), f32Reg(0.0f), f32Reg(1.0f)),
            CanonNaN32);
  EXPECT_EQ(ternary(A::F64_FMA, bits(Inf64), bits(0.0), bits(1.0)),
            CanonNaN64);
}

//===----------------------------------------------------------------------===//
// NaN handling, min/max, sign operations, compares
//===----------------------------------------------------------------------===//

TEST_F(Float, CanonicalNaNResults) {
  // A quiet NaN with a payload, a signalling one, and a negative one.
  const uint32_t NaNs32[] = {0x7fc12345u, 0x7f800001u, 0xffc00000u,
                             0xffbfffffu};
  EXPECT_EQ(binary(A::F32_DIV, f32Reg(0.0f), f32Reg(0.0f)), CanonNaN32);
  EXPECT_EQ(binary(A::F32_SUB, f32Reg(Inf32), f32Reg(Inf32)), CanonNaN32);
  EXPECT_EQ(binary(A::F32_ADD, f32Reg(Inf32), f32Reg(-Inf32)), CanonNaN32);
  EXPECT_EQ(binary(A::F32_MUL, f32Reg(Inf32), f32Reg(0.0f)), CanonNaN32);
  EXPECT_EQ(binary(A::F32_DIV, f32Reg(Inf32), f32Reg(-Inf32)), CanonNaN32);
  for (uint32_t N : NaNs32) {
    SCOPED_TRACE(testing::Message() << std::hex << N);
    // NaN payloads are not propagated.
    EXPECT_EQ(binary(A::F32_ADD, f32Reg(N), f32Reg(1.0f)), CanonNaN32);
    EXPECT_EQ(binary(A::F32_MUL, f32Reg(2.0f), f32Reg(N)), CanonNaN32);
    EXPECT_EQ(binary(A::F32_DIV, f32Reg(N), f32Reg(N)), CanonNaN32);
    EXPECT_EQ(unary(A::F32_SQRT, f32Reg(N)), CanonNaN32);
    EXPECT_EQ(ternary(A::F32_FMA, f32Reg(1.0f), f32Reg(1.0f), f32Reg(N)),
              CanonNaN32);
  }

  const uint64_t NaNs64[] = {0x7ff8000000012345ull, 0x7ff0000000000001ull,
                             0xfff8000000000000ull, 0xfff7ffffffffffffull};
  EXPECT_EQ(binary(A::F64_DIV, bits(0.0), bits(0.0)), CanonNaN64);
  EXPECT_EQ(binary(A::F64_SUB, bits(Inf64), bits(Inf64)), CanonNaN64);
  EXPECT_EQ(binary(A::F64_MUL, bits(-Inf64), bits(0.0)), CanonNaN64);
  for (uint64_t N : NaNs64) {
    SCOPED_TRACE(testing::Message() << std::hex << N);
    EXPECT_EQ(binary(A::F64_ADD, N, bits(1.0)), CanonNaN64);
    EXPECT_EQ(binary(A::F64_SUB, bits(1.0), N), CanonNaN64);
    EXPECT_EQ(unary(A::F64_SQRT, N), CanonNaN64);
    EXPECT_EQ(ternary(A::F64_FMA, N, bits(1.0), bits(1.0)), CanonNaN64);
  }
}

TEST_F(Float, MinMaxNaNAndSignedZero) {
  const uint32_t QNaN = 0x7fc12345u, SNaN = 0x7f800001u, NegNaN = 0xffc00001u;
  // Exactly one NaN: the other operand, whichever side.
  for (uint32_t N : {QNaN, SNaN, NegNaN}) {
    EXPECT_EQ(binary(A::F32_MIN, f32Reg(N), f32Reg(-3.0f)),
              uint64_t(bits(-3.0f)));
    EXPECT_EQ(binary(A::F32_MIN, f32Reg(-3.0f), f32Reg(N)),
              uint64_t(bits(-3.0f)));
    EXPECT_EQ(binary(A::F32_MAX, f32Reg(N), f32Reg(2.5f)),
              uint64_t(bits(2.5f)));
    EXPECT_EQ(binary(A::F32_MAX, f32Reg(2.5f), f32Reg(N)),
              uint64_t(bits(2.5f)));
  }
  // Both NaN: the canonical NaN.
  EXPECT_EQ(binary(A::F32_MIN, f32Reg(QNaN), f32Reg(NegNaN)), CanonNaN32);
  EXPECT_EQ(binary(A::F32_MAX, f32Reg(SNaN), f32Reg(QNaN)), CanonNaN32);
  // -0 < +0, in either operand order.
  EXPECT_EQ(binary(A::F32_MIN, f32Reg(-0.0f), f32Reg(0.0f)), 0x80000000ull);
  EXPECT_EQ(binary(A::F32_MIN, f32Reg(0.0f), f32Reg(-0.0f)), 0x80000000ull);
  EXPECT_EQ(binary(A::F32_MAX, f32Reg(-0.0f), f32Reg(0.0f)), 0u);
  EXPECT_EQ(binary(A::F32_MAX, f32Reg(0.0f), f32Reg(-0.0f)), 0u);
  // Ordinary values; infinities.
  EXPECT_EQ(binary(A::F32_MIN, f32Reg(-Inf32), f32Reg(-1.0e38f)),
            uint64_t(bits(-Inf32)));
  EXPECT_EQ(binary(A::F32_MAX, f32Reg(-Inf32), f32Reg(-1.0e38f)),
            uint64_t(bits(-1.0e38f)));
  EXPECT_EQ(binary(A::F32_MIN, f32Reg(7.0f), f32Reg(-7.0f)),
            uint64_t(bits(-7.0f)));

  const uint64_t QNaN64 = 0x7ff8000000abcdefull, SNaN64 = 0x7ff0000000000001ull,
                 NegNaN64 = 0xfff8000000000001ull;
  for (uint64_t N : {QNaN64, SNaN64, NegNaN64}) {
    EXPECT_EQ(binary(A::F64_MIN, N, bits(-3.0)), bits(-3.0));
    EXPECT_EQ(binary(A::F64_MIN, bits(-3.0), N), bits(-3.0));
    EXPECT_EQ(binary(A::F64_MAX, N, bits(2.5)), bits(2.5));
    EXPECT_EQ(binary(A::F64_MAX, bits(2.5), N), bits(2.5));
  }
  EXPECT_EQ(binary(A::F64_MIN, QNaN64, NegNaN64), CanonNaN64);
  EXPECT_EQ(binary(A::F64_MAX, SNaN64, QNaN64), CanonNaN64);
  EXPECT_EQ(binary(A::F64_MIN, bits(-0.0), bits(0.0)), bits(-0.0));
  EXPECT_EQ(binary(A::F64_MIN, bits(0.0), bits(-0.0)), bits(-0.0));
  EXPECT_EQ(binary(A::F64_MAX, bits(-0.0), bits(0.0)), bits(0.0));
  EXPECT_EQ(binary(A::F64_MAX, bits(0.0), bits(-0.0)), bits(0.0));
  EXPECT_EQ(binary(A::F64_MAX, bits(1.0e300), bits(Inf64)), bits(Inf64));
}

TEST_F(Float, NegAbsTouchOnlyTheSignBit) {
  // NaN payloads survive (no canonicalization), quiet or signalling.
  EXPECT_EQ(unary(A::F32_NEG, f32Reg(0x7fa12345u)), 0xffa12345ull);
  EXPECT_EQ(unary(A::F32_NEG, f32Reg(0xff800001u)), 0x7f800001ull);
  EXPECT_EQ(unary(A::F32_ABS, f32Reg(0xffc00001u)), 0x7fc00001ull);
  EXPECT_EQ(unary(A::F32_ABS, f32Reg(0x7f812345u)), 0x7f812345ull);
  // Zeros, infinities, numbers; the result is zero-extended.
  EXPECT_EQ(unary(A::F32_NEG, f32Reg(0.0f)), 0x80000000ull);
  EXPECT_EQ(unary(A::F32_NEG, f32Reg(-0.0f)), 0u);
  EXPECT_EQ(unary(A::F32_ABS, f32Reg(-0.0f)), 0u);
  EXPECT_EQ(unary(A::F32_NEG, f32Reg(1.0f)), uint64_t(bits(-1.0f)));
  EXPECT_EQ(unary(A::F32_ABS, f32Reg(-Inf32)), uint64_t(bits(Inf32)));

  EXPECT_EQ(unary(A::F64_NEG, 0x7ff0000000000001ull), 0xfff0000000000001ull);
  EXPECT_EQ(unary(A::F64_NEG, 0xfff8dead0000beefull), 0x7ff8dead0000beefull);
  EXPECT_EQ(unary(A::F64_ABS, 0xfff8dead0000beefull), 0x7ff8dead0000beefull);
  EXPECT_EQ(unary(A::F64_ABS, 0x7ff4000000000000ull), 0x7ff4000000000000ull);
  EXPECT_EQ(unary(A::F64_NEG, bits(0.0)), bits(-0.0));
  EXPECT_EQ(unary(A::F64_ABS, bits(-2.5)), bits(2.5));
}

TEST_F(Float, ComparesWithNaN) {
  const uint32_t NaN32[] = {0x7fc00000u, 0x7f800001u, 0xffc12345u};
  for (uint32_t N : NaN32)
    for (float O : {1.0f, Inf32, -Inf32, 0.0f}) {
      uint64_t NR = f32Reg(N), OR = f32Reg(O);
      for (unsigned Op : {A::F32_EQ, A::F32_LT, A::F32_LE}) {
        EXPECT_EQ(binary(Op, NR, OR), 0u);
        EXPECT_EQ(binary(Op, OR, NR), 0u);
        EXPECT_EQ(binary(Op, NR, NR), 0u);
      }
      EXPECT_EQ(binary(A::F32_UN, NR, OR), 1u);
      EXPECT_EQ(binary(A::F32_UN, OR, NR), 1u);
      EXPECT_EQ(binary(A::F32_UN, NR, NR), 1u);
    }
  // Ordered operands; -0 == +0; results are 1 or 0 in the whole register.
  EXPECT_EQ(binary(A::F32_EQ, f32Reg(-0.0f), f32Reg(0.0f)), 1u);
  EXPECT_EQ(binary(A::F32_LT, f32Reg(-0.0f), f32Reg(0.0f)), 0u);
  EXPECT_EQ(binary(A::F32_LE, f32Reg(0.0f), f32Reg(-0.0f)), 1u);
  EXPECT_EQ(binary(A::F32_LT, f32Reg(-1.0f), f32Reg(1.0f)), 1u);
  EXPECT_EQ(binary(A::F32_LT, f32Reg(1.0f), f32Reg(-1.0f)), 0u);
  EXPECT_EQ(binary(A::F32_LE, f32Reg(2.0f), f32Reg(2.0f)), 1u);
  EXPECT_EQ(binary(A::F32_EQ, f32Reg(2.0f), f32Reg(2.5f)), 0u);
  EXPECT_EQ(binary(A::F32_UN, f32Reg(2.0f), f32Reg(Inf32)), 0u);
  // Upper halves differ, f32 values equal: equal.
  EXPECT_EQ(binary(A::F32_EQ, 0x1234567800000000ull | bits(3.0f),
                   0x9abcdef000000000ull | bits(3.0f)),
            1u);

  const uint64_t NaN64[] = {CanonNaN64, 0x7ff0000000000001ull,
                            0xfff8000000012345ull};
  for (uint64_t N : NaN64)
    for (double O : {1.0, Inf64, -Inf64, 0.0}) {
      for (unsigned Op : {A::F64_EQ, A::F64_LT, A::F64_LE}) {
        EXPECT_EQ(binary(Op, N, bits(O)), 0u);
        EXPECT_EQ(binary(Op, bits(O), N), 0u);
        EXPECT_EQ(binary(Op, N, N), 0u);
      }
      EXPECT_EQ(binary(A::F64_UN, N, bits(O)), 1u);
      EXPECT_EQ(binary(A::F64_UN, bits(O), N), 1u);
    }
  EXPECT_EQ(binary(A::F64_EQ, bits(-0.0), bits(0.0)), 1u);
  EXPECT_EQ(binary(A::F64_LT, bits(-Inf64), bits(-1.0e308)), 1u);
  EXPECT_EQ(binary(A::F64_LE, bits(1.0), bits(0.5)), 0u);
  EXPECT_EQ(binary(A::F64_UN, bits(1.0), bits(2.0)), 0u);
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

TEST_F(Float, FloatToFloat) {
  // f32 -> f64 is exact; the source's upper half is ignored.
  for (float F : {1.5f, -0.0f, 0.1f, 1.0e-40f, 3.4e38f, Inf32, -Inf32})
    EXPECT_EQ(unary(A::CVT_F64_F32, f32Reg(F)), bits(double(F))) << F;
  EXPECT_EQ(unary(A::CVT_F64_F32, f32Reg(0x7fc12345u)), CanonNaN64);
  EXPECT_EQ(unary(A::CVT_F64_F32, f32Reg(0xff800001u)), CanonNaN64);

  // f64 -> f32 rounds to nearest even; overflow gives infinity; the result
  // is zero-extended.
  const double Ds[] = {0.1,
                       -0.1,
                       1.0 + 0x1p-24,           // tie: rounds to even (1.0)
                       1.0 + 0x1p-24 + 0x1p-40, // above the tie: rounds up
                       1.0 + 0x1.8p-23,         // tie: rounds to even (up)
                       1.0e40,
                       -1.0e40,
                       1.0e-50,
                       -0.0,
                       3.4028235677973366e38}; // FLT_MAX + ulp/2
  for (double D : Ds) {
    volatile double VD = D;
    EXPECT_EQ(unary(A::CVT_F32_F64, bits(D)), resF32(float(VD))) << D;
  }
  EXPECT_EQ(unary(A::CVT_F32_F64, bits(1.0 + 0x1p-24)), uint64_t(bits(1.0f)));
  EXPECT_EQ(unary(A::CVT_F32_F64, bits(1.0 + 0x1p-24 + 0x1p-40)),
            uint64_t(bits(1.0f + 0x1p-23f)));
  EXPECT_EQ(unary(A::CVT_F32_F64, bits(-1.0e40)), uint64_t(bits(-Inf32)));
  EXPECT_EQ(unary(A::CVT_F32_F64, bits(-2.0)), 0xc0000000ull);
  EXPECT_EQ(unary(A::CVT_F32_F64, 0x7ff8000000012345ull), CanonNaN32);
  EXPECT_EQ(unary(A::CVT_F32_F64, 0xfff0000000000001ull), CanonNaN32);
}

TEST_F(Float, FloatToInt32Saturates) {
  const uint64_t I32Max = 0x7fffffffull;
  const uint64_t I32Min = 0xffffffff80000000ull; // sign-extended
  const uint64_t AllOnes = ~uint64_t(0);

  // cvt.i32.f32
  EXPECT_EQ(unary(A::CVT_I32_F32, f32Reg(-1.5f)), sx32(uint32_t(-1)));
  EXPECT_EQ(unary(A::CVT_I32_F32, f32Reg(2.99f)), 2u);
  EXPECT_EQ(unary(A::CVT_I32_F32, f32Reg(-0.0f)), 0u);
  EXPECT_EQ(unary(A::CVT_I32_F32, f32Reg(-123456.7f)), sx32(uint32_t(-123456)));
  EXPECT_EQ(unary(A::CVT_I32_F32, f32Reg(2147483520.0f)), 2147483520u);
  EXPECT_EQ(unary(A::CVT_I32_F32, f32Reg(2147483648.0f)), I32Max);
  EXPECT_EQ(unary(A::CVT_I32_F32, f32Reg(3.0e9f)), I32Max);
  EXPECT_EQ(unary(A::CVT_I32_F32, f32Reg(Inf32)), I32Max);
  EXPECT_EQ(unary(A::CVT_I32_F32, f32Reg(-2147483648.0f)), I32Min);
  EXPECT_EQ(unary(A::CVT_I32_F32, f32Reg(-3.0e9f)), I32Min);
  EXPECT_EQ(unary(A::CVT_I32_F32, f32Reg(-Inf32)), I32Min);
  EXPECT_EQ(unary(A::CVT_I32_F32, f32Reg(0x7fc00000u)), 0u);
  EXPECT_EQ(unary(A::CVT_I32_F32, f32Reg(0xffc12345u)), 0u);

  // cvt.u32.f32: results sign-extended from bit 31 too.
  EXPECT_EQ(unary(A::CVT_U32_F32, f32Reg(3.0e9f)), 0xffffffffb2d05e00ull);
  EXPECT_EQ(unary(A::CVT_U32_F32, f32Reg(1.0e9f)), 1000000000u);
  EXPECT_EQ(unary(A::CVT_U32_F32, f32Reg(4294967040.0f)),
            sx32(4294967040u));
  EXPECT_EQ(unary(A::CVT_U32_F32, f32Reg(5.0e9f)), AllOnes);
  EXPECT_EQ(unary(A::CVT_U32_F32, f32Reg(4294967296.0f)), AllOnes);
  EXPECT_EQ(unary(A::CVT_U32_F32, f32Reg(Inf32)), AllOnes);
  EXPECT_EQ(unary(A::CVT_U32_F32, f32Reg(-1.0f)), 0u);
  EXPECT_EQ(unary(A::CVT_U32_F32, f32Reg(-0.75f)), 0u);
  EXPECT_EQ(unary(A::CVT_U32_F32, f32Reg(-3.0e9f)), 0u);
  EXPECT_EQ(unary(A::CVT_U32_F32, f32Reg(-Inf32)), 0u);
  EXPECT_EQ(unary(A::CVT_U32_F32, f32Reg(0x7fc00000u)), 0u);
  EXPECT_EQ(unary(A::CVT_U32_F32, f32Reg(7.9f)), 7u);

  // cvt.i32.f64
  EXPECT_EQ(unary(A::CVT_I32_F64, bits(2147483647.9)), I32Max);
  EXPECT_EQ(unary(A::CVT_I32_F64, bits(2147483648.0)), I32Max);
  EXPECT_EQ(unary(A::CVT_I32_F64, bits(1.0e300)), I32Max);
  EXPECT_EQ(unary(A::CVT_I32_F64, bits(Inf64)), I32Max);
  EXPECT_EQ(unary(A::CVT_I32_F64, bits(-2147483648.9)), I32Min);
  EXPECT_EQ(unary(A::CVT_I32_F64, bits(-2147483649.0)), I32Min);
  EXPECT_EQ(unary(A::CVT_I32_F64, bits(-Inf64)), I32Min);
  EXPECT_EQ(unary(A::CVT_I32_F64, bits(-2147483647.5)),
            sx32(uint32_t(-2147483647)));
  EXPECT_EQ(unary(A::CVT_I32_F64, bits(-7.9)), sx32(uint32_t(-7)));
  EXPECT_EQ(unary(A::CVT_I32_F64, CanonNaN64), 0u);
  EXPECT_EQ(unary(A::CVT_I32_F64, 0xfff0000000000001ull), 0u);

  // cvt.u32.f64
  EXPECT_EQ(unary(A::CVT_U32_F64, bits(3.0e9)), 0xffffffffb2d05e00ull);
  EXPECT_EQ(unary(A::CVT_U32_F64, bits(2147483648.0)), 0xffffffff80000000ull);
  EXPECT_EQ(unary(A::CVT_U32_F64, bits(2147483647.0)), 0x7fffffffull);
  EXPECT_EQ(unary(A::CVT_U32_F64, bits(4294967295.5)), AllOnes);
  EXPECT_EQ(unary(A::CVT_U32_F64, bits(4294967296.0)), AllOnes);
  EXPECT_EQ(unary(A::CVT_U32_F64, bits(Inf64)), AllOnes);
  EXPECT_EQ(unary(A::CVT_U32_F64, bits(-1.0)), 0u);
  EXPECT_EQ(unary(A::CVT_U32_F64, bits(-0.999)), 0u);
  EXPECT_EQ(unary(A::CVT_U32_F64, bits(-Inf64)), 0u);
  EXPECT_EQ(unary(A::CVT_U32_F64, CanonNaN64), 0u);
}

TEST_F(Float, FloatToInt64Saturates) {
  const uint64_t I64Max = uint64_t(INT64_MAX), I64Min = uint64_t(INT64_MIN);
  const uint64_t U64Max = UINT64_MAX;

  // cvt.i64.f32
  EXPECT_EQ(unary(A::CVT_I64_F32, f32Reg(-2.75f)), uint64_t(-2));
  EXPECT_EQ(unary(A::CVT_I64_F32, f32Reg(1.0e18f)),
            uint64_t(int64_t(1.0e18f)));
  EXPECT_EQ(unary(A::CVT_I64_F32, f32Reg(0x1p62f)), uint64_t(1) << 62);
  EXPECT_EQ(unary(A::CVT_I64_F32, f32Reg(0x1p63f)), I64Max);
  EXPECT_EQ(unary(A::CVT_I64_F32, f32Reg(1.0e19f)), I64Max);
  EXPECT_EQ(unary(A::CVT_I64_F32, f32Reg(Inf32)), I64Max);
  EXPECT_EQ(unary(A::CVT_I64_F32, f32Reg(-0x1p63f)), I64Min);
  EXPECT_EQ(unary(A::CVT_I64_F32, f32Reg(-1.0e19f)), I64Min);
  EXPECT_EQ(unary(A::CVT_I64_F32, f32Reg(-Inf32)), I64Min);
  EXPECT_EQ(unary(A::CVT_I64_F32, f32Reg(0x7fc00000u)), 0u);

  // cvt.u64.f32
  EXPECT_EQ(unary(A::CVT_U64_F32, f32Reg(1.8e19f)),
            uint64_t(1.8e19f)); // exactly representable
  EXPECT_EQ(unary(A::CVT_U64_F32, f32Reg(0x1p63f)), uint64_t(1) << 63);
  EXPECT_EQ(unary(A::CVT_U64_F32, f32Reg(0x1p64f)), U64Max);
  EXPECT_EQ(unary(A::CVT_U64_F32, f32Reg(1.0e20f)), U64Max);
  EXPECT_EQ(unary(A::CVT_U64_F32, f32Reg(Inf32)), U64Max);
  EXPECT_EQ(unary(A::CVT_U64_F32, f32Reg(-5.0f)), 0u);
  EXPECT_EQ(unary(A::CVT_U64_F32, f32Reg(-0.5f)), 0u);
  EXPECT_EQ(unary(A::CVT_U64_F32, f32Reg(-Inf32)), 0u);
  EXPECT_EQ(unary(A::CVT_U64_F32, f32Reg(0xffc00000u)), 0u);
  EXPECT_EQ(unary(A::CVT_U64_F32, f32Reg(3.99f)), 3u);

  // cvt.i64.f64
  EXPECT_EQ(unary(A::CVT_I64_F64, bits(-2.75)), uint64_t(-2));
  EXPECT_EQ(unary(A::CVT_I64_F64, bits(0x1p62 + 0x1p10)),
            (uint64_t(1) << 62) + 1024);
  EXPECT_EQ(unary(A::CVT_I64_F64, bits(0x1p63)), I64Max);
  EXPECT_EQ(unary(A::CVT_I64_F64, bits(9.3e18)), I64Max);
  EXPECT_EQ(unary(A::CVT_I64_F64, bits(Inf64)), I64Max);
  EXPECT_EQ(unary(A::CVT_I64_F64, bits(-0x1p63)), I64Min);
  EXPECT_EQ(unary(A::CVT_I64_F64, bits(-9.3e18)), I64Min);
  EXPECT_EQ(unary(A::CVT_I64_F64, bits(-Inf64)), I64Min);
  EXPECT_EQ(unary(A::CVT_I64_F64, CanonNaN64), 0u);

  // cvt.u64.f64
  EXPECT_EQ(unary(A::CVT_U64_F64, bits(1.5e19)), uint64_t(1.5e19));
  EXPECT_EQ(unary(A::CVT_U64_F64, bits(0x1p64 - 0x1p11)),
            UINT64_MAX - 2047); // the largest double below 2^64
  EXPECT_EQ(unary(A::CVT_U64_F64, bits(0x1p64)), U64Max);
  EXPECT_EQ(unary(A::CVT_U64_F64, bits(1.0e30)), U64Max);
  EXPECT_EQ(unary(A::CVT_U64_F64, bits(Inf64)), U64Max);
  EXPECT_EQ(unary(A::CVT_U64_F64, bits(-1.0)), 0u);
  EXPECT_EQ(unary(A::CVT_U64_F64, bits(-1.0e30)), 0u);
  EXPECT_EQ(unary(A::CVT_U64_F64, bits(-Inf64)), 0u);
  EXPECT_EQ(unary(A::CVT_U64_F64, 0x7ff0000000000001ull), 0u);
}

TEST_F(Float, IntToFloatRounds) {
  // cvt.f32.i32: lo32 as signed, rounded to nearest even. 2^24 + 1 is a tie
  // between 2^24 and 2^24 + 2 (even: 2^24); 2^24 + 3 ties to 2^24 + 4.
  EXPECT_EQ(unary(A::CVT_F32_I32, 16777217u), uint64_t(bits(16777216.0f)));
  EXPECT_EQ(unary(A::CVT_F32_I32, 16777219u), uint64_t(bits(16777220.0f)));
  EXPECT_EQ(unary(A::CVT_F32_I32, 16777221u), uint64_t(bits(16777220.0f)));
  for (int32_t I : {0, 1, -1, 123456789, -123456789, INT32_MAX, INT32_MIN,
                    -16777217, 0x7fffffbf, 0x7fffffc0}) {
    volatile int32_t VI = I;
    // The upper half of the source is ignored.
    EXPECT_EQ(unary(A::CVT_F32_I32, 0xdeadbeef00000000ull | uint32_t(I)),
              uint64_t(bits(float(VI))))
        << I;
  }
  EXPECT_EQ(unary(A::CVT_F32_I32, uint32_t(-1)), 0xbf800000ull); // zext

  // cvt.f32.u32
  EXPECT_EQ(unary(A::CVT_F32_U32, 0xffffffffull), uint64_t(bits(0x1p32f)));
  EXPECT_EQ(unary(A::CVT_F32_U32, 0x1234567880000000ull),
            uint64_t(bits(0x1p31f)));
  EXPECT_EQ(unary(A::CVT_F32_U32, 16777217u), uint64_t(bits(16777216.0f)));
  for (uint32_t U : {0u, 3000000000u, 0x80000080u, 0x80000081u, 0xffffff7fu}) {
    volatile uint32_t VU = U;
    EXPECT_EQ(unary(A::CVT_F32_U32, 0xffffffff00000000ull | U),
              uint64_t(bits(float(VU))))
        << U;
  }

  // cvt.f32.i64 / cvt.f32.u64: all 64 bits, rounded.
  for (int64_t I : {int64_t(0), int64_t(-1), (int64_t(1) << 53) + 1,
                    -((int64_t(1) << 40) + 1), INT64_MIN, INT64_MAX,
                    // ulp(2^62) in f32 is 2^39: ties at odd multiples of 2^38.
                    int64_t(0x4000004000000000) /* tie, rounds down */,
                    int64_t(0x400000c000000000) /* tie, rounds up */,
                    int64_t(0x4000004000000001) /* just above the tie */}) {
    volatile int64_t VI = I;
    EXPECT_EQ(unary(A::CVT_F32_I64, uint64_t(I)), uint64_t(bits(float(VI))))
        << I;
  }
  EXPECT_EQ(unary(A::CVT_F32_I64, 0x4000004000000000ull),
            uint64_t(bits(0x1p62f)));
  EXPECT_EQ(unary(A::CVT_F32_I64, 0x4000004000000001ull),
            uint64_t(bits(0x1p62f + 0x1p39f)));
  // ulp(2^63) in f32 is 2^40.
  for (uint64_t U : std::initializer_list<uint64_t>{
           0, UINT64_MAX, 0x8000008000000000ull, 0x8000008000000001ull,
           0x8000018000000000ull, 0xffffff7fffffffffull, 16777217}) {
    volatile uint64_t VU = U;
    EXPECT_EQ(unary(A::CVT_F32_U64, U), uint64_t(bits(float(VU)))) << U;
  }
  EXPECT_EQ(unary(A::CVT_F32_U64, UINT64_MAX), uint64_t(bits(0x1p64f)));
  EXPECT_EQ(unary(A::CVT_F32_U64, 0x8000008000000001ull),
            uint64_t(bits(0x1p63f + 0x1p40f)));

  // cvt.f64.i32 / cvt.f64.u32: lo32, exact.
  EXPECT_EQ(unary(A::CVT_F64_I32, 0xffffffff80000000ull), bits(-2147483648.0));
  EXPECT_EQ(unary(A::CVT_F64_I32, 0x00000001ffffffffull), bits(-1.0));
  EXPECT_EQ(unary(A::CVT_F64_I32, 0x7fffffffull), bits(2147483647.0));
  EXPECT_EQ(unary(A::CVT_F64_U32, 0xffffffffull), bits(4294967295.0));
  EXPECT_EQ(unary(A::CVT_F64_U32, 0xabcdef0080000000ull), bits(2147483648.0));

  // cvt.f64.i64 / cvt.f64.u64: rounded.
  for (int64_t I : {(int64_t(1) << 53) + 1, (int64_t(1) << 53) + 3,
                    INT64_MIN, INT64_MAX, int64_t(-12345678901234567)}) {
    volatile int64_t VI = I;
    EXPECT_EQ(unary(A::CVT_F64_I64, uint64_t(I)), bits(double(VI))) << I;
  }
  EXPECT_EQ(unary(A::CVT_F64_I64, (uint64_t(1) << 53) + 1), bits(0x1p53));
  for (uint64_t U : {UINT64_MAX, (uint64_t(1) << 63) + 1024,
                     (uint64_t(1) << 63) + 1025, (uint64_t(1) << 63) + 3072,
                     uint64_t(12345678901234567)}) {
    volatile uint64_t VU = U;
    EXPECT_EQ(unary(A::CVT_F64_U64, U), bits(double(VU))) << U;
  }
  EXPECT_EQ(unary(A::CVT_F64_U64, UINT64_MAX), bits(0x1p64));
  EXPECT_EQ(unary(A::CVT_F64_U64, (uint64_t(1) << 63) + 1025),
            bits(0x1p63 + 0x1p11));
}

} // namespace
