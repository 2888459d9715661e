//===-- CycleModelTest.cpp - timing and statistics of the timed mode ------===//
//
// docs/isa.md §5 (one bundle issues per cycle; a bundle stalls until its
// sources are ready and its units free), §6 (itinerary latencies), §4 (load
// latency by region), §7.11 (matrix unit occupancy and tile latency, MAC
// count and utilization) and §7.12 (DMA duration). Every expectation is a
// formula over the documented parameters below, so it states the rule rather
// than a number read off the simulator.
//
//===----------------------------------------------------------------------===//

#include "SimHarness.h"
#include <cstdint>

using namespace accel_test;
using namespace accel_sim; // Stats, StallCause

namespace {

// docs/isa.md §4 "Machine parameters" and §6 itinerary classes.
constexpr uint64_t MulLatency = 3;       // IIMul
constexpr uint64_t SpmLoadLatency = 3;   // IILoad, SpmLoadLatency
constexpr uint64_t VLoadLatency = 4;     // IIVLoad
constexpr uint64_t DramLoadLatency = 40; // DramLoadLatency
constexpr uint64_t MatmulLatency = 4;
constexpr uint64_t MacsPerCycle = 256;
constexpr uint64_t DmaLatency = 64;
constexpr uint64_t DmaBytesPerCycle = 32;
constexpr uint64_t DramBurstBytes = 64;
// A channel holds one transfer moving and DmaQueueDepth - 1 queued.
constexpr uint64_t DmaQueueDepth = 8;

/// Cycles a DMA transfer of \p Bytes from a burst-aligned DRAM address to
/// a beat-aligned SPM one moves data, after its start-up (§7.12): the
/// slower of its whole bursts at DmaBytesPerCycle and its beats.
constexpr uint64_t dmaDataCycles(uint64_t Bytes) {
  return std::max((Bytes + DramBurstBytes - 1) / DramBurstBytes *
                      (DramBurstBytes / DmaBytesPerCycle),
                  (Bytes + DmaBytesPerCycle - 1) / DmaBytesPerCycle);
}

/// Cycles a DMA transfer of \p Bytes takes on an idle channel (§7.12).
constexpr uint64_t dmaDuration(uint64_t Bytes) {
  return DmaLatency + dmaDataCycles(Bytes);
}

class CycleModel : public SimTest {
protected:
  /// Timing read at the exit, with work in flight (SimHarness.h).
  CycleModel() { RaceCheck = false; }
  /// Runs \p Bundles (then `sys 0`) and returns the statistics.
  const Stats &timed(const std::vector<std::vector<MCInst>> &Bundles,
                     bool Timed = true) {
    EXPECT_EQ(runBundles(Bundles, Timed), 0);
    const Stats &S = Sim->stats();
    // Every cycle either issues a bundle or is a stall cycle.
    if (Timed) {
      EXPECT_EQ(S.Cycles, S.Bundles + S.stallCycles());
    }
    return S;
  }
  static std::vector<MCInst> one(MCInst I) { return {I}; }

