//===-- StreamEngineTest.cpp - the vector stream engine -------------------===//
//
// docs/isa.md §7.13: each vs.* operation on blocks in the SPM against a host
// reference (f32 operations for the element-wise ones, double precision
// rounded once for the activations, sums and moments), its stream faults,
// and its timing: busy ceil(n / 64) cycles, results StreamLatency later,
// reductions waited for, loads and DMA starts held until the results are
// written.
//
//===----------------------------------------------------------------------===//

#include "SimHarness.h"
#include <cmath>
#include <cstdint>
#include <vector>

using namespace accel_test;
using namespace accel_sim; // FaultKind, Stats, StallCause

namespace {

constexpr uint64_t Lanes = 64;  // StreamLanes
constexpr uint64_t Latency = 6; // StreamLatency
constexpr uint64_t QueueDepth = 4; // StreamQueueDepth
constexpr uint64_t DmaLatency = 64;

uint32_t bits(float F) {
  uint32_t B;
  std::memcpy(&B, &F, 4);
  return B;
}

/// The canonical NaN for NaN, else the value's bits: the engine's results.
uint32_t resultBits(float F) { return std::isnan(F) ? 0x7fc00000u : bits(F); }

class StreamEngine : public SimTest {
protected:
  /// The exit waits for every operation's results: a vld.s waits for all
  /// of them (§7.13), here a row of SpmData's first float.
  StreamEngine() {
    InitX[28] = SpmData;
    BeforeExit = {{inst(A::VLD_S, {reg(v(31)), reg(r(28)), reg(r(0))})}};
  }

  static constexpr uint64_t ABase = SpmData + 0x10000;
  static constexpr uint64_t BBase = SpmData + 0x20000;
  static constexpr uint64_t CBase = SpmData + 0x30000;
  static constexpr uint64_t DBase = SpmData + 0x40000;
  static constexpr uint64_t PBase = SpmData + 0x50000; // parameters
  static constexpr uint64_t SBase = SpmData + 0x60000; // sums