  static MCInst mmac(unsigned Tile, unsigned KReg) {
    return inst(A::MMAC, {reg(acc(Tile)), reg(acc(Tile)), reg(r(20)),
                          reg(r(21)), reg(r(KReg))});
  }
  /// A and B operands for mmacs of up to 64 steps, in the SPM.
  void setUpMatmulOperands() {
    InitX[20] = SpmData;
    InitX[21] = SpmData + 0x10000;
    InitX[22] = SpmData + 0x20000; // mst destination
  }
};

TEST_F(CycleModel, DependentMulChainPaysTheLatencyPerLink) {
  const unsigned N = 10;
  InitX[5] = 3;
  InitX[6] = 5;
  // Dependent: r5 = r5 * r6, N times. Independent: r8+i = r5 * r6.
  std::vector<std::vector<MCInst>> Dep, Indep;
  for (unsigned I = 0; I != N; ++I) {
    Dep.push_back(one(inst(A::MUL, {reg(r(5)), reg(r(5)), reg(r(6))})));
    Indep.push_back(one(inst(A::MUL, {reg(r(8 + I)), reg(r(5)), reg(r(6))})));
  }
  const Stats DepStats = timed(Dep);
  uint64_t Product = 3;
  for (unsigned I = 0; I != N; ++I)
    Product *= 5;
  EXPECT_EQ(x(5), Product);
  const Stats IndepStats = timed(Indep);
  EXPECT_EQ(x(8 + N - 1), 15u);

  // Each of the N - 1 dependent links waits MulLatency cycles instead of 1.
  EXPECT_EQ(DepStats.Cycles - IndepStats.Cycles, (N - 1) * (MulLatency - 1));
  EXPECT_EQ(DepStats.Stalls[StallScalarDep], (N - 1) * (MulLatency - 1));
  EXPECT_EQ(DepStats.stallCycles(), (N - 1) * (MulLatency - 1));
  EXPECT_EQ(IndepStats.stallCycles(), 0u);
  // Without stalls one bundle issues per cycle: N muls and the sys.
  EXPECT_EQ(IndepStats.Cycles, uint64_t(N + 1));
  EXPECT_EQ(IndepStats.Bundles, uint64_t(N + 1));

  // A consumer right after the chain also waits: N links then.
  Dep.push_back(one(inst(A::ADD, {reg(r(7)), reg(r(5)), reg(r(0))})));
  Indep.push_back(one(inst(A::ADD, {reg(r(7)), reg(r(6)), reg(r(0))})));
  const Stats DepC = timed(Dep);
  const Stats IndepC = timed(Indep);
  EXPECT_EQ(DepC.Cycles - IndepC.Cycles, N * (MulLatency - 1));
}

TEST_F(CycleModel, ResultLatenciesMatchTheManual) {
  // A producer and a consumer of its result in the next bundle: the
  // consumer stalls latency - 1 cycles (§5: with latency 1 the next bundle
  // can use the result). Latencies from the table of §6.
  InitX[6] = 0x4010000000000000ull; // 4.0 as f64; low half 0 (f32 +0.0)
  InitX[7] = 0x3ff0000040400000ull; // 1.0 as f64; low half 3.0f
  InitX[9] = SpmData;
  const MCInst UseX = inst(A::ADD, {reg(r(8)), reg(r(5)), reg(r(0))});
  const MCInst UseV = inst(A::VMOV, {reg(v(4)), reg(v(3))});
  struct Case {
    const char *Name;
    MCInst Producer;
    bool VectorResult;
    uint64_t Latency;
  };
  const Case Cases[] = {
      {"add", inst(A::ADD, {reg(r(5)), reg(r(6)), reg(r(7))}), false, 1},
      {"mul", inst(A::MUL, {reg(r(5)), reg(r(6)), reg(r(7))}), false, 3},
      {"mul.w", inst(A::MUL_W, {reg(r(5)), reg(r(6)), reg(r(7))}), false, 3},
      {"div", inst(A::DIV, {reg(r(5)), reg(r(6)), reg(r(7))}), false, 12},
      {"fadd.f32", inst(A::F32_ADD, {reg(r(5)), reg(r(6)), reg(r(7))}), false,
       4},
      {"fma.f64",
       inst(A::F64_FMA, {reg(r(5)), reg(r(6)), reg(r(7)), reg(r(7))}), false,
       4},
      {"fmin.f32", inst(A::F32_MIN, {reg(r(5)), reg(r(6)), reg(r(7))}), false,
       2},
      {"fneg.f64", inst(A::F64_NEG, {reg(r(5)), reg(r(6))}), false, 2},
      {"fdiv.f64", inst(A::F64_DIV, {reg(r(5)), reg(r(6)), reg(r(7))}), false,
       12},
      {"fsqrt.f32", inst(A::F32_SQRT, {reg(r(5)), reg(r(7))}), false, 12},
      {"cvt.i32.f64", inst(A::CVT_I32_F64, {reg(r(5)), reg(r(6))}), false, 3},
      {"ld.i32 (SPM)", inst(A::LD_I32, {reg(r(5)), reg(r(9)), imm(0)}), false,
       3},
      {"vext", inst(A::VEXT, {reg(r(5)), reg(v(1)), imm(2)}), false, 1},
      {"vredsum.f32", inst(A::VREDSUM_F32, {reg(r(5)), reg(v(1))}), false, 4},
      {"vredmax.i32", inst(A::VREDMAX_I32, {reg(r(5)), reg(v(1))}), false, 4},
      {"vadd.f32", inst(A::VADD_F32, {reg(v(3)), reg(v(1)), reg(v(2))}), true,
       4},
      {"vmul.i32", inst(A::VMUL_I32, {reg(v(3)), reg(v(1)), reg(v(2))}), true,
       4},
      {"vadd.i32", inst(A::VADD_I32, {reg(v(3)), reg(v(1)), reg(v(2))}), true,
       2},
      {"vsel",
       inst(A::VSEL, {reg(v(3)), reg(v(1)), reg(v(2)), reg(v(1))}), true, 2},
      {"vexp.f32", inst(A::VEXP_F32, {reg(v(3)), reg(v(1))}), true, 8},
      {"vrsqrt.f32", inst(A::VRSQRT_F32, {reg(v(3)), reg(v(1))}), true, 8},
      {"vbcast", inst(A::VBCAST, {reg(v(3)), reg(r(6))}), true, 1},
      {"vins", inst(A::VINS, {reg(v(3)), reg(v(3)), reg(r(6)), imm(4)}), true,
       1},
      {"vcvt.i32.f32", inst(A::VCVT_I32_F32, {reg(v(3)), reg(v(1))}), true, 1},
      {"vcvt.f16.f32",
       inst(A::VCVT_F16_F32, {reg(v(3)), reg(v(1)), reg(v(2))}), true, 1},
      {"vcvt.f32.f16.hi", inst(A::VCVT_F32_F16_HI, {reg(v(3)), reg(v(1))}),
       true, 1},
      {"vld (SPM)", inst(A::VLD, {reg(v(3)), reg(r(9)), imm(0)}), true, 4},
      {"vld.s (SPM)", inst(A::VLD_S, {reg(v(3)), reg(r(9)), reg(r(0))}), true,
       4},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Name);
    const Stats &S = timed({one(C.Producer), one(C.VectorResult ? UseV : UseX)});
    EXPECT_EQ(S.stallCycles(), C.Latency - 1);
    EXPECT_EQ(S.Stalls[C.VectorResult ? StallVectorDep : StallScalarDep],
              C.Latency - 1);
  }
}

TEST_F(CycleModel, TileMovesOccupyTheTileMovePortForSixteenRows) {
  setUpMatmulOperands();
  InitX[7] = 1;
  const MCInst Mld = inst(A::MLD, {reg(acc(2)), reg(r(20))});
  const MCInst Mst = inst(A::MST, {reg(acc(2)), reg(r(22))});
  const MCInst Mst3 = inst(A::MST, {reg(acc(3)), reg(r(22))});
  const MCInst MstT = inst(A::MST_T, {reg(acc(2)), reg(r(22))});
  // A tile loaded by mld is ready 16 cycles after issue.
  {
    const Stats &S = timed({one(Mld), one(Mst)});
    EXPECT_EQ(S.Stalls[StallAccDep] + S.Stalls[StallTileMoveBusy], 16u - 1);
    EXPECT_EQ(S.stallCycles(), 16u - 1);
    EXPECT_EQ(S.TileMoveBusyCycles, 2 * 16u);
    EXPECT_EQ(S.MatrixBusyCycles, 0u);
  }
  // Two tile moves: the second waits for the port. mst.t is an mst.
  for (const MCInst &First : {Mst, MstT}) {
    const Stats &S = timed({one(First), one(Mst3)});
    EXPECT_EQ(S.Stalls[StallTileMoveBusy], 16u - 1);
    EXPECT_EQ(S.stallCycles(), 16u - 1);
    EXPECT_EQ(S.TileMoveBusyCycles, 2 * 16u);
  }
  // An mmac into another tile does not wait for an mst, nor an mst of
  // another tile for an mmac: the MAC array and the port run side by side.
  {
    const Stats &S = timed({one(Mst), one(mmac(3, 7)), one(Mst3)});
    EXPECT_EQ(S.Stalls[StallMatrixBusy], 0u);
    // The second mst waits for mmac's tile (ready 1 + 4 cycles after the
    // mmac) and the port (16 after the first mst): the port is later.
    EXPECT_EQ(S.Stalls[StallTileMoveBusy], 16u - 2);
    EXPECT_EQ(S.stallCycles(), 16u - 2);
  }
  // An mmac and an mst of another tile issue in one bundle.
  {
    const Stats &S = timed({{mmac(3, 7), Mst}});
    EXPECT_EQ(S.stallCycles(), 0u);
  }
  // mmac and mzero wait for a move of their own tile to finish: an mst
  // still reads it, an mld still writes it.
  for (const MCInst &Move : {Mst, MstT, Mld}) {
    for (const MCInst &Write : {mmac(2, 7), inst(A::MZERO, {reg(acc(2))})}) {
      const Stats &S = timed({one(Move), one(Write)});
      EXPECT_EQ(S.Stalls[StallAccDep], 16u - 1);
      EXPECT_EQ(S.stallCycles(), 16u - 1);
    }
  }
  // mld waits for an mmac into its tile to finish writing it.
  {
    InitX[7] = 64;
    const Stats &S = timed({one(mmac(2, 7)), one(Mld)});
    EXPECT_EQ(S.Stalls[StallAccDep], 64 + MatmulLatency - 1);
    EXPECT_EQ(S.stallCycles(), 64 + MatmulLatency - 1);
    InitX[7] = 1;
  }
  // mzero occupies the MXU one cycle and its tile is ready the next cycle.
  {
    const Stats &S =
        timed({one(inst(A::MZERO, {reg(acc(2))})), one(mmac(2, 7)),
               one(inst(A::MZERO, {reg(acc(4))})),
               one(inst(A::MST, {reg(acc(4)), reg(r(22))}))});
    EXPECT_EQ(S.stallCycles(), 0u);
  }
}