  void pokeFloats(uint64_t Addr, const std::vector<float> &Fs) {
    for (size_t I = 0; I != Fs.size(); ++I)
      poke<float>(Addr + 4 * I, Fs[I]);
  }
  void expectFloats(uint64_t Addr, const std::vector<float> &Want) {
    for (size_t I = 0; I != Want.size(); ++I) {
      SCOPED_TRACE(testing::Message() << "element " << I);
      EXPECT_EQ(peek<uint32_t>(Addr + 4 * I), resultBits(Want[I]));
    }
  }
  /// vs.shape r5, r6 with rows and len, then \p Op.
  int runShaped(uint64_t Rows, uint64_t Len, MCInst Op) {
    InitX[5] = Rows;
    InitX[6] = Len;
    return run({inst(A::VS_SHAPE, {reg(r(5)), reg(r(6))}), Op});
  }
  /// Operands in r10..r13.
  static MCInst op4(unsigned Opcode) {
    return inst(Opcode, {reg(r(10)), reg(r(11)), reg(r(12)), reg(r(13))});
  }
  static MCInst op3(unsigned Opcode) {
    return inst(Opcode, {reg(r(10)), reg(r(11)), reg(r(12))});
  }
  static MCInst op2(unsigned Opcode) {
    return inst(Opcode, {reg(r(10)), reg(r(11))});
  }
};

/// Values with the cases that matter: signs, zeros, infinities, NaN,
/// fractions.
std::vector<float> awkward(size_t N, float Scale) {
  const float Special[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1.0f, -1.0f};
  std::vector<float> V(N);
  for (size_t I = 0; I != N; ++I)
    V[I] = I % 9 < 7 && I < 40 ? Special[(I + size_t(Scale)) % 7]
                               : Scale * std::sin(float(I) * 0.37f);
  return V;
}

TEST_F(StreamEngine, BinaryOperationsRoundAsF32) {
  const uint64_t Rows = 3, Len = 37, N = Rows * Len;
  std::vector<float> X = awkward(N, 3.0f), Y = awkward(N, 5.0f);
  struct Case {
    unsigned Opcode;
    float (*Ref)(float, float);
  } Cases[] = {
      {A::VS_ADD_F32, [](float A, float B) { return A + B; }},
      {A::VS_SUB_F32, [](float A, float B) { return A - B; }},
      {A::VS_MUL_F32, [](float A, float B) { return A * B; }},
      {A::VS_DIV_F32, [](float A, float B) { return A / B; }},
      // IEEE maxNum and minNum: a single NaN is ignored; -0 < +0.
      {A::VS_MAX_F32,
       [](float A, float B) {
         if (std::isnan(A) || std::isnan(B))
           return std::isnan(A) ? B : A;
         return A == B ? (std::signbit(A) ? B : A) : std::max(A, B);
       }},
      {A::VS_MIN_F32,
       [](float A, float B) {
         if (std::isnan(A) || std::isnan(B))
           return std::isnan(A) ? B : A;
         return A == B ? (std::signbit(A) ? A : B) : std::min(A, B);
       }},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(testing::Message() << "opcode " << C.Opcode);
    pokeFloats(ABase, X);
    pokeFloats(BBase, Y);
    InitX[10] = CBase, InitX[11] = ABase, InitX[12] = BBase;
    ASSERT_EQ(runShaped(Rows, Len, op3(C.Opcode)), 0);
    std::vector<float> Want(N);
    for (size_t I = 0; I != N; ++I)
      Want[I] = C.Ref(X[I], Y[I]);
    expectFloats(CBase, Want);
    // In place: the destination is the first source.
    InitX[10] = ABase;
    ASSERT_EQ(runShaped(Rows, Len, op3(C.Opcode)), 0);
    expectFloats(ABase, Want);
  }
}

TEST_F(StreamEngine, FmaScalesAndShiftsColumns) {
  const uint64_t Rows = 4, Len = 19;
  std::vector<float> X = awkward(Rows * Len, 2.0f), G(Len), B(Len);
  for (uint64_t I = 0; I != Len; ++I)
    G[I] = 0.5f + float(I) / 7.0f, B[I] = float(I) / 3.0f - 2.0f;
  pokeFloats(ABase, X);
  pokeFloats(BBase, G);
  pokeFloats(CBase, B);
  InitX[10] = DBase, InitX[11] = ABase, InitX[12] = BBase, InitX[13] = CBase;
  ASSERT_EQ(runShaped(Rows, Len, op4(A::VS_FMA_F32)), 0);
  std::vector<float> Want(Rows * Len);
  for (uint64_t R = 0; R != Rows; ++R)
    for (uint64_t I = 0; I != Len; ++I)
      Want[R * Len + I] = std::fma(X[R * Len + I], G[I], B[I]);
  expectFloats(DBase, Want);
}

TEST_F(StreamEngine, RowMaxAndMoments) {
  const uint64_t Rows = 5, Len = 67;
  std::vector<float> X(Rows * Len);
  for (uint64_t I = 0; I != X.size(); ++I)
    X[I] = 1000.0f + std::cos(float(I)) * float(I % 13); // a large offset
  X[2 * Len + 30] = NAN;      // ignored: row 2's maximum is a number
  for (uint64_t I = 0; I != Len; ++I)
    X[1 * Len + I] = NAN;     // row 1 is all NaN: its maximum is NaN
  X[3 * Len + 66] = 1e30f;    // row 3's, its last element
  X[4 * Len + 0] = -INFINITY; // row 4 keeps a finite maximum
  pokeFloats(ABase, X);
  InitX[10] = BBase, InitX[11] = ABase;
  ASSERT_EQ(runShaped(Rows, Len, op2(A::VS_REDMAX_F32)), 0);
  std::vector<float> WantMax(Rows);
  for (uint64_t R = 0; R != Rows; ++R) {
    float M = NAN; // fmax: NaN only when every element is
    for (uint64_t I = 0; I != Len; ++I)
      M = std::fmax(M, X[R * Len + I]);
    WantMax[R] = M;
  }
  expectFloats(BBase, WantMax);

  X[2 * Len + 30] = 7.0f;
  for (uint64_t I = 0; I != Len; ++I)
    X[1 * Len + I] = 1000.0f + float(I % 7);
  X[3 * Len + 66] = 1003.0f;
  X[4 * Len + 0] = 999.0f;
  pokeFloats(ABase, X);
  ASSERT_EQ(runShaped(Rows, Len, op2(A::VS_MOMENTS_F32)), 0);
  std::vector<float> Want(2 * Rows);
  for (uint64_t R = 0; R != Rows; ++R) {
    long double Sum = 0, Sq = 0;
    for (uint64_t I = 0; I != Len; ++I)
      Sum += X[R * Len + I];
    long double Mean = Sum / Len;
    for (uint64_t I = 0; I != Len; ++I)
      Sq += (X[R * Len + I] - Mean) * (X[R * Len + I] - Mean);
    Want[R] = float(Mean);
    Want[Rows + R] = float(Sq / Len);
  }
  // Accumulated in double and rounded once: the correctly rounded values
  // (a long double reference), within an ulp of the variance.
  for (uint64_t R = 0; R != Rows; ++R) {
    EXPECT_EQ(peek<float>(BBase + 4 * R), Want[R]);
    EXPECT_NEAR(peek<float>(BBase + 4 * (Rows + R)), Want[Rows + R],
                std::fabs(Want[Rows + R]) * 1.2e-7f);
  }
}

TEST_F(StreamEngine, ActivationsAgainstDoublePrecision) {
  const uint64_t Rows = 3, Len = 45, N = Rows * Len;
  std::vector<float> X = awkward(N, 4.0f);
  // bias[r], then scale[r].
  std::vector<float> P = {0.5f, -1.0f, 0.0f, 2.0f, 0.25f, -3.0f};
  struct Case {
    unsigned Opcode;
    double (*F)(double);
  } Cases[] = {
      {A::VS_ACT_NONE_F32, [](double T) { return T; }},
      {A::VS_ACT_RELU_F32, [](double T) { return T < 0 ? 0.0 : T; }},
      {A::VS_ACT_EXP_F32, [](double T) { return std::exp(T); }},
      {A::VS_ACT_LOG_F32, [](double T) { return std::log(T); }},
      {A::VS_ACT_SQUARE_F32, [](double T) { return T * T; }},
      {A::VS_ACT_SQRT_F32, [](double T) { return std::sqrt(T); }},
      {A::VS_ACT_RSQRT_F32, [](double T) { return 1.0 / std::sqrt(T); }},
      {A::VS_ACT_RCP_F32, [](double T) { return 1.0 / T; }},
      {A::VS_ACT_SIGMOID_F32, [](double T) { return 1.0 / (1.0 + std::exp(-T)); }},
      {A::VS_ACT_TANH_F32, [](double T) { return std::tanh(T); }},
      {A::VS_ACT_ERF_F32, [](double T) { return std::erf(T); }},
      // GELU's limit at -inf is -0 (the formulas give -inf x 0 there); the
      // erfc form keeps the tail for t << 0, where 1 + erf cancels.
      {A::VS_ACT_GELU_F32,
       [](double T) {
         return T == -INFINITY ? -0.0 : 0.5 * T * std::erfc(-T * M_SQRT1_2);
       }},
      // 0.5 t (1 + tanh u) = t / (1 + e^(-2u)), without the cancellation.
      {A::VS_ACT_GELU_TANH_F32,
       [](double T) {
         double U = std::sqrt(2.0 / M_PI) * (T + 0.044715 * T * T * T);
         return T == -INFINITY ? -0.0 : T / (1.0 + std::exp(-2.0 * U));
       }},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(testing::Message() << "opcode " << C.Opcode);
    pokeFloats(ABase, X);
    pokeFloats(PBase, P);
    InitX[10] = BBase, InitX[11] = ABase, InitX[12] = PBase,
    InitX[13] = SBase;
    ASSERT_EQ(runShaped(Rows, Len, op4(C.Opcode)), 0);
    std::vector<float> Want(N), WantSums(Rows);
    for (uint64_t R = 0; R != Rows; ++R) {
      double Sum = 0;
      for (uint64_t I = 0; I != Len; ++I) {
        double T = (double(X[R * Len + I]) - P[R]) * double(P[Rows + R]);
        float Y = float(C.F(T));
        Want[R * Len + I] = Y;
        Sum += std::isnan(Y) ? NAN : Y;
      }
      WantSums[R] = float(Sum);
    }
    expectFloats(BBase, Want);
    expectFloats(SBase, WantSums);
  }
}

TEST_F(StreamEngine, ActivationWithoutDestinationOrSums) {
  const uint64_t Len = 20;
  std::vector<float> X(Len, 2.0f), P = {0.0f, 1.0f};
  pokeFloats(ABase, X);
  pokeFloats(PBase, P);
  for (uint64_t I = 0; I != Len; ++I)
    poke<uint32_t>(BBase + 4 * I, 0xdeadbeef);
  poke<uint32_t>(SBase, 0xdeadbeef);
  // Sums only: the block at ra (r0) is not written.
  InitX[10] = 0, InitX[11] = ABase, InitX[12] = PBase, InitX[13] = SBase;
  ASSERT_EQ(runShaped(1, Len,
                      inst(A::VS_ACT_SQUARE_F32,
                           {reg(r(0)), reg(r(11)), reg(r(12)), reg(r(13))})),
            0);
  EXPECT_EQ(peek<float>(SBase), 80.0f);
  // Results only: nothing at the sums.
  poke<uint32_t>(SBase, 0xdeadbeef);
  ASSERT_EQ(runShaped(1, Len,
                      inst(A::VS_ACT_SQUARE_F32,
                           {reg(r(10)), reg(r(11)), reg(r(12)), reg(r(0))})),
            0);
  EXPECT_EQ(peek<uint32_t>(SBase), 0xdeadbeefu);
}

TEST_F(StreamEngine, StridedSources) {
  // Rows of 16 taken every 40 floats from a (a pooling window's every other
  // pixel), the same row of b for every row (stride 0), written every 24
  // floats (the rest of the destination untouched); vs.shape packs them
  // again.
  const uint64_t Rows = 5, Len = 16, StrideA = 40;
  std::vector<float> X(Rows * StrideA), Y(Len);
  for (size_t I = 0; I != X.size(); ++I)
    X[I] = float(I) * 0.5f - 30.0f;
  for (size_t I = 0; I != Y.size(); ++I)
    Y[I] = float(I) - 4.0f;
  pokeFloats(ABase, X);
  pokeFloats(BBase, Y);
  InitX[5] = Rows, InitX[6] = Len, InitX[7] = StrideA, InitX[8] = 0;
  InitX[9] = 24;
  for (uint64_t I = 0; I != 24 * Rows; ++I)
    poke<uint32_t>(CBase + 4 * I, 0xdeadbeef);
  InitX[10] = CBase, InitX[11] = ABase, InitX[12] = BBase;
  ASSERT_EQ(run({inst(A::VS_SHAPE, {reg(r(5)), reg(r(6))}),
                 inst(A::VS_STRIDE, {reg(r(9)), reg(r(7)), reg(r(8))}),
                 op3(A::VS_MAX_F32)}),
            0);
  std::vector<float> Want(Rows * Len);
  for (uint64_t R = 0; R != Rows; ++R)
    for (uint64_t I = 0; I != Len; ++I) {
      Want[R * Len + I] = std::max(X[R * StrideA + I], Y[I]);
      EXPECT_EQ(peek<uint32_t>(CBase + 4 * (R * 24 + I)),
                resultBits(Want[R * Len + I]));
    }
  for (uint64_t R = 0; R + 1 != Rows; ++R)
    for (uint64_t I = Len; I != 24; ++I)
      EXPECT_EQ(peek<uint32_t>(CBase + 4 * (R * 24 + I)), 0xdeadbeefu);
  // One-source operations take the first stride: a row maximum.
  InitX[10] = DBase;
  ASSERT_EQ(run({inst(A::VS_SHAPE, {reg(r(5)), reg(r(6))}),
                 inst(A::VS_STRIDE, {reg(r(6)), reg(r(7)), reg(r(8))}),
                 op2(A::VS_REDMAX_F32)}),
            0);
  for (uint64_t R = 0; R != Rows; ++R)
    EXPECT_EQ(peek<float>(DBase + 4 * R), X[R * StrideA + Len - 1]);
  // vs.shape resets the strides: packed rows of a and b.
  InitX[10] = CBase;
  ASSERT_EQ(run({inst(A::VS_STRIDE, {reg(r(9)), reg(r(7)), reg(r(8))}),
                 inst(A::VS_SHAPE, {reg(r(5)), reg(r(6))}),
                 op3(A::VS_ADD_F32)}),
            0);
  std::vector<float> Y2(Rows * Len);
  for (uint64_t I = 0; I != Rows * Len; ++I)
    Y2[I] = peek<float>(BBase + 4 * I);
  for (uint64_t I = 0; I != Rows * Len; ++I)
    Want[I] = X[I] + Y2[I];
  expectFloats(CBase, Want);
  // A strided source is checked over its whole footprint.
  InitX[11] = SpmData + accel_sim::Memory::SpmSize - 4 * (StrideA * 4 + 8);
  EXPECT_EQ(run({inst(A::VS_SHAPE, {reg(r(5)), reg(r(6))}),
                 inst(A::VS_STRIDE, {reg(r(6)), reg(r(7)), reg(r(8))}),
                 op3(A::VS_MAX_F32)}),
            int(FaultKind::StreamFault));
  // So is a strided destination.
  InitX[11] = ABase;
  InitX[10] = SpmData + accel_sim::Memory::SpmSize - 4 * (24 * 4 + 8);
  EXPECT_EQ(run({inst(A::VS_SHAPE, {reg(r(5)), reg(r(6))}),
                 inst(A::VS_STRIDE, {reg(r(9)), reg(r(7)), reg(r(8))}),
                 op3(A::VS_MAX_F32)}),
            int(FaultKind::StreamFault));
}

TEST_F(StreamEngine, EmptyShapeDoesNothing) {
  poke<uint32_t>(CBase, 0x12345678);
  InitX[10] = CBase, InitX[11] = DramData, InitX[12] = DramData;
  // rows x len = 0: no operand is touched, not even checked.
  EXPECT_EQ(runShaped(0, 100, op3(A::VS_ADD_F32)), 0);
  EXPECT_EQ(runShaped(100, 0, op3(A::VS_ADD_F32)), 0);
  EXPECT_EQ(peek<uint32_t>(CBase), 0x12345678u);
}

TEST_F(StreamEngine, OperandsOutsideTheScratchpadFault) {
  InitX[10] = CBase, InitX[11] = ABase, InitX[12] = BBase, InitX[13] = SBase;
  // A source in DRAM, a destination crossing the SPM's end, misaligned,
  // and rows x len larger than the SPM (and wrapping 64 bits).
  InitX[11] = DramData;
  EXPECT_EQ(runShaped(2, 16, op3(A::VS_ADD_F32)), int(FaultKind::StreamFault));
  InitX[11] = ABase;
  InitX[10] = SpmData + accel_sim::Memory::SpmSize - 64;
  EXPECT_EQ(runShaped(2, 16, op3(A::VS_MUL_F32)), int(FaultKind::StreamFault));
  InitX[10] = CBase + 2;
  EXPECT_EQ(runShaped(2, 16, op3(A::VS_SUB_F32)), int(FaultKind::StreamFault));
  InitX[10] = CBase;
  EXPECT_EQ(runShaped(1 << 20, 1 << 20, op2(A::VS_REDMAX_F32)),
            int(FaultKind::StreamFault));
  EXPECT_EQ(runShaped(uint64_t(1) << 33, uint64_t(1) << 33,
                      op2(A::VS_MOMENTS_F32)),
            int(FaultKind::StreamFault));
  // An activation's parameters and sums are checked for `rows` values each.
  InitX[12] = SpmData + accel_sim::Memory::SpmSize - 8;
  EXPECT_EQ(runShaped(4, 16, op4(A::VS_ACT_EXP_F32)),
            int(FaultKind::StreamFault));
  // vs.fma's columns are checked for len values.
  InitX[12] = BBase;
  InitX[13] = SpmData + accel_sim::Memory::SpmSize - 32;
  EXPECT_EQ(runShaped(1, 16, op4(A::VS_FMA_F32)), int(FaultKind::StreamFault));
}

//===----------------------------------------------------------------------===//
// Timing
//===----------------------------------------------------------------------===//

class StreamTiming : public StreamEngine {
protected:
  /// Timing read at the exit, with work in flight (SimHarness.h).
  StreamTiming() {
    BeforeExit.clear();
    RaceCheck = false;
  }
  const Stats &timed(const std::vector<std::vector<MCInst>> &Bundles) {
    EXPECT_EQ(runBundles(Bundles), 0);
    const Stats &S = Sim->stats();
    EXPECT_EQ(S.Cycles, S.Bundles + S.stallCycles());
    return S;
  }
  static std::vector<MCInst> one(MCInst I) { return {I}; }
  void setUp(uint64_t Rows, uint64_t Len) {
    InitX[5] = Rows, InitX[6] = Len;
    InitX[10] = CBase, InitX[11] = ABase, InitX[12] = BBase;
    InitX[13] = 0;
    InitX[14] = PBase;
    std::vector<float> P(2 * Rows, 1.0f);
    pokeFloats(PBase, P);
  }
  static MCInst shape() {
    return inst(A::VS_SHAPE, {reg(r(5)), reg(r(6))});
  }
};

/// A load of the block destination (r10) after \p Ops: it waits until
/// the engine has written the last operation's results.
static MCInst loadC() {
  return inst(A::LD_I32, {reg(r(20)), reg(r(10)), imm(0)});
}

TEST_F(StreamTiming, BusyForTheElementsAtSixtyFourACycle) {
  for (uint64_t N : {1u, 64u, 65u, 1000u, 4096u}) {
    SCOPED_TRACE(testing::Message() << N << " elements");
    setUp(1, N);
    uint64_t Busy = std::max<uint64_t>(1, (N + Lanes - 1) / Lanes);
    // Two independent element-wise operations issue back to back (the
    // engine queues the second); it starts max(busy, latency) cycles
    // after the first (issued at cycle 1), and the load at cycle 3 waits
    // for its results.
    const Stats &S = timed({one(shape()), one(op3(A::VS_ADD_F32)),
                            one(op3(A::VS_MUL_F32)), one(loadC())});
    uint64_t SecondDone = 1 + std::max(Busy, Latency) + Busy + Latency;
    EXPECT_EQ(S.Stalls[StallStreamBusy], SecondDone - 3);
    EXPECT_EQ(S.StreamBusyCycles, 2 * Busy);
  }
}

TEST_F(StreamTiming, AFullQueueStallsTheIssue) {
  setUp(1, 640); // 10 cycles each
  uint64_t Busy = 10;
  // Operation k issues once operation k - QueueDepth has started: the
  // QueueDepth + 2nd (at cycle QueueDepth + 2) waits for the second's
  // start, cycle 1 + Busy.
  std::vector<std::vector<MCInst>> Bundles = {one(shape())};
  for (uint64_t K = 0; K != QueueDepth + 2; ++K)
    Bundles.push_back(one(op3(A::VS_ADD_F32)));
  static_assert(QueueDepth + 2 < 1 + 10, "the queue fills before");
  const Stats &S = timed(Bundles);
  EXPECT_EQ(S.Stalls[StallStreamBusy], 1 + Busy - (QueueDepth + 2));
}

TEST_F(StreamTiming, AReductionsResultsAreWaitedFor) {
  setUp(4, 256); // 1024 elements: 16 cycles
  uint64_t Busy = 16;
  // The addition after a reduction starts when the reduction's results
  // are written (cycle 1 + Busy + Latency); the load waits for its own.
  uint64_t Done = 1 + Busy + Latency + Busy + Latency;
  const Stats &S = timed({one(shape()), one(op2(A::VS_REDMAX_F32)),
                          one(op3(A::VS_ADD_F32)), one(loadC())});
  EXPECT_EQ(S.Stalls[StallStreamBusy], Done - 3);
  // An activation with sums is a reduction too; without, it is not.
  InitX[13] = SBase;
  const Stats &WithSums =
      timed({one(shape()),
             one(inst(A::VS_ACT_EXP_F32,
                      {reg(r(10)), reg(r(11)), reg(r(14)), reg(r(13))})),
             one(op3(A::VS_ADD_F32)), one(loadC())});
  EXPECT_EQ(WithSums.Stalls[StallStreamBusy], Done - 3);
  const Stats &NoSums =
      timed({one(shape()),
             one(inst(A::VS_ACT_EXP_F32,
                      {reg(r(10)), reg(r(11)), reg(r(14)), reg(r(0))})),
             one(op3(A::VS_ADD_F32)), one(loadC())});
  EXPECT_EQ(NoSums.Stalls[StallStreamBusy], 1 + Busy + Busy + Latency - 3);
}

TEST_F(StreamTiming, LoadsWaitForTheResultsTheyTouch) {
  setUp(1, 640); // 10 cycles
  uint64_t Done = 1 + 10 + Latency;
  // A load of the destination right after the operation waits until its
  // results are written; a load beside every operand, and a scalar add,
  // do not wait.
  const Stats &Load =
      timed({one(shape()), one(op3(A::VS_ADD_F32)), one(loadC())});
  EXPECT_EQ(Load.Stalls[StallStreamBusy], Done - 2);
  InitX[21] = SBase;
  const Stats &Beside = timed(
      {one(shape()), one(op3(A::VS_ADD_F32)),
       one(inst(A::LD_I32, {reg(r(20)), reg(r(21)), imm(0)}))});
  EXPECT_EQ(Beside.stallCycles(), 0u);
  const Stats &Alu =
      timed({one(shape()), one(op3(A::VS_ADD_F32)),
             one(inst(A::ADD, {reg(r(20)), reg(r(10)), reg(r(11))}))});
  EXPECT_EQ(Alu.stallCycles(), 0u);
}

TEST_F(StreamTiming, TransfersWaitForTheOperandsTheyTouch) {
  setUp(1, 6400); // 100 cycles: longer than a transfer's start-up
  uint64_t Done = 1 + 100 + Latency;
  // A transfer (issued at cycle 2 on channel 0, never stalling the issue)
  // over an operand of the operation moves its data once the results are
  // written; one that touches none of them starts up at once.
  auto End = [&](uint64_t Dst, uint64_t Src) {
    InitX[15] = Dst, InitX[16] = Src, InitX[17] = 64;
    const Stats &S =
        timed({one(shape()), one(op3(A::VS_ADD_F32)),
               one(inst(A::DMA_1D,
                        {imm(0), reg(r(15)), reg(r(16)), reg(r(17))}))});
    EXPECT_EQ(S.stallCycles(), 0u);
    return Sim->channelFreeCycle(0);
  };
  // 64 bytes: one DRAM burst (2 cycles) against two SPM beats, or three
  // where the SPM side is not 32-byte aligned.
  uint64_t Data = 64 / 32, Misaligned = 3;
  EXPECT_EQ(End(SBase, DramData), 2 + DmaLatency + Data);
  // Over the source (the engine may not have read it yet), from the
  // destination, and ending one byte into the destination.
  EXPECT_EQ(End(ABase + 4 * 6399, DramData), Done + Misaligned);
  EXPECT_EQ(End(DramData, CBase), Done + Data);
  EXPECT_EQ(End(CBase - 63, DramData), Done + Misaligned);
  EXPECT_EQ(End(CBase - 64, DramData), 2 + DmaLatency + Data);
}

} // namespace