TEST_F(CycleModel, MstWaitsForTheAccumulatorAndMmacOnlyForTheUnit) {
  const uint64_t K = 64;
  setUpMatmulOperands();
  InitX[7] = K;
  MCInst Mst = inst(A::MST, {reg(acc(0)), reg(r(22))});

  // mmac; mst of the same tile: the tile is ready K + MatmulLatency cycles
  // after the mmac issues, so the mst (otherwise issued one cycle after the
  // mmac) stalls K + MatmulLatency - 1 cycles, charged to the accumulator.
  {
    for (const MCInst &Store :
         {Mst, inst(A::MST_T, {reg(acc(0)), reg(r(22))})}) {
      const Stats &S = timed({one(mmac(0, 7)), one(Store)});
      EXPECT_EQ(S.Stalls[StallAccDep], K + MatmulLatency - 1);
      EXPECT_EQ(S.Stalls[StallMatrixBusy], 0u);
      EXPECT_EQ(S.stallCycles(), K + MatmulLatency - 1);
      EXPECT_EQ(S.Macs, MacsPerCycle * K);
    }
  }
  // mmac; mmac into the same tile: accumulates inside the unit, so the second
  // waits only for the MXU, busy K cycles: K - 1 stall cycles, charged to the
  // matrix unit, none to the tile.
  {
    const Stats &S = timed({one(mmac(0, 7)), one(mmac(0, 7))});
    EXPECT_EQ(S.Stalls[StallMatrixBusy], K - 1);
    EXPECT_EQ(S.Stalls[StallAccDep], 0u);
    EXPECT_EQ(S.stallCycles(), K - 1);
    EXPECT_EQ(S.Macs, 2 * MacsPerCycle * K);
  }
  // mmac; mmac; mst: the MXU is busy every cycle of the two mmacs, and the
  // mst waits for the second one's result.
  {
    const Stats &S = timed({one(mmac(0, 7)), one(mmac(0, 7)), one(Mst)});
    EXPECT_EQ(S.Stalls[StallMatrixBusy], K - 1);
    EXPECT_EQ(S.Stalls[StallAccDep], K + MatmulLatency - 1);
    EXPECT_EQ(S.MatrixBusyCycles, 2 * K);
    EXPECT_EQ(S.TileMoveBusyCycles, 16u);
  }
  // The GEMM pipeline: mmac tile 0; mmac tile 1; mst tile 0. The second
  // mmac starts when the first ends; the mst then runs during it, so the
  // MXU is never idle and the mst costs no MXU cycle.
  {
    MCInst Mst1 = inst(A::MST, {reg(acc(1)), reg(r(22))});
    const Stats &S =
        timed({one(mmac(0, 7)), one(mmac(1, 7)), one(Mst), one(Mst1)});
    EXPECT_EQ(S.Stalls[StallMatrixBusy], K - 1);
    // The mst of tile 0 waits MatmulLatency for its result; that of tile 1
    // for tile 1, ready K + MatmulLatency after its mmac (issued at cycle
    // K); then the closing `sys 0`.
    EXPECT_EQ(S.Cycles, K + K + MatmulLatency + 2);
  }
  // An mmac into another tile also waits for the unit only.
  {
    const Stats &S = timed({one(mmac(0, 7)), one(mmac(1, 7))});
    EXPECT_EQ(S.Stalls[StallMatrixBusy], K - 1);
    EXPECT_EQ(S.Stalls[StallAccDep], 0u);
  }
}

TEST_F(CycleModel, WideMmacsTakeMmacsTiming) {
  // mmac.4x64 and mmac.8x32: K cycles on the MXU, the tile ready K +
  // MatmulLatency after issue, a chain into one tile waiting for the unit
  // only; the MACs of a k step are the same 256.
  const uint64_t K = 48;
  setUpMatmulOperands();
  InitX[7] = K;
  MCInst Mst = inst(A::MST, {reg(acc(2)), reg(r(22))});
  for (unsigned Opcode : {unsigned(A::MMAC_4X64), unsigned(A::MMAC_8X32)}) {
    MCInst Mac = inst(Opcode, {reg(acc(2)), reg(acc(2)), reg(r(20)),
                               reg(r(21)), reg(r(7))});
    const Stats &S = timed({one(Mac), one(Mac), one(Mst)});
    EXPECT_EQ(S.Stalls[StallMatrixBusy], K - 1);
    EXPECT_EQ(S.Stalls[StallAccDep], K + MatmulLatency - 1);
    EXPECT_EQ(S.MatrixBusyCycles, 2 * K);
    EXPECT_EQ(S.Macs, 2 * MacsPerCycle * K);
  }
}

TEST_F(CycleModel, DmaWaitStallsForTheTransferDuration) {
  InitX[5] = SpmData + 0x1000;
  InitX[6] = DramData;
  for (uint64_t Bytes : {0u, 1u, 31u, 32u, 33u, 1000u, 4096u, 65536u}) {
    SCOPED_TRACE(testing::Message() << Bytes << " bytes");
    InitX[7] = Bytes;
    MCInst Start = inst(A::DMA_1D, {imm(0), reg(r(5)), reg(r(6)), reg(r(7))});
    // The channel is busy for dmaDuration(Bytes) cycles from the start's
    // issue; the dma.wait right after the start would issue one cycle later
    // without the wait.
    const Stats Waited = timed({one(Start), one(inst(A::DMA_WAIT, {imm(0)}))});
    EXPECT_EQ(Waited.Stalls[StallDmaWait], dmaDuration(Bytes) - 1);
    EXPECT_EQ(Waited.stallCycles(), dmaDuration(Bytes) - 1);
    const Stats NoWait = timed({one(Start), one(inst(A::NOP, {}))});
    EXPECT_EQ(NoWait.stallCycles(), 0u);
    EXPECT_EQ(Waited.Cycles - NoWait.Cycles, dmaDuration(Bytes) - 1);
  }
  // A 2-D transfer pays the start-up once, and each row the bursts it
  // touches: rows of 100 bytes 100 apart from DRAM touch 2, 3, 2, 3, 2,
  // 3, 2 bursts (17, 34 cycles), more than their 4 SPM beats each (28).
  {
    const uint64_t Rows = 7, RowBytes = 100;
    InitX[8] = Rows << 32 | RowBytes;
    InitX[9] = uint64_t(128) << 32 | 100;
    const Stats &S = timed(
        {one(inst(A::DMA_2D,
                  {imm(2), reg(r(5)), reg(r(6)), reg(r(8)), reg(r(9))})),
         one(inst(A::DMA_WAIT, {imm(2)}))});
    EXPECT_EQ(S.Stalls[StallDmaWait], DmaLatency + 17 * 2 - 1);
  }
}

TEST_F(CycleModel, DramIsMovedInBursts) {
  // §7.12: a row of a transfer costs every DRAM burst it touches, whole;
  // the SPM side costs 32-byte beats; the slower side sets the rate.
  auto Waited = [&](unsigned Opcode, uint64_t Dst, uint64_t Src,
                    uint64_t Shape, uint64_t Strides) {
    InitX[5] = Dst, InitX[6] = Src, InitX[7] = Shape, InitX[8] = Strides;
    MCInst Start =
        Opcode == A::DMA_1D
            ? inst(A::DMA_1D, {imm(0), reg(r(5)), reg(r(6)), reg(r(7))})
            : inst(A::DMA_2D,
                   {imm(0), reg(r(5)), reg(r(6)), reg(r(7)), reg(r(8))});
    return timed({one(Start), one(inst(A::DMA_WAIT, {imm(0)}))})
               .Stalls[StallDmaWait] +
           1 - DmaLatency;
  };
  const uint64_t Spm = SpmData + 0x1000, Dram = DramData;
  // A matrix column: 4096 rows of 4 bytes from DRAM, a burst each at 2
  // cycles, against 4096 beats into the SPM; one contiguous 16 KiB row
  // takes 512.
  EXPECT_EQ(Waited(A::DMA_2D, Spm, Dram, uint64_t(4096) << 32 | 4,
                   uint64_t(4) << 32 | 4096),
            4096u * 2);
  EXPECT_EQ(Waited(A::DMA_1D, Spm, Dram, 16384, 0), 512u);
  // Rows of 64 bytes, 128 apart: one burst each when aligned, two when a
  // row starts 32 bytes into one (the SPM side: two beats either way).
  EXPECT_EQ(Waited(A::DMA_2D, Spm, Dram, uint64_t(16) << 32 | 64,
                   uint64_t(64) << 32 | 128),
            16u * 2);
  EXPECT_EQ(Waited(A::DMA_2D, Spm, Dram + 32, uint64_t(16) << 32 | 64,
                   uint64_t(64) << 32 | 128),
            16u * 4);
  // Each row is a request of its own: 64 rows of 4 bytes 8 apart, 8 to a
  // burst, still cost a burst each (the SPM side: 8 beats).
  EXPECT_EQ(Waited(A::DMA_2D, Spm, Dram, uint64_t(64) << 32 | 4,
                   uint64_t(4) << 32 | 8),
            64u * 2);
  // Into DRAM the same, read from the SPM.
  EXPECT_EQ(Waited(A::DMA_2D, Dram, Spm, uint64_t(4096) << 32 | 4,
                   uint64_t(4096) << 32 | 4),
            4096u * 2);
  // Within DRAM both sides pay: the bursts read and the bursts written.
  EXPECT_EQ(Waited(A::DMA_1D, Dram + 0x10000, Dram, 4096, 0), 2u * 128);
  // Within the SPM, beats: the slower side (a misaligned one spans one
  // more).
  EXPECT_EQ(Waited(A::DMA_1D, Spm + 0x8000, Spm, 4096, 0), 128u);
  EXPECT_EQ(Waited(A::DMA_1D, Spm + 0x8004, Spm, 4096, 0), 129u);
}

TEST_F(CycleModel, TheCoresDramAccessesShareOnePort) {
  // Each load or store to DRAM holds the core's DRAM port for its bursts
  // (2 cycles each); the next DRAM access waits for it (dram-port), an
  // SPM access does not. A vector load 32 bytes into a burst touches two.
  InitX[5] = DramData;
  InitX[6] = SpmData;
  auto Ld = [](unsigned Rd, unsigned Base, int64_t Off) {
    return inst(A::LD_I32, {reg(r(Rd)), reg(r(Base)), imm(Off)});
  };
  {
    const Stats &S = timed({one(Ld(10, 5, 0)), one(Ld(11, 5, 64))});
    EXPECT_EQ(S.Stalls[StallDramPort], 1u);
  }
  {
    const Stats &S = timed({one(Ld(10, 5, 0)), one(Ld(11, 6, 0))});
    EXPECT_EQ(S.Stalls[StallDramPort], 0u);
  }
  {
    const Stats &S = timed(
        {one(inst(A::VLD, {reg(v(1)), reg(r(5)), imm(32)})),
         one(Ld(11, 5, 0))});
    EXPECT_EQ(S.Stalls[StallDramPort], 3u);
  }
  // Two DRAM loads in one bundle: the second's data comes a burst later.
  {
    const Stats &S =
        timed({{Ld(10, 5, 0), Ld(11, 5, 128)},
               one(inst(A::ADD, {reg(r(12)), reg(r(11)), reg(r(0))}))});
    EXPECT_EQ(S.Stalls[StallScalarDep], 2 + DramLoadLatency - 1);
  }
}

TEST_F(CycleModel, DmaChannels) {
  const uint64_t B1 = 640, B2 = 96;
  InitX[5] = SpmData + 0x1000;
  InitX[6] = DramData;
  InitX[7] = B1;
  InitX[8] = SpmData + 0x8000;
  InitX[9] = B2;
  // A second start on a channel queues without waiting, its start-up under
  // the first transfer, so its data follows the first's at once; the wait
  // waits for both.
  {
    const Stats &S = timed(
        {one(inst(A::DMA_1D, {imm(0), reg(r(5)), reg(r(6)), reg(r(7))})),
         one(inst(A::DMA_1D, {imm(0), reg(r(8)), reg(r(6)), reg(r(9))})),
         one(inst(A::DMA_WAIT, {imm(0)}))});
    EXPECT_EQ(S.Stalls[StallDmaBusy], 0u);
    EXPECT_EQ(S.Stalls[StallDmaWait], dmaDuration(B1) + dmaDataCycles(B2) - 2);
  }
  // Starts on channel Ch: one of B1 bytes at position First (the others
  // B2), N in all, then Last.
  auto Starts = [&](unsigned Ch, uint64_t N, uint64_t First, MCInst Last) {
    std::vector<std::vector<MCInst>> Bundles;
    for (uint64_t I = 0; I != N; ++I)
      Bundles.push_back(one(inst(
          A::DMA_1D, {imm(Ch), reg(r(I == First ? 5 : 8)), reg(r(6)),
                      reg(r(I == First ? 7 : 9))})));
    Bundles.push_back(one(Last));
    return Bundles;
  };
  // One start more than the queue holds finds it full: it waits for the
  // first transfer to end (dma-channel-busy), and its start-up begins only
  // then (the queued B2 transfers' data, 3 cycles each, is moved by then).
  static_assert((DmaQueueDepth - 1) * dmaDataCycles(B2) <= DmaLatency);
  {
    const Stats &S = timed(Starts(0, DmaQueueDepth + 1, 0,
                                  inst(A::DMA_WAIT, {imm(0)})));
    EXPECT_EQ(S.Stalls[StallDmaBusy], dmaDuration(B1) - DmaQueueDepth);
    EXPECT_EQ(S.Stalls[StallDmaWait], dmaDuration(B2) - 1);
  }
  // dma.wait.older waits for the first of two queued transfers alone, the
  // second moving on; with one transfer it waits for nothing queued before
  // it (the slot before the newest is an ended transfer), and after a start
  // on a full queue for the second newest.
  {
    const Stats &S = timed(
        {one(inst(A::DMA_1D, {imm(0), reg(r(5)), reg(r(6)), reg(r(7))})),
         one(inst(A::DMA_1D, {imm(0), reg(r(8)), reg(r(6)), reg(r(9))})),
         one(inst(A::DMA_WAIT_OLDER, {imm(0)}))});
    EXPECT_EQ(S.Stalls[StallDmaWait], dmaDuration(B1) - 2);
    EXPECT_EQ(Sim->channelFreeCycle(0), dmaDuration(B1) + dmaDataCycles(B2));
  }
  {
    const Stats &S = timed(
        {one(inst(A::DMA_1D, {imm(2), reg(r(5)), reg(r(6)), reg(r(7))})),
         one(inst(A::DMA_WAIT_OLDER, {imm(2)}))});
    EXPECT_EQ(S.Stalls[StallDmaWait], 0u);
  }
  {
    const Stats &S = timed(Starts(1, DmaQueueDepth + 1, 1,
                                  inst(A::DMA_WAIT_OLDER, {imm(1)})));
    // The last start waited for the first (a B2 transfer); the wait is for
    // the one before it, which ends after the B1 transfer and the other
    // queued ones.
    EXPECT_EQ(S.Stalls[StallDmaBusy], dmaDuration(B2) - DmaQueueDepth);
    EXPECT_EQ(S.Stalls[StallDmaWait],
              dmaDuration(B2) + dmaDataCycles(B1) +
                  (DmaQueueDepth - 2) * dmaDataCycles(B2) -
                  (dmaDuration(B2) + 1));
  }
  // Channels run concurrently: starts on two channels do not wait for each
  // other, and waiting for both costs only the longer transfer.
  {
    const Stats &S = timed(
        {one(inst(A::DMA_1D, {imm(0), reg(r(5)), reg(r(6)), reg(r(7))})),
         one(inst(A::DMA_1D, {imm(1), reg(r(8)), reg(r(6)), reg(r(9))})),
         one(inst(A::DMA_WAIT, {imm(0)})), one(inst(A::DMA_WAIT, {imm(1)}))});
    EXPECT_EQ(S.Stalls[StallDmaBusy], 0u);
    // Channel 0 started at cycle 0; the first wait comes 2 bundles later.
    // Channel 1 (shorter, started at cycle 1) is idle by then.
    EXPECT_EQ(S.Stalls[StallDmaWait], dmaDuration(B1) - 2);
  }
}

TEST_F(CycleModel, DramLoadsAreSlowerThanScratchpadLoads) {
  poke<uint64_t>(SpmData + 0x100, 0x1111);
  poke<uint64_t>(DramData + 0x100, 0x2222);
  auto Scalar = [&](uint64_t Addr) {
    InitX[6] = Addr;
    return timed({one(inst(A::LD_I64, {reg(r(5)), reg(r(6)), imm(0x100)})),
                  one(inst(A::ADD, {reg(r(7)), reg(r(5)), reg(r(0))}))});
  };
  const Stats Spm = Scalar(SpmData);
  EXPECT_EQ(x(7), 0x1111u);
  const Stats Dram = Scalar(DramData);
  EXPECT_EQ(x(7), 0x2222u);
  EXPECT_EQ(Dram.Cycles - Spm.Cycles, DramLoadLatency - SpmLoadLatency);
  EXPECT_EQ(Spm.Stalls[StallScalarDep], SpmLoadLatency - 1);
  EXPECT_EQ(Dram.Stalls[StallScalarDep], DramLoadLatency - 1);

  // Vector loads: IIVLoad's latency in the SPM, DramLoadLatency in DRAM.
  auto Vector = [&](uint64_t Addr) {
    InitX[6] = Addr;
    return timed({one(inst(A::VLD, {reg(v(1)), reg(r(6)), imm(0x100)})),
                  one(inst(A::VADD_I32, {reg(v(2)), reg(v(1)), reg(v(1))}))});
  };
  const Stats VSpm = Vector(SpmData);
  EXPECT_EQ(Sim->V[2][0], 0x2222u);
  const Stats VDram = Vector(DramData);
  EXPECT_EQ(Sim->V[2][0], 0x4444u);
  EXPECT_EQ(VDram.Cycles - VSpm.Cycles, DramLoadLatency - VLoadLatency);
  EXPECT_EQ(VSpm.Stalls[StallVectorDep], VLoadLatency - 1);
  EXPECT_EQ(VDram.Stalls[StallVectorDep], DramLoadLatency - 1);
}

TEST_F(CycleModel, MacsAndUtilization) {
  const uint64_t K1 = 17, K2 = 40;
  setUpMatmulOperands();
  InitX[7] = K1;
  InitX[8] = K2;
  const std::vector<std::vector<MCInst>> P = {
      one(inst(A::MZERO, {reg(acc(0))})), one(mmac(0, 7)), one(mmac(0, 8)),
      one(inst(A::MST, {reg(acc(0)), reg(r(22))}))};
  const Stats S = timed(P);
  EXPECT_EQ(S.Macs, MacsPerCycle * (K1 + K2));
  // mzero frees the MXU after one cycle, so the first mmac issues without a
  // stall; the second waits K1 - 1 cycles for the unit; the mst waits for
  // the tile, ready MatmulLatency cycles after the last step.
  EXPECT_EQ(S.Stalls[StallMatrixBusy], K1 - 1);
  EXPECT_EQ(S.Stalls[StallAccDep], K2 + MatmulLatency - 1);
  EXPECT_EQ(S.Cycles, S.Bundles + (K1 - 1) + (K2 + MatmulLatency - 1));
  // docs/simulator.md: cycles = issue cycle of the last bundle + 1. mzero
  // issues at 0, the mmacs at 1 and 1 + K1, the mst when the tile is ready
  // (1 + K1 + K2 + MatmulLatency), the sys right after it.
  const uint64_t MstIssue = 1 + K1 + K2 + MatmulLatency;
  EXPECT_EQ(S.Cycles, MstIssue + 1 + 1);
  // Utilization = useful MACs / (MacsPerCycle x cycles).
  EXPECT_DOUBLE_EQ(S.matrixUtilization(),
                   double(MacsPerCycle * (K1 + K2)) /
                       double(MacsPerCycle * S.Cycles));

  // Functional mode counts the same MACs over cycles == bundles.
  const Stats F = timed(P, /*Timed=*/false);
  EXPECT_EQ(F.Macs, MacsPerCycle * (K1 + K2));
  EXPECT_EQ(F.Cycles, F.Bundles);
  EXPECT_DOUBLE_EQ(F.matrixUtilization(),
                   double(K1 + K2) / double(P.size() + 1));
}

TEST_F(CycleModel, FunctionalModeReportsOneCyclePerBundle) {
  setUpMatmulOperands();
  InitX[7] = 64;
  InitX[5] = 7;
  InitX[6] = 9;
  InitX[10] = SpmData + 0x30000;
  InitX[11] = DramData;
  InitX[12] = 4096;
  std::vector<std::vector<MCInst>> P;
  for (unsigned I = 0; I != 5; ++I)
    P.push_back(one(inst(A::DIV, {reg(r(5)), reg(r(5)), reg(r(6))})));
  P.push_back(one(mmac(0, 7)));
  P.push_back(one(inst(A::MST, {reg(acc(0)), reg(r(22))})));
  P.push_back(
      one(inst(A::DMA_1D, {imm(0), reg(r(10)), reg(r(11)), reg(r(12))})));
  P.push_back(one(inst(A::DMA_WAIT, {imm(0)})));
  P.push_back({inst(A::MUL, {reg(r(8)), reg(r(6)), reg(r(6))}),
               inst(A::MUL, {reg(r(9)), reg(r(6)), reg(r(5))})});

  const Stats F = timed(P, /*Timed=*/false);
  EXPECT_FALSE(F.Timed);
  EXPECT_EQ(F.Bundles, uint64_t(P.size() + 1)); // + sys
  EXPECT_EQ(F.Cycles, F.Bundles);
  EXPECT_EQ(F.Instructions, uint64_t(P.size() + 2));
  EXPECT_EQ(F.stallCycles(), 0u);
  const uint64_t FunctionalR8 = x(8);

  // The same program timed has the same results and more cycles.
  const Stats T = timed(P);
  EXPECT_TRUE(T.Timed);
  EXPECT_EQ(x(8), FunctionalR8);
  EXPECT_EQ(T.Bundles, F.Bundles);
  EXPECT_GT(T.Cycles, T.Bundles);
}

} // namespace
